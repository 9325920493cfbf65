import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tideTurnsOfDay } from '#core/tide-prediction.ts';
import {
  distanceKm,
  keptStationAt,
  TIDE_STATION_REACH_KM,
  type TideDayAnswer,
  type TideStationsAnswer,
} from '#core/tides.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';
import { MAX_STATIONS_AROUND, STATIONS_AROUND_KM } from './tides.service.ts';

const BOSTON = { lat: 42.3548, lon: -71.0503 };
/** Lake Tahoe: 250 km from the sea. */
const TAHOE = { lat: 39.0968, lon: -120.0324 };
/**
 * Georges Shoal (noaa/8447436), a fishing bank 180 km off Cape Cod: the nearest other station is 182 km away, so
 * along its meridian the distance to the reach's edge is all that decides.
 */
const GEORGES_SHOAL = { lat: 41.6883, lon: -67.76 };
const KM_PER_DEGREE = (6371 * Math.PI) / 180;

const query = (where: { lat: number; lon: number }, date?: string) =>
  `lat=${where.lat}&lon=${where.lon}${date ? `&date=${date}` : ''}`;

describe.each(TEST_ENGINES)('GET /api/tides on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;

  beforeEach(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  const day = async (where: { lat: number; lon: number }, date?: string) => {
    const response = await alice.get(`/api/tides?${query(where, date)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TideDayAnswer;
  };

  it('answers the nearest station, the highs and lows of its day in feet, and the credit', async () => {
    const answer = await day(BOSTON, '2025-10-22');
    expect(answer).toEqual({
      station: {
        id: 'noaa/8443970',
        name: 'Boston',
        source: 'NOAA CO-OPS',
        distanceKm: 0.1,
        datum: 'MLLW',
        latitude: expect.closeTo(42.354, 2),
        longitude: expect.closeTo(-71.05, 2),
        timeZone: 'America/New_York',
      },
      date: '2025-10-22',
      // NOAA's published predictions for that day are 00:18 EDT 9.398 ft, 06:15 1.085, 12:24 10.093, 18:43 0.343
      // (noaa-predictions.test.ts compares more days and stations).
      extremes: [
        { time: '2025-10-22T04:18:00.000Z', type: 'high', height: 9.43 },
        { time: '2025-10-22T10:15:00.000Z', type: 'low', height: 1.06 },
        { time: '2025-10-22T16:25:00.000Z', type: 'high', height: 10.11 },
        { time: '2025-10-22T22:44:00.000Z', type: 'low', height: 0.32 },
      ],
      attribution: 'Neaps tide database (https://github.com/openwatersio/tide-database)',
    });
  });

  it('answers 200 with no station inland', async () => {
    expect(await day(TAHOE, '2026-07-04')).toEqual({
      station: null,
      date: '2026-07-04',
      extremes: [],
      attribution: null,
    });
    expect((await day(TAHOE)).station).toBeNull();
  });

  it(`takes a station ${TIDE_STATION_REACH_KM} km away, and none a little farther`, async () => {
    const north = (km: number) => ({ lat: GEORGES_SHOAL.lat + km / KM_PER_DEGREE, lon: GEORGES_SHOAL.lon });
    const inside = await day(north(TIDE_STATION_REACH_KM - 0.05));
    expect(inside.station?.id).toBe('noaa/8447436');
    expect(inside.station?.distanceKm).toBe(TIDE_STATION_REACH_KM);
    expect(inside.extremes.length).toBeGreaterThanOrEqual(3);
    expect((await day(north(TIDE_STATION_REACH_KM + 0.05))).station).toBeNull();
    // Southwards the same.
    expect((await day({ ...GEORGES_SHOAL, lat: GEORGES_SHOAL.lat - 49.9 / KM_PER_DEGREE })).station?.id).toBe(
      'noaa/8447436',
    );
  });

  it("gives the highs and lows of the station's own day across a clock change", async () => {
    // Boston, 2024-03-10: the clocks went forward, a 23-hour day from 05:00 to 04:00 UTC. The high of 04:21 UTC on
    // the 11th is 00:21 EDT on the 11th: not this day's, though it is within 24 hours of its midnight.
    const spring = await day(BOSTON, '2024-03-10');
    const springTimes = spring.extremes.map((extreme) => extreme.time);
    expect(springTimes.every((time) => time >= '2024-03-10T05:00' && time < '2024-03-11T04:00')).toBe(true);
    expect(springTimes).not.toContain('2024-03-11T04:21:00.000Z');
    expect((await day(BOSTON, '2024-03-11')).extremes.map((extreme) => extreme.time)).toContain(
      '2024-03-11T04:21:00.000Z',
    );
    // 2024-11-03: back to standard time, a 25-hour day from 04:00 to 05:00 UTC. Its first high, 04:57 UTC, is
    // 00:57 EDT: this day's, though before 05:00 UTC (midnight by standard time).
    const autumn = await day(BOSTON, '2024-11-03');
    expect(autumn.extremes[0]).toMatchObject({ time: '2024-11-03T04:57:00.000Z', type: 'high' });
    expect(autumn.extremes.map((extreme) => extreme.time)).not.toContain('2024-11-04T05:37:00.000Z');
  });

  it("is today at the station when no date is given (the station's date, not the server's)", async () => {
    // 2026-06-01T03:00Z is still May 31 in Boston (23:00 EDT).
    t.clock.advance(Date.parse('2026-06-01T03:00:00Z') - t.clock.now().getTime());
    expect((await day(BOSTON)).date).toBe('2026-05-31');
    expect((await day(BOSTON, '')).date).toBe('2026-05-31');
  });

  it.each([
    ['', 'Latitude and longitude are required'],
    ['lat=42.35', 'Latitude and longitude are required'],
    ['lat=&lon=-71', 'Latitude and longitude are required'],
    ['lat=north&lon=-71', 'Latitude must be a number between -90 and 90'],
    ['lat=42&lon=200', 'Longitude must be a number between -180 and 180'],
    ['lat=42.35&lon=-71.05&date=22/10/2025', 'Date must be a day written YYYY-MM-DD, like 2026-07-04'],
    ['lat=42.35&lon=-71.05&date=2026-02-30', 'Date must be a day written YYYY-MM-DD, like 2026-07-04'],
    ['lat=42.35&lon=-71.05&date=today', 'Date must be a day written YYYY-MM-DD, like 2026-07-04'],
    [
      'lat=42.35&lon=-71.05&date=2026-07-04&date=2026-07-05',
      'Date must be a day written YYYY-MM-DD, like 2026-07-04',
    ],
    ['lat=42.35&lon=-71.05&date=1850-06-01', 'Date must be between 1900-01-01 and 2100-12-31'],
    ['lat=42.35&lon=-71.05&date=0001-01-01', 'Date must be between 1900-01-01 and 2100-12-31'],
    ['lat=42.35&lon=-71.05&date=2101-01-01', 'Date must be between 1900-01-01 and 2100-12-31'],
  ])('?%s → 400 %s', async (search, message) => {
    const response = await alice.get(`/api/tides?${search}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'INVALID_INPUT' });
  });

  it('is for signed-in anglers only', async () => {
    const stranger = new ApiClient(t.app);
    expect((await stranger.get(`/api/tides?${query(BOSTON)}`)).statusCode).toBe(401);
    expect((await stranger.get(`/api/tides/stations?${query(BOSTON)}`)).statusCode).toBe(401);
    // The 401 comes before any 400.
    expect((await stranger.get('/api/tides?lat=north')).statusCode).toBe(401);
  });
});

