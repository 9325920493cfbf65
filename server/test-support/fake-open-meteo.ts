import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Open-Meteo's /v1/forecast, answering in the real API's JSON format and honouring its unit
 * parameters (temperature_unit, wind_speed_unit), so tests and offline demos run the production code path.
 * The weather is believable and deterministic: it depends on the latitude and the hour, or on a scenario a test sets.
 */
interface FakeWeatherScenario {
  /** WMO weather code, e.g. 0 clear, 61 rain, 95 thunderstorm. */
  weatherCode?: number;
  temperatureC?: number;
  windKmh?: number;
  humidity?: number;
  pressureHpa?: number;
  /** Pressure change over the last 3 hours, hPa. */
  pressureChange3hHpa?: number;
  /** 'error' answers 503; 'hang' never answers; 'garbage' answers 200 with a non-Open-Meteo body. */
  failure?: 'error' | 'hang' | 'garbage';
}

export interface FakeOpenMeteo {
  url: string;
  /** Every /v1/forecast request received, as parsed query parameters. */
  requests: URLSearchParams[];
  setScenario(scenario: FakeWeatherScenario): void;
  close(): Promise<void>;
}

const HOUR_MS = 60 * 60 * 1000;

function openMeteoTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16);
}

function convertTemperature(celsius: number, unit: string | null): number {
  return unit === 'fahrenheit'
    ? Math.round(((celsius * 9) / 5) * 10 + 320) / 10
    : Math.round(celsius * 10) / 10;
}

function convertWind(kmh: number, unit: string | null): { value: number; label: string } {
  switch (unit) {
    case 'mph':
      return { value: Math.round((kmh / 1.609344) * 10) / 10, label: 'mp/h' };
    case 'ms':
      return { value: Math.round((kmh / 3.6) * 10) / 10, label: 'm/s' };
    case 'kn':
      return { value: Math.round((kmh / 1.852) * 10) / 10, label: 'kn' };
    default:
      return { value: Math.round(kmh * 10) / 10, label: 'km/h' };
  }
}

function forecastBody(query: URLSearchParams, scenario: FakeWeatherScenario, nowMs: number) {
  const latitude = Number(query.get('latitude'));
  const longitude = Number(query.get('longitude'));
  const hour = new Date(nowMs).getUTCHours();
  // A mild, plausible default: cooler towards the poles, a little warmer in the afternoon.
  const temperatureC =
    scenario.temperatureC ??
    Math.round((24 - Math.abs(latitude) * 0.35 + Math.sin(((hour - 9) / 24) * 2 * Math.PI) * 4) * 10) / 10;
  const pressureHpa = scenario.pressureHpa ?? 1016.4;
  const change = scenario.pressureChange3hHpa ?? -1.2;
  const wind = convertWind(scenario.windKmh ?? 11.3, query.get('wind_speed_unit'));
  const currentMs = Math.floor(nowMs / (15 * 60 * 1000)) * 15 * 60 * 1000;
  const firstHourMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS - Number(query.get('past_hours') ?? 0) * HOUR_MS;
  const hours = Number(query.get('past_hours') ?? 0) + Number(query.get('forecast_hours') ?? 24);
  const times = Array.from({ length: hours }, (_, i) => firstHourMs + i * HOUR_MS);
  const currentHourMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  return {
    latitude,
    longitude,
    generationtime_ms: 0.05,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    timezone_abbreviation: 'GMT',
    elevation: 190,
    current_units: {
      time: 'iso8601',
      interval: 'seconds',
      temperature_2m: query.get('temperature_unit') === 'fahrenheit' ? '°F' : '°C',
      relative_humidity_2m: '%',
      weather_code: 'wmo code',
      wind_speed_10m: wind.label,
      pressure_msl: 'hPa',
      is_day: '',
    },
    current: {
      time: openMeteoTime(currentMs),
      interval: 900,
      temperature_2m: convertTemperature(temperatureC, query.get('temperature_unit')),
      relative_humidity_2m: scenario.humidity ?? 72,
      weather_code: scenario.weatherCode ?? 2,
      wind_speed_10m: wind.value,
      pressure_msl: pressureHpa,
      is_day: hour >= 6 && hour < 20 ? 1 : 0,
    },
    hourly_units: { time: 'iso8601', pressure_msl: 'hPa' },
    hourly: {
      time: times.map(openMeteoTime),
      // Linear change ending at the current pressure.
      pressure_msl: times.map(
        (ms) => Math.round((pressureHpa - (change * (currentHourMs - ms)) / (3 * HOUR_MS)) * 10) / 10,
      ),
    },
  };
}

export async function startFakeOpenMeteo(
  options: { port?: number; now?: () => number } = {},
): Promise<FakeOpenMeteo> {
  let scenario: FakeWeatherScenario = {};
  const requests: URLSearchParams[] = [];
  const now = options.now ?? Date.now;
  const hanging = new Set<import('node:http').ServerResponse>();

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/v1/forecast') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: true, reason: 'Not Found' }));
      return;
    }
    requests.push(url.searchParams);
    if (scenario.failure === 'hang') {
      hanging.add(response);
      return;
    }
    if (scenario.failure === 'error') {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('Service Unavailable');
      return;
    }
    if (scenario.failure === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>captive portal</html>');
      return;
    }
    const latitude = Number(url.searchParams.get('latitude'));
    if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: true, reason: 'Latitude must be in range of -90 to 90°.' }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(forecastBody(url.searchParams, scenario, now())));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setScenario(next) {
      scenario = next;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
