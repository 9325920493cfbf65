import { describe, expect, it } from 'vitest';
import {
  describeAllDay,
  describeTwilightAllDay,
  formatIllumination,
  formatSkyEvent,
  formatSkyTime,
  formatSolunarPeriod,
} from './sun-moon-format.ts';

const NONE = { rise: null, set: null, alwaysUp: false, alwaysDown: false };

describe('Sun & Moon card values', () => {
  it('rounds event times to the nearest minute, as almanacs print them, in the clock format of the locale', () => {
    expect(formatSkyTime(new Date(2024, 5, 21, 5, 24, 29), 'en-US')).toMatch(/^5:24\sAM$/);
    expect(formatSkyTime(new Date(2024, 5, 21, 5, 24, 30), 'en-US')).toMatch(/^5:25\sAM$/);
    expect(formatSkyTime(new Date(2024, 5, 21, 20, 59, 45), 'de-DE')).toBe('21:00');
  });

  it("says 'None today' for an event that does not happen", () => {
    expect(formatSkyEvent(null, 'en-US')).toBe('None today');
    expect(formatSkyEvent(new Date(2024, 5, 21, 20, 31), 'de-DE')).toBe('20:31');
  });

  it('describes polar day and night, and a moon that stays up or down, in words', () => {
    expect(describeAllDay('sun', { ...NONE, alwaysUp: true })).toMatch(/midnight sun/);
    expect(describeAllDay('sun', { ...NONE, alwaysDown: true })).toMatch(/polar night/);
    expect(describeAllDay('moon', { ...NONE, alwaysUp: true })).toMatch(/moon stays up all day/);
    expect(describeAllDay('moon', { ...NONE, alwaysDown: true })).toMatch(/moon stays below/);
    expect(describeAllDay('sun', { ...NONE, rise: new Date() })).toBeNull();
    expect(describeTwilightAllDay({ ...NONE, alwaysUp: true })).toMatch(/light all night/);
    expect(describeTwilightAllDay({ ...NONE, alwaysDown: true })).toMatch(/6° below/);
    expect(describeTwilightAllDay(NONE)).toBeNull();
  });

  it('writes the illumination as a whole percentage', () => {
    expect(formatIllumination(0.004)).toBe('0%');
    expect(formatIllumination(0.635)).toBe('64%');
    expect(formatIllumination(1)).toBe('100%');
  });

  it('writes a solunar period as its kind and span', () => {
    const period = {
      kind: 'major' as const,
      start: new Date(2024, 5, 21, 13, 12),
      end: new Date(2024, 5, 21, 15, 12),
    };
    expect(formatSolunarPeriod(period, 'de-DE')).toBe('Major: 13:12 – 15:12');
    expect(formatSolunarPeriod({ ...period, kind: 'minor' }, 'de-DE')).toBe('Minor: 13:12 – 15:12');
  });
});
