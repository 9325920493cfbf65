/**
 * The conditions a catch was caught in: when that was, and the sky at that moment and place. Pure, so the server
 * (for every catch) and the phone (for a catch saved offline, before the server has seen it) work them out alike.
 * The weather part needs the provider and is the server's (server/conditions/).
 */
import type { z } from 'zod';
import {
  CIVIL_TWILIGHT_ALTITUDE,
  type DayWindow,
  moonAgeDays,
  moonDay,
  moonPhase,
  type Place,
  SUNRISE_ALTITUDE,
  solunarPeriods,
  sunAltitude,
  sunriseSunset,
} from './astronomy.ts';
import { tendencyTrend } from './barometer.ts';
import type { catchConditionsSchema } from './catch-schema.ts';
import { zonedDate, zonedDayWindow, zonedMoment } from './zoned-day.ts';

export type CatchConditions = z.output<typeof catchConditionsSchema>;
export type ConditionsStatus = CatchConditions['status'];
export type CatchWeather = NonNullable<CatchConditions['weather']>;
export type CatchSun = NonNullable<CatchConditions['sun']>;
export type CatchMoon = NonNullable<CatchConditions['moon']>;
export type CatchSolunar = NonNullable<CatchConditions['solunar']>;
export type PressureTendency = NonNullable<CatchWeather['pressureTendency']>;
export type SkyConditions = Pick<CatchConditions, 'sun' | 'moon' | 'solunar'>;

/** A catch with a date but no time of day is taken at local noon (when it was not saved on that day). */
const TIME_OF_DAY_UNKNOWN = '12:00';

/**
 * When a catch was caught: its date and time of day on the clocks of `timeZone` (the zone of where it was caught);
 * with a date but no time, the moment it was saved on the device when that was the same day, else local noon;
 * with no date, the moment it was saved. Null only when none of these can be read.
 */
export function catchMoment(
  fields: { catchDate: string | null; timeOfDay: string | null; createdAt: string },
  timeZone: string,
): Date | null {
  const saved = new Date(fields.createdAt);
  const savedIsValid = !Number.isNaN(saved.getTime());
  if (fields.catchDate === null) return savedIsValid ? saved : null;
  if (fields.timeOfDay === null && savedIsValid && zonedDate(saved, timeZone) === fields.catchDate)
    return saved;
  return zonedMoment(fields.catchDate, fields.timeOfDay ?? TIME_OF_DAY_UNKNOWN, timeZone);
}

/**
 * The 3-hour tendency of a pressure change in inHg: steady within 1 hPa (about 0.03 inHg), the barometer card's
 * threshold (core/barometer.ts, docs/decisions/025-one-pressure-trend.md), so a catch and the Tools tab agree.
 */
export function pressureTendency(change3hInHg: number): PressureTendency {
  const trend = tendencyTrend(change3hInHg);
  return trend === 'stable' ? 'steady' : trend;
}

/** Sunrise and sunset already worked out, by place, day and zone: the catches of one import share a few waters
 * and days, and these are most of the cost of a catch's sky. Bounded: the oldest are forgotten first. */
const sunriseSunsetKept = new Map<string, { rise: string | null; set: string | null }>();
const SUNRISE_SUNSET_KEPT_MAX = 5000;

function sunriseSunsetOf(date: string, timeZone: string, place: Place, day: DayWindow) {
  const key = `${place.latitude},${place.longitude},${date},${timeZone}`;
  let found = sunriseSunsetKept.get(key);
  if (!found) {
    const { rise, set } = sunriseSunset(day, place);
    found = { rise: rise?.toISOString() ?? null, set: set?.toISOString() ?? null };
    if (sunriseSunsetKept.size >= SUNRISE_SUNSET_KEPT_MAX) {
      const oldest = sunriseSunsetKept.keys().next().value;
      if (oldest !== undefined) sunriseSunsetKept.delete(oldest);
    }
    sunriseSunsetKept.set(key, found);
  }
  return found;
}

/**
 * The sun's phase at `moment` seen from `place`: day from sunrise to sunset, dawn and dusk in civil twilight (the sun
 * up to 6° below the horizon, climbing or sinking), night below that.
 */
export function sunPhaseAt(moment: Date, place: Place): CatchSun['phase'] {
  const { altitude, rising } = sunAltitude(moment, place);
  if (altitude >= SUNRISE_ALTITUDE) return 'day';
  if (altitude >= CIVIL_TWILIGHT_ALTITUDE) return rising ? 'dawn' : 'dusk';
  return 'night';
}

/** How far around the moment the moon's rises, sets and passes are looked for: a major period is 2 hours long. */
const SOLUNAR_REACH_MS = 2 * 60 * 60 * 1000;

/**
 * The sun, moon and solunar period at `moment` and `place` (null: no position, so only the moon, which is the same
 * for the whole Earth). Dawn and dusk are civil twilight: the sun between 6° below the horizon and sunrise, climbing
 * (dawn) or sinking (dusk); in a polar night the sun may only reach twilight, so that day has dawn until noon and
 * dusk after it, and no sunrise or sunset.
 * Sunrise and sunset are of the day `moment` falls on at the place, on the clocks of `timeZone`.
 */
export function skyConditions(moment: Date, place: Place | null, timeZone: string): SkyConditions {
  const day = zonedDayWindow(zonedDate(moment, timeZone), timeZone);
  const phase = moonPhase(day, moment);
  const moon: CatchMoon = {
    phase: phase.name,
    illumination: Math.round(phase.illumination * 100) / 100,
    age: Math.round(moonAgeDays(moment) * 10) / 10,
  };
  if (place === null) return { sun: null, moon, solunar: null };

  const sunPhase = sunPhaseAt(moment, place);
  const { rise, set } = sunriseSunsetOf(zonedDate(moment, timeZone), timeZone, place, day);

  const around = {
    start: new Date(moment.getTime() - SOLUNAR_REACH_MS),
    end: new Date(moment.getTime() + SOLUNAR_REACH_MS),
  };
  const periods = solunarPeriods(moonDay(around, place)).filter(
    (period) => period.start.getTime() <= moment.getTime() && moment.getTime() <= period.end.getTime(),
  );
  const period = periods.some((p) => p.kind === 'major') ? 'major' : periods.length > 0 ? 'minor' : null;

  return {
    sun: {
      phase: sunPhase,
      sunrise: rise,
      sunset: set,
    },
    moon,
    solunar: { period },
  };
}
