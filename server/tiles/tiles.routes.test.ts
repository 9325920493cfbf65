import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import {
  type FakeTileServer,
  startFakeTileServer,
  TEST_TILE_SOURCE,
} from '../test-support/fake-tile-server.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { MIN_TILE_TTL_MS, TileCache } from './tile-cache.ts';

const FETCHES_PER_MINUTE = 20;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// The tile route touches no database: one engine is enough.
describe('GET /api/tiles/{z}/{x}/{y}', () => {
  let fake: FakeTileServer;
  let t: TestApp;
  let alice: ApiClient;

  beforeAll(async () => {
    fake = await startFakeTileServer();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    fake.setFailure(null);
    fake.requests.length = 0;
    t = await createTestApp('sqlite', {
      mapTiles: {
        source: { ...TEST_TILE_SOURCE, urlTemplate: fake.template },
        cacheBytes: 1024 * 1024,
        fetchesPerUserPerMinute: FETCHES_PER_MINUTE,
      },
    });
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers the provider PNG to a signed-in angler, asking the provider as this server', async () => {
    const response = await alice.get('/api/tiles/12/655/1582');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    // Like every API answer: not kept in the browser's HTTP cache (the service worker keeps viewed tiles).
    expect(response.headers['cache-control']).toBe('no-store');
    expect(fake.requests).toHaveLength(1);
    const upstream = fake.requests[0];
    expect(upstream?.path).toBe('/12/655/1582.png');
    expect(upstream?.headers['user-agent']).toBe(TEST_TILE_SOURCE.userAgent);
    // Nothing of the angler goes to the provider.
    expect(upstream?.headers.cookie).toBeUndefined();
    expect(upstream?.headers.referer).toBeUndefined();
    expect(upstream?.headers['x-forwarded-for']).toBeUndefined();
  });

  it('tells the map its attribution and zoom limit', async () => {
    const response = await alice.get('/api/tiles');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ attribution: TEST_TILE_SOURCE.attribution, maxZoom: 19 });
  });

  it('refuses anyone not signed in (401), without asking the provider', async () => {
    for (const url of ['/api/tiles/3/1/2', '/api/tiles']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'NOT_SIGNED_IN' });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['/api/tiles/20/0/0', 'z'],
    ['/api/tiles/-1/0/0', 'z'],
    ['/api/tiles/a/0/0', 'z'],
    ['/api/tiles/3/8/0', 'x'],
    ['/api/tiles/3/0/8', 'y'],
    ['/api/tiles/3/1.5/0', 'x'],
    ['/api/tiles/3/01/0', 'x'],
    ['/api/tiles/3/0/1e3', 'y'],
    ['/api/tiles/0/0/99999999999', 'y'],
  ])('refuses %s (400, naming %s) without asking the provider', async (url, field) => {
    const response = await alice.get(url);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { code: string; message: string; errors: Record<string, string> };
    expect(body.code).toBe('INVALID_INPUT');
    expect(Object.keys(body.errors)).toContain(field);
    expect(fake.requests).toHaveLength(0);
  });

  it('keeps tiles: a second request (any angler) is not sent upstream, until the tile is a week old', async () => {
    const bob = await ApiClient.register(t.app, 'bob');
    const first = await alice.get('/api/tiles/5/10/12');
    const second = await bob.get('/api/tiles/5/10/12');
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(fake.requests).toHaveLength(1);
    await alice.get('/api/tiles/5/11/12');
    expect(fake.requests).toHaveLength(2);
    // The fake says max-age=86400; the cache keeps tiles at least a week all the same.
    t.clock.advance(MIN_TILE_TTL_MS - 1000);
    await alice.get('/api/tiles/5/10/12');
    expect(fake.requests).toHaveLength(2);
    t.clock.advance(2000);
    await alice.get('/api/tiles/5/10/12');
    expect(fake.requests).toHaveLength(3);
  });

  it('shares one provider call between concurrent requests for a tile', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => alice.get('/api/tiles/7/20/40')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses (429) an account that makes the server fetch too many new tiles in a minute; kept tiles stay free', async () => {
    const bob = await ApiClient.register(t.app, 'bob');
    for (let x = 0; x < FETCHES_PER_MINUTE; x += 1) {
      expect((await alice.get(`/api/tiles/6/${x}/5`)).statusCode).toBe(200);
    }
    const refused = await alice.get('/api/tiles/6/40/5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many new map tiles at once. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    });
    expect(fake.requests).toHaveLength(FETCHES_PER_MINUTE);
    // A kept tile is not a provider fetch; another account has its own budget.
    expect((await alice.get('/api/tiles/6/0/5')).statusCode).toBe(200);
    expect((await bob.get('/api/tiles/6/40/5')).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await alice.get('/api/tiles/6/41/5')).statusCode).toBe(200);
  });

  it('answers 502 MAP_UNAVAILABLE when the provider fails or answers something that is not an image', async () => {
    for (const failure of ['error', 'garbage'] as const) {
      fake.setFailure(failure);
      const response = await alice.get(`/api/tiles/4/3/${failure === 'error' ? 1 : 2}`);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        message: 'The map service is not available right now.',
        code: 'MAP_UNAVAILABLE',
      });
    }
    // A failure is not cached: the tile comes once the provider is back.
    fake.setFailure(null);
    expect((await alice.get('/api/tiles/4/3/1')).statusCode).toBe(200);
  });

  it('answers 504 MAP_TIMEOUT when the provider does not answer in time', async () => {
    fake.setFailure('hang');
    const response = await alice.get('/api/tiles/4/3/3');
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({
      message: 'The map service did not answer in time. Please try again.',
      code: 'MAP_TIMEOUT',
    });
  });

  it('answers 502 MAP_UNAVAILABLE when nothing listens at the provider address', async () => {
    await t.close();
    t = await createTestApp('sqlite'); // the test app's default source: port 9, where nothing listens
    alice = await ApiClient.register(t.app, 'alice');
    const response = await alice.get('/api/tiles/1/0/0');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'MAP_UNAVAILABLE' });
  });
});

describe('the tile cache', () => {
  let fake: FakeTileServer;
  beforeAll(async () => {
    fake = await startFakeTileServer();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('stays within its byte budget, dropping the least recently used tile first', async () => {
    const size = (await (await fetch(`${fake.url}/0/0/0.png`)).arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(0);
    fake.requests.length = 0;
    const cache = new TileCache({ ...TEST_TILE_SOURCE, urlTemplate: fake.template }, size * 2 + 1, {
      now: () => new Date(),
    });
    await cache.get(1, 0, 0);
    await cache.get(1, 1, 1); // all four tiles here are the same colour: the same size
    await cache.get(1, 0, 0); // used again: now the newest
    await cache.get(2, 0, 0); // over budget: 1/1/1 goes
    expect(cache.sizeBytes).toBeLessThanOrEqual(size * 2 + 1);
    expect(cache.upstreamFetches).toBe(3);
    await cache.get(1, 0, 0);
    expect(cache.upstreamFetches).toBe(3);
    await cache.get(1, 1, 1);
    expect(cache.upstreamFetches).toBe(4);
  });
});
