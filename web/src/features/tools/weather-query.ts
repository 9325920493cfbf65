import { onlineManager, type QueryClient, queryOptions, skipToken } from '@tanstack/react-query';
import { WEATHER_STALE_MS, type Weather } from '#core/weather.ts';
import { API_PATHS } from '../../api/endpoints.ts';
import { getWeather, weatherPath } from '../../api/tools-endpoints.ts';

/**
 * The weather query of the Tools tab (docs/product.md#weather: GET /api/weather, 'stale after 5 minutes', no retries).
 * Its key is ['/api/weather', lat, lon] with the coordinates rounded to 3 decimals (about 100 m): GPS jitter
 * between the barometer's position updates then keeps the same key (no needless refetch, no flicker), and the
 * server's place name and its ~1 km weather cell do not need more precision.
 */

const WEATHER_COORDINATE_DECIMALS = 3;

/** docs/product.md#weather: what the gear card says when the weather call fails. */
export const WEATHER_FETCH_FAILED = 'Failed to fetch weather data';

/** What the Tools tab says offline, at once, instead of waiting for the network (docs/product.md#weather). */
export const WEATHER_NEEDS_CONNECTION = 'Weather needs a connection';

/** A weather reading was asked for while the browser is offline. */
export class WeatherOfflineError extends Error {
  constructor() {
    super(WEATHER_NEEDS_CONNECTION);
    this.name = 'WeatherOfflineError';
  }
}

export interface Position {
  latitude: number;
  longitude: number;
}

/** A coordinate rounded for the weather key and URL (never -0). */
export function roundCoordinate(value: number): number {
  const rounded = Number(value.toFixed(WEATHER_COORDINATE_DECIMALS));
  return rounded === 0 ? 0 : rounded;
}

export function weatherQueryKey(position: Position) {
  return [
    API_PATHS.weather,
    roundCoordinate(position.latitude),
    roundCoordinate(position.longitude),
  ] as const;
}

/** GET /api/weather?lat=&lon= for the (rounded) position. */
export function weatherUrl(position: Position): string {
  const [, latitude, longitude] = weatherQueryKey(position);
  return weatherPath(latitude, longitude);
}

/** The current weather at the position. Throws ApiError on a non-OK answer (400, 401, 502…). */
export async function fetchWeather(position: Position): Promise<Weather> {
  const [, latitude, longitude] = weatherQueryKey(position);
  const weather = await getWeather(latitude, longitude);
  if (!weather) throw new Error(WEATHER_FETCH_FAILED);
  return weather;
}

/** Options for useQuery / fetchQuery; with no position yet the query waits (skipToken). */
export function weatherQueryOptions(position: Position | null) {
  return queryOptions({
    queryKey: position ? weatherQueryKey(position) : ([API_PATHS.weather, null, null] as const),
    queryFn: position ? () => fetchWeather(position) : skipToken,
    staleTime: WEATHER_STALE_MS,
    retry: false,
  });
}

/**
 * fetchQuery for a one-off reading (the barometer's, the gear card's). Online, or with a cached answer for the
 * position younger than `staleTime`, it is fetchQuery; offline it rejects at once with WeatherOfflineError, where
 * fetchQuery would pause until the network is back and leave the card spinning.
 */
export function fetchWeatherReading(
  client: QueryClient,
  position: Position,
  staleTime: number = WEATHER_STALE_MS,
): Promise<Weather> {
  const options = { ...weatherQueryOptions(position), staleTime };
  if (!onlineManager.isOnline()) {
    const cached = client.getQueryCache().find<Weather>({ queryKey: options.queryKey, exact: true });
    if (!cached?.state.data || cached.isStaleByTime(staleTime))
      return Promise.reject(new WeatherOfflineError());
  }
  return client.fetchQuery(options);
}

/** A weather answer kept in the query cache, and when it arrived (epoch ms). */
export interface KeptWeatherReading {
  weather: Weather;
  receivedAt: number;
}

/**
 * The newest weather answer in the cache, wherever it was taken: offline, the cards show it with its place and age.
 * It survives restarts with the rest of the kept cache (offline/query-persistence.ts keeps the newest one).
 */
export function newestWeatherReading(client: QueryClient): KeptWeatherReading | null {
  let newest: KeptWeatherReading | null = null;
  for (const query of client.getQueryCache().findAll({ queryKey: [API_PATHS.weather] })) {
    const { data, dataUpdatedAt } = query.state;
    if (data && (newest === null || dataUpdatedAt > newest.receivedAt)) {
      newest = { weather: data as Weather, receivedAt: dataUpdatedAt };
    }
  }
  return newest;
}
