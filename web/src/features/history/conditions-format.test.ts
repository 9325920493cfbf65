import { describe, expect, it } from 'vitest';
import { catchClockOffsetMs, formatSunTimes, formatWind } from './conditions-format.ts';

const HOUR_MS = 3_600_000;
const weather = {
  airTemperature: 50,
  description: 'clear sky',
  condition: 'Clear' as const,
  windSpeed: 8,
  windDirection: 315,
  cloudCover: 0,
  precipitation: 0,
  humidity: 50,
  pressure: 30,
  pressureChange3h: 0,
  pressureTendency: 'steady' as const,
};

describe('formatWind', () => {
  it('names where the wind comes from by the nearest of 8 points', () => {
    expect(formatWind(weather, 'imperial')).toBe('8 mph NW');
    expect(formatWind({ ...weather, windDirection: 0 }, 'imperial')).toBe('8 mph N');
    expect(formatWind({ ...weather, windDirection: 360 }, 'imperial')).toBe('8 mph N');
    expect(formatWind({ ...weather, windDirection: 100 }, 'metric')).toBe('13 km/h E');
    expect(formatWind({ ...weather, windDirection: null }, 'imperial')).toBe('8 mph');
  });
});

describe('catchClockOffsetMs', () => {
  it('is how far the clocks of the catch were from UTC: its time of day against caughtAt', () => {
    const at = (timeOfDay: string | null, caughtAt: string) =>
      catchClockOffsetMs({ catchDate: '2026-05-01', timeOfDay, caughtAt });
    expect(at('06:45', '2026-05-01T13:45:00.000Z')).toBe(-7 * HOUR_MS);
    expect(at('00:30', '2026-04-30T19:00:00.000Z')).toBe(5.5 * HOUR_MS);
    expect(at('12:00', '2026-05-01T12:00:00.000Z')).toBe(0);
  });

  it('is unknown without a time of day, or when the two make no zone’s offset', () => {
    expect(
      catchClockOffsetMs({ catchDate: '2026-05-01', timeOfDay: null, caughtAt: '2026-05-01T12:00:00Z' }),
    ).toBeNull();
    expect(
      catchClockOffsetMs({ catchDate: null, timeOfDay: '06:45', caughtAt: '2026-05-01T12:00:00Z' }),
    ).toBeNull();
    // Edited to another day after it was worked out: two days apart is no zone.
    expect(
      catchClockOffsetMs({ catchDate: '2026-05-03', timeOfDay: '06:45', caughtAt: '2026-05-01T13:45:00Z' }),
    ).toBeNull();
    expect(
      catchClockOffsetMs({ catchDate: '2026-05-01', timeOfDay: '06:45', caughtAt: '2026-05-01T13:52:00Z' }),
    ).toBeNull();
  });
});

describe('formatSunTimes', () => {
  const sun = {
    phase: 'dawn' as const,
    sunrise: '2026-05-01T12:58:10.000Z',
    sunset: '2026-05-02T02:51:40.000Z',
  };

  it('writes sunrise and sunset on the clocks of the catch, to the minute', () => {
    expect(formatSunTimes(sun, -7 * HOUR_MS, 'en-GB')).toEqual(['Sunrise 05:58', 'Sunset 19:52']);
  });

  it('leaves out what did not happen that day, and everything when the clock is unknown', () => {
    expect(formatSunTimes({ ...sun, sunset: null }, -7 * HOUR_MS, 'en-GB')).toEqual(['Sunrise 05:58']);
    expect(formatSunTimes({ ...sun, sunrise: null, sunset: null }, 0, 'en-GB')).toEqual([]);
    expect(formatSunTimes(sun, null, 'en-GB')).toEqual([]);
  });
});
