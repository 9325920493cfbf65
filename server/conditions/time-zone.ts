import tzLookup from '@photostructure/tz-lookup';
import { isKnownTimeZone } from '#core/zoned-day.ts';

/**
 * The IANA time zone of a position, from a map of the world's zones kept in the package
 * (docs/decisions/041-catch-conditions.md): offline, no provider call, the same answer every time. Open water far
 * from any coast has a nautical zone ('Etc/GMT+5'). Null only for a zone this platform's Intl does not know.
 */
export function timeZoneAt(latitude: number, longitude: number): string | null {
  const zone = tzLookup(latitude, longitude);
  return isKnownTimeZone(zone) ? zone : null;
}
