import { describe, expect, it } from 'vitest';
import { describeWmoCode } from './weather.ts';

describe('describeWmoCode', () => {
  it.each([
    [0, true, 'Clear', 'clear sky', '01d'],
    [0, false, 'Clear', 'clear sky', '01n'],
    [3, true, 'Clouds', 'overcast clouds', '04d'],
    [45, true, 'Fog', 'fog', '50d'],
    [53, true, 'Drizzle', 'moderate drizzle', '09d'],
    [63, true, 'Rain', 'moderate rain', '10d'],
    [81, true, 'Rain', 'moderate rain showers', '09d'],
    [75, true, 'Snow', 'heavy snow fall', '13d'],
    [95, true, 'Thunderstorm', 'thunderstorm', '11d'],
    [99, false, 'Thunderstorm', 'thunderstorm with heavy hail', '11n'],
    [42, true, 'Clouds', 'cloudy', '03d'],
  ] as const)('code %d (day %s) → %s, %s, %s', (code, isDay, condition, description, icon) => {
    expect(describeWmoCode(code, isDay)).toEqual({ condition, description, icon });
  });
});
