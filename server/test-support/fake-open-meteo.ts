import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Open-Meteo's /v1/forecast (the current weather, or the hours of past days with
 * start_date/end_date) and its historical weather API's /v1/archive, answering in the real APIs' JSON format and
 * honouring their unit parameters (temperature_unit, wind_speed_unit, precipitation_unit), so tests and offline
 * demos run the production code path. The weather is believable and deterministic: it depends on the latitude and
 * the hour, or on a scenario a test sets; the hourly series change from hour to hour (fakeHour).
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
  /**
   * The live answer's hourly sea-level pressure, hPa, by the hour's start (ms): a forecast whose tendency changes
   * through the day. Without it the pressure changes by pressureChange3hHpa every 3 hours, before and after now.
   */
  hourlyPressureHpa?: (hourMs: number) => number;
  /**
   * 'error' answers 503; 'hang' never answers; 'garbage' answers 200 with a non-Open-Meteo body; 'quota' answers
   * 429 as Open-Meteo does when its limit is reached.
   */
  failure?: 'error' | 'hang' | 'garbage' | 'quota';
}

type FakePath = '/v1/forecast' | '/v1/archive';

export interface FakeOpenMeteo {
  url: string;
  /** Every /v1/forecast request received, as parsed query parameters. */
  requests: URLSearchParams[];
  /** The requests received on a path (/v1/forecast or /v1/archive), as parsed query parameters. */
  requestsTo(path: FakePath): URLSearchParams[];
  setScenario(scenario: FakeWeatherScenario): void;
  /** Answers wait until the returned function is called (a test acts while a request is in flight). */
  holdAnswers(): () => void;
  close(): Promise<void>;
}

const HOUR_MS = 60 * 60 * 1000;

/** How far back each API answers (Open-Meteo's: the forecast API keeps 92 past days, the archive lags ~5 days). */
const FORECAST_PAST_DAYS = 92;
const ARCHIVE_LAG_DAYS = 5;
const DAY_MS = 24 * HOUR_MS;
const CHANGING_CODES = [0, 1, 2, 3, 61, 95];

/** The fake's weather at a position and hour, in Open-Meteo's base units (°C, km/h, mm, hPa): what tests expect. */
export function fakeHour(latitude: number, longitude: number, ms: number) {
  const hour = new Date(ms).getUTCHours();
  const weatherCode = CHANGING_CODES[Math.floor(ms / (5 * HOUR_MS)) % CHANGING_CODES.length] as number;
  return {
    temperatureC:
      Math.round((20 - Math.abs(latitude) * 0.3 + Math.sin(((hour - 9) / 24) * 2 * Math.PI) * 5) * 10) / 10,
    humidity: 60 + (Math.floor(ms / HOUR_MS) % 30),
    precipitationMm: weatherCode >= 61 ? 1.3 : 0,
    weatherCode,
    cloudCover: weatherCode === 0 ? 5 : weatherCode === 1 ? 30 : 90,
    // A slow swell of ±8 hPa over 3 days: the 3-hour change is real and varies in sign and size.
    pressureHpa:
      Math.round((1013 + 8 * Math.sin((ms / (3 * DAY_MS)) * 2 * Math.PI) + longitude * 0.01) * 10) / 10,
    windKmh: Math.round((8 + (Math.floor(ms / HOUR_MS) % 7) * 2.5) * 10) / 10,
    windDirection: (Math.floor(ms / HOUR_MS) * 15) % 360,
    isDay: hour >= 6 && hour < 20 ? 1 : 0,
  };
}

/**
 * A scenario's pressure at an hour, as the live answer gives it (forecastBody): its value at the current hour,
 * changing by its 3-hour change every 3 hours; undefined when the scenario sets no pressure.
 */
function scenarioPressure(scenario: FakeWeatherScenario, nowMs: number, ms: number): number | undefined {
  if (scenario.pressureHpa === undefined) return undefined;
  const currentHourMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  const change = scenario.pressureChange3hHpa ?? 0;
  return Math.round((scenario.pressureHpa - (change * (currentHourMs - ms)) / (3 * HOUR_MS)) * 10) / 10;
}

function convertPrecipitation(mm: number, unit: string | null): number {
  return unit === 'inch' ? Math.round((mm / 25.4) * 1000) / 1000 : mm;
}

