import type { Catch, CatchChanges } from '#core/catch.ts';
import { type MapSettings, TILES_PATH } from '#core/map-tiles.ts';
import type { PlaceMatch } from '#core/places.ts';
import type { Spot } from '#core/spots.ts';
import type { StoreListings } from '#core/store-listings.ts';
import type { TideStationsAnswer } from '#core/tides.ts';
import type { Trip } from '#core/trips.ts';
import type { User, UserSettings } from '#core/user.ts';
import type { Weather } from '#core/weather.ts';
import { ApiError, http, type Transport } from './http.ts';
import type { RecordKind, RecordShapes } from './record-types.ts';

/**
 * One function per API endpoint the web app calls (docs/api.md), each with its types. Only types come from core,
 * so no zod reaches the first bundle. Each throws ApiError on a non-OK answer (see http.ts) unless it says
 * otherwise; `transport` lets the sync engine inject its fetch.
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

/** PATCH /api/user: changes the account's settings (its units, docs/product.md#units); answers with the updated user. */
export async function updateUserSettings(settings: UserSettings): Promise<User> {
  return (await (await http(API_PATHS.user, { method: 'PATCH', json: settings })).json()) as User;
}

/** What sign-in and registration send: only these two fields, never a confirmPassword (docs/product.md#sign-in). */
export interface Credentials {
  username: string;
  password: string;
}

/** POST /api/login: starts a session (docs/product.md#security). */
export async function logIn({ username, password }: Credentials): Promise<User> {
  return (await (await http('/api/login', { method: 'POST', json: { username, password } })).json()) as User;
}

