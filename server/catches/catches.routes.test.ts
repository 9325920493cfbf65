import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { bulkCatches, createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';
import { CatchRepository } from './catch.repository.ts';

/** The main log form's payload (docs/product.md#log), every field filled. */
const fullPayload = {
  fishType: 'Rainbow Trout',
  weight: 3.4,
  length: 18.5,
  locationName: 'Lake Tahoe, US',
  latitude: 39.096848,
  longitude: -120.032349,
  notes: 'Caught near the drop-off',
  waterTemperature: 54.2,
  catchDate: '2026-06-01',
  timeOfDay: '06:45',
  lineSize: '6 lb fluoro',
  baitUsed: 'PowerBait',
  depth: 12.5,
  photo: null,
};

describe.each(TEST_ENGINES)('catches on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  it('saves the full log-form payload and returns it with JSON numbers', async () => {
    const response = await alice.post('/api/mobile-catch', fullPayload);
    expect(response.statusCode).toBe(201);
    const saved = response.json() as Catch;
    expect(saved).toEqual({
      ...fullPayload,
      id: expect.any(Number),
      createdAt: t.clock.now().toISOString(),
      clientId: null,
      isTestCatch: false,
      // 06:45 PDT is 13:45 UTC, later than the test clock's noon: no weather is due for a moment still to come.
      caughtAt: '2026-06-01T13:45:00.000Z',
      conditions: expect.objectContaining({ status: 'partial', weather: null }),
      // Not said, one fish, and no spot or trip of the angler's to link to.
      released: null,
      quantity: 1,
      spotId: null,
      tripId: null,
    });
    for (const key of ['weight', 'length', 'latitude', 'longitude', 'waterTemperature', 'depth'] as const) {
      expect(typeof saved[key]).toBe('number');
    }
    const list = await alice.get('/api/catches');
    expect(list.json()).toEqual([saved]);
  });

  it.each(['/api/catches', '/api/mobile-catch', '/api/emergency-catch'])(
    '%s creates a catch (201)',
    async (url) => {
      const response = await alice.post(url, {
        fishType: 'Bass',
        weight: 2.5,
        length: 14,
        locationName: 'Pond',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        fishType: 'Bass',
        weight: 2.5,
        length: 14,
        locationName: 'Pond',
        notes: null,
      });
    },
  );

  it('ignores a userId in the body: the session decides the owner', async () => {
    const bob = await ApiClient.register(t.app, 'bob');
    const response = await alice.post('/api/catches', {
      userId: bob.user?.id,
      fishType: 'Bass',
      weight: 2.5,
    });
    expect(response.statusCode).toBe(201);
    expect((await bob.get('/api/catches')).json()).toEqual([]);
    expect((await alice.get('/api/catches')).json()).toHaveLength(1);
  });

  it('requires a signed-in user on every catch route', async () => {
    const anonymous = new ApiClient(t.app);
    for (const url of ['/api/catches', '/api/mobile-catch', '/api/emergency-catch']) {
      const response = await anonymous.post(url, { fishType: 'Bass' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'You must be logged in', code: 'NOT_SIGNED_IN' });
    }
    expect((await anonymous.get('/api/catches')).statusCode).toBe(401);
    expect((await anonymous.delete('/api/catches/1')).statusCode).toBe(401);
  });

  it('trims text, turns empty strings into null and numeric strings into numbers', async () => {
    const saved = await alice.createCatch({
      fishType: '  Pike  ',
      notes: '   ',
      weight: '4.2',
      depth: '',
      baitUsed: ' spoon ',
    });
    expect(saved).toMatchObject({
      fishType: 'Pike',
      notes: null,
      weight: 4.2,
      depth: null,
      baitUsed: 'spoon',
    });
  });

  it.each([
    [{ fishType: '   ' }, 'Fish type required'],
    [{}, 'Fish type required'],
    [{ fishType: 'Bass', weight: -1 }, 'Weight must be at least 0'],
    [{ fishType: 'Bass', weight: 5001 }, 'Weight must be at most 5000'],
    [{ fishType: 'Bass', weight: 'heavy' }, 'Weight must be a number'],
    [{ fishType: 'Bass', latitude: 91 }, 'Latitude must be at most 90'],
    [{ fishType: 'Bass', longitude: -181 }, 'Longitude must be at least -180'],
    [{ fishType: 'Bass', catchDate: '2026-02-30' }, 'Catch date must be a date (yyyy-MM-dd)'],
    [{ fishType: 'Bass', timeOfDay: '25:00' }, 'Time of day must be a time (HH:mm)'],
    [{ fishType: 'Bass', clientId: 'not-a-uuid' }, 'clientId must be a UUID'],
    [{ fishType: 'Bass', photo: 'https://evil.example/x.jpg' }, 'Photo must be an uploaded photo URL'],
    [{ fishType: 'x'.repeat(101) }, 'Fish type must be at most 100 characters'],
    [{ fishType: 'Bass', notes: 'n'.repeat(5001) }, 'Notes must be at most 5000 characters'],
  ])('refuses %j with 400 "%s"', async (payload, message) => {
    const response = await alice.post('/api/mobile-catch', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a photo URL that is not one of the user’s uploads', async () => {
    const response = await alice.post('/api/mobile-catch', {
      fishType: 'Bass',
      photo: `/api/photos/${randomUUID()}.webp`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Photo not found: upload it again');
  });

  describe('idempotent clientId', () => {
    it('a retry with the same clientId returns the first catch (200), never a duplicate, on any create route', async () => {
      const clientId = randomUUID();
      const first = await alice.post('/api/mobile-catch', { fishType: 'Walleye', clientId });
      expect(first.statusCode).toBe(201);
      const retry = await alice.post('/api/catches', { fishType: 'Walleye (edited?)', clientId });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      const third = await alice.post('/api/emergency-catch', { fishType: 'Walleye', clientId });
      expect(third.statusCode).toBe(200);
      expect((await alice.get('/api/catches')).json()).toHaveLength(1);
    });

    it('concurrent posts with one clientId store exactly one catch', async () => {
      const clientId = randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => alice.post('/api/mobile-catch', { fishType: 'Perch', clientId })),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
      expect((await alice.get('/api/catches')).json()).toHaveLength(1);
    });

    it('the same clientId from two users makes two catches', async () => {
      const bob = await ApiClient.register(t.app, 'bob');
      const clientId = randomUUID();
      expect((await alice.post('/api/mobile-catch', { fishType: 'Carp', clientId })).statusCode).toBe(201);
      expect((await bob.post('/api/mobile-catch', { fishType: 'Carp', clientId })).statusCode).toBe(201);
    });
  });

  describe('createdAt', () => {
    it('keeps the device time of an offline save', async () => {
      const savedOffline = new Date(t.clock.now().getTime() - 3 * 60 * 60 * 1000).toISOString();
      expect((await alice.createCatch({ createdAt: savedOffline })).createdAt).toBe(savedOffline);
    });

    it.each(['2099-01-01T00:00:00.000Z', 'yesterday', 12345, '1970-01-01T00:00:00Z'])(
      'replaces %j with the server clock',
      async (createdAt) => {
        expect((await alice.createCatch({ createdAt })).createdAt).toBe(t.clock.now().toISOString());
      },
    );

    it('refuses a createdAt longer than any time (64 characters) with a clear message', async () => {
      const response = await alice.post('/api/catches', {
        fishType: 'Bass',
        createdAt: 'x'.repeat(1024 * 1024),
      });
      expect(response.statusCode).toBe(400);
      const message = 'createdAt must be at most 64 characters';
      expect(response.json()).toEqual({ message, code: 'INVALID_INPUT', errors: { createdAt: message } });
    });
  });

  describe('GET /api/catches', () => {
    it('lists newest first by createdAt, then by id', async () => {
      const older = await alice.createCatch({ fishType: 'Older', createdAt: '2026-05-01T10:00:00.000Z' });
      const sameTimeA = await alice.createCatch({ fishType: 'A', createdAt: '2026-05-20T10:00:00.000Z' });
      const sameTimeB = await alice.createCatch({ fishType: 'B', createdAt: '2026-05-20T10:00:00.000Z' });
      const ids = (await alice.get('/api/catches')).json().map((c: Catch) => c.id);
      expect(ids).toEqual([sameTimeB.id, sameTimeA.id, older.id]);
    });

    it('searches fish type, place, bait and notes, ignoring case, and matches % and _ literally', async () => {
      await alice.createCatch({ fishType: 'Northern Pike', locationName: 'Lake Mille Lacs' });
      await alice.createCatch({ fishType: 'Bass', baitUsed: 'Green PUMPKIN worm' });
      await alice.createCatch({ fishType: 'Trout', notes: 'released at 100% health' });
      await alice.createCatch({ fishType: 'Carp_Common' });
      const search = async (text: string) =>
        (await alice.get(`/api/catches?search=${encodeURIComponent(text)}`))
          .json()
          .map((c: Catch) => c.fishType);
      expect(await search('pike')).toEqual(['Northern Pike']);
      expect(await search('MILLE')).toEqual(['Northern Pike']);
      expect(await search('pumpkin')).toEqual(['Bass']);
      expect(await search('100%')).toEqual(['Trout']);
      expect(await search('%')).toEqual(['Trout']);
      expect(await search('0_')).toEqual([]);
      expect(await search('_')).toEqual(['Carp_Common']);
      expect(await search('')).toHaveLength(4);
    });

    it('reflects every write at once, whatever was listed before (the list cache follows the version)', async () => {
      const first = await alice.createCatch({ fishType: 'Bass' });
      expect((await alice.get('/api/catches')).json()).toHaveLength(1);
      expect((await alice.get('/api/catches?search=bass')).json()).toHaveLength(1);
      const second = await alice.createCatch({ fishType: 'Bass' });
      expect((await alice.get('/api/catches')).json().map((c: Catch) => c.id)).toEqual([second.id, first.id]);
      expect((await alice.get('/api/catches?search=bass')).json()).toHaveLength(2);
      await alice.delete(`/api/catches/${first.id}`);
      expect((await alice.get('/api/catches')).json().map((c: Catch) => c.id)).toEqual([second.id]);
      const bob = await ApiClient.register(t.app, 'bob');
      expect((await bob.get('/api/catches')).json()).toEqual([]);
    });

    it('finds non-ASCII capitals ignoring case, the same on both engines (Äsche, ÖRING)', async () => {
      await alice.createCatch({ fishType: 'Äsche', locationName: 'Große Mühl' });
      await alice.createCatch({ fishType: 'Meerforelle', notes: 'ÖRING på flugan, Ångermanälven' });
      await alice.createCatch({ fishType: 'Σολομός', baitUsed: 'ΜΎΓΑ' });
      const search = async (text: string) =>
        (await alice.get(`/api/catches?search=${encodeURIComponent(text)}`))
          .json()
          .map((c: Catch) => c.fishType);
      expect(await search('äsche')).toEqual(['Äsche']);
      expect(await search('ÄSCHE')).toEqual(['Äsche']);
      expect(await search('große mühl')).toEqual(['Äsche']);
      expect(await search('öring')).toEqual(['Meerforelle']);
      expect(await search('ångermanälven')).toEqual(['Meerforelle']);
      expect(await search('σολομός')).toEqual(['Σολομός']);
      expect(await search('μύγα')).toEqual(['Σολομός']);
    });

    it('streams a list too big to cache as the same JSON array, newest first', async () => {
      // ~10 MB of notes: over the cache's largest entry, so it is sent page by page.
      const userId = alice.user?.id ?? 0;
      const note = 'n'.repeat(5000);
      const start = Date.parse('2026-01-01T00:00:00.000Z');
      // Three catches a minute: many share a createdAt, so the order also rests on the id.
      const many = bulkCatches(2000, (i) => ({
        notes: note,
        createdAt: new Date(start + Math.floor(i / 3) * 60_000),
      }));
      await new CatchRepository(t.database.db).createMany(userId, many);
      const response = await alice.get('/api/catches');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['transfer-encoding']).toBe('chunked');
      const list = response.json() as Catch[];
      expect(list).toHaveLength(2000);
      expect(list.map((c) => c.id)).toEqual(
        (await new CatchRepository(t.database.db).list(userId)).map((c) => c.id),
      );
      const order = list.map((c) => [c.createdAt, c.id] as const);
      const sorted = [...order].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
      expect(order).toEqual(sorted);
      expect(list[0]?.notes).toBe(note);
      expect(
        (await alice.get('/api/catches?search=fish%201999')).json().map((c: Catch) => c.fishType),
      ).toEqual(['Fish 1999']);
    });

    it('with ?limit=N answers only the newest N, in the whole list order, searched too; another user has none', async () => {
      const userId = alice.user?.id ?? 0;
      const start = Date.parse('2026-01-01T00:00:00.000Z');
      // Two catches a minute: the order also rests on the id where the first page ends.
      const many = bulkCatches(150, (i) => ({
        fishType: i % 2 === 0 ? `Pike ${i}` : `Perch ${i}`,
        createdAt: new Date(start + Math.floor(i / 2) * 60_000),
      }));
      await new CatchRepository(t.database.db).createMany(userId, many);
      const whole = (await alice.get('/api/catches')).json() as Catch[];
      const first = await alice.get('/api/catches?limit=25');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual(whole.slice(0, 25));
      expect((await alice.get('/api/catches?limit=100')).json()).toEqual(whole.slice(0, 100));
      const pikes = (await alice.get('/api/catches?search=pike')).json() as Catch[];
      expect((await alice.get('/api/catches?search=pike&limit=3')).json()).toEqual(pikes.slice(0, 3));
      const bob = await ApiClient.register(t.app, 'bob');
      expect((await bob.get('/api/catches?limit=25')).json()).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/api/catches?limit=25' })).statusCode).toBe(401);
    });

    it.each(['0', '101', '-1', '1.5', 'ten', '', '1e2', '007'])(
      'refuses ?limit=%s with 400 and says what it may be',
      async (limit) => {
        const response = await alice.get(`/api/catches?limit=${encodeURIComponent(limit)}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'INVALID_INPUT',
          message: 'limit must be a whole number from 1 to 100',
        });
      },
    );

    it('refuses a repeated or overlong search with 400', async () => {
      expect((await alice.get('/api/catches?search=a&search=b')).statusCode).toBe(400);
      expect((await alice.get(`/api/catches?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
    });
  });

  describe('what one account may keep', () => {
    const FULL_BY_COUNT =
      'Your log is full: one account can keep 3 catches. Delete some catches to log new ones.';

    async function withLimits(catches: number, textBytes: number) {
      await t.close();
      t = await createTestApp(engine, { accountLimits: { catches, textBytes } });
      alice = await ApiClient.register(t.app, 'alice');
    }

    it('refuses a catch over the per-account count with 409 and a clear message; deleting makes room', async () => {
      await withLimits(3, 1024 * 1024);
      const kept = [];
      for (let i = 0; i < 3; i++) kept.push(await alice.createCatch({ fishType: `Bass ${i}` }));
      for (const path of ['/api/catches', '/api/mobile-catch', '/api/emergency-catch']) {
        const refused = await alice.post(path, { fishType: 'One too many' });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({ message: FULL_BY_COUNT, code: 'ACCOUNT_FULL' });
      }
      expect((await alice.get('/api/catches')).json()).toHaveLength(3);
      await alice.delete(`/api/catches/${kept[0]?.id}`);
      expect((await alice.post('/api/mobile-catch', { fishType: 'Room again' })).statusCode).toBe(201);
      // Another angler has an account of their own.
      const bob = await ApiClient.register(t.app, 'bob');
      expect((await bob.post('/api/mobile-catch', { fishType: 'Perch' })).statusCode).toBe(201);
    });

    it('refuses a catch whose text would pass the per-account text bytes, counting UTF-8', async () => {
      // Each catch: 4 bytes of fish type + 2,500 × 2-byte 'ö' = 5,004 bytes.
      await withLimits(1000, 12_000);
      const notes = 'ö'.repeat(2500);
      const first = await alice.createCatch({ fishType: 'Pike', notes });
      await alice.createCatch({ fishType: 'Pike', notes });
      const refused = await alice.post('/api/mobile-catch', { fishType: 'Pike', notes });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(
        /^Your log is full: one account can keep 12 KB of notes and names\./,
      );
      // A short catch still fits beside them...
      expect((await alice.post('/api/mobile-catch', { fishType: 'Pike', notes: 'short' })).statusCode).toBe(
        201,
      );
      // ...and a delete gives its bytes back.
      await alice.delete(`/api/catches/${first.id}`);
      expect((await alice.post('/api/mobile-catch', { fishType: 'Pike', notes })).statusCode).toBe(201);
    });

    it('30 parallel posts cannot overshoot the limit', async () => {
      await withLimits(5, 1024 * 1024);
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) => alice.post('/api/mobile-catch', { fishType: `Burst ${i}` })),
      );
      expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(5);
      expect(burst.filter((r) => r.statusCode === 409)).toHaveLength(25);
      expect((await alice.get('/api/catches')).json()).toHaveLength(5);
    });

    it('a retried catch already stored is still answered 200 when the account is full', async () => {
      await withLimits(1, 1024 * 1024);
      const clientId = randomUUID();
      const first = await alice.post('/api/mobile-catch', { fishType: 'Walleye', clientId });
      expect(first.statusCode).toBe(201);
      const retry = await alice.post('/api/mobile-catch', { fishType: 'Walleye', clientId });
      expect(retry.statusCode).toBe(200);
      expect(retry.json().id).toBe(first.json().id);
      // Deleting by the device's id gives the place back too.
      expect((await alice.delete(`/api/catches/client/${clientId}`)).statusCode).toBe(204);
      expect((await alice.post('/api/mobile-catch', { fishType: 'Walleye' })).statusCode).toBe(201);
    });
  });

  describe('ownership', () => {
    it('another user neither sees nor deletes my catches (404, never 403)', async () => {
      const mine = await alice.createCatch({ fishType: 'Muskie' });
      const bob = await ApiClient.register(t.app, 'bob');
      expect((await bob.get('/api/catches')).json()).toEqual([]);
      expect((await bob.get('/api/catches?search=Muskie')).json()).toEqual([]);
      const attempt = await bob.delete(`/api/catches/${mine.id}`);
      expect(attempt.statusCode).toBe(404);
      expect(attempt.json()).toEqual({ message: 'Catch not found', code: 'NOT_FOUND' });
      expect((await alice.get('/api/catches')).json()).toHaveLength(1);
    });
  });

  describe('DELETE /api/catches/:id', () => {
    it('deletes my catch (204) and a second delete is 404', async () => {
      const mine = await alice.createCatch();
      expect((await alice.delete(`/api/catches/${mine.id}`)).statusCode).toBe(204);
      expect((await alice.get('/api/catches')).json()).toEqual([]);
      expect((await alice.delete(`/api/catches/${mine.id}`)).statusCode).toBe(404);
    });

    it('deletes by the device clientId (offline outbox), only my own', async () => {
      const clientId = randomUUID();
      await alice.createCatch({ clientId });
      const bob = await ApiClient.register(t.app, 'bob');
      expect((await bob.delete(`/api/catches/client/${clientId}`)).statusCode).toBe(404);
      expect((await alice.delete(`/api/catches/client/${clientId}`)).statusCode).toBe(204);
      expect((await alice.get('/api/catches')).json()).toEqual([]);
      expect((await alice.delete(`/api/catches/client/${clientId}`)).statusCode).toBe(404);
      expect((await alice.delete('/api/catches/client/not-a-uuid')).statusCode).toBe(400);
    });

    it.each(['abc', '-1', '1.5', '9'.repeat(30)])('answers 400 for the id %s', async (id) => {
      const response = await alice.delete(`/api/catches/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Catch id must be a positive whole number');
    });
  });
});
