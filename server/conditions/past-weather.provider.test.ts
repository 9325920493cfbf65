import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenMeteo, fakeHour, startFakeOpenMeteo } from '../test-support/fake-open-meteo.ts';
import { WeatherProviderError, WeatherQuotaError } from '../weather/open-meteo.provider.ts';
import { catchWeatherFrom } from './catch-weather.ts';
import {
  FORECAST_API_REACH_DAYS,
  OpenMeteoPastWeatherProvider,
  pastWeatherSource,
} from './past-weather.provider.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');

describe('Open-Meteo past weather provider', () => {
  let fake: FakeOpenMeteo;
  let provider: OpenMeteoPastWeatherProvider;

  beforeAll(async () => {
    fake = await startFakeOpenMeteo({ now: () => NOW.getTime() });
    provider = new OpenMeteoPastWeatherProvider({ forecast: fake.url, archive: `${fake.url}/` }, 300);
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.setScenario({});
    fake.requestsTo('/v1/forecast').length = 0;
    fake.requestsTo('/v1/archive').length = 0;
  });

  it('asks the forecast API for recent days with the hourly variables in °F, mph and inches, in GMT', async () => {
    const { source, hours } = await provider.hours(45.5, -89.7, '2026-05-20', '2026-05-21', NOW);
    expect(source).toBe('forecast');
    expect(fake.requestsTo('/v1/forecast')).toHaveLength(1);
    expect(fake.requestsTo('/v1/archive')).toHaveLength(0);
    const query = fake.requestsTo('/v1/forecast')[0];
    expect(Object.fromEntries(query ?? [])).toMatchObject({
      latitude: '45.5',
      longitude: '-89.7',
      start_date: '2026-05-20',
      end_date: '2026-05-21',
      temperature_unit: 'fahrenheit',
      wind_speed_unit: 'mph',
      precipitation_unit: 'inch',
      timezone: 'GMT',
    });
    expect(query?.get('hourly')?.split(',').sort()).toEqual(
      [
        'cloud_cover',
        'is_day',
        'precipitation',
        'pressure_msl',
        'relative_humidity_2m',
        'temperature_2m',
        'weather_code',
        'wind_direction_10m',
        'wind_speed_10m',
      ].sort(),
    );
    expect(hours).toHaveLength(48);
    const at = Date.parse('2026-05-21T14:00:00Z');
    const expected = fakeHour(45.5, -89.7, at);
    expect(hours.find((hour) => hour.time === '2026-05-21T14:00:00.000Z')).toEqual({
      time: '2026-05-21T14:00:00.000Z',
      temperatureF: Math.round(((expected.temperatureC * 9) / 5) * 10 + 320) / 10,
      humidityPercent: expected.humidity,
      precipitationInches: Math.round((expected.precipitationMm / 25.4) * 1000) / 1000,
      weatherCode: expected.weatherCode,
      cloudCoverPercent: expected.cloudCover,
      pressureHpa: expected.pressureHpa,
      windSpeedMph: Math.round((expected.windKmh / 1.609344) * 10) / 10,
      windDirectionDegrees: expected.windDirection,
      isDay: true,
    });
  });

  it('asks the historical weather API (/v1/archive) for days older than the forecast window, back to 1940', async () => {
    const old = new Date(NOW.getTime() - (FORECAST_API_REACH_DAYS + 1) * 24 * 3600 * 1000)
      .toISOString()
      .slice(0, 10);
    expect(pastWeatherSource(old, NOW)).toBe('archive');
    const recent = await provider.hours(45.5, -89.7, '1941-07-03', '1941-07-04', NOW);
    expect(recent.source).toBe('archive');
    expect(recent.hours).toHaveLength(48);
    expect(recent.hours.every((hour) => hour.pressureHpa !== null)).toBe(true);
    expect(fake.requestsTo('/v1/archive')).toHaveLength(1);
    expect(fake.requestsTo('/v1/forecast')).toHaveLength(0);
  });

  it('reads the hours the provider has no values for as null, and a catch there gets no weather', async () => {
    // The archive lags about 5 days: asked directly for yesterday, it answers the hours with nulls.
    const archiveOnly = new OpenMeteoPastWeatherProvider(
      { forecast: 'http://127.0.0.1:9', archive: fake.url },
      300,
    );
    const farFuture = new Date('2026-09-01T00:00:00Z');
    // Seen from September, late May is an archive day; the fake's own "now" (June 1st) is what lags.
    const { source, hours } = await archiveOnly.hours(45.5, -89.7, '2026-05-30', '2026-05-31', farFuture);
    expect(source).toBe('archive');
    expect(hours).toHaveLength(48);
    expect(hours.every((hour) => hour.temperatureF === null && hour.pressureHpa === null)).toBe(true);
    expect(catchWeatherFrom(hours[20], hours[17])).toBeNull();
  });

  it.each([
    ['error', WeatherProviderError],
    ['garbage', WeatherProviderError],
    ['hang', WeatherProviderError],
    ['quota', WeatherQuotaError],
  ] as const)('turns a provider %s into the error its caller reads', async (failure, errorClass) => {
    fake.setScenario({ failure });
    const error = await provider.hours(45.5, -89.7, '2026-05-20', '2026-05-21', NOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(errorClass);
  });

  it('refuses an answer in units it did not ask for, and one it cannot read', async () => {
    // A plain HTTP server that answers °C whatever it is asked.
    const { createServer } = await import('node:http');
    const answers: unknown[] = [
      {
        hourly_units: { temperature_2m: '°C', wind_speed_10m: 'mp/h', precipitation: 'inch' },
        hourly: {
          time: ['2026-05-20T00:00'],
          ...Object.fromEntries(
            [
              'temperature_2m',
              'relative_humidity_2m',
              'precipitation',
              'weather_code',
              'cloud_cover',
              'pressure_msl',
              'wind_speed_10m',
              'wind_direction_10m',
              'is_day',
            ].map((name) => [name, [1]]),
          ),
        },
      },
      {
        hourly_units: { temperature_2m: '°F', wind_speed_10m: 'mp/h', precipitation: 'inch' },
        hourly: { time: ['x'] },
      },
    ];
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answers.shift()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const odd = new OpenMeteoPastWeatherProvider({
      forecast: `http://127.0.0.1:${port}`,
      archive: 'http://127.0.0.1:9',
    });
    try {
      await expect(odd.hours(1, 1, '2026-05-20', '2026-05-20', NOW)).rejects.toThrow(/unit/);
      await expect(odd.hours(1, 1, '2026-05-20', '2026-05-20', NOW)).rejects.toThrow(/unexpected shape/);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
