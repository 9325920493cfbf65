import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  dbCounter,
  device,
  expectPhotoLoads,
  FakeNetwork,
  jpegBlob,
  newTab,
  saveOffline,
  serverCatches,
  testApp,
  withRealServer,
} from '../../test-support/offline-device.ts';
import { createOutbox, type UpdateEntry } from '../outbox.ts';
import { createMemoryLocks } from './locks.ts';
import { createSyncEngine } from './loop.ts';

/** A catch saved offline reaches the server exactly once, photo included, whatever the network does (create.ts). */

withRealServer();

describe('sending a saved catch against the real server', () => {
  it('posts the catch with its clientId, then uploads its photo and sets it on the catch, then empties the outbox', async () => {
    const entry = await saveOffline(device, {}, jpegBlob());
    const result = await device.engine.flush();

    expect(result).toMatchObject({ status: 'done', synced: 1, failed: 0, nextAttemptAt: null });
    expect(await device.outbox.list()).toEqual([]);
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    expect(catches[0]).toMatchObject({ clientId: entry.clientId, fishType: 'Rainbow Trout', weight: 3.4 });
    expect(catches[0]?.createdAt).toBe(entry.payload.createdAt);
    await expectPhotoLoads(device, catches[0]?.photo ?? null);
    expect(device.network.calls).toEqual([
      'GET /api/user',
      'POST /api/mobile-catch',
      'POST /api/upload',
      `PATCH /api/catches/client/${entry.clientId}`,
    ]);
    expect(device.events.map((e) => e.type)).toEqual(['synced', 'updated']);
  });

  it('network drops mid-upload (before the server saw it): the catch is saved, its photo retried with backoff', async () => {
    const entry = await saveOffline(device, {}, jpegBlob());
    device.network.rules = [
      { method: 'POST', path: '/api/upload', fault: { mode: 'drop-before' }, times: 1 },
    ];

    const first = await device.engine.flush();
    expect(first).toMatchObject({ status: 'done', synced: 1, nextAttemptAt: device.clock.now + 1000 });
    const [kept] = await device.outbox.list();
    // The catch is on the server; its photo waits as an edit of it, under the catch's clientId.
    expect(kept).toMatchObject({
      kind: 'update',
      clientId: entry.clientId,
      target: { clientId: entry.clientId },
      attempts: 1,
      uploadedPhotoUrl: null,
      state: 'pending',
      lastError: 'Failed to fetch',
    });
    expect(kept?.kind === 'update' && kept.photo).toBeInstanceOf(Blob);
    expect(await serverCatches(device)).toMatchObject([{ clientId: entry.clientId, photo: null }]);

    // Not due yet: a normal flush leaves it alone.
    expect(await device.engine.flush()).toMatchObject({ synced: 0 });
    expect(device.network.count('POST', '/api/upload')).toBe(1);

    device.clock.now += 1000;
    expect(await device.engine.flush()).toMatchObject({ synced: 0, nextAttemptAt: null });
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    expect(device.network.count('POST', '/api/mobile-catch')).toBe(1);
    await expectPhotoLoads(device, catches[0]?.photo ?? null);
    expect(await device.outbox.list()).toEqual([]);
  });

  it('network drops mid-upload (after the server stored it): uploads again, still exactly one catch', async () => {
    await saveOffline(device, {}, jpegBlob());
    device.network.rules = [{ method: 'POST', path: '/api/upload', fault: { mode: 'drop-after' }, times: 1 }];
    await device.engine.flush();
    expect(await serverCatches(device)).toMatchObject([{ photo: null }]);

    await device.engine.flush({ force: true });
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    await expectPhotoLoads(device, catches[0]?.photo ?? null);
    expect(device.network.count('POST', '/api/upload')).toBe(2);
  });

  it('network drops after the upload, before the photo is set on the catch: the photo is not uploaded again', async () => {
    const entry = await saveOffline(device, {}, jpegBlob());
    device.network.rules = [
      {
        method: 'PATCH',
        path: `/api/catches/client/${entry.clientId}`,
        fault: { mode: 'drop-before' },
        times: 1,
      },
    ];

    await device.engine.flush();
    const [kept] = await device.outbox.list();
    expect(kept?.kind === 'update' && kept.uploadedPhotoUrl).toMatch(/^\/api\/photos\//);
    expect(await serverCatches(device)).toMatchObject([{ clientId: entry.clientId, photo: null }]);

    await device.engine.flush({ force: true });
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    expect(catches[0]?.photo).toBe(kept?.kind === 'update' && kept.uploadedPhotoUrl);
    expect(device.network.count('POST', '/api/upload')).toBe(1);
    expect(device.network.count('POST', '/api/mobile-catch')).toBe(1);
    expect(await device.outbox.list()).toEqual([]);
  });

  it('the request itself fails on /api/mobile-catch: the same payload goes to /api/catches (docs/product.md#offline)', async () => {
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
    expect(entry).toMatchObject({ kind: 'create', attempts: 2, lastError: 'Made-up 503', state: 'pending' });
    // The catch goes through; its photo's first try is refused for now and waits its own backoff.
    device.clock.now = start + 3000;
    expect(await device.engine.flush()).toMatchObject({ synced: 1, nextAttemptAt: start + 3000 + 1000 });
    [entry] = await device.outbox.list();
    expect(entry).toMatchObject({ kind: 'update', attempts: 1, lastError: 'Made-up 429', state: 'pending' });
    device.clock.now = start + 4000;
    expect(await device.engine.flush()).toMatchObject({ synced: 0, nextAttemptAt: null });

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

  it('a photo the server refuses (not an image) is dropped: the catch is saved without it (docs/product.md#offline)', async () => {
    const entry = await saveOffline(device, {}, new Blob(['this is not a picture'], { type: 'image/jpeg' }));
    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    expect(catches[0]).toMatchObject({ clientId: entry.clientId, photo: null });
    expect(device.events.map((e) => e.type)).toEqual(['synced', 'photo-dropped', 'updated']);
    expect(await device.outbox.list()).toEqual([]);
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
    // The photo goes after its catch: it was never uploaded.
    expect(await device.outbox.get(entry.clientId)).toMatchObject({ kind: 'create', uploadedPhotoUrl: null });
    expect(await restarted.flush({ force: true })).toMatchObject({ synced: 1 });

    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    await expectPhotoLoads(device, catches[0]?.photo ?? null);
    expect(device.network.count('POST', '/api/upload')).toBe(1);
    expect(await device.outbox.list()).toEqual([]);
  });

  it('a crash between upload and setting the photo (the upload answer was recorded): the restart sets it without re-uploading', async () => {
    const entry = await saveOffline(device, {}, jpegBlob());
    // This time the tab dies before the PATCH that sets the photo leaves: the server never sees it.
    const hanging = new FakeNetwork(testApp.app, device.network.cookie);
    hanging.fetch = async (input, init) => {
      if (init?.method === 'PATCH') return new Promise<Response>(() => {});
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
      .poll(async () => ((await device.outbox.get(entry.clientId)) as UpdateEntry).uploadedPhotoUrl)
      .toMatch(/^\/api\/photos\//);
    expect(await serverCatches(device)).toMatchObject([{ clientId: entry.clientId, photo: null }]);

    const restarted = newTab({
      outbox: createOutbox({ dbName: `outbox-test-${dbCounter}`, notify: () => {} }),
      network: device.network,
      clock: device.clock,
    });
    expect(await restarted.flush({ force: true })).toMatchObject({ status: 'done', nextAttemptAt: null });
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    await expectPhotoLoads(device, catches[0]?.photo ?? null);
    expect(device.network.count('POST', '/api/upload')).toBe(1);
    expect(device.network.count('POST', '/api/mobile-catch')).toBe(1);
    expect(await device.outbox.list()).toEqual([]);
  });
});
