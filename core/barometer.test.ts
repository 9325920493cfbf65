import { describe, expect, it } from 'vitest';
import {
  addReading,
  fishingInsight,
  hectopascalsToInchesOfMercury,
  type PressureCategory,
  type PressureTrend,
  pressureCategory,
  pressureTrend,
} from './barometer.ts';

const readings = (...pressures: number[]) =>
  pressures.map((pressure, i) => ({ pressure, timestamp: i * 1000 }));

describe('pressureCategory (SPEC §4: High ≥ 30.2, Normal 29.8–30.2, Low < 29.8)', () => {
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

describe('fishingInsight (SPEC §4, in the spec order)', () => {
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
