import type { PlaceMatch } from '#core/places.ts';
import type { TideStationsAnswer } from '#core/tides.ts';
import type { Weather } from '#core/weather.ts';
import { API_PATHS } from './endpoints.ts';
import { http } from './http.ts';

/** The Tools tab's reads (weather, tide stations, place search): loaded with it, not in the shell's first bundle (decision 023). */

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

/** GET /api/places?search=: up to 8 places whose name matches, best first (the server's embedded list). */
export async function searchPlaces(search: string): Promise<PlaceMatch[]> {
  const params = new URLSearchParams({ search });
  return ((await (await http(`/api/places?${params}`)).json()) as { places: PlaceMatch[] }).places;
}
