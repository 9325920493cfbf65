import { describe, expect, it } from 'vitest';
import { describeDatum, formatMinutes, timeZoneName } from './tides-format.ts';

describe('the Tides card writes', () => {
  it('a datum with its meaning, where it has one', () => {
    expect(describeDatum('MLLW')).toBe('MLLW (mean lower low water)');
    expect(describeDatum('LAT')).toBe('LAT (lowest astronomical tide)');
    expect(describeDatum('TLT')).toBe('TLT');
  });

  it('spans of minutes in hours and minutes', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(80)).toBe('1 h 20 min');
    expect(formatMinutes(-3)).toBe('0 min');
  });

  it("a station's time zone by its short name at that date", () => {
    expect(timeZoneName('America/New_York', new Date('2025-10-22T12:00:00Z'), 'en-US')).toBe('EDT');
    expect(timeZoneName('America/New_York', new Date('2025-12-22T12:00:00Z'), 'en-US')).toBe('EST');
    expect(timeZoneName('Etc/GMT', new Date('2025-12-22T12:00:00Z'), 'en-US')).toBe('UTC');
  });
});
