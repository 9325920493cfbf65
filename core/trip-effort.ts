/**
 * A trip's minutes in each bucket of each factor insights measure (core/insights.ts), counted the same way a
 * catch's conditions are read, so a catch and the minutes it is measured against agree: the sun's phase by
 * `sunPhaseAt`, the hour on the place's clocks, the moon's phase of the local day, the solunar period from the
 * moon's passes, and the weather and the tide from what the caller can tell of each moment.
 */
import { moonDay, moonPhase, type Place, solunarPeriods } from './astronomy.ts';
import { type CatchWeather, sunPhaseAt } from './catch-conditions.ts';
import { type FishingSpan, minutesByBucket } from './effort.ts';
import { airTemperatureBand, type EffortMinutes, timeBand } from './insights.ts';
import type { TideStage } from './tides.ts';
import { zonedDate, zonedDayWindow, zonedHour } from './zoned-day.ts';

/** What is known around a trip besides the sky. */
export interface TripSurroundings {
  /** Where it was fished (its spot, else its first catch with a position); null: no sun, solunar or tide. */
  place: Place | null;
  /** The place's zone (else the phone's), for the hour and the moon's day. */
  timeZone: string;
  /** The weather of the hour holding a moment, null where unknown. */
  weatherAt?: (moment: Date) => Pick<CatchWeather, 'airTemperature' | 'pressureTendency'> | null;
  /** The tide's stage at a moment at the nearest station, null inland or unknown. */
  tideStageAt?: (moment: Date) => TideStage | null;
}

/** The solunar periods are found this far around the trip, as for a catch: a major period is 2 hours long. */
const SOLUNAR_REACH_MS = 2 * 60 * 60 * 1000;

function withoutEmpty(minutes: Map<string, number>): Record<string, number> | undefined {
  return minutes.size === 0 ? undefined : Object.fromEntries(minutes);
}

/** The minutes of `span` in each bucket; a factor nothing is known of is left out (it counts on neither side). */
export function tripEffort(span: FishingSpan, surroundings: TripSurroundings): EffortMinutes {
  const { place, timeZone, weatherAt, tideStageAt } = surroundings;
  const spans = [span];
  const effort: EffortMinutes = {
    timeOfDay: withoutEmpty(minutesByBucket(spans, (moment) => timeBand(zonedHour(moment, timeZone)))),
  };

  // A phase names a whole local day (a principal phase the day its instant falls in), so once per day.
  const phaseOfDay = new Map<string, string>();
  effort.moonPhase = withoutEmpty(
    minutesByBucket(spans, (moment) => {
      const date = zonedDate(moment, timeZone);
      let phase = phaseOfDay.get(date);
      if (phase === undefined) {
        phase = moonPhase(zonedDayWindow(date, timeZone), moment).name;
        phaseOfDay.set(date, phase);
      }
      return phase;
    }),
  );

  if (place !== null) {
    effort.sunPhase = withoutEmpty(minutesByBucket(spans, (moment) => sunPhaseAt(moment, place)));
    const around = {
      start: new Date(span.start - SOLUNAR_REACH_MS),
      end: new Date(span.end + SOLUNAR_REACH_MS),
    };
    const periods = solunarPeriods(moonDay(around, place));
    effort.solunar = withoutEmpty(
      minutesByBucket(spans, (moment) => {
        const at = moment.getTime();
        const holding = periods.filter(
          (period) => period.start.getTime() <= at && at <= period.end.getTime(),
        );
        return holding.some((period) => period.kind === 'major')
          ? 'major'
          : holding.length > 0
            ? 'minor'
            : 'none';
      }),
    );
  }
  if (tideStageAt) effort.tideStage = withoutEmpty(minutesByBucket(spans, tideStageAt));
  if (weatherAt) {
    effort.pressureTendency = withoutEmpty(
      minutesByBucket(spans, (moment) => weatherAt(moment)?.pressureTendency ?? null),
    );
    effort.airTemperature = withoutEmpty(
      minutesByBucket(spans, (moment) => {
        const weather = weatherAt(moment);
        return weather ? airTemperatureBand(weather.airTemperature) : null;
      }),
    );
  }
  for (const factor of Object.keys(effort) as (keyof EffortMinutes)[]) {
    if (effort[factor] === undefined) delete effort[factor];
  }
  return effort;
}
