import type { Catch } from '#core/catch.ts';
import type {
  CatchMoon,
  CatchSolunar,
  CatchSun,
  CatchWeather,
  PressureTendency,
} from '#core/catch-conditions.ts';
import { compassPoint } from '#core/compass.ts';
import type { CatchTide } from '#core/tides.ts';
import { formatKilometres, formatQuantity, type UnitSystem } from '#core/units.ts';
import { formatClockTime } from '../../lib/clock-time.ts';
import { formatIllumination } from '../tools/sun-moon-format.ts';

/**
 * How a catch's conditions are written (the details dialog's Conditions block and the History card's line). Types
 * only from core/catch-conditions.ts: its code (the astronomy) is not part of History's chunk. The API's units are
 * always °F, mph and inHg; they are converted here to the angler's (core/units.ts).
 */

export const CONDITIONS_PENDING = 'Conditions pending';
export const NOT_AVAILABLE = 'Not available for this catch';

export const TENDENCY_WORDS: Record<PressureTendency, string> = {
  rising: 'Rising',
  falling: 'Falling',
  steady: 'Steady',
};

const SUN_PHASE_WORDS: Record<CatchSun['phase'], string> = {
  night: 'Night',
  dawn: 'Dawn',
  day: 'Day',
  dusk: 'Dusk',
};

/** 'Light rain' from 'light rain'. */
export function formatSky(weather: CatchWeather): string {
  return weather.description.charAt(0).toUpperCase() + weather.description.slice(1);
}

/** '8 mph NW' (where the wind comes from), '13 km/h NW' in metric; the speed alone when the direction is unknown. */
export function formatWind(weather: CatchWeather, units: UnitSystem): string {
  const speed = formatQuantity('speed', weather.windSpeed, units);
  return weather.windDirection === null ? speed : `${speed} ${compassPoint(weather.windDirection)}`;
}

export function formatSunPhase(sun: CatchSun): string {
  return SUN_PHASE_WORDS[sun.phase];
}

/** 'Waxing Gibbous, 78% illuminated'. */
export function formatMoon(moon: CatchMoon): string {
  return `${moon.phase}, ${formatIllumination(moon.illumination)} illuminated`;
}

/** Half the synodic month in days. */
const HALF_LUNAR_CYCLE_DAYS = 29.530589 / 2;

/** Whether the moon was growing: younger than half a lunar month since the last new moon. */
export function moonWaxing(moon: CatchMoon): boolean {
  return moon.age < HALF_LUNAR_CYCLE_DAYS;
}

/** 'Major period', 'Minor period', or 'Outside the periods'. */
/** The tide at a catch: its stage and height ('Rising, 6.1 ft'), and where it was predicted for. */
export function formatTide(tide: CatchTide, units: UnitSystem): { stage: string; station: string } {
  const stage = tide.stage === 'rising' ? 'Rising' : 'Falling';
  return {
    stage: `${stage}, ${formatQuantity('tideHeight', tide.height, units)}, ${Math.round(tide.rangeFraction * 100)}% of the range`,
    station: `${tide.stationName}, ${formatKilometres(tide.distanceKm, units)} away`,
  };
}

export function formatSolunar(solunar: CatchSolunar): string {
  if (solunar.period === 'major') return 'Major period';
  if (solunar.period === 'minor') return 'Minor period';
  return 'Outside the periods';
}

const MINUTE_MS = 60_000;
/** The widest offsets from UTC any zone uses (UTC−12 to UTC+14). */
const MIN_OFFSET_MS = -12 * 60 * MINUTE_MS;
const MAX_OFFSET_MS = 14 * 60 * MINUTE_MS;
/** Every zone's offset is a whole number of quarter hours. */
const QUARTER_HOUR_MS = 15 * MINUTE_MS;

/**
 * How far the clocks of where the catch was caught were from UTC at its moment: its date and time of day are on
 * those clocks and `caughtAt` is the same moment in UTC. Null when the catch has no time of day (its moment may
 * then be when it was saved) or the two do not make a zone's offset.
 */
export function catchClockOffsetMs(item: Pick<Catch, 'catchDate' | 'timeOfDay' | 'caughtAt'>): number | null {
  if (item.catchDate === null || item.timeOfDay === null) return null;
  const onTheClock = Date.parse(`${item.catchDate}T${item.timeOfDay}:00Z`);
  const moment = Date.parse(item.caughtAt);
  if (Number.isNaN(onTheClock) || Number.isNaN(moment)) return null;
  const offset = onTheClock - moment;
  if (offset < MIN_OFFSET_MS || offset > MAX_OFFSET_MS || offset % QUARTER_HOUR_MS !== 0) return null;
  return offset;
}

/**
 * Sunrise and sunset on the clocks of where the catch was caught (['Sunrise 6:41 AM', 'Sunset 5:02 PM']), rounded
 * to the minute as almanacs print them; empty when that place's clock is not known (see catchClockOffsetMs), and
 * without what did not happen that day.
 */
export function formatSunTimes(sun: CatchSun, offsetMs: number | null, locale?: string): string[] {
  if (offsetMs === null) return [];
  const onTheClock = (iso: string | null) => {
    if (iso === null) return null;
    const moment = Date.parse(iso);
    if (Number.isNaN(moment)) return null;
    const rounded = Math.round(moment / MINUTE_MS) * MINUTE_MS;
    return formatClockTime(new Date(rounded + offsetMs), locale, 'UTC');
  };
  const parts = [
    ['Sunrise', onTheClock(sun.sunrise)],
    ['Sunset', onTheClock(sun.sunset)],
  ].filter((part): part is [string, string] => part[1] !== null);
  return parts.map(([label, time]) => `${label} ${time}`);
}
