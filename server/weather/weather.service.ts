import { hectopascalsToInchesOfMercury } from '#core/barometer.ts';
import { pressureTendency } from '#core/catch-conditions.ts';
import { describeWmoCode, type Weather, type WeatherHour } from '#core/weather.ts';
import type { Clock } from '../clock.ts';
import type { ReverseGeocoder } from '../places/reverse-geocoder.ts';
import type { ProviderHour, ProviderObservation, WeatherProvider } from './open-meteo.provider.ts';
import type { WeatherBudget, WeatherBudgetRefusal } from './weather-budget.ts';

/** Answers are shared per 0.01° cell (about 1 km) for 5 minutes: repeated views do not hammer the provider. */
export const WEATHER_CACHE_MS = 5 * 60 * 1000;
const CELL_DEGREES = 0.01;
const MAX_CACHED_CELLS = 5000;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The centre of the ~1 km cell a position falls in: all the provider ever sees of a position. */
export function weatherCell(latitude: number, longitude: number): { latitude: number; longitude: number } {
  return {
    latitude: round(Math.round(latitude / CELL_DEGREES) * CELL_DEGREES, 2),
    longitude: round(Math.round(longitude / CELL_DEGREES) * CELL_DEGREES, 2),
  };
}

/** The real 3-hour change in inHg, rounded as the answer says it; null without both pressures. */
function change3h(pressureHpa: number | null, pressureHpa3hAgo: number | null): number | null {
  if (pressureHpa === null || pressureHpa3hAgo === null) return null;
  return round(
    hectopascalsToInchesOfMercury(pressureHpa) - hectopascalsToInchesOfMercury(pressureHpa3hAgo),
    2,
  );
}

/** A forecast hour as the answer says it, its tendency by the rule a catch's weather uses. */
function forecastHour(hour: ProviderHour): WeatherHour {
  const change = change3h(hour.pressureHpa, hour.pressureHpa3hAgo);
  return {
    start: hour.start,
    temperature: hour.temperatureF === null ? null : round(hour.temperatureF, 1),
    pressureHpa: hour.pressureHpa === null ? null : round(hour.pressureHpa, 1),
    pressureTendency: change === null ? null : pressureTendency(change),
  };
}

/** No reading of this cell is kept and the provider may not be asked now (weather-budget.ts). */
export class WeatherBudgetExceededError extends Error {
  readonly refusal: WeatherBudgetRefusal;
  constructor(refusal: WeatherBudgetRefusal) {
    super(`weather budget of the ${refusal} is used up`);
    this.refusal = refusal;
  }
}

interface CacheEntry {
  fetchedAt: number;
  observation: Promise<ProviderObservation>;
}

/**
 * Current weather at a position, in the shape of docs/product.md#weather. The provider only ever sees the centre of the ~1 km
 * cell, never the angler's exact spot.
 */
export class WeatherService {
  private readonly provider: WeatherProvider;
  private readonly geocoder: ReverseGeocoder;
  private readonly clock: Clock;
  private readonly budget: WeatherBudget;
  private readonly cache = new Map<string, CacheEntry>();

  constructor(provider: WeatherProvider, geocoder: ReverseGeocoder, clock: Clock, budget: WeatherBudget) {
    this.provider = provider;
    this.geocoder = geocoder;
    this.clock = clock;
    this.budget = budget;
  }

  /** The weather for `userId` at a position; throws WeatherBudgetExceededError when it would cost a call we may not make. */
  async current(userId: number, latitude: number, longitude: number): Promise<Weather> {
    const cell = weatherCell(latitude, longitude);
    const observation = await this.observe(userId, cell.latitude, cell.longitude);
    const { condition, description, icon } = describeWmoCode(observation.weatherCode, observation.isDay);
    const pressure = hectopascalsToInchesOfMercury(observation.pressureHpa);
    return {
      location: this.geocoder.nameAt(latitude, longitude),
      temperature: round(observation.temperatureF, 1),
      description,
      condition,
      icon,
      windSpeed: round(observation.windSpeedMph, 1),
      humidity: Math.round(observation.humidityPercent),
      pressure: round(pressure, 2),
      observedAt: observation.observedAt,
      pressureChange3h: change3h(observation.pressureHpa, observation.pressureHpa3hAgo),
      hours: observation.hours.map(forecastHour),
    };
  }

  /**
   * One provider call per cell per 5 minutes; concurrent requests for a cell share the call; failures are not kept.
   * A call needs room in the user's and the server's budgets; without it, the cell's last reading is served even
   * when older than 5 minutes (its observedAt says how old), and only a cell never read is refused.
   */
  private observe(userId: number, cellLat: number, cellLon: number): Promise<ProviderObservation> {
    const key = `${cellLat},${cellLon}`;
    const now = this.clock.now().getTime();
    const cached = this.cache.get(key);
    if (cached && now - cached.fetchedAt < WEATHER_CACHE_MS) return cached.observation;
    const refusal = this.budget.take(userId);
    if (refusal) {
      if (cached) return cached.observation;
      throw new WeatherBudgetExceededError(refusal);
    }

    const observation = this.provider.current(cellLat, cellLon);
    this.cache.delete(key);
    this.cache.set(key, { fetchedAt: now, observation });
    observation.catch(() => {
      if (this.cache.get(key)?.observation === observation) this.cache.delete(key);
    });
    if (this.cache.size > MAX_CACHED_CELLS) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return observation;
  }
}
