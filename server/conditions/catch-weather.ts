import { hectopascalsToInchesOfMercury } from '#core/barometer.ts';
import { type CatchWeather, pressureTendency } from '#core/catch-conditions.ts';
import { describeWmoCode } from '#core/weather.ts';
import type { WeatherHour } from './past-weather.provider.ts';
import { type KeptDay, keptReading } from './weather-hours.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The hour a moment falls in (ISO 8601 UTC): the reading a catch gets is the one at the start of its hour. */
export function hourOf(moment: Date): string {
  return new Date(Math.floor(moment.getTime() / HOUR_MS) * HOUR_MS).toISOString();
}

/** The hour three hours before the hour of `moment`: the other end of the 3-hour tendency. */
export function hourThreeBefore(moment: Date): string {
  return new Date(Date.parse(hourOf(moment)) - 3 * HOUR_MS).toISOString();
}

/**
 * The weather of a catch from the readings of its hour and of 3 hours before (docs/decisions/042-weather-at-a-catch.md),
 * in the weather card's words and units (core/weather.ts, WeatherService): °F, mph, inHg, inches. Null when the
 * provider has no temperature, weather code, wind or pressure for that hour; the tendency is null without the
 * earlier pressure.
 */
export function catchWeatherFrom(
  hour: WeatherHour | undefined,
  threeBefore: WeatherHour | undefined,
): CatchWeather | null {
  if (
    !hour ||
    hour.temperatureF === null ||
    hour.weatherCode === null ||
    hour.windSpeedMph === null ||
    hour.pressureHpa === null
  ) {
    return null;
  }
  const { condition, description } = describeWmoCode(hour.weatherCode, hour.isDay ?? true);
  const pressure = hectopascalsToInchesOfMercury(hour.pressureHpa);
  const earlier = threeBefore?.pressureHpa ?? null;
  const change = earlier === null ? null : round(pressure - hectopascalsToInchesOfMercury(earlier), 2);
  return {
    airTemperature: round(hour.temperatureF, 1),
    description,
    condition,
    windSpeed: round(hour.windSpeedMph, 1),
    windDirection: hour.windDirectionDegrees === null ? null : Math.round(hour.windDirectionDegrees) % 360,
    cloudCover: hour.cloudCoverPercent === null ? null : Math.round(hour.cloudCoverPercent),
    precipitation: hour.precipitationInches === null ? null : round(Math.max(0, hour.precipitationInches), 3),
    humidity: hour.humidityPercent === null ? null : Math.round(hour.humidityPercent),
    pressure: round(pressure, 2),
    pressureChange3h: change,
    pressureTendency: change === null ? null : pressureTendency(change),
  };
}

/**
 * The weather at `moment` from the kept days: the reading of its hour and of 3 hours before, as a catch at that
 * moment gets it. The one reading a catch's and a trip's hours share (server/conditions/trip-effort-job.ts).
 */
export function keptWeatherAt(kept: ReadonlyMap<string, KeptDay | null>, moment: Date): CatchWeather | null {
  return catchWeatherFrom(keptReading(kept, hourOf(moment)), keptReading(kept, hourThreeBefore(moment)));
}
