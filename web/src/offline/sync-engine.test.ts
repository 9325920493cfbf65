import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Catch, CatchCreatePayload as CatchPayload } from '#core/catch.ts';
import { ApiClient } from '../../../server/test-support/api-client.ts';
import { createTestApp, type TestApp } from '../../../server/test-support/test-app.ts';
import { buildCatchPayload, emptyCatchForm } from '../features/catches/catch-payload.ts';
import { type CreateEntry, createOutbox, type Outbox, StorageFullError } from './outbox.ts';
import { deleteCatchOffline, newCreateEntry, newDeleteEntry } from './outbox-actions.ts';
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  createMemoryLocks,
  createSyncEngine,
  type LockManagerLike,
  type SyncEngine,
  type SyncEvent,
} from './sync-engine.ts';

/**
 * The outbox and sync engine against the REAL server app (app.inject, SQLite), with faults injected between
 * them. Every scenario ends by checking the server's catch list: exactly the expected catches, none twice,
 * and the outbox holds exactly what is still owed.
 */

type Fault =
  /** The request never reaches the server (no signal, DNS, connection refused). */
  | { mode: 'drop-before' }
  /** The server handles (commits) the request, then the answer is lost. */
  | { mode: 'drop-after' }
  /** An answer made up without asking the server. */
  | { mode: 'answer'; status: number; body?: unknown }
  /** The server handles the request and the answer never arrives: the tab crashed mid-request. */
  | { mode: 'hang-after' };

interface FaultRule {
  method: string;
  path: string | RegExp;
  fault: Fault;
  /** How many requests it hits (default: every one until removed). */
  times?: number;
}

/** A browser-like fetch that talks to the app through inject(), with one cookie jar and fault injection. */
class FakeNetwork {
  readonly calls: string[] = [];
  rules: FaultRule[] = [];
  offline = false;
  cookie: string;
  private readonly app: TestApp['app'];

  constructor(app: TestApp['app'], cookie: string) {
    this.app = app;
    this.cookie = cookie;
  }

  count(method: string, path: string): number {
    return this.calls.filter((call) => call === `${method} ${path}`).length;
  }

  fetch: typeof fetch = async (input, init) => {
    const request = new Request(new URL(String(input), 'http://tightlines.test'), init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    this.calls.push(key);
    if (this.offline) throw new TypeError('Failed to fetch');
    const rule = this.rules.find(
      (r) =>
        r.method === request.method &&
        (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname)) &&
        (r.times === undefined || r.times > 0),
    );
    if (rule?.times !== undefined) rule.times--;
    if (rule?.fault.mode === 'drop-before') throw new TypeError('Failed to fetch');
    if (rule?.fault.mode === 'answer') {
      return new Response(JSON.stringify(rule.fault.body ?? { message: `Made-up ${rule.fault.status}` }), {
        status: rule.fault.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }

    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (this.cookie) headers.cookie = this.cookie;
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await this.app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      payload: body,
    });
    if (rule?.fault.mode === 'drop-after') throw new TypeError('Failed to fetch');
    if (rule?.fault.mode === 'hang-after') return new Promise<Response>(() => {});
    const status = answer.statusCode;
    return new Response(status === 204 || status === 304 ? null : new Uint8Array(answer.rawPayload), {
      status,
      headers: { 'Content-Type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

let testApp: TestApp;
let jpeg: Buffer;

beforeAll(async () => {
  testApp = await createTestApp('sqlite');
  jpeg = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 120, b: 160 } },
  })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await testApp.close();
});

interface Device {
  user: ApiClient;
  network: FakeNetwork;
  outbox: Outbox;
  engine: SyncEngine;
  events: SyncEvent[];
  /** The engine's clock (ms), moved by tests. */
  clock: { now: number };
}

let dbCounter = 0;

/** A phone: a fresh outbox database, a signed-in user, the network and an engine (one "tab"). */
async function newDevice(): Promise<Device> {
  const user = await ApiClient.register(testApp.app, `angler_${randomUUID().slice(0, 8)}`);
  const network = new FakeNetwork(testApp.app, user.cookie);
  const outbox = createOutbox({ dbName: `outbox-test-${++dbCounter}`, notify: () => {} });
  const clock = { now: testApp.clock.now().getTime() };
  const events: SyncEvent[] = [];
  const engine = newTab({ outbox, network, clock, events });
  return { user, network, outbox, engine, events, clock };
}

function newTab({
  outbox,
  network,
  clock,
  events = [],
  locks = createMemoryLocks(),
}: {
  outbox: Outbox;
  network: FakeNetwork;
  clock: { now: number };
  events?: SyncEvent[];
  locks?: LockManagerLike;
}): SyncEngine {
  return createSyncEngine({
    outbox,
    fetch: network.fetch,
    now: () => clock.now,
    random: () => 0.5,
    locks,
    onEvent: (event) => events.push(event),
  });
}

function payload(fields: Partial<CatchPayload> = {}): CatchPayload {
  return {
    ...buildCatchPayload(
      { ...emptyCatchForm(undefined, testApp.clock.now()), fishType: 'Rainbow Trout', weight: '3.4' },
      { photo: null, clientId: randomUUID(), now: testApp.clock.now(), units: 'imperial' },
    ),
    ...fields,
  };
}

async function saveOffline(device: Device, fields: Partial<CatchPayload> = {}, photo: Blob | null = null) {
  const entry = newCreateEntry(device.user.user?.id ?? -1, payload(fields), photo);
  await device.outbox.add(entry);
  return entry;
}

const jpegBlob = () => new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });

