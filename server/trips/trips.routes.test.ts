import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import type { Spot } from '#core/spots.ts';
import type { Trip } from '#core/trips.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

/** A catch without a position is read on UTC clocks: its moment is its date and time of day in UTC. */
const caughtAt = (time: string) => ({ catchDate: '2026-06-01', timeOfDay: time });
const at = (time: string) => `2026-06-01T${time}:00.000Z`;

describe.each(TEST_ENGINES)('trips on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  beforeEach(async () => {
    // The test clock stands at 12:00 UTC on 1 June 2026.
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  async function createTrip(client: ApiClient, fields: Record<string, unknown>): Promise<Trip> {
    const response = await client.post('/api/trips', fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Trip;
  }

  it('saves a trip, answers a repeat of its clientId with the first (200), and lists trips newest first with their figures', async () => {
    const clientId = randomUUID();
    const dawn = await createTrip(alice, {
      clientId,
      startedAt: '2026-06-01T00:30:00-05:00',
      endedAt: at('07:30'),
      fishLost: '2',
      bitesMissed: 5,
      notes: 'North wind',
    });
    expect(dawn).toEqual({
      id: expect.any(Number),
      clientId,
      startedAt: at('05:30'),
      endedAt: at('07:30'),
      spotId: null,
      notes: 'North wind',
      fishLost: 2,
      bitesMissed: 5,
      createdAt: t.clock.now().toISOString(),
      durationMinutes: 120,
      catchCount: 0,
      catchesPerHour: 0,
      species: [],
      skunked: true,
      effort: null,
    });
    const repeat = await alice.post('/api/trips', { clientId, startedAt: at('05:30'), endedAt: at('07:30') });
    expect([repeat.statusCode, repeat.json()]).toEqual([200, dawn]);

    await alice.createCatch({ ...caughtAt('06:00'), fishType: 'Perch', quantity: 12 });
    await alice.createCatch({ ...caughtAt('06:10'), fishType: 'Walleye' });
    await alice.createCatch({ ...caughtAt('07:00'), fishType: 'Walleye' });
    // Running since 11:00: its duration runs to now (12:00).
    const running = await createTrip(alice, { startedAt: at('11:00') });
    expect(running).toMatchObject({ endedAt: null, durationMinutes: 60, skunked: false, catchesPerHour: 0 });
    const list = (await alice.get('/api/trips')).json() as Trip[];
    expect(list.map((trip) => trip.id)).toEqual([running.id, dawn.id]);
    expect(list[1]).toMatchObject({
      catchCount: 14,
      catchesPerHour: 7,
      species: ['Perch', 'Walleye'],
      skunked: false,
    });
  });

  it('links a catch by its moment, also one logged before its trip was entered; null is kept; edits move it', async () => {
    const before = await alice.createCatch({ ...caughtAt('06:00') });
    const outside = await alice.createCatch({ ...caughtAt('09:00') });
    const trip = await createTrip(alice, { startedAt: at('05:00'), endedAt: at('08:00') });
    const during = await alice.createCatch({ ...caughtAt('08:00') });
    const none = await alice.createCatch({ ...caughtAt('07:00'), tripId: null });
    const catches = (await alice.get('/api/catches')).json() as Catch[];
    const tripOf = (id: number) => catches.find((item) => item.id === id)?.tripId;
    expect([tripOf(before.id), tripOf(outside.id), tripOf(during.id), tripOf(none.id)]).toEqual([
      trip.id,
      null,
      trip.id,
      null,
    ]);
    // A new time works the trip out again; a named tripId wins over the time.
    const moved = await alice.patch(`/api/catches/${outside.id}`, { timeOfDay: '07:45' });
    expect(moved.json().tripId).toBe(trip.id);
    const away = await alice.patch(`/api/catches/${outside.id}`, { timeOfDay: '10:00', tripId: trip.id });
    expect(away.json().tripId).toBe(trip.id);
    const unlinked = await alice.patch(`/api/catches/${during.id}`, { tripId: null, notes: 'kept' });
    expect(unlinked.json().tripId).toBeNull();
    // A trip stretched over a trip-less catch attaches it.
    const stretched = await alice.patch(`/api/trips/${trip.id}`, { endedAt: at('09:30') });
    expect(stretched.json()).toMatchObject({ endedAt: at('09:30'), durationMinutes: 270 });
    const after = (await alice.get('/api/catches')).json() as Catch[];
    expect(after.find((item) => item.id === during.id)?.tripId).toBe(trip.id);
  });

  it('answers repeats of one clientId sent at once with the first trip, never as an overlap', async () => {
    const clientId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => alice.post('/api/trips', { clientId, startedAt: at('05:00') })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect((await alice.get('/api/trips')).json()).toHaveLength(1);
  });

  it('lets go of the catches a trip no longer holds after its time is edited, but keeps one moved there by hand', async () => {
    const trip = await createTrip(alice, { startedAt: at('06:00') });
    const evening = await alice.createCatch({ ...caughtAt('11:00') });
    const byHand = await alice.createCatch({ ...caughtAt('05:00'), tripId: trip.id });
    expect(evening.tripId).toBe(trip.id);
    const ended = await alice.patch(`/api/trips/${trip.id}`, { endedAt: at('10:00') });
    expect(ended.json()).toMatchObject({ catchCount: 1 });
    const catches = (await alice.get('/api/catches')).json() as Catch[];
    const tripOf = (id: number) => catches.find((item) => item.id === id)?.tripId;
    expect([tripOf(evening.id), tripOf(byHand.id)]).toEqual([null, trip.id]);
    // Let go, it is linked by the rule again: a trip entered for its time takes it.
    const later = await createTrip(alice, { startedAt: at('10:30'), endedAt: at('11:30') });
    expect(later.catchCount).toBe(1);
  });

  it('lets a trip start the minute another ends, and gives a catch at that minute to the trip it starts', async () => {
    const first = await createTrip(alice, { startedAt: at('05:00'), endedAt: at('08:00') });
    // Logged before the next trip was entered: the first trip holds it until then.
    const loggedFirst = await alice.createCatch({ ...caughtAt('08:00'), fishType: 'Pike' });
    expect(loggedFirst.tripId).toBe(first.id);
    const next = await createTrip(alice, { startedAt: at('08:00'), endedAt: at('09:30') });
    const onTheMinute = await alice.createCatch({ ...caughtAt('08:00'), fishType: 'Perch' });
    expect(onTheMinute.tripId).toBe(next.id);
    const catches = (await alice.get('/api/catches')).json() as Catch[];
    expect(catches.find((item) => item.id === loggedFirst.id)?.tripId).toBe(next.id);
  });

  it('refuses an end before the start (naming endedAt), an overlap and a second open trip (naming startedAt)', async () => {
    const ends = await alice.post('/api/trips', { startedAt: at('08:00'), endedAt: at('07:59') });
    expect([ends.statusCode, ends.json()]).toEqual([
      400,
      {
        message: 'The end must not be before the start',
        code: 'INVALID_INPUT',
        errors: { endedAt: 'The end must not be before the start' },
      },
    ]);
    const morning = await createTrip(alice, { startedAt: at('05:00'), endedAt: at('08:00') });
    const overlap = await alice.post('/api/trips', { startedAt: at('07:00'), endedAt: at('09:00') });
    expect([overlap.statusCode, overlap.json().errors]).toEqual([
      400,
      { startedAt: 'Another trip covers this time: trips cannot overlap' },
    ]);
    await createTrip(alice, { startedAt: at('10:00') });
    const second = await alice.post('/api/trips', { startedAt: at('11:00') });
    expect([second.statusCode, second.json().errors]).toEqual([
      400,
      { startedAt: 'Another trip is still running: end it first' },
    ]);
    const edit = await alice.patch(`/api/trips/${morning.id}`, { startedAt: at('08:30') });
    expect([edit.statusCode, edit.json().errors]).toEqual([
      400,
      { endedAt: 'The end must not be before the start' },
    ]);
    // Running again while the 10:00 trip runs: a second open trip.
    const reopened = await alice.patch(`/api/trips/${morning.id}`, { endedAt: null });
    expect([reopened.statusCode, reopened.json().errors]).toEqual([
      400,
      { startedAt: 'Another trip is still running: end it first' },
    ]);
    const badMoment = await alice.post('/api/trips', { startedAt: '2026-06-01 05:00', fishLost: -1 });
    expect(badMoment.json().errors).toEqual({
      startedAt: 'Start must be a date and time with its offset (ISO 8601)',
      fishLost: 'Fish lost must be a whole number from 0 to 100000',
    });
  });

  it("is the owner's only: another angler's trip or spot is a 404 naming the field, and nothing is written", async () => {
    const spot = (await alice.post('/api/spots', { name: 'Dock', latitude: 1, longitude: 1 })).json() as Spot;
    const trip = await createTrip(alice, { startedAt: at('05:00'), endedAt: at('08:00'), spotId: spot.id });
    expect(trip.spotId).toBe(spot.id);
    const bob = await ApiClient.register(t.app, 'bob');
    expect((await bob.patch(`/api/trips/${trip.id}`, { notes: 'Mine' })).statusCode).toBe(404);
    expect((await bob.delete(`/api/trips/${trip.id}`)).statusCode).toBe(404);
    const theirSpot = await bob.post('/api/trips', { startedAt: at('05:00'), spotId: spot.id });
    expect([theirSpot.statusCode, theirSpot.json().errors]).toEqual([404, { spotId: 'Spot not found' }]);
    const theirTrip = await bob.post('/api/catches', { fishType: 'Pike', tripId: trip.id });
    expect([theirTrip.statusCode, theirTrip.json().errors]).toEqual([404, { tripId: 'Trip not found' }]);
    expect((await bob.get('/api/trips')).json()).toEqual([]);
    expect((await bob.get('/api/catches')).json()).toEqual([]);
    // Bob's own trip at the same time is his: trips overlap only within one account.
    await createTrip(bob, { startedAt: at('05:00'), endedAt: at('08:00') });
  });

  it('deletes a trip and keeps its catches without one; deleting its spot keeps the trip without one', async () => {
    const spot = (await alice.post('/api/spots', { name: 'Dock', latitude: 1, longitude: 1 })).json() as Spot;
    const trip = await createTrip(alice, { startedAt: at('05:00'), endedAt: at('08:00'), spotId: spot.id });
    const caught = await alice.createCatch({ ...caughtAt('06:00') });
    expect(caught.tripId).toBe(trip.id);
    expect((await alice.delete(`/api/spots/${spot.id}`)).statusCode).toBe(204);
    expect(((await alice.get('/api/trips')).json() as Trip[])[0]?.spotId).toBeNull();
    expect((await alice.delete(`/api/trips/${trip.id}`)).statusCode).toBe(204);
    expect((await alice.get('/api/trips')).json()).toEqual([]);
    expect((await alice.get('/api/catches')).json()).toEqual([{ ...caught, tripId: null }]);
  });

  it('refuses a trip over the per-account cap with 409 ACCOUNT_FULL', async () => {
    await t.close();
    t = await createTestApp(engine, { accountLimits: { catches: 100, textBytes: 1024 * 1024, trips: 1 } });
    alice = await ApiClient.register(t.app, 'alice');
    const first = await createTrip(alice, { startedAt: at('05:00'), endedAt: at('06:00') });
    const refused = await alice.post('/api/trips', { startedAt: at('07:00'), endedAt: at('08:00') });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      {
        message: 'Your trips are full: one account can keep 1 trips. Delete some trips to log new ones.',
        code: 'ACCOUNT_FULL',
      },
    ]);
    await alice.delete(`/api/trips/${first.id}`);
    await createTrip(alice, { startedAt: at('07:00'), endedAt: at('08:00') });
  });

  it('removes the trips and spots with the account', async () => {
    await alice.post('/api/spots', { name: 'Dock', latitude: 1, longitude: 1 });
    await createTrip(alice, { startedAt: at('05:00') });
    const bob = await ApiClient.register(t.app, 'bob');
    await createTrip(bob, { startedAt: at('05:00') });
    const deleted = await alice.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: 'river-trout-42' },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const db = t.database.db;
    expect(await db.selectFrom('spots').select('user_id').execute()).toEqual([]);
    expect(
      (await db.selectFrom('trips').select('user_id').execute()).map((row) => Number(row.user_id)),
    ).toEqual([bob.user?.id]);
  });
});
