import { describe, expect, it } from 'vitest';
import { catchMoment, pressureTendency, skyConditions } from './catch-conditions.ts';

describe('catchMoment', () => {
  it('reads the date and time on the clocks of where the catch was', () => {
    const fields = { catchDate: '2026-07-04', timeOfDay: '06:30', createdAt: '2026-07-05T12:00:00Z' };
    expect(catchMoment(fields, 'America/New_York')?.toISOString()).toBe('2026-07-04T10:30:00.000Z');
    expect(catchMoment(fields, 'Pacific/Auckland')?.toISOString()).toBe('2026-07-03T18:30:00.000Z');
  });

  it('takes a time skipped by the spring clock change with the offset from before, and a doubled one first', () => {
    const at = (catchDate: string, timeOfDay: string) =>
      catchMoment(
        { catchDate, timeOfDay, createdAt: '2026-01-01T00:00:00Z' },
        'America/New_York',
      )?.toISOString();
    expect(at('2026-03-08', '02:30')).toBe('2026-03-08T07:30:00.000Z');
    expect(at('2026-03-08', '03:30')).toBe('2026-03-08T07:30:00.000Z');
    expect(at('2026-11-01', '01:30')).toBe('2026-11-01T05:30:00.000Z');
    expect(at('2026-11-01', '02:30')).toBe('2026-11-01T07:30:00.000Z');
  });

  it('uses createdAt without a date, and local noon for a date without a time saved another day', () => {
    expect(
      catchMoment(
        { catchDate: null, timeOfDay: '06:00', createdAt: '2026-05-01T09:15:00Z' },
        'UTC',
      )?.toISOString(),
    ).toBe('2026-05-01T09:15:00.000Z');
    expect(
      catchMoment(
        { catchDate: '2026-05-01', timeOfDay: null, createdAt: '2026-05-01T09:15:00Z' },
        'UTC',
      )?.toISOString(),
    ).toBe('2026-05-01T09:15:00.000Z');
    expect(
      catchMoment(
        { catchDate: '2026-04-30', timeOfDay: null, createdAt: '2026-05-01T09:15:00Z' },
        'Europe/Berlin',
      )?.toISOString(),
    ).toBe('2026-04-30T10:00:00.000Z');
  });
});

describe('pressureTendency', () => {
  it('is steady within 1 hPa over 3 hours', () => {
    expect(pressureTendency(0.02)).toBe('steady');
    expect(pressureTendency(-0.02)).toBe('steady');
    expect(pressureTendency(0.04)).toBe('rising');
    expect(pressureTendency(-0.04)).toBe('falling');
  });
});

describe('skyConditions', () => {
  it('names the full moon of 2024-04-23 (23:49 UTC), about 15.2 days after the new moon of 2024-04-08 18:21 UTC', () => {
    const sky = skyConditions(new Date('2024-04-23T23:49:00Z'), null, 'UTC');
    expect(sky.moon?.phase).toBe('Full Moon');
    expect(sky.moon?.illumination).toBeGreaterThan(0.99);
    expect(sky.moon?.age).toBeCloseTo(15.2, 1);
    expect(sky.sun).toBeNull();
    expect(sky.solunar).toBeNull();
  });

  it('tells night, dawn, day and dusk at Greenwich by civil twilight', () => {
    const place = { latitude: 51.4769, longitude: 0 };
    const phase = (iso: string) => skyConditions(new Date(iso), place, 'Europe/London').sun?.phase;
    // 2026-03-20: civil dawn 05:31, sunrise 06:03, sunset 18:14, civil dusk 18:46 UTC (about).
    expect(phase('2026-03-20T03:00:00Z')).toBe('night');
    expect(phase('2026-03-20T05:45:00Z')).toBe('dawn');
    expect(phase('2026-03-20T12:00:00Z')).toBe('day');
    expect(phase('2026-03-20T18:30:00Z')).toBe('dusk');
    expect(phase('2026-03-20T20:00:00Z')).toBe('night');
  });
});
