/** Places chosen by name or typed coordinates (docs/decisions/026-choosing-a-place.md). No zod here: the Tools tab imports it. */

/** A place found by name (GET /api/places): its name as place names are written, and its position. */
export interface PlaceMatch {
  /** 'Tahoe City, California, US' */
  name: string;
  latitude: number;
  longitude: number;
}

/** At most this many places answer one search. */
export const PLACE_MATCHES_MAX = 8;

/** A number with an optional hemisphere letter: '39.1', '-120.03', '120.03W', '39.1 N'. */
const COORDINATE = /^([+-]?\d{1,3}(?:\.\d+)?)\s*([NSEW])?$/i;

/**
 * Coordinates as an angler types them: '39.10, -120.03', '39.10 -120.03' or '39.10N 120.03W' (latitude first);
 * null when the text is not two such numbers within ±90 and ±180.
 */
export function parseCoordinates(text: string): { latitude: number; longitude: number } | null {
  const parts = text.trim().split(/\s*[,;]\s*|\s+(?=[+-]?\d)/);
  if (parts.length !== 2) return null;
  const [lat, lon] = parts.map((part) => COORDINATE.exec(part.trim()));
  if (!lat?.[1] || !lon?.[1]) return null;
  const signed = (match: RegExpExecArray, negative: string, positive: string) => {
    const letter = match[2]?.toUpperCase();
    if (letter !== undefined && letter !== negative && letter !== positive) return Number.NaN;
    const value = Number(match[1]);
    return letter === negative ? -Math.abs(value) : value;
  };
  const latitude = signed(lat, 'S', 'N');
  const longitude = signed(lon, 'W', 'E');
  if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) return null;
  return { latitude, longitude };
}
