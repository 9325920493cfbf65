import { describe, expect, it } from 'vitest';
import {
  addReading,
  barometerInsight,
  barometerTrend,
  fishingInsight,
  hectopascalsToInchesOfMercury,
  type PressureCategory,
  type PressureTrend,
  pressureCategory,
  pressureTrend,
  THUNDERSTORM_INSIGHT,
  tendencyTrend,
} from './barometer.ts';
import { HPA_PER_INHG } from './units.ts';

const readings = (...pressures: number[]) =>
  pressures.map((pressure, i) => ({ pressure, timestamp: i * 1000 }));

describe('pressureCategory (High ≥ 30.2, Normal 29.8–30.2, Low < 29.8)', () => {
  it.each([
    [31.5, 'High'],
    [30.2, 'High'],
    [30.19, 'Normal'],
    [30.0, 'Normal'],
    [29.8, 'Normal'],
    [29.79, 'Low'],
    [28.5, 'Low'],
  ] as const)('%d inHg → %s', (pressure, category) => {
    expect(pressureCategory(pressure)).toBe(category);
  });
});

describe('pressureTrend (last up to 3 readings, ±1 inHg)', () => {
  it.each([
    [[], 'stable'],
    [[30], 'stable'],
    [[29, 30], 'stable'],
    [[29, 30.01], 'rising'],
    [[30, 29], 'stable'],
    [[30.01, 29], 'falling'],
    [[31.02, 30], 'falling'],
    [[29, 29.5, 30.01], 'rising'],
    [[29, 29.5, 30], 'stable'],
    // Only the last 3 count: the 27 is outside the window.
    [[27, 29.5, 29.8, 30], 'stable'],
    [[31, 31, 29.99], 'falling'],
  ] as const)('%j → %s', (pressures, trend) => {
    expect(pressureTrend(readings(...pressures))).toBe(trend);
  });
});

describe('fishingInsight (in the order of docs/product.md#barometer)', () => {
  const cases: [PressureCategory, PressureTrend, string][] = [
    ['High', 'stable', 'Excellent fishing conditions'],
    ['High', 'rising', 'Improving conditions'],
    ['High', 'falling', 'Fish may be less active'],
    ['Normal', 'rising', 'Good fishing expected'],
    ['Normal', 'stable', 'Average fishing conditions'],
    ['Normal', 'falling', 'Fish may be less active'],
    ['Low', 'rising', 'Fish may be less active'],
    ['Low', 'stable', 'Fish may be less active'],
    ['Low', 'falling', 'Fish may be less active'],
  ];
  it.each(cases)('%s and %s → %s', (category, trend, insight) => {
    expect(fishingInsight(category, trend)).toBe(insight);
  });
});

describe('readings', () => {
  it('keeps only the last 10', () => {
    let kept = readings();
    for (let i = 0; i < 12; i++) kept = addReading(kept, { pressure: 30 + i / 100, timestamp: i });
    expect(kept).toHaveLength(10);
    expect(kept[0]?.timestamp).toBe(2);
    expect(kept[9]?.timestamp).toBe(11);
  });

  it('converts hPa to inHg', () => {
    expect(hectopascalsToInchesOfMercury(1013.25)).toBeCloseTo(29.92, 2);
  });
});

describe('one trend (docs/decisions/025-one-pressure-trend.md)', () => {
  const hpa = (change: number) => change / HPA_PER_INHG;

  it.each([
    [-1.4, 'falling'],
    [-1, 'falling'],
    [-0.96, 'falling'],
    [-0.9, 'stable'],
    [0, 'stable'],
    [0.9, 'stable'],
    [1, 'rising'],
    [3.2, 'rising'],
  ] as const)("the provider's 3-hour change of %d hPa is %s", (change, trend) => {
    expect(tendencyTrend(hpa(change))).toBe(trend);
  });

  it("follows the provider's 3-hour tendency where it is known, not the phone's few readings", () => {
    // Two readings 2 minutes apart say nothing under the ±1 inHg rule: 'stable'. The provider saw 1.4 hPa fall.
    const twoReadings = readings(29.88, 29.88);
    expect(pressureTrend(twoReadings)).toBe('stable');
    expect(barometerTrend(twoReadings, hpa(-1.4))).toEqual({ trend: 'falling', source: 'provider' });
    expect(barometerTrend(twoReadings, hpa(0.3))).toEqual({ trend: 'stable', source: 'provider' });
  });

  it("uses the phone's own readings until the provider's tendency is known", () => {
    expect(barometerTrend(readings(29, 30.01), null)).toEqual({ trend: 'rising', source: 'readings' });
    expect(barometerTrend(readings(30), null)).toEqual({ trend: 'stable', source: 'readings' });
    expect(barometerTrend(readings(30.01, 29), Number.NaN)).toEqual({ trend: 'falling', source: 'readings' });
  });
});

describe('barometerInsight', () => {
  const clear = { condition: 'Clear', description: 'clear sky' };
  const storm = { condition: 'Thunderstorm', description: 'thunderstorm with slight hail' };

  it('is the fishing insight in fair weather', () => {
    expect(barometerInsight('High', 'stable', clear)).toEqual({
      text: 'Excellent fishing conditions',
      safety: false,
    });
    expect(barometerInsight('Normal', 'stable', clear).text).toBe('Average fishing conditions');
  });

  it('gives way to the safety warning in a thunderstorm, whatever the pressure', () => {
    for (const category of ['High', 'Normal', 'Low'] as const) {
      for (const trend of ['rising', 'stable', 'falling'] as const) {
        expect(barometerInsight(category, trend, storm)).toEqual({
          text: THUNDERSTORM_INSIGHT,
          safety: true,
        });
      }
    }
    expect(barometerInsight('Normal', 'stable', { condition: 'Rain', description: 'lightning' }).safety).toBe(
      true,
    );
  });
});
