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
    expect(formatTemperature(72.46, 'imperial')).toBe('72°F');
    expect(formatTemperature(-3.6, 'imperial')).toBe('-4°F');
    expect(formatWind(7.02, 'imperial')).toBe('7 mph');
    expect(formatHumidity(71.6)).toBe('72%');
    expect(formatPressure(30.014, 'imperial')).toBe('30.01 inHg');
    expect(formatPressure(29.8, 'imperial')).toBe('29.80 inHg');
  });

  it('writes metric units', () => {
    expect(formatTemperature(72.46, 'metric')).toBe('22°C');
    expect(formatTemperature(-3.6, 'metric')).toBe('-20°C');
    expect(formatWind(7.02, 'metric')).toBe('11 km/h');
    expect(formatPressure(30.014, 'metric')).toBe('1016 hPa');
    expect(formatPressure(29.8, 'metric')).toBe('1009 hPa');
    expect(describePressureChange3h(-0.04, 'metric')).toBe('falling 1.4 hPa in 3 h');
    expect(describePressureChange3h(0.1, 'metric')).toBe('rising 3.4 hPa in 3 h');
    expect(describePressureChange3h(0.001, 'metric')).toBe('steady over 3 h');
    expect(describePressureChange3h(-0.001, 'metric')).toBe('steady over 3 h');
    expect(describePressureChange3h(null, 'metric')).toBeNull();
  });

  it('capitalises a description', () => {
    expect(capitalizeFirst('light rain')).toBe('Light rain');
    expect(capitalizeFirst('')).toBe('');
  });

  it('describes the 3-hour tendency', () => {
    expect(describePressureChange3h(-0.04, 'imperial')).toBe('falling 0.04 inHg in 3 h');
    expect(describePressureChange3h(0.1, 'imperial')).toBe('rising 0.10 inHg in 3 h');
    expect(describePressureChange3h(0.004, 'imperial')).toBe('steady over 3 h');
    expect(describePressureChange3h(-0.004, 'imperial')).toBe('steady over 3 h');
    // Under the 1 hPa that counts as a change: steady, with what it did.
    expect(describePressureChange3h(-0.01, 'imperial')).toBe('steady (falling 0.01 inHg in 3 h)');
    expect(describePressureChange3h(0.02, 'metric')).toBe('steady (rising 0.7 hPa in 3 h)');
    expect(describePressureChange3h(null, 'imperial')).toBeNull();
    expect(describePressureChange3h(Number.NaN, 'imperial')).toBeNull();
  });
});
