import { describe, expect, it } from 'vitest';
import { compassPoint, nextSimulatedHeading, normalizeHeading } from './compass.ts';

describe('compassPoint: 8 points of 45°, centred', () => {
  it.each([
    [0, 'N'],
    [22.4, 'N'],
    [22.5, 'NE'],
    [45, 'NE'],
    [67.4, 'NE'],
    [67.5, 'E'],
    [90, 'E'],
    [112.5, 'SE'],
    [135, 'SE'],
    [157.5, 'S'],
    [180, 'S'],
    [202.5, 'SW'],
    [225, 'SW'],
    [247.5, 'W'],
    [270, 'W'],
    [292.5, 'NW'],
    [315, 'NW'],
    [337.4, 'NW'],
    [337.5, 'N'],
    [359.9, 'N'],
    [360, 'N'],
    [-45, 'NW'],
    [720 + 90, 'E'],
  ] as const)('%d° → %s', (degrees, point) => {
    expect(compassPoint(degrees)).toBe(point);
  });
});

describe('simulation', () => {
  it('advances one degree per tick and wraps at 360', () => {
    expect(nextSimulatedHeading(0)).toBe(1);
    expect(nextSimulatedHeading(358)).toBe(359);
    expect(nextSimulatedHeading(359)).toBe(0);
  });

  it('normalises any angle into [0, 360)', () => {
    expect(normalizeHeading(-1)).toBe(359);
    expect(normalizeHeading(360)).toBe(0);
    expect(normalizeHeading(725)).toBe(5);
  });
});
