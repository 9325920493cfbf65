import { type PressureTrend, tendencyTrend } from '#core/barometer.ts';
import { formatQuantity, shownValue, type UnitSystem } from '#core/units.ts';

/** How the Tools tab writes its values: the stored °F, mph, inHg or the metric °C, km/h, hPa (core/units.ts). */

export function formatTemperature(fahrenheit: number, units: UnitSystem): string {
  return formatQuantity('temperature', fahrenheit, units);
}

export function formatWind(mph: number, units: UnitSystem): string {
  return formatQuantity('speed', mph, units);
}

export function formatHumidity(percent: number): string {
  return `${Math.round(percent)}%`;
}

/** Pressure, e.g. '30.01 inHg' (2 decimals) or '1016 hPa'. */
export function formatPressure(inHg: number, units: UnitSystem): string {
  return formatQuantity('pressure', inHg, units);
}

/** 'light rain' → 'Light rain'. */
export function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const TREND_LABELS: Record<PressureTrend, string> = {
  rising: 'Rising',
  falling: 'Falling',
  stable: 'Stable',
};

/**
 * The provider's real 3-hour pressure tendency in words, e.g. 'falling 0.04 inHg in 3 h' or 'rising 1.4 hPa in
 * 3 h'; a change under the 1 hPa that counts as one (core/barometer.ts) is 'steady (rising 0.3 hPa in 3 h)', and
 * 'steady over 3 h' when it rounds to zero in the angler's unit, so the words never contradict the trend shown
 * beside them; null when the provider gave no history.
 */
export function describePressureChange3h(change: number | null, units: UnitSystem): string | null {
  if (change === null || !Number.isFinite(change)) return null;
  if (shownValue('pressureChange', change, units) === 0) return 'steady over 3 h';
  const amount = formatQuantity('pressureChange', Math.abs(change), units);
  const moved = `${change > 0 ? 'rising' : 'falling'} ${amount} in 3 h`;
  return tendencyTrend(change) === 'stable' ? `steady (${moved})` : moved;
}

const AGE_UNITS = [
  // [unit, its length in minutes, the age (minutes) below which it is used]
  ['second', 1 / 60, 1],
  ['minute', 1, 60],
  ['hour', 60, 60 * 24],
  ['day', 60 * 24, 60 * 24 * 30],
  ['month', 60 * 24 * 30, 60 * 24 * 365],
  ['year', 60 * 24 * 365, Number.POSITIVE_INFINITY],
] as const;

/**
 * '2 hours ago': the age in its largest whole unit, rounded, as date-fns' formatDistanceToNowStrict says it (by
 * hand, so the Tools tab does not load date-fns: decision 023).
 */
export function readingAge(receivedAt: number, now = Date.now()): string {
  const minutes = Math.abs(now - receivedAt) / 60_000;
  const [unit, length] = AGE_UNITS.find(([, , below]) => minutes < below) ?? AGE_UNITS[5];
  let count = Math.round(minutes / length);
  let shown: string = unit;
  // 11.6 months rounds to 12: a year.
  if (unit === 'month' && count === 12) [count, shown] = [1, 'year'];
  const amount = `${count} ${shown}${count === 1 ? '' : 's'}`;
  return receivedAt <= now ? `${amount} ago` : `in ${amount}`;
}
