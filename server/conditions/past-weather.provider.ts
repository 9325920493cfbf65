import { z } from 'zod';
import { getOpenMeteoJson, WeatherProviderError } from '../weather/open-meteo.provider.ts';

/** One hour of Open-Meteo's hourly series at a cell, in the app's units; null where the provider has no value. */
export interface WeatherHour {
  /** The hour, ISO 8601 UTC ('2026-05-31T14:00:00.000Z'). */
  time: string;
  temperatureF: number | null;
  humidityPercent: number | null;
  /** Sum over the hour ending at `time`, inches (Open-Meteo's definition). */
  precipitationInches: number | null;
  weatherCode: number | null;
  cloudCoverPercent: number | null;
  pressureHpa: number | null;
  windSpeedMph: number | null;
  windDirectionDegrees: number | null;
  isDay: boolean | null;
}

/** Which Open-Meteo API answered: the forecast API (recent days) or the historical weather API (older days). */
export type PastWeatherSource = 'forecast' | 'archive';

export interface PastWeatherProvider {
  /** The hours of the UTC days `firstDay`..`lastDay` ('YYYY-MM-DD') at a position, asked at `now`. */
  hours(
    latitude: number,
    longitude: number,
    firstDay: string,
    lastDay: string,
    now: Date,
  ): Promise<{ source: PastWeatherSource; hours: WeatherHour[] }>;
}

/**
 * Days at most this old (UTC, counted from today) are asked of the forecast API, older ones of the archive. The
 * forecast API keeps about 92 past days and the archive lags about 5 days behind today: 30 leaves a wide margin on
 * both sides (docs/decisions/042-weather-at-a-catch.md).
 */
export const FORECAST_API_REACH_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The API that holds `firstDay` when asked at `now`. */
export function pastWeatherSource(firstDay: string, now: Date): PastWeatherSource {
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  return Date.parse(`${firstDay}T00:00:00Z`) >= today - FORECAST_API_REACH_DAYS * DAY_MS
    ? 'forecast'
    : 'archive';
}

const HOURLY_VARIABLES = [
  'temperature_2m',
  'relative_humidity_2m',
  'precipitation',
  'weather_code',
  'cloud_cover',
  'pressure_msl',
  'wind_speed_10m',
  'wind_direction_10m',
  'is_day',
] as const;

const series = z.array(z.number().nullable());

/** The part of Open-Meteo's hourly answer we read, the same for /v1/forecast and /v1/archive. */
const hourlySchema = z.object({
  hourly_units: z.object({
    temperature_2m: z.string(),
    wind_speed_10m: z.string(),
    precipitation: z.string(),
  }),
  hourly: z.object({
    time: z.array(z.string()),
    temperature_2m: series,
    relative_humidity_2m: series,
    precipitation: series,
    weather_code: series,
    cloud_cover: series,
    pressure_msl: series,
    wind_speed_10m: series,
    wind_direction_10m: series,
    is_day: series,
  }),
});

/**
 * Open-Meteo's hourly weather for past days: the forecast API (`WEATHER_API_URL`) for the last
 * FORECAST_API_REACH_DAYS days, the historical weather API (`WEATHER_ARCHIVE_API_URL`, from 1940) before.
 * Both convert units for us; we check that they did.
 */
export class OpenMeteoPastWeatherProvider implements PastWeatherProvider {
  private readonly forecastUrl: string;
  private readonly archiveUrl: string;
  private readonly timeoutMs: number;

  constructor(urls: { forecast: string; archive: string }, timeoutMs = 8000) {
    this.forecastUrl = urls.forecast.replace(/\/+$/, '');
    this.archiveUrl = urls.archive.replace(/\/+$/, '');
    this.timeoutMs = timeoutMs;
  }

  async hours(latitude: number, longitude: number, firstDay: string, lastDay: string, now: Date) {
    const source = pastWeatherSource(firstDay, now);
    const url = source === 'forecast' ? `${this.forecastUrl}/v1/forecast` : `${this.archiveUrl}/v1/archive`;
    const params = new URLSearchParams({
      latitude: String(latitude),
      longitude: String(longitude),
      start_date: firstDay,
      end_date: lastDay,
      hourly: HOURLY_VARIABLES.join(','),
      temperature_unit: 'fahrenheit',
      wind_speed_unit: 'mph',
      precipitation_unit: 'inch',
      timezone: 'GMT',
    });
    const body = await getOpenMeteoJson(`${url}?${params}`, this.timeoutMs);
    return { source, hours: readHours(body) };
  }
}

/** The hours of an Open-Meteo hourly answer; throws WeatherProviderError on anything else. */
function readHours(body: unknown): WeatherHour[] {
  const parsed = hourlySchema.safeParse(body);
  if (!parsed.success) throw new WeatherProviderError('provider answer has an unexpected shape');
  const { hourly_units: units, hourly } = parsed.data;
  if (units.temperature_2m !== '°F' || units.wind_speed_10m !== 'mp/h' || units.precipitation !== 'inch') {
    throw new WeatherProviderError(
      `provider ignored the unit request (${units.temperature_2m}, ${units.wind_speed_10m}, ${units.precipitation})`,
    );
  }
  const column = (name: (typeof HOURLY_VARIABLES)[number]) => hourly[name];
  if (HOURLY_VARIABLES.some((name) => column(name).length !== hourly.time.length)) {
    throw new WeatherProviderError('provider answer has series of different lengths');
  }
  return hourly.time.map((time, i) => {
    const ms = Date.parse(`${time}:00Z`);
    if (Number.isNaN(ms)) throw new WeatherProviderError(`provider answer has an unreadable time ${time}`);
    const value = (name: (typeof HOURLY_VARIABLES)[number]) => column(name)[i] ?? null;
    const isDay = value('is_day');
    return {
      time: new Date(ms).toISOString(),
      temperatureF: value('temperature_2m'),
      humidityPercent: value('relative_humidity_2m'),
      precipitationInches: value('precipitation'),
      weatherCode: value('weather_code'),
      cloudCoverPercent: value('cloud_cover'),
      pressureHpa: value('pressure_msl'),
      windSpeedMph: value('wind_speed_10m'),
      windDirectionDegrees: value('wind_direction_10m'),
      isDay: isDay === null ? null : isDay === 1,
    };
  });
}
