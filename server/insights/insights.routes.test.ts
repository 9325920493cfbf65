import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONDITIONS_NOT_WORKED_OUT } from '#core/catch.ts';
import type { CatchConditions } from '#core/catch-conditions.ts';
import {
  type FilterableCatch,
  type FilterableTrip,
  filterInsightLog,
  type InsightFilter,
} from '#core/insight-filter.ts';
import { computeInsights, type EffortMinutes } from '#core/insights.ts';
import type { Spot } from '#core/spots.ts';
import type { Trip } from '#core/trips.ts';
import { CatchRepository } from '../catches/catch.repository.ts';
import type { Database } from '../db/schema.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

type Sun = 'day' | 'dusk';
type Moon = 'Full Moon' | 'New Moon';

function conditions(sun: Sun, moon: Moon): CatchConditions {
  return {
    ...CONDITIONS_NOT_WORKED_OUT,
    status: 'complete',
    sun: { phase: sun, sunrise: null, sunset: null },
    moon: { phase: moon, illumination: moon === 'Full Moon' ? 1 : 0, age: moon === 'Full Moon' ? 15 : 0 },
  };
}

/**
 * An evening trip of 3 hours, 17:00 to 20:00 UTC: 2 hours of daylight, 1 of dusk, half under each moon (the moon
 * split as the effort job would count a trip, whatever its day: the point is the factor that does not matter).
 */
const EVENING_EFFORT: EffortMinutes = {
  sunPhase: { day: 120, dusk: 60 },
  moonPhase: { 'Full Moon': 90, 'New Moon': 90 },
};

/** Until the effort job fills it, a trip's effort is set straight in the database, as the job will write it. */
async function setEffort(db: Kysely<Database>, tripId: number, effort: EffortMinutes): Promise<void> {
  await db
    .updateTable('trips')
    .set({ effort: JSON.stringify(effort), effort_status: 'done' })
    .where('id', '=', tripId)
    .execute();
}

/** A catch as the test writes it (its whole conditions), and as insights read it back. */
type LoggedCatch = FilterableCatch & { conditions: CatchConditions };

/** One day of May 2026: '2026-05-07'. */
const may = (day: number) => `2026-05-${String(day).padStart(2, '0')}`;

