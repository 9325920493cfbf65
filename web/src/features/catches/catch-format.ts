import { format, isValid, parse, parseISO } from 'date-fns';
import { formatOptionalQuantity, type UnitSystem } from '#core/units.ts';

/** SPEC §9 display rules for a catch, in the angler's units (core/units.ts): 1 decimal for weight and length, 6 for coordinates, 'MMM d, yyyy' dates. */

const CATCH_DATE_FORMAT = 'MMM d, yyyy';

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
  if (!catchDate) return 'No date';
  const date = parse(catchDate, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(date) ? format(date, CATCH_DATE_FORMAT) : 'No date';
}

/** An ISO timestamp (createdAt) as 'Apr 29, 2025', or null when unreadable. */
export function formatTimestamp(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = parseISO(iso);
  return isValid(date) ? format(date, CATCH_DATE_FORMAT) : null;
}

/** '32.812345, -95.600000' (6 decimals), or null when either coordinate is missing. */
export function formatCoordinates(latitude: number | null | undefined, longitude: number | null | undefined) {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

/** A maps search for the coordinates, opened in a new tab (SPEC §2 'Open in Maps'). */
export function mapsSearchUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}
