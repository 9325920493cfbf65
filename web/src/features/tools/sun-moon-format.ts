import type { RiseSet, SolunarPeriod } from '#core/astronomy.ts';
import { formatClockTime } from '../../lib/clock-time.ts';

/** How the Sun & Moon card writes its values. Types only from core/astronomy.ts: the code there loads lazily. */

const MINUTE_MS = 60_000;

/** A sky event's time in the phone's clock format, rounded to the nearest minute as almanacs print them. */
export function formatSkyTime(at: Date, locale?: string): string {
  const rounded = new Date(Math.round(at.getTime() / MINUTE_MS) * MINUTE_MS);
  return formatClockTime(rounded, locale) ?? '';
}

/** An event of the day, or what stands in its place when there is none. */
export function formatSkyEvent(at: Date | null, locale?: string): string {
  return at ? formatSkyTime(at, locale) : 'None today';
}

/**
 * A whole day without a rise or set, in words (polar day and night, or a moon that stays up or down), else
 * null. `body` is 'sun' or 'moon'.
 */
export function describeAllDay(body: 'sun' | 'moon', events: RiseSet): string | null {
  if (events.alwaysUp) {
    return body === 'sun'
      ? 'No sunrise or sunset today: the sun stays up all day (midnight sun).'
      : 'No moonrise or moonset today: the moon stays up all day.';
  }
  if (events.alwaysDown) {
    return body === 'sun'
      ? 'No sunrise or sunset today: the sun stays below the horizon all day (polar night).'
      : 'No moonrise or moonset today: the moon stays below the horizon all day.';
  }
  return null;
}

/** Civil twilight with no dawn or dusk: light all night, or dark all day. */
export function describeTwilightAllDay(twilight: RiseSet): string | null {
  if (twilight.alwaysUp) return 'No civil dusk or dawn today: it stays light all night.';
  if (twilight.alwaysDown)
    return 'No civil dawn or dusk today: the sun stays more than 6° below the horizon.';
  return null;
}

/** The lit fraction of the moon as a whole percentage, '64%'. */
export function formatIllumination(fraction: number): string {
  return `${Math.round(Math.min(1, Math.max(0, fraction)) * 100)}%`;
}

/**
 * How the app names the solunar periods wherever it shows them (the Sun & Moon card, a catch's conditions): as
 * folklore, with what the tradition says and that the evidence is thin (docs/product.md#sun-and-moon).
 */
export const SOLUNAR_LABEL = 'Solunar periods (folklore)';
export const SOLUNAR_FOLKLORE_NOTE =
  "An old angling tradition (Knight's solunar tables, 1926): fish are said to feed more with the moon overhead or " +
  'underfoot (major) and at moonrise or moonset (minor). Folklore, not science: studies have found little evidence ' +
  'for it.';

/** A solunar period as 'Major: 1:12 PM – 3:12 PM'. */
export function formatSolunarPeriod(period: SolunarPeriod, locale?: string): string {
  const kind = period.kind === 'major' ? 'Major' : 'Minor';
  return `${kind}: ${formatSkyTime(period.start, locale)} – ${formatSkyTime(period.end, locale)}`;
}
