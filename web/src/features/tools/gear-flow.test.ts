import { describe, expect, it } from 'vitest';
import type { Weather } from '#core/weather.ts';
import { ApiError } from '../../api/http.ts';
import { DeviceLocationError } from '../catches/use-device-location.ts';
import { GearFlowError, gearFailureToast, gearSuccessToast, recommendationsForHere } from './gear-flow.ts';
import { WeatherOfflineError } from './weather-query.ts';

const RAINY: Weather = {
  location: 'South Lake Tahoe',
  temperature: 52,
  description: 'moderate rain',
  condition: 'Rain',
  icon: '10d',
  windSpeed: 12,
  humidity: 90,
  pressure: 29.7,
  observedAt: '2025-04-29T15:45:00Z',
  pressureChange3h: -0.04,
};
const HERE = { latitude: 39.1, longitude: -120.03 };

describe('the gear flow', () => {
  it('locates, fetches the weather there and applies the rules', async () => {
    const asked: unknown[] = [];
    const result = await recommendationsForHere({
      units: 'imperial',
      locate: async () => HERE,
      weatherAt: async (position) => {
        asked.push(position);
        return RAINY;
      },
    });
    expect(asked).toEqual([HERE]);
    expect(result.weather).toBe(RAINY);
    expect(result.items.map((item) => item.name)).toEqual([
      'Fishing Rod & Reel',
      'Fishing License',
      'Tackle Box',
      'Waterproof Jacket',
      'Thermal Layers',
      'Waterproof Pants',
      'Waterproof Hat',
      'Bag Cover',
      'Heavier Weights',
      'Windbreaker',
    ]);
    expect(gearSuccessToast(result.items.length)).toEqual({
      title: 'Recommendations Generated',
      description: '10 items recommended for current conditions',
    });
  });

  it("gives 'Location Error' with the location message when the position fails", async () => {
    const failure = await recommendationsForHere({
      units: 'imperial',
      locate: async () => {
        throw new DeviceLocationError('permissionDenied');
      },
      weatherAt: async () => RAINY,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GearFlowError);
    expect(gearFailureToast(failure)).toMatchObject({
      title: 'Location Error',
      description: 'Location permission denied. Please allow location access in your browser settings.',
    });
  });

  it("gives 'Weather Error' when the weather call fails", async () => {
    const failure = await recommendationsForHere({
      units: 'imperial',
      locate: async () => HERE,
      weatherAt: async () => {
        throw new ApiError(502, '{"message":"Failed to fetch weather data"}', 'Bad Gateway');
      },
    }).catch((error: unknown) => error);
    expect(gearFailureToast(failure)).toMatchObject({
      title: 'Weather Error',
      description: 'Failed to fetch weather data',
    });
  });

  it("gives 'Weather Error' saying it needs a connection when offline", async () => {
    const failure = await recommendationsForHere({
      units: 'imperial',
      locate: async () => HERE,
      weatherAt: async () => {
        throw new WeatherOfflineError();
      },
    }).catch((error: unknown) => error);
    expect(gearFailureToast(failure)).toMatchObject({
      title: 'Weather Error',
      description: "Weather needs a connection: you're offline.",
    });
  });

  it("gives 'Error' for anything else", () => {
    expect(gearFailureToast(new TypeError('boom')).title).toBe('Error');
    expect(gearFailureToast(undefined).title).toBe('Error');
  });
});
