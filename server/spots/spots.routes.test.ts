import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import type { Spot } from '#core/spots.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

/** The weed edge of a lake; 150 m is about 0.001349° of latitude (haversine, Earth radius 6,371 km). */
const WEED_EDGE = { name: 'Weed edge, north bay', latitude: 46.5, longitude: -84.25 };
const METERS_PER_DEGREE = (Math.PI * 6_371_000) / 180;
const northOf = (meters: number) => ({
  latitude: WEED_EDGE.latitude + meters / METERS_PER_DEGREE,
  longitude: WEED_EDGE.longitude,
});

describe.each(TEST_ENGINES)('spots on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  async function createSpot(client: ApiClient, fields: Record<string, unknown> = {}): Promise<Spot> {
    const response = await client.post('/api/spots', { ...WEED_EDGE, ...fields });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Spot;
  }

  it('saves a spot with the default radius, answers a repeat of its clientId with the first (200), and lists it', async () => {
    const clientId = randomUUID();
    const spot = await createSpot(alice, { clientId, notes: ' Cabbage ' });
    expect(spot).toEqual({
      id: expect.any(Number),
      clientId,
      ...WEED_EDGE,
      notes: 'Cabbage',
      radiusMeters: 150,
      createdAt: t.clock.now().toISOString(),
      catchCount: 0,
      bestCatch: null,
    });
    const repeat = await alice.post('/api/spots', { ...WEED_EDGE, clientId, name: 'Another name' });
    expect([repeat.statusCode, repeat.json()]).toEqual([200, spot]);
    expect((await alice.get('/api/spots')).json()).toEqual([spot]);
  });

  it('links a catch to the nearest spot whose radius holds it, and none outside every radius (edge of the radius)', async () => {
    const near = await createSpot(alice);
    const other = await createSpot(alice, { name: 'Point', ...northOf(250), radiusMeters: 200 });
    // 149 m from the weed edge and 101 m from the point: both hold it, the point is nearer.
    const between = await alice.createCatch({ ...northOf(149) });
    expect(between.spotId).toBe(other.id);
    const inside = await alice.createCatch({ ...northOf(-149) });
    expect(inside.spotId).toBe(near.id);
    const outside = await alice.createCatch({ ...northOf(-151) });
    expect(outside.spotId).toBeNull();
    const unplaced = await alice.createCatch();
    expect(unplaced.spotId).toBeNull();
  });

  it("keeps a catch saved with spotId null spot-less, and refuses another angler's spot (404 naming spotId, nothing saved)", async () => {
    const spot = await createSpot(alice);
    const none = await alice.createCatch({ ...WEED_EDGE, spotId: null });
    expect(none.spotId).toBeNull();
    const chosen = await alice.createCatch({ spotId: spot.id });
    expect(chosen.spotId).toBe(spot.id);

    const bob = await ApiClient.register(t.app, 'bob');
    const refused = await bob.post('/api/catches', { fishType: 'Pike', spotId: spot.id });
    expect([refused.statusCode, refused.json()]).toEqual([
      404,
      { message: 'Spot not found', code: 'NOT_FOUND', errors: { spotId: 'Spot not found' } },
    ]);
    expect((await bob.get('/api/catches')).json()).toEqual([]);
    const edit = await bob.patch(`/api/catches/${(await bob.createCatch()).id}`, { spotId: spot.id });
    expect([edit.statusCode, edit.json().errors]).toEqual([404, { spotId: 'Spot not found' }]);
  });

  it('attaches the spot-less catches in the radius of a new or moved spot, and answers its catch count and heaviest fish', async () => {
    const small = await alice.createCatch({ ...northOf(10), fishType: 'Perch', weight: 0.4, quantity: 12 });
    const big = await alice.createCatch({ ...northOf(-20), fishType: 'Pike', weight: 11.5 });
    const far = await alice.createCatch({ ...northOf(400), fishType: 'Walleye', weight: 3 });
    const spot = await createSpot(alice);
    expect([spot.catchCount, spot.bestCatch]).toEqual([13, { id: big.id, fishType: 'Pike', weight: 11.5 }]);
    const catches = (await alice.get('/api/catches')).json() as Catch[];
    expect(catches.map((item) => [item.id, item.spotId])).toEqual([
      [far.id, null],
      [big.id, spot.id],
      [small.id, spot.id],
    ]);
    const widened = await alice.patch(`/api/spots/${spot.id}`, { radiusMeters: '500' });
    expect(widened.json()).toMatchObject({ radiusMeters: 500, catchCount: 14, name: WEED_EDGE.name });
  });

  it("deletes a spot and keeps its catches without one; another angler's spot is a 404", async () => {
    const spot = await createSpot(alice);
    const caught = await alice.createCatch({ ...WEED_EDGE });
    expect(caught.spotId).toBe(spot.id);
    // The list is kept serialised until the next write (catch-list-cache.ts): deleting the spot is one.
    expect((await alice.get('/api/catches')).json()).toEqual([caught]);
    const bob = await ApiClient.register(t.app, 'bob');
    expect((await bob.patch(`/api/spots/${spot.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await bob.delete(`/api/spots/${spot.id}`)).statusCode).toBe(404);
    expect((await alice.delete(`/api/spots/${spot.id}`)).statusCode).toBe(204);
    expect((await alice.get('/api/spots')).json()).toEqual([]);
    expect((await alice.get('/api/catches')).json()).toEqual([{ ...caught, spotId: null }]);
    expect((await alice.delete(`/api/spots/${spot.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming each field', async () => {
    const response = await alice.post('/api/spots', {
      name: '',
      latitude: 90.5,
      longitude: -181,
      radiusMeters: 5001,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_INPUT',
      errors: {
        name: 'Name required',
        latitude: 'Latitude must be at most 90',
        longitude: 'Longitude must be at least -180',
        radiusMeters: 'Radius must be a whole number from 10 to 5000',
      },
    });
    const spot = await createSpot(alice);
    const edit = await alice.patch(`/api/spots/${spot.id}`, { radiusMeters: 9.5 });
    expect([edit.statusCode, edit.json().errors]).toEqual([
      400,
      { radiusMeters: 'Radius must be a whole number from 10 to 5000' },
    ]);
    expect((await alice.patch(`/api/spots/${spot.id}`, [])).statusCode).toBe(400);
  });

  it('refuses a spot over the per-account cap with 409 ACCOUNT_FULL; deleting makes room', async () => {
    await t.close();
    t = await createTestApp(engine, { accountLimits: { catches: 100, textBytes: 1024 * 1024, spots: 2 } });
    alice = await ApiClient.register(t.app, 'alice');
    const first = await createSpot(alice);
    await createSpot(alice, { name: 'Second' });
    const refused = await alice.post('/api/spots', { ...WEED_EDGE, name: 'Third' });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      {
        message: 'Your spots are full: one account can keep 2 spots. Delete some spots to add new ones.',
        code: 'ACCOUNT_FULL',
      },
    ]);
    await alice.delete(`/api/spots/${first.id}`);
    await createSpot(alice, { name: 'Third' });
  });
});
