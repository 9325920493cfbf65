// The conditions of every catch as the API answers them (docs/decisions/041-catch-conditions.md): worked out at once on
// every create (the sky, no provider), 'pending' while the weather is due, worked out again by an edit of the date,
// time or place and left exactly as they were by any other, the place name of a catch saved offline, and the seam
// that wakes the conditions job. The weather itself is the job's (server/conditions/).
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Catch, DEFAULT_LOCATION_NAME } from '#core/catch.ts';
import { EVERY_CONDITION_SET } from '#core/test-catch.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';
import { CatchRepository } from './catch.repository.ts';

/** Lake Tahoe: America/Los_Angeles, PDT (UTC-7) in May. The test clock stands at 2026-06-01T12:00Z. */
const TAHOE = { latitude: 39.096848, longitude: -120.032349 };
const MAY_MORNING = { catchDate: '2026-05-01', timeOfDay: '06:45' };

describe.each(TEST_ENGINES)('the conditions of a catch on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  const listed = async (id: number) =>
    ((await alice.get('/api/catches')).json() as Catch[]).find((item) => item.id === id);

  /** The stored moment and conditions columns of a catch, as the database holds them. */
  const storedConditions = (id: number) =>
    t.database.db
      .selectFrom('catches')
      .select([
        'caught_at',
        'time_zone',
        'conditions',
        'conditions_status',
        'conditions_attempts',
        'conditions_retry_at',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  describe('on create', () => {
    it('answers at once the moment on the clocks of the place and the sky, pending the weather', async () => {
      const created = await alice.post('/api/catches', { fishType: 'Trout', ...TAHOE, ...MAY_MORNING });
      expect(created.statusCode).toBe(201);
      const item = created.json() as Catch;
      expect(item.caughtAt).toBe('2026-05-01T13:45:00.000Z');
      expect(item.conditions).toMatchObject({
        status: 'pending',
        weather: null,
        sun: { phase: 'day', sunrise: expect.stringMatching(/^2026-05-01T1[23]:/) },
        moon: { phase: expect.any(String), illumination: expect.any(Number) },
        solunar: { period: expect.toBeOneOf(['major', 'minor', null]) },
      });
      expect(await listed(item.id)).toEqual(item);
      expect(await storedConditions(item.id)).toMatchObject({
        caught_at: '2026-05-01T13:45:00.000Z',
        time_zone: 'America/Los_Angeles',
        conditions_status: 'pending',
      });
    });

    it('without a position: the moon only, partial, on UTC clocks when the phone sent no zone', async () => {
      const item = await alice.createCatch({ fishType: 'Perch', ...MAY_MORNING });
      expect(item.caughtAt).toBe('2026-05-01T06:45:00.000Z');
      expect(item.conditions).toMatchObject({ status: 'partial', weather: null, sun: null, solunar: null });
      expect(item.conditions.moon).not.toBeNull();
    });

    it.each([
      ['after the server clock', '2026-06-20', '2026-06-20T13:45:00.000Z'],
      // California kept no summer time in 1935: PST, UTC-8.
      ['before the weather records begin', '1935-06-01', '1935-06-01T14:45:00.000Z'],
    ])('a moment %s: the sky, no weather ever due, partial', async (_, catchDate, caughtAt) => {
      const item = await alice.createCatch({ fishType: 'Pike', ...TAHOE, catchDate, timeOfDay: '06:45' });
      expect(item.caughtAt).toBe(caughtAt);
      expect(item.conditions).toMatchObject({ status: 'partial', weather: null, sun: { phase: 'day' } });
    });

    it('from the outbox with the phone zone and no position: read on the phone clocks, a retry answers the same', async () => {
      const payload = {
        fishType: 'Bluegill',
        ...MAY_MORNING,
        clientId: randomUUID(),
        createdAt: '2026-05-01T18:00:00.000Z',
        timeZone: 'America/Chicago',
      };
      const first = await alice.post('/api/mobile-catch', payload);
      expect(first.statusCode).toBe(201);
      // 06:45 CDT (UTC-5).
      expect((first.json() as Catch).caughtAt).toBe('2026-05-01T11:45:00.000Z');
      expect((first.json() as Catch).conditions.status).toBe('partial');
      const retry = await alice.post('/api/mobile-catch', payload);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
    });

    it('without a time of day: when it was saved if that was the same local day, else local noon', async () => {
      const base = { fishType: 'Bass', timeZone: 'America/Chicago', catchDate: '2026-05-01' };
      const sameDay = await alice.createCatch({ ...base, createdAt: '2026-05-01T20:10:00.000Z' });
      expect(sameDay.caughtAt).toBe('2026-05-01T20:10:00.000Z');
      // 02:00 UTC on the 2nd is still the 1st in Chicago; 06:00 UTC on the 3rd is not.
      const lateEvening = await alice.createCatch({ ...base, createdAt: '2026-05-02T02:00:00.000Z' });
      expect(lateEvening.caughtAt).toBe('2026-05-02T02:00:00.000Z');
      const later = await alice.createCatch({ ...base, createdAt: '2026-05-03T06:00:00.000Z' });
      expect(later.caughtAt).toBe('2026-05-01T17:00:00.000Z');
    });

    it('an unknown phone zone is dropped, never refused: UTC clocks', async () => {
      const item = await alice.createCatch({ fishType: 'Carp', ...MAY_MORNING, timeZone: 'Mars/Olympus' });
      expect(item.caughtAt).toBe('2026-05-01T06:45:00.000Z');
    });
  });

  describe('an edit', () => {
    let saved: Catch;
    beforeEach(async () => {
      saved = await alice.createCatch({ fishType: 'Trout', ...TAHOE, ...MAY_MORNING });
      // As the conditions job leaves a catch it found the weather for, after two failed attempts.
      await t.database.db
        .updateTable('catches')
        .set({
          conditions: JSON.stringify({ ...EVERY_CONDITION_SET, sun: saved.conditions.sun }),
          conditions_status: 'complete',
          conditions_attempts: 2,
        })
        .where('id', '=', saved.id)
        .execute();
      saved = (await listed(saved.id)) as Catch;
      expect(saved.conditions.weather).toEqual(EVERY_CONDITION_SET.weather);
    });

    it.each([
      ['notes', { notes: 'Released' }],
      ['the place name and the weight', { locationName: 'Emerald Bay', weight: 2.5 }],
      ['the date, time and position to what they are', { ...MAY_MORNING, ...TAHOE }],
    ])('of %s leaves the moment and conditions exactly as stored', async (_, changes) => {
      const before = await storedConditions(saved.id);
      const response = await alice.patch(`/api/catches/${saved.id}`, changes);
      expect(response.statusCode).toBe(200);
      expect(await storedConditions(saved.id)).toEqual(before);
      const { caughtAt, conditions } = response.json() as Catch;
      expect({ caughtAt, conditions }).toEqual({ caughtAt: saved.caughtAt, conditions: saved.conditions });
    });

    it.each([
      ['time of day', { timeOfDay: '19:30' }, '2026-05-02T02:30:00.000Z'],
      ['date', { catchDate: '2026-04-30' }, '2026-04-30T13:45:00.000Z'],
      // Lake Mead, Nevada: the same zone.
      ['position', { latitude: 36.1, longitude: -114.4 }, '2026-05-01T13:45:00.000Z'],
    ])(
      'of the %s works them out again: pending, the weather cleared, the attempts reset',
      async (_, changes, caughtAt) => {
        const response = await alice.patch(`/api/catches/${saved.id}`, changes);
        expect(response.statusCode).toBe(200);
        const item = response.json() as Catch;
        expect(item.caughtAt).toBe(caughtAt);
        expect(item.conditions).toMatchObject({ status: 'pending', weather: null });
        expect(item.conditions.sun).not.toBeNull();
        expect(await storedConditions(saved.id)).toMatchObject({
          caught_at: caughtAt,
          conditions_status: 'pending',
          conditions_attempts: 0,
          conditions_retry_at: null,
        });
        expect(await listed(saved.id)).toEqual(item);
      },
    );

    it('taking the position away keeps the clocks of the place it had, and leaves no weather due', async () => {
      const response = await alice.patch(`/api/catches/${saved.id}`, { latitude: null, longitude: null });
      const item = response.json() as Catch;
      expect(item.caughtAt).toBe('2026-05-01T13:45:00.000Z');
      expect(item.conditions).toMatchObject({ status: 'partial', weather: null, sun: null, solunar: null });
    });

    it('by the device id works them out the same way', async () => {
      const offline = await alice.createCatch({
        fishType: 'Bass',
        ...TAHOE,
        ...MAY_MORNING,
        clientId: randomUUID(),
      });
      const response = await alice.patch(`/api/catches/client/${offline.clientId}`, { timeOfDay: '19:30' });
      expect((response.json() as Catch).caughtAt).toBe('2026-05-02T02:30:00.000Z');
    });
  });

  describe('the place name of a catch saved offline', () => {
    /** What the log form would have been given online for that position. */
    const onlineName = async (latitude: number, longitude: number) =>
      (
        (await alice.get(`/api/reverse-geocode?lat=${latitude}&lon=${longitude}`)).json() as {
          locationName: string;
        }
      ).locationName;

    it.each([
      ['no name', {}],
      ['the form default', { locationName: DEFAULT_LOCATION_NAME }],
      ['an empty name', { locationName: '  ' }],
    ])('with a position and %s: named from the position, as online', async (_, name) => {
      const item = await alice.createCatch({ fishType: 'Trout', ...TAHOE, ...name, clientId: randomUUID() });
      const expected = await onlineName(TAHOE.latitude, TAHOE.longitude);
      expect(expected).not.toBe(DEFAULT_LOCATION_NAME);
      expect(item.locationName).toBe(expected);
      expect((await listed(item.id))?.locationName).toBe(expected);
    });

    it('a name the angler typed is kept; without a position the default stays', async () => {
      const typed = await alice.createCatch({ fishType: 'Trout', ...TAHOE, locationName: 'The secret cove' });
      expect(typed.locationName).toBe('The secret cove');
      const nowhere = await alice.createCatch({ fishType: 'Trout', locationName: DEFAULT_LOCATION_NAME });
      expect(nowhere.locationName).toBe(DEFAULT_LOCATION_NAME);
    });
  });

  describe('export and import', () => {
    it('JSON carries the moment and the conditions as an object; a re-import keeps them and doubles nothing', async () => {
      const saved = await alice.createCatch({
        fishType: 'Trout',
        ...TAHOE,
        ...MAY_MORNING,
        clientId: randomUUID(),
      });
      const file = (await alice.get('/api/export?format=json')).body;
      const [exported] = (JSON.parse(file) as { catches: Catch[] }).catches;
      expect(exported).toMatchObject({ caughtAt: saved.caughtAt, conditions: saved.conditions });
      expect((await alice.importFile(file, 'log.json')).json()).toMatchObject({ created: 0, skipped: 1 });
      const bob = await ApiClient.register(t.app, 'bob');
      expect((await bob.importFile(file, 'log.json')).json()).toMatchObject({ created: 1, skipped: 0 });
      const [copy] = (await bob.get('/api/catches')).json() as Catch[];
      expect({ caughtAt: copy?.caughtAt, conditions: copy?.conditions }).toEqual({
        caughtAt: saved.caughtAt,
        conditions: saved.conditions,
      });
    });

    it('JSON conditions that are not conditions: the row is imported, its conditions worked out', async () => {
      const row = {
        fishType: 'Pike',
        ...TAHOE,
        ...MAY_MORNING,
        caughtAt: 'yesterday',
        conditions: { status: 'great' },
      };
      const file = JSON.stringify({ format: 'tightlines-export', version: 1, catches: [row] });
      expect((await alice.importFile(file, 'log.json')).json()).toMatchObject({
        created: 1,
        rejectedCount: 0,
      });
      const [item] = (await alice.get('/api/catches')).json() as Catch[];
      expect(item?.caughtAt).toBe('2026-05-01T13:45:00.000Z');
      expect(item?.conditions).toMatchObject({ status: 'pending', weather: null, sun: { phase: 'day' } });
    });
  });

  describe('the wake-up of the conditions job', () => {
    it('is called after each save that leaves a catch pending, and only then', async () => {
      let wakes = 0;
      const catches = new CatchRepository(t.database.db, {
        clock: t.clock,
        onConditionsPending: () => {
          wakes += 1;
        },
      });
      const userId = alice.user?.id ?? 0;
      const base = { photoId: null, createdAt: t.clock.now(), ...TAHOE, ...MAY_MORNING };
      const { catch: pending } = await catches.create(userId, { ...base, fishType: 'Trout' });
      expect(wakes).toBe(1);
      await catches.create(userId, { ...base, fishType: 'Pike', catchDate: '2026-07-01' });
      expect(wakes).toBe(1);
      await catches.update(userId, pending.id, { notes: 'Released' });
      expect(wakes).toBe(1);
      await catches.update(userId, pending.id, { timeOfDay: '07:00' });
      expect(wakes).toBe(2);
      await catches.importMany(userId, [{ ...base, fishType: 'Bass', clientId: randomUUID() }]);
      expect(wakes).toBe(3);
    });

    it('a wake-up that throws does not fail the save', async () => {
      const catches = new CatchRepository(t.database.db, {
        clock: t.clock,
        onConditionsPending: () => {
          throw new Error('the job is down');
        },
      });
      const created = await catches.create(alice.user?.id ?? 0, {
        photoId: null,
        createdAt: t.clock.now(),
        fishType: 'Trout',
        ...TAHOE,
        ...MAY_MORNING,
      });
      expect(created.created).toBe(true);
    });
  });
});
