import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Catch } from '../../core/catch.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

/** The main log form's payload (SPEC §3), every field filled. */
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
      expect(response.json()).toEqual({ message: 'You must be logged in' });
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

    it('refuses a repeated or overlong search with 400', async () => {
      expect((await alice.get('/api/catches?search=a&search=b')).statusCode).toBe(400);
      expect((await alice.get(`/api/catches?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
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
      expect(attempt.json()).toEqual({ message: 'Catch not found' });
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
