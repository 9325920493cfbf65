import { z } from 'zod';
import { type UpstreamAnswer, upstreamGet } from '../http/upstream-get.ts';

/** One observation from the weather provider, already in the app's units (°F, mph, %, hPa). */
export interface ProviderObservation {
  observedAt: string;
  temperatureF: number;
  humidityPercent: number;
  windSpeedMph: number;
  weatherCode: number;
  isDay: boolean;
  pressureHpa: number;
  /** Sea-level pressure 3 hours before the observation, when the provider has it. */
  pressureHpa3hAgo: number | null;
  /** The forecast hours from the hour of the observation on (FORECAST_HOURS of them when the provider has them). */
  hours: ProviderHour[];
}

/** One forecast hour, with the pressure 3 hours before it for its tendency. */
export interface ProviderHour {
  /** ISO 8601, UTC. */
  start: string;
  temperatureF: number | null;
  pressureHpa: number | null;
  pressureHpa3hAgo: number | null;
}

/** A day of hours from now: the rest of today on any phone's clocks (core/weather.ts `Weather.hours`). */
export const FORECAST_HOURS = 24;

export interface WeatherProvider {
  current(latitude: number, longitude: number): Promise<ProviderObservation>;
}

/** The provider failed, timed out or answered something we cannot read. */
export class WeatherProviderError extends Error {}

/** The provider refused for its quota (429): the caller waits longer than after an ordinary failure. */
export class WeatherQuotaError extends WeatherProviderError {}

/** Larger than any answer we ask Open-Meteo for (a few days of hourly values); a bigger one is not read. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

/**
 * The JSON body of a GET of Open-Meteo: WeatherQuotaError for a 429, WeatherProviderError when unreachable, not
 * finished within `timeoutMs`, answering another failure or not JSON.
 */
export async function getOpenMeteoJson(url: string, timeoutMs: number): Promise<unknown> {
  let answer: UpstreamAnswer;
  try {
    answer = await upstreamGet(url, {
      headers: { accept: 'application/json' },
      timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
    });
  } catch (error) {
    throw new WeatherProviderError(`provider unreachable: ${(error as Error).message}`);
  }
  if (answer.status === 429) throw new WeatherQuotaError('provider refused: quota (429)');
  if (answer.status < 200 || answer.status > 299) {
    throw new WeatherProviderError(`provider answered ${answer.status}`);
  }
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch (error) {
    throw new WeatherProviderError(`provider answer is not JSON: ${(error as Error).message}`);
  }
}

/** The part of Open-Meteo's /v1/forecast answer we read (https://open-meteo.com/en/docs). */
const forecastSchema = z.object({
  current: z.object({
    time: z.string(),
    temperature_2m: z.number(),
    relative_humidity_2m: z.number(),
    weather_code: z.number().int(),
    wind_speed_10m: z.number(),
    pressure_msl: z.number(),
    is_day: z.number(),
  }),
  current_units: z.object({ temperature_2m: z.string(), wind_speed_10m: z.string() }),
  hourly: z
    .object({
      time: z.array(z.string()),
      temperature_2m: z.array(z.number().nullable()),
      pressure_msl: z.array(z.number().nullable()),
    })
    .optional(),
  hourly_units: z.object({ temperature_2m: z.string() }).optional(),
});

const HOUR_MS = 60 * 60 * 1000;

/** Open-Meteo times are 'YYYY-MM-DDTHH:mm' in the zone we ask for (GMT). */
function parseGmt(time: string): number {
  return Date.parse(`${time}:00Z`);
}

/**
 * Open-Meteo's forecast API: no key, and it converts units for us (we ask for °F and mph). The current block
 * gives the observation; the hourly temperature and sea-level pressure from 3 hours before it to a day after give
 * the real 3-hour tendency now and the forecast hours, all in the one call.
 */
export class OpenMeteoProvider implements WeatherProvider {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(baseUrl: string, timeoutMs = 8000) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.timeoutMs = timeoutMs;
  }

  async current(latitude: number, longitude: number): Promise<ProviderObservation> {
    const params = new URLSearchParams({
      latitude: String(latitude),
      longitude: String(longitude),
      current: 'temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m,pressure_msl,is_day',
      hourly: 'temperature_2m,pressure_msl',
      past_hours: '3',
      forecast_hours: String(FORECAST_HOURS),
      temperature_unit: 'fahrenheit',
      wind_speed_unit: 'mph',
      timezone: 'GMT',
    });
    const body = await getOpenMeteoJson(`${this.baseUrl}/v1/forecast?${params}`, this.timeoutMs);
    const parsed = forecastSchema.safeParse(body);
    if (!parsed.success) throw new WeatherProviderError('provider answer has an unexpected shape');
    const { current, current_units: units, hourly, hourly_units: hourlyUnits } = parsed.data;
    const hourlyTemperatureUnit = hourlyUnits?.temperature_2m ?? '°F';
    if (units.temperature_2m !== '°F' || units.wind_speed_10m !== 'mp/h' || hourlyTemperatureUnit !== '°F') {
      throw new WeatherProviderError(
        `provider ignored the unit request (${units.temperature_2m}, ${units.wind_speed_10m}, ${hourlyTemperatureUnit})`,
      );
    }

    // Each hour's values by its start, so an hour's tendency reads the hour 3 before it whatever the answer holds.
    const byHour = new Map<number, { temperatureF: number | null; pressureHpa: number | null }>();
    hourly?.time.forEach((time, index) => {
      byHour.set(parseGmt(time), {
        temperatureF: hourly.temperature_2m[index] ?? null,
        pressureHpa: hourly.pressure_msl[index] ?? null,
      });
    });
    const observedHourMs = Math.floor(parseGmt(current.time) / HOUR_MS) * HOUR_MS;
    const pressure3hBefore = (hourMs: number) => byHour.get(hourMs - 3 * HOUR_MS)?.pressureHpa ?? null;
    const hours: ProviderHour[] = [...byHour]
      .filter(([hourMs]) => hourMs >= observedHourMs && hourMs < observedHourMs + FORECAST_HOURS * HOUR_MS)
      .sort(([a], [b]) => a - b)
      .map(([hourMs, values]) => ({
        start: new Date(hourMs).toISOString(),
        ...values,
        pressureHpa3hAgo: pressure3hBefore(hourMs),
      }));
    return {
      observedAt: new Date(parseGmt(current.time)).toISOString(),
      temperatureF: current.temperature_2m,
      humidityPercent: current.relative_humidity_2m,
      windSpeedMph: current.wind_speed_10m,
      weatherCode: current.weather_code,
      isDay: current.is_day === 1,
      pressureHpa: current.pressure_msl,
      pressureHpa3hAgo: pressure3hBefore(observedHourMs),
      hours,
    };
  }
}
