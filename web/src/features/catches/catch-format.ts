import type { Catch } from '#core/catch.ts';
import { formatFigure, formatOptionalQuantity, type UnitSystem } from '#core/units.ts';

/** The display rules for a catch (docs/product.md#constants), in the angler's units (core/units.ts): 1 decimal for weight and length, 6 for coordinates, 'MMM d, yyyy' dates. */

// 'MMM d, yyyy' in English, as date-fns' format wrote it; by hand, so History's first screen does not load date-fns
// (10 KB gzip: decision 023).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const dayLabel = (date: Date) =>
  `${MONTHS[date.getMonth()]} ${date.getDate()}, ${String(date.getFullYear()).padStart(4, '0')}`;

/**
 * A catch's name as History shows it: the fish type, '12 × Perch' for an entry of more than one fish (decision 043).
 * The number and its '×' stay on one line.
 */
export function catchName(item: Pick<Catch, 'fishType' | 'quantity'>): string {
  return item.quantity > 1 ? `${formatFigure(item.quantity)}\u00a0× ${item.fishType}` : item.fishType;
}

/** '4.5 lbs' or '2.0 kg', or null when there is no weight. */
export function formatWeight(weight: number | null | undefined, units: UnitSystem): string | null {
  return formatOptionalQuantity('weight', weight, units);
}

/** '18.0 in' or '45.7 cm', or null when there is no length. */
export function formatLength(length: number | null | undefined, units: UnitSystem): string | null {
  return formatOptionalQuantity('length', length, units);
}

/**
 * A catch date (yyyy-MM-dd) as 'Apr 29, 2025'. The date is read as a local calendar date:
 * `new Date('2025-04-29')` would be UTC midnight and show the day before west of Greenwich.
 */
export function formatCatchDate(catchDate: string | null | undefined): string {
  const parts = catchDate ? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(catchDate) : null;
  if (!parts) return 'No date';
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(year, month - 1, day);
  date.setFullYear(year); // years 0-99 would otherwise be read as 1900-1999
  // A day the calendar does not have (2025-02-30) is no date, as date-fns' parse said.
  return date.getMonth() === month - 1 && date.getDate() === day ? dayLabel(date) : 'No date';
}

/** An ISO timestamp (createdAt) as 'Apr 29, 2025', or null when unreadable. */
export function formatTimestamp(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dayLabel(date);
}

/** '32.812345, -95.600000' (6 decimals), or null when either coordinate is missing. */
export function formatCoordinates(latitude: number | null | undefined, longitude: number | null | undefined) {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

/** A maps search for the coordinates, opened in a new tab (docs/product.md#catch-details 'Open in Maps'). */
export function mapsSearchUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}
