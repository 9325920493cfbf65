import type { Catch } from '#core/catch.ts';
import { formatDecimal } from '#core/decimal.ts';
import type { Spot } from '#core/spots.ts';
import { formatQuantity, type UnitSystem } from '#core/units.ts';

/**
 * The GPX 1.1 export (docs/decisions/043-trips-and-spots.md): one waypoint per spot and per catch with a position, for
 * a GPS or a map app. Written as text a waypoint at a time, like the JSON: memory stays bounded for any size of log. What it
 * writes is checked against the GPX 1.1 schema in gpx.test.ts.
 */

/** How a waypoint is classified (`<type>`): a catch or a spot, so another app can tell them apart. */
const GPX_WAYPOINT_TYPES = { catch: 'Catch', spot: 'Spot' } as const;

/** Characters XML 1.0 cannot hold at all, even escaped (control characters, lone surrogates, U+FFFE/U+FFFF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to drop.
const NOT_XML_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu;

/** Text as XML character data or an attribute value: escaped, and without what XML 1.0 cannot hold. */
function xmlText(text: string): string {
  return text
    .replace(NOT_XML_CHARACTERS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The document up to the first waypoint. */
export function gpxHead(now: Date, username: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gpx version="1.1" creator="Tightlines" xmlns="http://www.topografix.com/GPX/1/1">\n' +
    `<metadata><name>${xmlText(`Tightlines log of ${username}`)}</name><time>${now.toISOString()}</time></metadata>\n`
  );
}

export const GPX_TAIL = '</gpx>\n';

/** One point of the file, in the order the schema's wptType wants its elements. */
interface Waypoint {
  latitude: number;
  longitude: number;
  /** ISO 8601, UTC. */
  time: string | null;
  name: string;
  description: string | null;
  type: (typeof GPX_WAYPOINT_TYPES)[keyof typeof GPX_WAYPOINT_TYPES];
}

/** The schema takes longitudes in [-180, 180): 180° is the same meridian as -180°. */
const gpxLongitude = (longitude: number) => (longitude === 180 ? -180 : longitude);

function waypoint({ latitude, longitude, time, name, description, type }: Waypoint): string {
  const lat = formatDecimal(latitude);
  const lon = formatDecimal(gpxLongitude(longitude));
  return (
    `<wpt lat="${lat}" lon="${lon}">` +
    (time ? `<time>${time}</time>` : '') +
    `<name>${xmlText(name)}</name>` +
    (description ? `<desc>${xmlText(description)}</desc>` : '') +
    `<type>${type}</type></wpt>\n`
  );
}

/** 'Rainbow Trout 3.4 lbs': the species and, when weighed, the weight in the angler's units. */
function catchName(item: Catch, units: UnitSystem): string {
  return item.weight === null
    ? item.fishType
    : `${item.fishType} ${formatQuantity('weight', item.weight, units)}`;
}

/** The bait and the notes, one to a line, as the log form names them; null when there are neither. */
function catchDescription(item: Catch): string | null {
  const lines = [item.baitUsed && `Bait: ${item.baitUsed}`, item.notes].filter(Boolean);
  return lines.length > 0 ? lines.join('\n') : null;
}

/** A spot as a waypoint: its point, its name, its notes. */
export function spotWaypoint(spot: Spot): string {
  return waypoint({
    latitude: spot.latitude,
    longitude: spot.longitude,
    time: null,
    name: spot.name,
    description: spot.notes,
    type: GPX_WAYPOINT_TYPES.spot,
  });
}

/** A catch as a waypoint at the moment it was caught, or '' for a catch without a position. */
export function catchWaypoint(item: Catch, units: UnitSystem): string {
  if (item.latitude === null || item.longitude === null) return '';
  return waypoint({
    latitude: item.latitude,
    longitude: item.longitude,
    time: item.caughtAt,
    name: catchName(item, units),
    description: catchDescription(item),
    type: GPX_WAYPOINT_TYPES.catch,
  });
}