describe.each(TEST_ENGINES)('GET /api/tides/stations on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;

  beforeEach(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  const around = async (where: { lat: number; lon: number }) => {
    const response = await alice.get(`/api/tides/stations?${query(where)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TideStationsAnswer;
  };

  it(`lists at most ${MAX_STATIONS_AROUND} stations within ${STATIONS_AROUND_KM} km, nearest first, and says how far the list is complete`, async () => {
    // New York harbour: 160 stations within 75 km, so the list is cut, and complete only as far as it reaches.
    const busy = await around({ lat: 40.7, lon: -74.0 });
    expect(busy.stations).toHaveLength(MAX_STATIONS_AROUND);
    const distances = busy.stations.map((station) =>
      distanceKm(40.7, -74.0, station.latitude, station.longitude),
    );
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(busy.completeWithinKm).toBeGreaterThanOrEqual(distances.at(-1) as number);
    expect(busy.completeWithinKm).toBeLessThan(STATIONS_AROUND_KM);
    // Off Georges Shoal: one station, and the list is complete to the full radius.
    const lonely = await around(GEORGES_SHOAL);
    expect(lonely.stations.map((station) => station.id)).toEqual(['noaa/8447436']);
    expect(lonely.completeWithinKm).toBe(STATIONS_AROUND_KM);
    // Inland: none, and sure of it.
    expect(await around(TAHOE)).toEqual({
      latitude: TAHOE.lat,
      longitude: TAHOE.lon,
      completeWithinKm: STATIONS_AROUND_KM,
      stations: [],
      constants: {},
    });
  });

  it("sends each set of constants once, and every station's is there", async () => {
    const busy = await around({ lat: 40.7, lon: -74.0 });
    const keys = busy.stations.map((station) => station.offsets?.reference ?? station.id);
    expect(Object.keys(busy.constants).sort()).toEqual([...new Set(keys)].sort());
    expect(Object.keys(busy.constants).length).toBeLessThan(busy.stations.length);
    for (const constants of Object.values(busy.constants)) {
      expect(constants.length).toBeGreaterThan(5);
      expect(constants[0]).toEqual({
        name: expect.any(String),
        amplitude: expect.any(Number),
        phase: expect.any(Number),
      });
    }
  });

  it("gives the phone what it needs to predict exactly what GET /api/tides answers (core's predictor, both sides)", async () => {
    for (const [where, date] of [
      [BOSTON, '2025-10-22'],
      [{ lat: 40.7, lon: -74.0 }, '2026-07-04'], // a subordinate station of New York harbour
      [{ lat: 48.38, lon: -4.5 }, '2026-11-26'], // Brest, a TICON-4 station
    ] as const) {
      const kept = await around(where);
      const found = keptStationAt([kept], where.lat, where.lon);
      const server = (await alice.get(`/api/tides?${query(where, date)}`)).json() as TideDayAnswer;
      expect(found?.station.id).toBe(server.station?.id);
      const phone = tideTurnsOfDay(found?.station as NonNullable<typeof found>['station'], date).map(
        (turn) => ({
          time: turn.time.toISOString(),
          type: turn.type,
          height: turn.height,
        }),
      );
      expect(phone).toEqual(server.extremes);
      expect(phone.length).toBeGreaterThanOrEqual(3);
    }
  });

  it.each([
    ['', 'Latitude and longitude are required'],
    ['lat=91&lon=0', 'Latitude must be a number between -90 and 90'],
    ['lat=0&lon=east', 'Longitude must be a number between -180 and 180'],
  ])('?%s → 400 %s', async (search, message) => {
    const response = await alice.get(`/api/tides/stations?${search}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'INVALID_INPUT' });
  });
});