describe.each(TEST_ENGINES)('GET /api/insights on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  async function createSpot(client: ApiClient, name: string): Promise<Spot> {
    const response = await client.post('/api/spots', { name, latitude: 46.5, longitude: -84.25 });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Spot;
  }

  /** Evening trips on the given days of May, at a spot, each with the evening's effort. */
  async function eveningTrips(client: ApiClient, days: number[], spotId: number | null) {
    const trips: FilterableTrip[] = [];
    for (const day of days) {
      const response = await client.post('/api/trips', {
        startedAt: `${may(day)}T17:00:00Z`,
        endedAt: `${may(day)}T20:00:00Z`,
        spotId,
      });
      expect(response.statusCode, response.body).toBe(201);
      const trip = response.json() as Trip;
      await setEffort(t.database.db, trip.id, EVENING_EFFORT);
      trips.push({
        id: trip.id,
        spotId,
        startedAt: trip.startedAt,
        durationMinutes: 180,
        effort: EVENING_EFFORT,
      });
    }
    return trips;
  }

  /** Saves catches with their conditions as the conditions job would have frozen them. */
  async function logCatches(client: ApiClient, catches: LoggedCatch[]): Promise<void> {
    const userId = client.user?.id;
    if (userId === undefined) throw new Error('not signed in');
    await new CatchRepository(t.database.db).createMany(
      userId,
      catches.map((item) => ({
        ...item,
        photoId: null,
        createdAt: new Date(item.caughtAt),
        keptConditions: { caughtAt: item.caughtAt, conditions: item.conditions },
      })),
    );
  }

  /** A fish caught on a trip's day, at dusk (19:30) or in daylight (18:00). */
  function fish(trip: FilterableTrip, sun: Sun, moon: Moon, fields: Partial<LoggedCatch> = {}): LoggedCatch {
    const day = trip.startedAt.slice(0, 10);
    const time = sun === 'dusk' ? '19:30' : '18:00';
    return {
      fishType: 'Walleye',
      quantity: 1,
      tripId: trip.id,
      spotId: trip.spotId,
      baitUsed: 'Minnow',
      waterTemperature: 58,
      timeOfDay: time,
      catchDate: day,
      caughtAt: `${day}T${time}:00.000Z`,
      isTestCatch: false,
      conditions: conditions(sun, moon),
      ...fields,
    };
  }

  /**
   * The worked example: ten evening trips; 30 fish at dusk (10 hours) against 6 in daylight (20 hours), caught
   * evenly under both moons. Dusk matters (3 fish an hour against 0.3), the moon does not.
   */
  function duskLog(trips: FilterableTrip[]): LoggedCatch[] {
    const at = (i: number) => trips[i % trips.length] as FilterableTrip;
    return [
      ...Array.from({ length: 30 }, (_, i) => fish(at(i), 'dusk', i % 2 === 0 ? 'Full Moon' : 'New Moon')),
      ...Array.from({ length: 6 }, (_, i) => fish(at(i), 'day', i % 2 === 0 ? 'Full Moon' : 'New Moon')),
    ];
  }

  /** What the phone would show for the same log: the shared filter and figures, as JSON carries them. */
  function expected(catches: LoggedCatch[], trips: FilterableTrip[], filter: InsightFilter = {}) {
    const kept = filterInsightLog(catches, trips, filter);
    return JSON.parse(JSON.stringify(computeInsights(kept.catches, kept.trips)));
  }

  async function insights(client: ApiClient, query = '') {
    const response = await client.get(`/api/insights${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('finds that dusk matters and the moon does not, the very figures the phone computes', async () => {
    const home = await createSpot(alice, 'Home cove');
    const trips = await eveningTrips(alice, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], home.id);
    const catches = duskLog(trips);
    await logCatches(alice, catches);

    const answer = await insights(alice);
    expect(answer).toEqual(expected(catches, trips));
    const factor = (name: string) => answer.effort.find((item: { factor: string }) => item.factor === name);
    const dusk = factor('sunPhase').buckets.find((bucket: { bucket: string }) => bucket.bucket === 'dusk');
    expect(dusk).toMatchObject({ catches: 30, hours: 10, rate: 3, restRate: 0.3, verdict: 'clear-effect' });
    expect(dusk.low).toBeGreaterThan(1);
    expect(factor('moonPhase').buckets).toEqual([
      expect.objectContaining({ bucket: 'Full Moon', catches: 18, hours: 15, verdict: 'no-clear-effect' }),
      expect.objectContaining({ bucket: 'New Moon', catches: 18, hours: 15, verdict: 'no-clear-effect' }),
    ]);
    expect(answer).toMatchObject({ catches: 36, catchesInTrips: 36, hoursFished: 30, comparisons: 4 });
    expect(answer.shares).toEqual([
      { factor: 'bait', catches: 36, buckets: [{ bucket: 'minnow', catches: 36, share: 1 }] },
      { factor: 'waterTemperature', catches: 36, buckets: [{ bucket: '50-60', catches: 36, share: 1 }] },
    ]);
  });

  it('never counts another angler’s catches or trips, and refuses their spot as not found', async () => {
    const home = await createSpot(alice, 'Home cove');
    const trips = await eveningTrips(alice, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], home.id);
    const catches = duskLog(trips);
    await logCatches(alice, catches);

    // Bob fishes the same evenings and catches all his fish in daylight.
    const bob = await ApiClient.register(t.app, 'bob');
    const bobsSpot = await createSpot(bob, 'Bob’s dock');
    const bobsTrips = await eveningTrips(bob, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], bobsSpot.id);
    await logCatches(
      bob,
      Array.from({ length: 50 }, (_, i) => fish(bobsTrips[i % 12] as FilterableTrip, 'day', 'New Moon')),
    );

    expect(await insights(alice)).toEqual(expected(catches, trips));
    expect(await insights(bob)).toMatchObject({ catches: 50, hoursFished: 36 });
    const foreign = await alice.get(`/api/insights?spotId=${bobsSpot.id}`);
    expect([foreign.statusCode, foreign.json()]).toEqual([
      404,
      { message: 'Spot not found', code: 'NOT_FOUND', errors: { spotId: 'Spot not found' } },
    ]);
  });

  it('says insufficient-data for a small log, whatever its pattern', async () => {
    const trips = await eveningTrips(alice, [1, 2], null);
    const catches = [
      fish(trips[0] as FilterableTrip, 'dusk', 'Full Moon'),
      fish(trips[1] as FilterableTrip, 'dusk', 'New Moon'),
    ];
    await logCatches(alice, catches);

    const answer = await insights(alice);
    expect(answer).toEqual(expected(catches, trips));
    const buckets = answer.effort.flatMap((factor: { buckets: { verdict: string }[] }) => factor.buckets);
    expect(buckets.length).toBeGreaterThan(0);
    expect(new Set(buckets.map((bucket: { verdict: string }) => bucket.verdict))).toEqual(
      new Set(['insufficient-data']),
    );
    expect(answer.comparisons).toBe(0);
  });

  it('finds a species by any of its names, and keeps every trip as time fished for it', async () => {
    const trips = await eveningTrips(alice, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], null);
    const catches = [
      ...duskLog(trips),
      fish(trips[0] as FilterableTrip, 'dusk', 'Full Moon', { fishType: 'Northern Pike', quantity: 3 }),
      fish(trips[1] as FilterableTrip, 'day', 'New Moon', { fishType: 'pike ' }),
      fish(trips[2] as FilterableTrip, 'dusk', 'New Moon', { fishType: 'Jackfish' }),
    ];
    await logCatches(alice, catches);

    const pike = await insights(alice, '?species=Pike');
    expect(pike).toEqual(expected(catches, trips, { species: 'Pike' }));
    expect(pike).toMatchObject({ catches: 5, hoursFished: 30 });
    expect((await insights(alice, '?species=northern%20pike')).catches).toBe(5);
    expect((await insights(alice, '?species=Muskie')).catches).toBe(0);
  });

  it('keeps the trips and catches of a range of days and of one spot', async () => {
    const home = await createSpot(alice, 'Home cove');
    const river = await createSpot(alice, 'River mouth');
    const homeTrips = await eveningTrips(alice, [1, 2, 3, 4, 5, 6], home.id);
    const riverTrips = await eveningTrips(alice, [7, 8, 9, 10], river.id);
    const trips = [...homeTrips, ...riverTrips];
    const catches = [
      ...duskLog(trips),
      // Without a trip: kept by its own day and spot.
      {
        ...fish(homeTrips[0] as FilterableTrip, 'day', 'Full Moon'),
        tripId: null,
        catchDate: may(20),
        caughtAt: `${may(20)}T08:00:00.000Z`,
      },
    ];
    await logCatches(alice, catches);

    const days = await insights(alice, `?from=${may(3)}&to=${may(8)}`);
    expect(days).toEqual(expected(catches, trips, { from: may(3), to: may(8) }));
    expect(days.hoursFished).toBe(18);
    const atHome = await insights(alice, `?spotId=${home.id}`);
    expect(atHome).toEqual(expected(catches, trips, { spotId: home.id }));
    expect(atHome).toMatchObject({ hoursFished: 18, catches: 25 });
    const lastDay = await insights(alice, `?from=${may(20)}&to=${may(20)}&spotId=${home.id}`);
    expect(lastDay).toMatchObject({ catches: 1, catchesInTrips: 0, hoursFished: 0 });
    // Empty values are no filter.
    expect(await insights(alice, '?from=&to=&spotId=&species=')).toEqual(expected(catches, trips));
  });

  it('answers anew once the log changes: a catch, the effort of a trip filled in later, a running trip’s hours', async () => {
    const trips = await eveningTrips(alice, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], null);
    const catches = duskLog(trips);
    await logCatches(alice, catches);
    expect(await insights(alice)).toEqual(expected(catches, trips));

    // The effort job fills a trip's effort without touching a catch.
    const late = (
      await alice.post('/api/trips', { startedAt: `${may(11)}T17:00:00Z`, endedAt: `${may(11)}T20:00:00Z` })
    ).json() as Trip;
    const lateTrip: FilterableTrip = {
      id: late.id,
      spotId: null,
      startedAt: late.startedAt,
      durationMinutes: 180,
      effort: null,
    };
    expect(await insights(alice)).toEqual(expected(catches, [...trips, lateTrip]));
    await setEffort(t.database.db, late.id, EVENING_EFFORT);
    const withEffort = await insights(alice);
    expect(withEffort).toEqual(expected(catches, [...trips, { ...lateTrip, effort: EVENING_EFFORT }]));
    expect(withEffort.effort[0].hours).toBe(33);

    // A trip running since 11:00 (the test clock stands at 12:00) counts its hours to now.
    await alice.post('/api/trips', { startedAt: '2026-06-01T11:00:00Z' });
    expect((await insights(alice)).hoursFished).toBe(34);
    t.clock.advance(30 * 60_000);
    expect((await insights(alice)).hoursFished).toBe(34.5);

    const more = fish(trips[0] as FilterableTrip, 'dusk', 'New Moon', { quantity: 4 });
    await logCatches(alice, [more]);
    expect((await insights(alice)).catches).toBe(40);
  });

  it('answers 400 naming the field for a query it cannot read', async () => {
    const cases: [string, string, string][] = [
      ['?from=2026-02-30', 'from', 'from must be a day written YYYY-MM-DD, like 2026-07-04'],
      ['?to=1%2F5%2F2026', 'to', 'to must be a day written YYYY-MM-DD, like 2026-07-04'],
      ['?from=2026-05-10&to=2026-05-01', 'to', 'from must not be after to'],
      ['?spotId=0', 'spotId', 'spotId must be a positive whole number'],
      ['?spotId=1.5', 'spotId', 'spotId must be a positive whole number'],
      ['?spotId=abc', 'spotId', 'spotId must be a positive whole number'],
      [`?species=${'a'.repeat(101)}`, 'species', 'species must be at most 100 characters'],
      ['?species=Pike&species=Walleye', 'species', 'species must be a single text value'],
    ];
    for (const [query, field, message] of cases) {
      const response = await alice.get(`/api/insights${query}`);
      expect([query, response.statusCode, response.json()]).toEqual([
        query,
        400,
        { message, code: 'INVALID_INPUT', errors: { [field]: message } },
      ]);
    }
    // 100 characters are a species that matches nothing, not an error.
    expect((await insights(alice, `?species=${'a'.repeat(100)}`)).catches).toBe(0);
  });

  it('needs a session: 401 before any 400', async () => {
    const anonymous = new ApiClient(t.app);
    for (const query of ['', '?from=nonsense']) {
      const response = await anonymous.get(`/api/insights${query}`);
      expect([response.statusCode, response.json().code]).toEqual([401, 'NOT_SIGNED_IN']);
    }
  });
});
