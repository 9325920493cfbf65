import { describe, expect, it } from 'vitest';
import { WEATHER_RECORDS_BEGIN, workOutSky } from './catch-sky.ts';
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

describe('workOutSky: the zone, the status and whether the weather is due', () => {
  const NOWHERE = { latitude: null, longitude: null };
  const GREENWICH = { latitude: 51.4769, longitude: 0 };
  const saved = (createdAt: string, position: { latitude: number | null; longitude: number | null }) => ({
    catchDate: null,
    timeOfDay: null,
    createdAt,
    ...position,
  });

  it("reads a catch without a position on the phone's zone, and on UTC when the phone's zone is unknown or missing", () => {
    const fields = {
      catchDate: '2026-07-04',
      timeOfDay: '06:30',
      createdAt: '2026-07-04T20:00:00Z',
      ...NOWHERE,
    };
    expect(workOutSky(fields, 'Asia/Kolkata', NOW)).toMatchObject({
      timeZone: 'Asia/Kolkata',
      caughtAt: '2026-07-04T01:00:00.000Z',
    });
    for (const phone of ['Mars/Olympus_Mons', '', null]) {
      expect(workOutSky(fields, phone, NOW), String(phone)).toMatchObject({
        timeZone: 'UTC',
        caughtAt: '2026-07-04T06:30:00.000Z',
      });
    }
    // A position wins over any phone zone, known or not.
    expect(workOutSky({ ...fields, ...TAHOE }, 'Mars/Olympus_Mons', NOW).timeZone).toBe(
      'America/Los_Angeles',
    );
  });

  it('is unavailable when neither a date nor a readable save time says when', () => {
    const sky = workOutSky(saved('yesterday, about noon', TAHOE), 'Europe/Berlin', NOW);
    expect(sky).toEqual({
      caughtAt: null,
      timeZone: 'America/Los_Angeles',
      conditions: { status: 'unavailable', weather: null, sun: null, moon: null, solunar: null, tide: null },
      weatherDue: false,
    });
  });

  it('asks for the weather from the first moment of the records, not a millisecond before', () => {
    expect(WEATHER_RECORDS_BEGIN).toBe('1940-01-01T00:00:00.000Z');
    const first = workOutSky(saved('1940-01-01T00:00:00.000Z', GREENWICH), null, NOW);
    expect(first).toMatchObject({ caughtAt: '1940-01-01T00:00:00.000Z', weatherDue: true });
    expect(first.conditions.status).toBe('pending');
    const before = workOutSky(saved('1939-12-31T23:59:59.999Z', GREENWICH), null, NOW);
    expect(before).toMatchObject({ caughtAt: '1939-12-31T23:59:59.999Z', weatherDue: false });
    expect(before.conditions.status).toBe('partial');
    expect(before.conditions.sun).not.toBeNull();
    // Midnight of 1 January 1940 on London's clocks (GMT that winter) is the same first moment.
    const london = workOutSky(
      { catchDate: '1940-01-01', timeOfDay: '00:00', createdAt: '2026-07-04T20:00:00Z', ...GREENWICH },
      null,
      NOW,
    );
    expect(london).toMatchObject({
      timeZone: 'Europe/London',
      caughtAt: '1940-01-01T00:00:00.000Z',
      weatherDue: true,
    });
  });

  it('asks for the weather up to now, not a second after', () => {
    const atNow = workOutSky(saved(NOW.toISOString(), TAHOE), null, NOW);
    expect(atNow).toMatchObject({ weatherDue: true, conditions: { status: 'pending' } });
    const later = workOutSky(saved(new Date(NOW.getTime() + 1000).toISOString(), TAHOE), null, NOW);
    expect(later).toMatchObject({ weatherDue: false, conditions: { status: 'partial' } });
    expect(later.conditions.sun).not.toBeNull();
    expect(later.conditions.solunar).not.toBeNull();
  });
});