async function serverCatches(device: Device): Promise<Catch[]> {
  const response = await device.user.get('/api/catches');
  expect(response.statusCode).toBe(200);
  return response.json() as Catch[];
}

async function expectPhotoLoads(device: Device, url: string | null): Promise<void> {
  expect(url).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\.webp$/);
  const response = await device.user.get(`${url}?size=thumb`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
}

let device: Device;
beforeEach(async () => {
  device = await newDevice();
});

describe('backoff', () => {
  it('doubles from 1 s up to 5 min, with ±25% jitter', () => {
    expect(backoffDelay(1, 0.5)).toBe(1000);
    expect(backoffDelay(2, 0.5)).toBe(2000);
    expect(backoffDelay(5, 0.5)).toBe(16_000);
    expect(backoffDelay(30, 0.5)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(1, 0)).toBe(750);
    expect(backoffDelay(1, 0.999)).toBeLessThanOrEqual(1250);
  });
});

describe('sync engine against the real server', () => {
  it('uploads the photo, posts the catch with its clientId, then empties the outbox', async () => {
    const entry = await saveOffline(device, {}, jpegBlob());
    const result = await device.engine.flush();

    expect(result).toMatchObject({ status: 'done', synced: 1, failed: 0, nextAttemptAt: null });
    expect(await device.outbox.list()).toEqual([]);
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    expect(catches[0]).toMatchObject({ clientId: entry.clientId, fishType: 'Rainbow Trout', weight: 3.4 });
    expect(catches[0]?.createdAt).toBe(entry.payload.createdAt);
    await expectPhotoLoads(device, catches[0]?.photo ?? null);
    expect(device.network.calls).toEqual(['GET /api/user', 'POST /api/upload', 'POST /api/mobile-catch']);
    expect(device.events.map((e) => e.type)).toEqual(['synced']);
  });

  it('keeps everything while offline and sends nothing twice once back', async () => {
    device.network.offline = true;
    const first = await saveOffline(device, { fishType: 'Pike' }, jpegBlob());
    device.clock.now += 1;
    const second = await saveOffline(device, {
      fishType: 'Perch',
      createdAt: new Date(device.clock.now).toISOString(),
    });

    const offline = await device.engine.flush();
    expect(offline.status).toBe('unreachable');
    // The user check failed before any entry was tried: no backoff was spent while offline.
    expect((await device.outbox.list()).map((e) => [e.clientId, e.attempts])).toEqual([
      [first.clientId, 0],
      [second.clientId, 0],
    ]);

    device.network.offline = false;
    expect(await device.engine.flush()).toMatchObject({ status: 'done', synced: 2 });
    const catches = await serverCatches(device);
    expect(catches.map((c) => c.fishType).sort()).toEqual(['Perch', 'Pike']);
    expect(await device.outbox.list()).toEqual([]);
  });

  it('network drops mid-upload (before the server saw it): retries with backoff, one catch, one photo', async () => {
    await saveOffline(device, {}, jpegBlob());
    device.network.rules = [
      { method: 'POST', path: '/api/upload', fault: { mode: 'drop-before' }, times: 1 },
    ];

    const first = await device.engine.flush();
    expect(first).toMatchObject({ status: 'done', synced: 0, nextAttemptAt: device.clock.now + 1000 });
    const [kept] = (await device.outbox.list()) as CreateEntry[];
    expect(kept).toMatchObject({
      attempts: 1,
      uploadedPhotoUrl: null,
      state: 'pending',
      lastError: 'Failed to fetch',
    });
    expect(kept?.photo).toBeInstanceOf(Blob);
    expect(await serverCatches(device)).toEqual([]);

    // Not due yet: a normal flush leaves it alone.
    expect(await device.engine.flush()).toMatchObject({ synced: 0 });
    expect(device.network.count('POST', '/api/upload')).toBe(1);

    device.clock.now += 1000;
    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    await expectPhotoLoads(device, catches[0]?.photo ?? null);
    expect(await device.outbox.list()).toEqual([]);
  });

  it('network drops mid-upload (after the server stored it): uploads again, still exactly one catch', async () => {
    await saveOffline(device, {}, jpegBlob());
    device.network.rules = [{ method: 'POST', path: '/api/upload', fault: { mode: 'drop-after' }, times: 1 }];
    await device.engine.flush();
    expect(await serverCatches(device)).toEqual([]);

    await device.engine.flush({ force: true });
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    await expectPhotoLoads(device, catches[0]?.photo ?? null);
    expect(device.network.count('POST', '/api/upload')).toBe(2);
  });

  it('network drops after the upload, before the catch post: the photo is not uploaded again', async () => {
    await saveOffline(device, {}, jpegBlob());
    device.network.rules = [
      { method: 'POST', path: '/api/mobile-catch', fault: { mode: 'drop-before' }, times: 1 },
      { method: 'POST', path: '/api/catches', fault: { mode: 'drop-before' }, times: 1 },
    ];

    await device.engine.flush();
    const [kept] = (await device.outbox.list()) as CreateEntry[];
    expect(kept?.uploadedPhotoUrl).toMatch(/^\/api\/photos\//);
    expect(await serverCatches(device)).toEqual([]);

    await device.engine.flush({ force: true });
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    expect(catches[0]?.photo).toBe(kept?.uploadedPhotoUrl);
    expect(device.network.count('POST', '/api/upload')).toBe(1);
    expect(await device.outbox.list()).toEqual([]);
  });

  it('the request itself fails on /api/mobile-catch: the same payload goes to /api/catches (SPEC §7)', async () => {
    const entry = await saveOffline(device);
    device.network.rules = [
      { method: 'POST', path: '/api/mobile-catch', fault: { mode: 'drop-before' }, times: 1 },
    ];
    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    expect((await serverCatches(device)).map((c) => c.clientId)).toEqual([entry.clientId]);
    expect(device.network.calls.slice(-2)).toEqual(['POST /api/mobile-catch', 'POST /api/catches']);
  });

  it('the server commits but the answer is lost: the retry gets the same catch back (200), never a second', async () => {
    const entry = await saveOffline(device, {}, jpegBlob());
    device.network.rules = [
      { method: 'POST', path: '/api/mobile-catch', fault: { mode: 'drop-after' }, times: 1 },
      { method: 'POST', path: '/api/catches', fault: { mode: 'drop-after' }, times: 1 },
    ];

    await device.engine.flush();
    // Committed twice over (both routes), stored once: the clientId is the idempotency key.
    expect(await serverCatches(device)).toHaveLength(1);
    expect(await device.outbox.list()).toHaveLength(1);

    await device.engine.flush({ force: true });
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    expect(catches[0]?.clientId).toBe(entry.clientId);
    await expectPhotoLoads(device, catches[0]?.photo ?? null);
    expect(await device.outbox.list()).toEqual([]);
    expect(device.events.filter((e) => e.type === 'synced')).toHaveLength(1);
  });

  it('5xx and 429 back off (growing delays) and then succeed', async () => {
    await saveOffline(device, {}, jpegBlob());
    device.network.rules = [
      { method: 'POST', path: '/api/upload', fault: { mode: 'answer', status: 429 }, times: 1 },
      { method: 'POST', path: '/api/mobile-catch', fault: { mode: 'answer', status: 503 }, times: 2 },
    ];
    const start = device.clock.now;

    expect((await device.engine.flush()).nextAttemptAt).toBe(start + 1000);
    device.clock.now = start + 1000;
    expect((await device.engine.flush()).nextAttemptAt).toBe(start + 1000 + 2000);
    let [entry] = await device.outbox.list();
    expect(entry).toMatchObject({ attempts: 2, lastError: 'Made-up 503', state: 'pending' });
    device.clock.now = start + 3000;
    expect((await device.engine.flush()).nextAttemptAt).toBe(start + 3000 + 4000);
    device.clock.now = start + 7000;
    expect(await device.engine.flush()).toMatchObject({ synced: 1, nextAttemptAt: null });

    [entry] = await device.outbox.list();
    expect(entry).toBeUndefined();
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    await expectPhotoLoads(device, catches[0]?.photo ?? null);
    expect(device.network.count('POST', '/api/upload')).toBe(2);
  });

  it('a 4xx that will never succeed keeps the entry as failed, tells, and is not resent until retried', async () => {
    const entry = await saveOffline(device);
    device.network.rules = [
      {
        method: 'POST',
        path: '/api/mobile-catch',
        fault: { mode: 'answer', status: 422, body: { message: 'Fish type is not a fish' } },
      },
    ];
    expect(await device.engine.flush()).toMatchObject({ failed: 1, nextAttemptAt: null });
    expect(await device.outbox.get(entry.clientId)).toMatchObject({
      state: 'failed',
      lastError: 'Fish type is not a fish',
    });
    expect(device.events).toEqual([
      expect.objectContaining({ type: 'failed', message: 'Fish type is not a fish' }),
    ]);

    // Neither a normal nor a forced flush sends a failed entry again.
    await device.engine.flush({ force: true });
    expect(device.network.count('POST', '/api/mobile-catch')).toBe(1);

    // Fixed on the server's side; the angler taps Retry.
    device.network.rules = [];
    await device.engine.retry(entry.clientId);
    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    expect((await serverCatches(device)).map((c) => c.clientId)).toEqual([entry.clientId]);
    expect(await device.outbox.list()).toEqual([]);
  });

  it('a real 400 from the server (bad weight) is kept as failed; Discard forgets it', async () => {
    const entry = await saveOffline(device, { weight: 9000 });
    await device.engine.flush();
    const failed = await device.outbox.get(entry.clientId);
    expect(failed?.state).toBe('failed');
    expect(failed?.lastError).toMatch(/weight/i);
    expect(await serverCatches(device)).toEqual([]);

    await device.engine.discard(entry.clientId);
    expect(await device.outbox.list()).toEqual([]);
    expect(await serverCatches(device)).toEqual([]);
  });

  it('a photo the server refuses (not an image) is dropped: the catch is saved without it (SPEC §7)', async () => {
    const entry = await saveOffline(device, {}, new Blob(['this is not a picture'], { type: 'image/jpeg' }));
    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    expect(catches[0]).toMatchObject({ clientId: entry.clientId, photo: null });
    expect(device.events.map((e) => e.type)).toEqual(['photo-dropped', 'synced']);
  });

  it("'Photo not found' (the upload was lost): uploads the photo again on the next try", async () => {
    const entry = await saveOffline(device, {}, jpegBlob());
    await device.outbox.update(entry.clientId, (e) =>
      e.kind === 'create' ? { ...e, uploadedPhotoUrl: `/api/photos/${randomUUID()}.webp` } : e,
    );
    await device.engine.flush();
    expect(await device.outbox.get(entry.clientId)).toMatchObject({
      uploadedPhotoUrl: null,
      lastError: 'Photo not found: upload it again',
      state: 'pending',
    });
    await device.engine.flush({ force: true });
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    await expectPhotoLoads(device, catches[0]?.photo ?? null);
  });

  it('signed out (401): stops, keeps everything, and sends it after signing in again', async () => {
    const first = await saveOffline(device);
    await saveOffline(device, { fishType: 'Walleye' });
    const cookie = device.network.cookie;

    device.network.cookie = '';
    expect(await device.engine.flush()).toMatchObject({ status: 'signed-out', synced: 0 });
    expect(device.events).toEqual([{ type: 'signed-out' }]);
    expect(await device.outbox.list()).toHaveLength(2);

    // A session that ends mid-flush: the first entry is refused with 401, the second is not even tried.
    device.network.cookie = cookie;
    device.network.rules = [
      { method: 'POST', path: '/api/mobile-catch', fault: { mode: 'answer', status: 401 }, times: 1 },
    ];
    expect(await device.engine.flush()).toMatchObject({ status: 'signed-out' });
    expect(device.network.count('POST', '/api/mobile-catch')).toBe(1);
    expect(await device.outbox.get(first.clientId)).toMatchObject({ state: 'pending' });

    expect(await device.engine.flush()).toMatchObject({ status: 'done', synced: 2 });
    expect((await serverCatches(device)).map((c) => c.fishType).sort()).toEqual(['Rainbow Trout', 'Walleye']);
  });

  it("sends only the signed-in user's entries; another user's stay untouched", async () => {
    const other = await newDevice();
    // Two accounts on one phone: the outbox is shared, the session is the other user's.
    const mine = await saveOffline(device);
    const theirs = newCreateEntry(other.user.user?.id ?? -1, payload({ fishType: 'Carp' }), null);
    await device.outbox.add(theirs);

    device.network.cookie = other.user.cookie;
    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    expect((await serverCatches(other)).map((c) => c.clientId)).toEqual([theirs.clientId]);
    expect(await serverCatches(device)).toEqual([]);
    expect((await device.outbox.list()).map((e) => e.clientId)).toEqual([mine.clientId]);
    expect((await device.outbox.get(mine.clientId))?.attempts).toBe(0);
  });

  it('two tabs flushing at once (one Web Lock): one flushes, the other steps aside; one copy each', async () => {
    const locks = createMemoryLocks();
    const tabA = newTab({ outbox: device.outbox, network: device.network, clock: device.clock, locks });
    const tabB = newTab({
      outbox: createOutbox({ dbName: `outbox-test-${dbCounter}`, notify: () => {} }),
      network: device.network,
      clock: device.clock,
      locks,
    });
    await saveOffline(device, { fishType: 'Bluegill' }, jpegBlob());
    await saveOffline(device, { fishType: 'Crappie' });

    const [a, b] = await Promise.all([tabA.flush(), tabB.flush()]);
    expect([a.status, b.status].sort()).toEqual(['busy', 'done']);
    expect(a.synced + b.synced).toBe(2);
    expect((await serverCatches(device)).map((c) => c.fishType).sort()).toEqual(['Bluegill', 'Crappie']);
    expect(device.network.count('POST', '/api/upload')).toBe(1);
    expect(device.network.count('POST', '/api/mobile-catch')).toBe(2);
  });

  it('two tabs without Web Locks (each its own lock): the clientId still keeps it to one copy each', async () => {
    const tabB = newTab({
      outbox: createOutbox({ dbName: `outbox-test-${dbCounter}`, notify: () => {} }),
      network: device.network,
      clock: device.clock,
    });
    for (const fishType of ['Bass', 'Catfish', 'Trout']) await saveOffline(device, { fishType }, jpegBlob());

    const results = await Promise.all([device.engine.flush(), tabB.flush()]);
    expect(results.every((r) => r.status === 'done')).toBe(true);
    const catches = await serverCatches(device);
    expect(catches.map((c) => c.fishType).sort()).toEqual(['Bass', 'Catfish', 'Trout']);
    expect(new Set(catches.map((c) => c.clientId)).size).toBe(3);
    for (const item of catches) await expectPhotoLoads(device, item.photo);
    expect(await device.outbox.list()).toEqual([]);
  });

  it('a crash mid-sync (the tab dies after the server committed): a new start finishes the job, once', async () => {
    const entry = await saveOffline(device, {}, jpegBlob());
    // The tab dies while the catch post is in flight: the server commits, the answer never comes.
    device.network.rules = [
      { method: 'POST', path: '/api/mobile-catch', fault: { mode: 'hang-after' }, times: 1 },
    ];
    void device.engine.flush();
    await expect.poll(() => device.network.count('POST', '/api/mobile-catch')).toBe(1);
    await expect.poll(async () => (await serverCatches(device)).length).toBe(1);

    // The app starts again: a new connection to the same IndexedDB, a new engine, a new lock manager.
    const restarted = newTab({
      outbox: createOutbox({ dbName: `outbox-test-${dbCounter}`, notify: () => {} }),
      network: device.network,
      clock: device.clock,
    });
    const stored = (await device.outbox.get(entry.clientId)) as CreateEntry;
    expect(stored.uploadedPhotoUrl).toMatch(/^\/api\/photos\//);
    expect(await restarted.flush({ force: true })).toMatchObject({ synced: 1 });

    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    expect(catches[0]?.photo).toBe(stored.uploadedPhotoUrl);
    expect(device.network.count('POST', '/api/upload')).toBe(1);
    expect(await device.outbox.list()).toEqual([]);
  });

  it('a crash between upload and post (the upload answer was recorded): the restart posts without re-uploading', async () => {
    const entry = await saveOffline(device, {}, jpegBlob());
    // This time the tab dies before the catch post leaves: the server never sees it.
    const hanging = new FakeNetwork(testApp.app, device.network.cookie);
    hanging.fetch = async (input, init) => {
      if (String(input) === '/api/mobile-catch') return new Promise<Response>(() => {});
      return device.network.fetch(input, init);
    };
    const dying = createSyncEngine({
      outbox: device.outbox,
      fetch: hanging.fetch,
      now: () => device.clock.now,
      locks: createMemoryLocks(),
    });
    void dying.flush();
    await expect
      .poll(async () => ((await device.outbox.get(entry.clientId)) as CreateEntry).uploadedPhotoUrl)
      .toMatch(/^\/api\/photos\//);
    expect(await serverCatches(device)).toEqual([]);

    const restarted = newTab({
      outbox: createOutbox({ dbName: `outbox-test-${dbCounter}`, notify: () => {} }),
      network: device.network,
      clock: device.clock,
    });
    expect(await restarted.flush({ force: true })).toMatchObject({ synced: 1 });
    expect(await serverCatches(device)).toHaveLength(1);
    expect(device.network.count('POST', '/api/upload')).toBe(1);
  });

  it('entries are sent oldest first', async () => {
    const base = testApp.clock.now().getTime() - 60_000;
    for (const [i, fishType] of ['Third', 'First', 'Second'].entries()) {
      const order = { Third: 3, First: 1, Second: 2 }[fishType] ?? i;
      await saveOffline(device, { fishType, createdAt: new Date(base + order * 1000).toISOString() });
    }
    await device.engine.flush();
    const posted = device.events.flatMap((e) => (e.type === 'synced' ? [e.saved.fishType] : []));
    expect(posted).toEqual(['First', 'Second', 'Third']);
  });
});

describe('offline deletes', () => {
  it('a synced catch deleted offline is deleted on the server once back online', async () => {
    const saved = await device.user.createCatch({ fishType: 'Muskie', clientId: randomUUID() });
    const other = await device.user.createCatch({ fishType: 'Gar' });
    device.network.offline = true;
    await deleteCatchOffline(device.outbox, device.user.user?.id ?? -1, saved, null, device.clock.now);
    expect(await device.engine.flush()).toMatchObject({ status: 'unreachable' });
    expect(await serverCatches(device)).toHaveLength(2);

    device.network.offline = false;
    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    expect((await serverCatches(device)).map((c) => c.id)).toEqual([other.id]);
    expect(device.events.map((e) => e.type)).toEqual(['deleted']);
    expect(await device.outbox.list()).toEqual([]);
  });

  it('a pending catch that never left the phone is simply taken out of the outbox', async () => {
    device.network.offline = true;
    const entry = await saveOffline(device, {}, jpegBlob());
    await deleteCatchOffline(
      device.outbox,
      device.user.user?.id ?? -1,
      { id: -1, clientId: entry.clientId },
      entry.clientId,
    );
    expect(await device.outbox.list()).toEqual([]);
    device.network.offline = false;
    await device.engine.flush({ force: true });
    expect(await serverCatches(device)).toEqual([]);
    expect(device.network.count('POST', '/api/upload')).toBe(0);
  });

  it('a pending catch that may have reached the server is deleted there by its clientId', async () => {
    const entry = await saveOffline(device, {}, jpegBlob());
    device.network.rules = [
      { method: 'POST', path: '/api/mobile-catch', fault: { mode: 'drop-after' }, times: 1 },
      { method: 'POST', path: '/api/catches', fault: { mode: 'drop-after' }, times: 1 },
    ];
    await device.engine.flush();
    expect(await serverCatches(device)).toHaveLength(1); // committed, the phone does not know it

    device.network.offline = true;
    await deleteCatchOffline(
      device.outbox,
      device.user.user?.id ?? -1,
      { id: -1, clientId: entry.clientId },
      entry.clientId,
      device.clock.now + 1,
    );
    const queued = await device.outbox.list();
    expect(queued).toEqual([
      expect.objectContaining({ kind: 'delete', target: { clientId: entry.clientId } }),
    ]);

    device.network.offline = false;
    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    expect(await serverCatches(device)).toEqual([]);
    expect(device.network.calls.at(-1)).toBe(`DELETE /api/catches/client/${entry.clientId}`);
  });

  it('a delete of a catch that is already gone (404) is done, not failed', async () => {
    await device.outbox.add(newDeleteEntry(device.user.user?.id ?? -1, { id: 999_999 }, device.clock.now));
    await device.outbox.add(
      newDeleteEntry(device.user.user?.id ?? -1, { clientId: randomUUID() }, device.clock.now),
    );
    expect(await device.engine.flush()).toMatchObject({ synced: 2, failed: 0 });
    expect(await device.outbox.list()).toEqual([]);
  });

  it('a delete that fails with 5xx is retried later', async () => {
    const saved = await device.user.createCatch({ fishType: 'Sturgeon' });
    await deleteCatchOffline(device.outbox, device.user.user?.id ?? -1, saved, null, device.clock.now);
    device.network.rules = [
      { method: 'DELETE', path: /^\/api\/catches\//, fault: { mode: 'answer', status: 500 }, times: 1 },
    ];
    expect(await device.engine.flush()).toMatchObject({ synced: 0 });
    expect(await serverCatches(device)).toHaveLength(1);
    device.clock.now += 1000;
    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    expect(await serverCatches(device)).toEqual([]);
  });
});

describe('outbox storage', () => {
  it('keeps the photo blob across a reopen of the database', async () => {
    const entry = await saveOffline(device, {}, jpegBlob());
    const reopened = createOutbox({ dbName: `outbox-test-${dbCounter}`, notify: () => {} });
    const stored = (await reopened.get(entry.clientId)) as CreateEntry;
    expect(stored.photo).toBeInstanceOf(Blob);
    expect(Buffer.from(await (stored.photo as Blob).arrayBuffer())).toEqual(jpeg);
    expect(stored.payload).toEqual({ ...entry.payload, photo: null });
  });

  it('announces every write, and not a no-op', async () => {
    let writes = 0;
    const outbox = createOutbox({ dbName: `outbox-notify-${randomUUID()}`, notify: () => writes++ });
    const entry = newCreateEntry(1, payload(), null);
    await outbox.add(entry);
    await outbox.update(entry.clientId, (e) => ({ ...e, attempts: 1 }));
    await outbox.update('missing', (e) => e);
    await outbox.remove('missing');
    await outbox.remove(entry.clientId);
    expect(writes).toBe(3);
  });

  it('turns a full disk into StorageFullError, and the outbox stays usable', async () => {
    const proto = globalThis.IDBObjectStore.prototype;
    const original = proto.add;
    proto.add = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      await expect(saveOffline(device, {}, jpegBlob())).rejects.toBeInstanceOf(StorageFullError);
    } finally {
      proto.add = original;
    }
    await saveOffline(device);
    expect(await device.outbox.list()).toHaveLength(1);
  });
});
