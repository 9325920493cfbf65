import type { Catch } from '#core/catch.ts';
import type { EffortFactor } from '#core/insights.ts';
import type { CaughtSpecies } from '#core/similar-days.ts';
import { formatQuantity, type UnitSystem } from '#core/units.ts';
import { formatClockTime } from '../../lib/clock-time.ts';
import { dateTimeFormat } from '../../lib/date-time-format.ts';
import {
  catchClockOffsetMs,
  formatSolunar,
  formatSunPhase,
  TENDENCY_WORDS,
} from '../history/conditions-format.ts';

/**
 * How 'Days like this' writes a trip (core/similar-days.ts): its time on the place's clock, its conditions in a word
 * each, how close it came and what was caught. The condition words are History's (conditions-format.ts).
 */

/** Closeness in words, by the distance's upper bounds (0 the same conditions, 1 nothing in common). */
const CLOSENESS: readonly [number, string][] = [
  [0.15, 'Very close'],
  [0.35, 'Close'],
  [0.6, 'Somewhat alike'],
];

export function formatCloseness(distance: number): string {
  return CLOSENESS.find(([bound]) => distance <= bound)?.[1] ?? 'Not much alike';
}

/** The distance as a figure: '0.12'. */
export function formatDistance(distance: number): string {
  return distance.toFixed(2);
}

/** A four-hour band ('16-20') as clock times: '4:00 PM–8:00 PM'. */
function formatTimeBand(band: string): string {
  const [from, to] = band.split('-').map((hour) => `${String(Number(hour) % 24).padStart(2, '0')}:00`);
  return `${formatClockTime(from ?? '') ?? band}–${formatClockTime(to ?? '') ?? ''}`;
}

/** An air temperature band (°F edges: 'below-32', '50-65', '80-plus') in the angler's units. */
function formatAirBand(band: string, units: UnitSystem): string {
  const degrees = (value: string) => formatQuantity('temperature', Number(value), units);
  const [from, to] = band.split('-');
  if (from === 'below') return `air below ${degrees(to ?? '')}`;
  if (to === 'plus') return `air ${degrees(from ?? '')} and above`;
  return `air ${degrees(from ?? '')}–${degrees(to ?? '')}`;
}

/** One bucket of a factor in a few words, for the conditions line ('dusk', 'falling pressure'); null for the spot. */
export function formatBucket(factor: EffortFactor, bucket: string, units: UnitSystem): string | null {
  switch (factor) {
    case 'sunPhase':
      return formatSunPhase({
        phase: bucket as Parameters<typeof formatSunPhase>[0]['phase'],
        sunrise: null,
        sunset: null,
      }).toLowerCase();
    case 'timeOfDay':
      return formatTimeBand(bucket);
    case 'pressureTendency':
      return `${(TENDENCY_WORDS[bucket as keyof typeof TENDENCY_WORDS] ?? bucket).toLowerCase()} pressure`;
    case 'moonPhase':
      return bucket.toLowerCase();
    case 'solunar':
      return formatSolunar({
        period: bucket === 'none' ? null : (bucket as 'major' | 'minor'),
      }).toLowerCase();
    case 'tideStage':
      return `${bucket} tide`;
    case 'airTemperature':
      return formatAirBand(bucket, units);
    case 'spot':
      return null;
  }
}

/** '3 Walleye, 1 Northern Pike · 1.5 per hour', or 'No fish'. */
export function formatCaught(caught: readonly CaughtSpecies[], fishPerHour: number | null): string {
  if (caught.length === 0) return 'No fish';
  const fish = caught.map((item) => `${item.count} ${item.species}`).join(', ');
  return fishPerHour === null ? fish : `${fish} · ${Number(fishPerHour.toFixed(1))} per hour`;
}

const MINUTE_MS = 60_000;

/**
 * A trip's day and span on the clocks of where it was fished (read from its catches, as History reads a catch's:
 * catchClockOffsetMs), else on the phone's: 'Sat, Jun 13, 2026, 6:00 PM–8:30 PM'.
 */
export function formatTripSpan(
  trip: { startedAt: string; endedAt: string | null },
  itsCatches: readonly Pick<Catch, 'catchDate' | 'timeOfDay' | 'caughtAt'>[],
  locale?: string,
): string {
  const offset = itsCatches.map(catchClockOffsetMs).find((found) => found !== null) ?? null;
  const onTheClock = (iso: string) =>
    offset === null ? new Date(iso) : new Date(Math.round(Date.parse(iso) / MINUTE_MS) * MINUTE_MS + offset);
  const timeZone = offset === null ? undefined : 'UTC';
  const start = onTheClock(trip.startedAt);
  const day = dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(start);
  const from = formatClockTime(start, locale, timeZone) ?? '';
  if (trip.endedAt === null) return `${day}, ${from}`;
  const to = formatClockTime(onTheClock(trip.endedAt), locale, timeZone) ?? '';
  return `${day}, ${from}–${to}`;
}
