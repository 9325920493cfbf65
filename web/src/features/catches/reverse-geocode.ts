import { getPlaceName } from '@/api/endpoints';

/**
 * A place name for coordinates from GET /api/reverse-geocode (answered from the server's embedded
 * place list, so no third party learns the spot). Null on any failure: the name is only a convenience.
 * Offline it is not asked at all: the request could only fail.
 */
export async function reverseGeocode(latitude: number, longitude: number): Promise<string | null> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  try {
    const body = await getPlaceName(latitude, longitude);
    return typeof body?.locationName === 'string' && body.locationName.trim() !== ''
      ? body.locationName.trim()
      : null;
  } catch {
    return null;
  }
}
