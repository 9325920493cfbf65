import { describe, expect, it } from 'vitest';
import { workOutSky } from './catch-sky.ts';
import { timeZoneAt } from './time-zone.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const TAHOE = { latitude: 39.0968, longitude: -120.0324 };

describe('timeZoneAt', () => {
  it('names the zone of a place, either side of the date line', () => {
    expect(timeZoneAt(TAHOE.latitude, TAHOE.longitude)).toBe('America/Los_Angeles');
    expect(timeZoneAt(-41.29, 174.78)).toBe('Pacific/Auckland');
    expect(timeZoneAt(64.84, -147.72)).toBe('America/Anchorage');
  });
});

describe('workOutSky', () => {
  it('reads the moment on the clocks of the place, not the phone, and leaves the weather due', () => {
    const sky = workOutSky(
      { catchDate: '2026-07-04', timeOfDay: '06:30', createdAt: '2026-07-04T20:00:00Z', ...TAHOE },
      'Europe/Berlin',
      NOW,
    );
    expect(sky.timeZone).toBe('America/Los_Angeles');
    expect(sky.caughtAt).toBe('2026-07-04T13:30:00.000Z');
    expect(sky.weatherDue).toBe(true);
    expect(sky.conditions.status).toBe('pending');
    expect(sky.conditions.sun?.phase).toBe('day');
    expect(sky.conditions.moon).not.toBeNull();
    expect(sky.conditions.solunar).not.toBeNull();
  });

  it("without a position: the phone's zone, the moon only, and no weather to ask for", () => {
    const sky = workOutSky(
      {
        catchDate: '2026-07-04',
        timeOfDay: '06:30',
        createdAt: '2026-07-04T20:00:00Z',
        latitude: null,
        longitude: null,
      },
      'Europe/Berlin',
      NOW,
    );
    expect(sky.caughtAt).toBe('2026-07-04T04:30:00.000Z');
    expect(sky.conditions).toMatchObject({ status: 'partial', weather: null, sun: null, solunar: null });
    expect(sky.conditions.moon).not.toBeNull();
    expect(sky.weatherDue).toBe(false);
  });

  it('an impossible moment (the future, before 1940) gets the sky but no weather', () => {
    for (const catchDate of ['2027-01-01', '1935-06-01']) {
      const sky = workOutSky(
        { catchDate, timeOfDay: '12:00', createdAt: '2026-07-04T20:00:00Z', ...TAHOE },
        null,
        NOW,
      );
      expect(sky.weatherDue, catchDate).toBe(false);
      expect(sky.conditions.status).toBe('partial');
      expect(sky.conditions.sun).not.toBeNull();
    }
  });
});
