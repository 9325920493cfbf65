import { z } from 'zod';

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
}

export interface WeatherProvider {
  current(latitude: number, longitude: number): Promise<ProviderObservation>;
}

/** The provider failed, timed out or answered something we cannot read. */
export class WeatherProviderError extends Error {}

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
  hourly: z.object({ time: z.array(z.string()), pressure_msl: z.array(z.number().nullable()) }).optional(),
});

const HOUR_MS = 60 * 60 * 1000;

/** Open-Meteo times are 'YYYY-MM-DDTHH:mm' in the zone we ask for (GMT). */
function parseGmt(time: string): number {
  return Date.parse(`${time}:00Z`);
}

/**
 * Open-Meteo's forecast API: no key, and it converts units for us (we ask for °F and mph). The current block
 * gives the observation; a few hours of hourly sea-level pressure give the real 3-hour tendency.
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
      hourly: 'pressure_msl',
      past_hours: '4',
      forecast_hours: '1',
      temperature_unit: 'fahrenheit',
      wind_speed_unit: 'mph',
      timezone: 'GMT',
    });
    let body: unknown;
    try {
      const response = await fetch(`${this.baseUrl}/v1/forecast?${params}`, {
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new WeatherProviderError(`provider answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      if (error instanceof WeatherProviderError) throw error;
      throw new WeatherProviderError(`provider unreachable: ${(error as Error).message}`);
    }
    const parsed = forecastSchema.safeParse(body);
    if (!parsed.success) throw new WeatherProviderError('provider answer has an unexpected shape');
    const { current, current_units: units, hourly } = parsed.data;
    if (units.temperature_2m !== '°F' || units.wind_speed_10m !== 'mp/h') {
      throw new WeatherProviderError(
        `provider ignored the unit request (${units.temperature_2m}, ${units.wind_speed_10m})`,
      );
    }

    let pressureHpa3hAgo: number | null = null;
    if (hourly) {
      const observedMs = parseGmt(current.time);
      const targetMs = Math.floor(observedMs / HOUR_MS) * HOUR_MS - 3 * HOUR_MS;
      const index = hourly.time.findIndex((time) => parseGmt(time) === targetMs);
      pressureHpa3hAgo = index >= 0 ? (hourly.pressure_msl[index] ?? null) : null;
    }
    return {
      observedAt: new Date(parseGmt(current.time)).toISOString(),
      temperatureF: current.temperature_2m,
      humidityPercent: current.relative_humidity_2m,
      windSpeedMph: current.wind_speed_10m,
      weatherCode: current.weather_code,
      isDay: current.is_day === 1,
      pressureHpa: current.pressure_msl,
      pressureHpa3hAgo,
    };
  }
}
