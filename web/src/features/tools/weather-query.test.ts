import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEATHER_STALE_MS } from '#core/weather.ts';
import { ApiError } from '../../api/http.ts';
import {
  fetchWeather,
  roundCoordinate,
  weatherQueryKey,
  weatherQueryOptions,
  weatherUrl,
} from './weather-query.ts';

const TAHOE = { latitude: 39.09684, longitude: -120.03241 };

describe('the weather query', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('rounds coordinates to 3 decimals, never to -0', () => {
    expect(roundCoordinate(39.09684)).toBe(39.097);
    expect(roundCoordinate(-120.03241)).toBe(-120.032);
    expect(roundCoordinate(-0.0001)).toBe(0);
    expect(Object.is(roundCoordinate(-0.0001), -0)).toBe(false);
  });

  it("keys on ['/api/weather', lat, lon], the same for positions a few metres apart", () => {
    expect(weatherQueryKey(TAHOE)).toEqual(['/api/weather', 39.097, -120.032]);
    expect(weatherQueryKey({ latitude: 39.09671, longitude: -120.03219 })).toEqual(weatherQueryKey(TAHOE));
  });

  it('builds the URL with lat and lon', () => {
    expect(weatherUrl(TAHOE)).toBe('/api/weather?lat=39.097&lon=-120.032');
  });

  it('is stale after 5 minutes, never retried, and waits without a position', () => {
    const options = weatherQueryOptions(TAHOE);
    expect(options.staleTime).toBe(WEATHER_STALE_MS);
    expect(options.retry).toBe(false);
    expect(typeof options.queryFn).toBe('function');
    expect(typeof weatherQueryOptions(null).queryFn).toBe('symbol');
  });

  it('fetches with the session cookie and throws ApiError on a 502', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ message: 'Failed to fetch weather data' }, { status: 502 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const failure = await fetchWeather(TAHOE).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).serverMessage).toBe('Failed to fetch weather data');
    expect(fetchMock).toHaveBeenCalledWith('/api/weather?lat=39.097&lon=-120.032', {
      credentials: 'include',
      cache: 'no-store',
    });
  });
});
