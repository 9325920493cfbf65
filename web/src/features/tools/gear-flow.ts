import { type GearRecommendation, recommendGear } from '#core/gear.ts';
import type { UnitSystem } from '#core/units.ts';
import type { Weather } from '#core/weather.ts';
import type { ToastOptions } from '../../hooks/use-toast.ts';
import { DeviceLocationError } from '../catches/use-device-location.ts';
import { type Position, WEATHER_FETCH_FAILED, WeatherOfflineError } from './weather-query.ts';

/**
 * The gear card's 'Get Recommendations' flow (docs/product.md#gear: rules and toasts): position, then weather at it,
 * then the rules. Each step's failure is told apart so the right toast shows.
 */

export type GearStep = 'location' | 'weather';

export class GearFlowError extends Error {
  readonly step: GearStep;

  constructor(step: GearStep, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'GearFlowError';
    this.step = step;
  }
}

export interface GearResult {
  weather: Weather;
  items: GearRecommendation[];
}

export async function recommendationsForHere(deps: {
  locate: () => Promise<Position>;
  weatherAt: (position: Position) => Promise<Weather>;
  units: UnitSystem;
}): Promise<GearResult> {
  let position: Position;
  try {
    position = await deps.locate();
  } catch (error) {
    throw new GearFlowError('location', error);
  }
  let weather: Weather;
  try {
    weather = await deps.weatherAt(position);
  } catch (error) {
    throw new GearFlowError('weather', error);
  }
  return { weather, items: recommendGear(weather, deps.units) };
}

export function gearSuccessToast(count: number): ToastOptions {
  return {
    title: 'Recommendations Generated',
    description: `${count} ${count === 1 ? 'item' : 'items'} recommended for current conditions`,
  };
}

/** 'Location Error' with the location message, 'Weather Error', or 'Error' for anything else. */
export function gearFailureToast(error: unknown): ToastOptions {
  if (error instanceof GearFlowError && error.step === 'location') {
    const cause = error.cause;
    return {
      title: 'Location Error',
      description:
        cause instanceof DeviceLocationError ? cause.message : new DeviceLocationError('unknown').message,
      variant: 'destructive',
    };
  }
  if (error instanceof GearFlowError && error.step === 'weather') {
    const description =
      error.cause instanceof WeatherOfflineError
        ? `${error.cause.message}: you're offline.`
        : WEATHER_FETCH_FAILED;
    return { title: 'Weather Error', description, variant: 'destructive' };
  }
  return {
    title: 'Error',
    description: 'Could not generate recommendations. Please try again.',
    variant: 'destructive',
  };
}
