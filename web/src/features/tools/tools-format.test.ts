import { describe, expect, it } from 'vitest';
import {
  capitalizeFirst,
  describePressureChange3h,
  formatHumidity,
  formatPressure,
  formatTemperature,
  formatWind,
} from './tools-format.ts';

describe('tool value formats', () => {
  it('writes the spec units', () => {
    expect(formatTemperature(72.46)).toBe('72°F');
    expect(formatTemperature(-3.6)).toBe('-4°F');
    expect(formatWind(7.02)).toBe('7 mph');
    expect(formatHumidity(71.6)).toBe('72%');
    expect(formatPressure(30.014)).toBe('30.01 inHg');
    expect(formatPressure(29.8)).toBe('29.80 inHg');
  });

  it('capitalises a description', () => {
    expect(capitalizeFirst('light rain')).toBe('Light rain');
    expect(capitalizeFirst('')).toBe('');
  });

  it('describes the 3-hour tendency', () => {
    expect(describePressureChange3h(-0.04)).toBe('falling 0.04 inHg in 3 h');
    expect(describePressureChange3h(0.1)).toBe('rising 0.10 inHg in 3 h');
    expect(describePressureChange3h(0.004)).toBe('steady over 3 h');
    expect(describePressureChange3h(-0.004)).toBe('steady over 3 h');
    expect(describePressureChange3h(null)).toBeNull();
    expect(describePressureChange3h(Number.NaN)).toBeNull();
  });
});