/** The hours of start_date..end_date (GMT), as /v1/forecast and /v1/archive answer them; null values where `missing`. */
function hourlyBody(
  query: URLSearchParams,
  scenario: FakeWeatherScenario,
  missing: (ms: number) => boolean,
  nowMs: number,
) {
  const latitude = Number(query.get('latitude'));
  const longitude = Number(query.get('longitude'));
  const first = Date.parse(`${query.get('start_date')}T00:00:00Z`);
  const last = Date.parse(`${query.get('end_date')}T00:00:00Z`) + DAY_MS - HOUR_MS;
  const times: number[] = [];
  for (let ms = first; ms <= last; ms += HOUR_MS) times.push(ms);
  const hours = times.map((ms) => ({ ms, ...fakeHour(latitude, longitude, ms) }));
  const temperatureUnit = query.get('temperature_unit');
  const windUnit = query.get('wind_speed_unit');
  const precipitationUnit = query.get('precipitation_unit');
  const column = (read: (hour: (typeof hours)[number]) => number) =>
    hours.map((hour) => (missing(hour.ms) ? null : read(hour)));
  return {
    latitude,
    longitude,
    generationtime_ms: 0.2,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    timezone_abbreviation: 'GMT',
    elevation: 190,
    hourly_units: {
      time: 'iso8601',
      temperature_2m: temperatureUnit === 'fahrenheit' ? '°F' : '°C',
      relative_humidity_2m: '%',
      precipitation: precipitationUnit === 'inch' ? 'inch' : 'mm',
      weather_code: 'wmo code',
      cloud_cover: '%',
      pressure_msl: 'hPa',
      wind_speed_10m: convertWind(0, windUnit).label,
      wind_direction_10m: '°',
      is_day: '',
    },
    hourly: {
      time: times.map(openMeteoTime),
      temperature_2m: column((h) =>
        convertTemperature(scenario.temperatureC ?? h.temperatureC, temperatureUnit),
      ),
      relative_humidity_2m: column((h) => scenario.humidity ?? h.humidity),
      precipitation: column((h) => convertPrecipitation(h.precipitationMm, precipitationUnit)),
      weather_code: column((h) => scenario.weatherCode ?? h.weatherCode),
      cloud_cover: column((h) => h.cloudCover),
      pressure_msl: column((h) => scenarioPressure(scenario, nowMs, h.ms) ?? h.pressureHpa),
      wind_speed_10m: column((h) => convertWind(scenario.windKmh ?? h.windKmh, windUnit).value),
      wind_direction_10m: column((h) => h.windDirection),
      is_day: column((h) => h.isDay),
    },
  };
}

/** Open-Meteo's refusal of a date outside what an API holds (400, its JSON). */
function outOfRange(query: URLSearchParams, earliest: number, latest: number): string | null {
  const first = Date.parse(`${query.get('start_date')}T00:00:00Z`);
  const last = Date.parse(`${query.get('end_date')}T00:00:00Z`);
  if (Number.isNaN(first) || Number.isNaN(last) || last < first) return 'Invalid date';
  if (first < earliest || last > latest) {
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    return `Parameter 'start_date' is out of allowed range from ${day(earliest)} to ${day(latest)}`;
  }
  return null;
}

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
  const temperatureAt = (ms: number) =>
    scenario.temperatureC ??
    Math.round(
      (24 - Math.abs(latitude) * 0.35 + Math.sin(((new Date(ms).getUTCHours() - 9) / 24) * 2 * Math.PI) * 4) *
        10,
    ) / 10;
  const temperatureC = temperatureAt(nowMs);
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
    // Only the hourly variables asked for, as Open-Meteo answers.
    hourly_units: onlyAsked(query, {
      time: 'iso8601',
      temperature_2m: query.get('temperature_unit') === 'fahrenheit' ? '°F' : '°C',
      pressure_msl: 'hPa',
    }),
    hourly: onlyAsked(query, {
      time: times.map(openMeteoTime),
      temperature_2m: times.map((ms) => convertTemperature(temperatureAt(ms), query.get('temperature_unit'))),
      // The scenario's hours, else a linear change through the current pressure.
      pressure_msl: times.map(
        (ms) =>
          scenario.hourlyPressureHpa?.(ms) ??
          Math.round((pressureHpa - (change * (currentHourMs - ms)) / (3 * HOUR_MS)) * 10) / 10,
      ),
    }),
  };
}

/** The hourly variables the query's `hourly` names, and the times. */
function onlyAsked<T>(query: URLSearchParams, columns: Record<string, T>): Record<string, T> {
  const asked = new Set(['time', ...(query.get('hourly') ?? '').split(',')]);
  return Object.fromEntries(Object.entries(columns).filter(([name]) => asked.has(name)));
}

export async function startFakeOpenMeteo(
  options: { port?: number; now?: () => number } = {},
): Promise<FakeOpenMeteo> {
  let scenario: FakeWeatherScenario = {};
  const received: Record<FakePath, URLSearchParams[]> = { '/v1/forecast': [], '/v1/archive': [] };
  const now = options.now ?? Date.now;
  const hanging = new Set<import('node:http').ServerResponse>();
  let held: Promise<void> | null = null;

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname as FakePath;
    if (!(path in received)) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: true, reason: 'Not Found' }));
      return;
    }
    received[path].push(url.searchParams);
    if (held) await held;
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
    if (scenario.failure === 'quota') {
      response.writeHead(429, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: true,
          reason: 'Minutely API request limit exceeded. Please try again in one minute.',
        }),
      );
      return;
    }
    const latitude = Number(url.searchParams.get('latitude'));
    if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: true, reason: 'Latitude must be in range of -90 to 90°.' }));
      return;
    }
    const refuse = (reason: string) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: true, reason }));
    };
    const query = url.searchParams;
    const today = Math.floor(now() / DAY_MS) * DAY_MS;
    let body: unknown;
    if (path === '/v1/archive') {
      const reason = outOfRange(query, Date.parse('1940-01-01T00:00:00Z'), today + 15 * DAY_MS);
      if (reason) return refuse(reason);
      // The archive lags: its last days have no values yet (null), as Open-Meteo's do.
      body = hourlyBody(query, scenario, (ms) => ms >= today - ARCHIVE_LAG_DAYS * DAY_MS, now());
    } else if (query.has('start_date')) {
      const reason = outOfRange(query, today - FORECAST_PAST_DAYS * DAY_MS, today + 15 * DAY_MS);
      if (reason) return refuse(reason);
      body = hourlyBody(query, scenario, () => false, now());
    } else {
      body = forecastBody(query, scenario, now());
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: received['/v1/forecast'],
    requestsTo: (path) => received[path],
    setScenario(next) {
      scenario = next;
    },
    holdAnswers() {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