/** POST /api/register: creates the account and starts its session (docs/product.md#security). */
export async function register({ username, password }: Credentials): Promise<User> {
  return (await (
    await http('/api/register', { method: 'POST', json: { username, password } })
  ).json()) as User;
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

/** POST /api/catches: saves a catch; a repeated clientId answers with the catch already saved. */
export async function createCatch(payload: object, transport?: Transport): Promise<Catch> {
  return (await (
    await http(API_PATHS.catches, { ...transport, method: 'POST', json: payload })
  ).json()) as Catch;
}

/** POST /api/mobile-catch: the phone's save (docs/api.md), the same contract as POST /api/catches. */
export async function createMobileCatch(payload: object, transport?: Transport): Promise<Catch> {
  return (await (
    await http('/api/mobile-catch', { ...transport, method: 'POST', json: payload })
  ).json()) as Catch;
}

/** POST /api/emergency-catch: the emergency test page's save (fishType, weight, length, locationName). */
export async function createEmergencyCatch(payload: object): Promise<Catch> {
  return (await (await http('/api/emergency-catch', { method: 'POST', json: payload })).json()) as Catch;
}

/** Which saved catch: its server id, else the clientId it was created with (this device may not know the id). */
interface CatchRef {
  id?: number;
  clientId?: string;
}

function catchPath({ id, clientId }: CatchRef): string {
  return id !== undefined
    ? `${API_PATHS.catches}/${id}`
    : `${API_PATHS.catches}/client/${encodeURIComponent(clientId ?? '')}`;
}

/** PATCH /api/catches/:id or /api/catches/client/:clientId: sets the given fields (null clears one). */
export async function updateCatch(
  target: CatchRef,
  changes: CatchChanges,
  transport?: Transport,
): Promise<Catch> {
  return (await (
    await http(catchPath(target), { ...transport, method: 'PATCH', json: changes })
  ).json()) as Catch;
}

/** DELETE /api/catches/:id or /api/catches/client/:clientId; a 404 means it is already gone. */
export async function deleteCatch(target: CatchRef, transport?: Transport): Promise<void> {
  await http(catchPath(target), { ...transport, method: 'DELETE' });
}

/** Where a trip or spot lives (docs/decisions/043-trips-and-spots.md): /api/trips or /api/spots. */
const recordPath = (record: RecordKind, id?: number) =>
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

/** POST /api/trips or /api/spots; a repeated clientId answers with the record already saved. */
export async function createRecord<R extends RecordKind>(
  record: R,
  payload: RecordShapes[R]['payload'],
  transport?: Transport,
): Promise<RecordShapes[R]['saved']> {
  return (await (
    await http(recordPath(record), { ...transport, method: 'POST', json: payload })
  ).json()) as RecordShapes[R]['saved'];
}

/** PATCH /api/trips/:id or /api/spots/:id: sets the given fields. */
export async function updateRecord<R extends RecordKind>(
  record: R,
  id: number,
  changes: RecordShapes[R]['changes'],
  transport?: Transport,
): Promise<RecordShapes[R]['saved']> {
  return (await (
    await http(recordPath(record, id), { ...transport, method: 'PATCH', json: changes })
  ).json()) as RecordShapes[R]['saved'];
}

/** DELETE /api/trips/:id or /api/spots/:id; a 404 means it is already gone. */
export async function deleteRecord(record: RecordKind, id: number, transport?: Transport): Promise<void> {
  await http(recordPath(record, id), { ...transport, method: 'DELETE' });
}

/** A multipart form with the photo in the `photo` field (docs/api.md), named as the file was (or 'catch-photo'). */
function photoForm(photo: Blob): FormData {
  const form = new FormData();
  form.append('photo', photo, photo instanceof File && photo.name ? photo.name : 'catch-photo');
  return form;
}

/** POST /api/upload → { url } of the stored photo (docs/api.md); the body is checked by the caller. */
export async function uploadPhoto(photo: Blob, transport?: Transport): Promise<{ url?: unknown }> {
  return (await (
    await http('/api/upload', { ...transport, method: 'POST', form: photoForm(photo) })
  ).json()) as {
    url?: unknown;
  };
}

/** POST /api/upload-photo → { photoUrl } (the basic upload test page's endpoint, docs/api.md). */
export async function uploadBasicPhoto(photo: Blob): Promise<{ photoUrl?: unknown }> {
  return (await (await http('/api/upload-photo', { method: 'POST', form: photoForm(photo) })).json()) as {
    photoUrl?: unknown;
  };
}

/** GET /api/weather?lat=&lon=, with the coordinates as the caller rounded them. */
export function weatherPath(latitude: number, longitude: number): string {
  const params = new URLSearchParams({ lat: String(latitude), lon: String(longitude) });
  return `${API_PATHS.weather}?${params.toString()}`;
}

/** GET /api/weather: the current weather at a position. */
export async function getWeather(latitude: number, longitude: number): Promise<Weather> {
  return (await (await http(weatherPath(latitude, longitude))).json()) as Weather;
}

/**
 * GET /api/tides/stations?lat=&lon=: the tide stations around a position with their constants, which the phone
 * keeps to predict the tide with no signal.
 */
export async function getTideStations(latitude: number, longitude: number): Promise<TideStationsAnswer> {
  const params = new URLSearchParams({ lat: String(latitude), lon: String(longitude) });
  return (await (await http(`${API_PATHS.tideStations}?${params}`)).json()) as TideStationsAnswer;
}

/** GET /api/reverse-geocode?lat=&lon=: a place name from the server's own place list; the body is checked by the caller. */
export async function getPlaceName(latitude: number, longitude: number): Promise<{ locationName?: unknown }> {
  const params = new URLSearchParams({ lat: String(latitude), lon: String(longitude) });
  return (await (await http(`/api/reverse-geocode?${params}`)).json()) as { locationName?: unknown };
}

/** GET /api/places?search=: up to 8 places whose name matches, best first (the server's embedded list). */
export async function searchPlaces(search: string): Promise<PlaceMatch[]> {
  const params = new URLSearchParams({ search });
  return ((await (await http(`/api/places?${params}`)).json()) as { places: PlaceMatch[] }).places;
}

/** GET /api/store-listings: this deployment's App Store and Google Play pages, null where the app is not yet. */
export async function getStoreListings(): Promise<StoreListings> {
  return (await (await http('/api/store-listings')).json()) as StoreListings;
}

/** GET /api/tiles: the maps' attribution and zoom limit (the tiles themselves are images Leaflet loads). */
export async function getMapSettings(): Promise<MapSettings> {
  return (await (await http(TILES_PATH)).json()) as MapSettings;
}
