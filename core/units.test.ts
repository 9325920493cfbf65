import { describe, expect, it } from 'vitest';
import {
  formatFigure,
  formatNumber,
  formatOptionalQuantity,
  formatQuantity,
  isUnitSystem,
  type Quantity,
  toDisplayValue,
  toStoredValue,
  unitLabel,
} from './units.ts';

const QUANTITIES: Quantity[] = [
  'weight',
  'length',
  'temperature',
  'waterTemperature',
  'depth',
  'speed',
  'pressure',
  'pressureChange',
  'tideHeight',
  'distance',
];

describe('units', () => {
  it('imperial is the spec: values pass through unchanged', () => {
    expect(formatQuantity('weight', 4.5, 'imperial')).toBe('4.5 lbs');
    expect(formatQuantity('length', 18, 'imperial')).toBe('18.0 in');
    expect(formatQuantity('temperature', 72.4, 'imperial')).toBe('72°F');
    expect(formatQuantity('depth', 12, 'imperial')).toBe('12 ft');
    expect(formatQuantity('depth', 12.5, 'imperial')).toBe('12.5 ft');
    expect(formatQuantity('waterTemperature', 54.5, 'imperial')).toBe('54.5°F');
    expect(formatQuantity('waterTemperature', 68, 'imperial')).toBe('68°F');
    expect(formatQuantity('speed', 9.6, 'imperial')).toBe('10 mph');
    expect(formatQuantity('pressure', 30.014, 'imperial')).toBe('30.01 inHg');
    expect(toStoredValue('weight', 2.5, 'imperial')).toBe(2.5);
  });

  it('metric converts with the exact factors', () => {
    expect(formatQuantity('weight', 10, 'metric')).toBe('4.5 kg'); // 4.5359237
    expect(formatQuantity('length', 10, 'metric')).toBe('25.4 cm');
    expect(formatQuantity('temperature', 212, 'metric')).toBe('100°C');
    expect(formatQuantity('temperature', 32, 'metric')).toBe('0°C');
    expect(formatQuantity('depth', 10, 'metric')).toBe('3 m');
    expect(formatQuantity('depth', 12.5, 'metric')).toBe('3.8 m');
    expect(formatQuantity('waterTemperature', 54.5, 'metric')).toBe('12.5°C');
    expect(formatQuantity('waterTemperature', 68, 'metric')).toBe('20°C');
    expect(formatQuantity('speed', 10, 'metric')).toBe('16 km/h');
    expect(formatQuantity('pressure', 29.92, 'metric')).toBe('1013 hPa');
    expect(formatQuantity('pressureChange', 0.04, 'metric')).toBe('1.4 hPa');
    expect(unitLabel('weight', 'metric')).toBe('kg');
    expect(unitLabel('length', 'metric')).toBe('cm');
    expect(unitLabel('length', 'imperial')).toBe('inches');
    expect(unitLabel('waterTemperature', 'metric')).toBe('°C');
  });

  it('groups thousands in every figure shown, with the decimals of its unit', () => {
    expect(formatQuantity('weight', 12896.44, 'imperial')).toBe('12,896.4 lbs');
    // Air pressure is written as weather reports write it.
    expect(formatQuantity('pressure', 29.92, 'metric')).toBe('1013 hPa');
    expect(formatQuantity('depth', 2000, 'imperial')).toBe('2,000 ft');
    expect(formatFigure(2000)).toBe('2,000');
    expect(formatFigure(1234.56, 1)).toBe('1,234.6');
    expect(formatFigure(-0.04, 1)).toBe('0');
    expect(formatFigure(3, 1, false)).toBe('3.0');
  });

  it('entering 2.5 kg stores the weight that displays as 2.5 kg again, and 5.5 lbs in imperial', () => {
    const stored = toStoredValue('weight', 2.5, 'metric');
    expect(stored).toBeCloseTo(5.51156, 5);
    expect(formatQuantity('weight', stored, 'metric')).toBe('2.5 kg');
    expect(formatQuantity('weight', stored, 'imperial')).toBe('5.5 lbs');
  });

  it('every value typed at display precision displays as typed again, for every quantity', () => {
    for (const quantity of QUANTITIES) {
      for (let tenths = -400; tenths <= 20000; tenths += 31) {
        const typed = tenths / 10;
        for (const system of ['imperial', 'metric'] as const) {
          const shown = formatNumber(quantity, typed, system);
          const asTyped = Number(shown.replaceAll(',', '')); // a value as it would be typed in this unit
          const roundTripped = toDisplayValue(quantity, toStoredValue(quantity, asTyped, system), system);
          expect(roundTripped).toBeCloseTo(asTyped, 9);
          expect(formatNumber(quantity, toStoredValue(quantity, asTyped, system), system)).toBe(shown);
        }
      }
    }
  });

  it('a conversion there and back returns the stored value', () => {
    for (const quantity of QUANTITIES) {
      for (const stored of [0, 0.1, 1, 5.51, 29.92, 72, 1234.5]) {
        expect(toStoredValue(quantity, toDisplayValue(quantity, stored, 'metric'), 'metric')).toBeCloseTo(
          stored,
          9,
        );
      }
    }
  });

  it('never shows a negative zero, and a missing value is no measurement', () => {
    expect(formatQuantity('temperature', 31.9, 'metric')).toBe('0°C'); // -0.06 °C
    expect(formatQuantity('waterTemperature', 31.95, 'metric')).toBe('0°C'); // -0.03 °C
    expect(formatOptionalQuantity('weight', null, 'metric')).toBeNull();
    expect(formatOptionalQuantity('weight', Number.NaN, 'metric')).toBeNull();
    expect(formatOptionalQuantity('weight', 0, 'metric')).toBe('0.0 kg');
  });

  it("writes a tide's height in feet or metres (below the datum too) and a distance in miles or km", () => {
    expect(formatQuantity('tideHeight', 9.43, 'imperial')).toBe('9.4 ft');
    expect(formatQuantity('tideHeight', -1.25, 'imperial')).toBe('-1.3 ft');
    expect(formatQuantity('tideHeight', 9.43, 'metric')).toBe('2.87 m');
    expect(formatQuantity('tideHeight', -0.01, 'metric')).toBe('0.00 m');
    expect(formatQuantity('distance', 12.4 / 1.609344, 'metric')).toBe('12.4 km');
    expect(formatQuantity('distance', 10, 'imperial')).toBe('10.0 mi');
  });

  it('knows its two systems', () => {
    expect(isUnitSystem('metric')).toBe(true);
    expect(isUnitSystem('imperial')).toBe(true);
    expect(isUnitSystem('Metric')).toBe(false);
    expect(isUnitSystem(undefined)).toBe(false);
  });
});
