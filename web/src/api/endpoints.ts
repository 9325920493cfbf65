import type { Catch } from '#core/catch.ts';
import { type MapSettings, TILES_PATH } from '#core/map-tiles.ts';
import type { Spot } from '#core/spots.ts';
import type { Trip } from '#core/trips.ts';
import type { User } from '#core/user.ts';
import { ApiError, http, type Transport } from './http.ts';
import type { RecordKind, RecordShapes } from './record-types.ts';

/**
 * One function per API endpoint the web app calls (docs/api.md), each with its types. Only types come from core,
 * so no zod reaches the first bundle. Each throws ApiError on a non-OK answer (see http.ts) unless it says
 * otherwise; `transport` lets the sync engine inject its fetch. This module is in the shell's first bundle: the
 * reads the first screens and the kept lists make. The rest live with the screens that call them, out of the
 * shell's first load (decision 023): sign-in-endpoints.ts (/auth), account.ts (Profile), sync-endpoints.ts (the
 * outbox's sync engine), tools-endpoints.ts (the Tools tab), page-endpoints.ts (the download and test pages).
 */

/** The paths whose answers the query cache keeps under their own path (lib/query-client.ts). */
export const API_PATHS = {
  user: '/api/user',
  catches: '/api/catches',
  weather: '/api/weather',
  tideStations: '/api/tides/stations',
  trips: '/api/trips',
  spots: '/api/spots',
} as const;

/** A 401 answer, which some reads treat as "nobody signed in" rather than as an error (docs/product.md#api-rules). */
const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/** GET /api/user: the signed-in user, or null when nobody is (a 401). */
export async function getUser(transport?: Transport): Promise<User | null> {
  try {
    return (await (await http(API_PATHS.user, transport)).json()) as User;
  } catch (error) {
    if (isSignedOut(error)) return null;
    throw error;
  }
}

/** POST /api/logout: ends the session and clears its cookie. */
export async function logOut(): Promise<void> {
  await http('/api/logout', { method: 'POST' });
}

/** GET /api/catches: the angler's catches, newest first; a 401 is an empty list (docs/product.md#api-rules). */
export async function getCatches(): Promise<Catch[]> {
  try {
    return (await (await http(API_PATHS.catches)).json()) as Catch[];
  } catch (error) {
    if (isSignedOut(error)) return [];
    throw error;
  }
}

/** Where a trip or spot lives (docs/decisions/043-trips-and-spots.md): /api/trips or /api/spots. */
export const recordPath = (record: RecordKind, id?: number) =>
  `${record === 'trip' ? API_PATHS.trips : API_PATHS.spots}${id === undefined ? '' : `/${id}`}`;

/** GET /api/trips or /api/spots: all the angler's trips (newest first) or spots. */
export async function listRecords<R extends RecordKind>(
  record: R,
  transport?: Transport,
): Promise<RecordShapes[R]['saved'][]> {
  return (await (await http(recordPath(record), transport)).json()) as RecordShapes[R]['saved'][];
}

/** GET /api/trips: the angler's trips, newest first; a 401 is an empty list (as the catch list). */
export async function getTrips(): Promise<Trip[]> {
  try {
    return await listRecords('trip');
  } catch (error) {
    if (isSignedOut(error)) return [];
    throw error;
  }
}

/** GET /api/spots: the angler's spots with their catch counts and heaviest fish; a 401 is an empty list. */
export async function getSpots(): Promise<Spot[]> {
  try {
    return await listRecords('spot');
  } catch (error) {
    if (isSignedOut(error)) return [];
    throw error;
  }
}

/** GET /api/reverse-geocode?lat=&lon=: a place name from the server's own place list; the body is checked by the caller. */
export async function getPlaceName(latitude: number, longitude: number): Promise<{ locationName?: unknown }> {
  const params = new URLSearchParams({ lat: String(latitude), lon: String(longitude) });
  return (await (await http(`/api/reverse-geocode?${params}`)).json()) as { locationName?: unknown };
}

/** GET /api/tiles: the maps' attribution and zoom limit (the tiles themselves are images Leaflet loads). */
export async function getMapSettings(): Promise<MapSettings> {
  return (await (await http(TILES_PATH)).json()) as MapSettings;
}
