import { describe, expect, it } from 'vitest';
import {
  device,
  expectPhotoLoads,
  jpegBlob,
  saveOffline,
  serverCatches,
  withRealServer,
} from '../../test-support/offline-device.ts';
import { createMemoryLocks } from './locks.ts';
import { createSyncEngine } from './loop.ts';

/**
 * The order of a flush (loop.ts, docs/decisions/052-photo-sync-order.md): every catch before any photo, then the
 * photos a few at a time, each after its catch; a catch saved meanwhile goes before the photos still waiting.
 */

withRealServer();

/** The device's network with every photo upload held until the test lets it go; counts those in flight. */
function heldUploads() {
  const held: Array<() => void> = [];
  let inFlight = 0;
  let most = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (String(input) !== '/api/upload') return device.network.fetch(input, init);
    inFlight++;
    most = Math.max(most, inFlight);
    try {
      await new Promise<void>((resolve) => held.push(resolve));
      return await device.network.fetch(input, init);
    } finally {
      inFlight--;
    }
  };
  const engine = createSyncEngine({
    outbox: device.outbox,
    fetch,
    now: () => device.clock.now,
    random: () => 0.5,
    locks: createMemoryLocks(),
  });
  return {
    engine,
    held: () => held.length,
    releaseAll: () => {
      for (const release of held.splice(0)) release();
    },
    most: () => most,
  };
}

const indexes = (calls: string[], call: string) =>
  calls.flatMap((made, index) => (made === call ? [index] : []));

describe('the order of a flush against the real server', () => {
  it('posts every catch first, then uploads the photos three at a time, nothing lost or doubled', async () => {
    const saved = [];
    for (let n = 1; n <= 7; n++) saved.push(await saveOffline(device, { fishType: `Fish ${n}` }, jpegBlob()));
    await saveOffline(device, { fishType: 'No photo' });
    const network = heldUploads();

    const flushed = network.engine.flush();
    // Three uploads wait at once; the other photos wait for a lane. Then the next three, then the last.
    for (const wave of [3, 3, 1]) {
      await expect.poll(network.held, { timeout: 15_000 }).toBe(wave);
      network.releaseAll();
    }
    expect(await flushed).toMatchObject({ status: 'done', synced: 8, failed: 0, nextAttemptAt: null });

    expect(network.most()).toBe(3);
    const { calls } = device.network;
    const posts = indexes(calls, 'POST /api/mobile-catch');
    const uploads = indexes(calls, 'POST /api/upload');
    expect(posts).toHaveLength(8);
    expect(uploads).toHaveLength(7);
    expect(Math.max(...posts)).toBeLessThan(Math.min(...uploads));
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(8);
    expect(new Set(catches.map((c) => c.clientId)).size).toBe(8);
    for (const entry of saved) {
      const item = catches.find((c) => c.clientId === entry.clientId);
      await expectPhotoLoads(device, item?.photo ?? null);
    }
    expect(catches.find((c) => c.fishType === 'No photo')?.photo).toBeNull();
    expect(new Set(catches.map((c) => c.photo)).size).toBe(8);
    expect(await device.outbox.list()).toEqual([]);
  });

  it('a catch saved while photos are uploading goes before the photos still waiting', async () => {
    for (let n = 1; n <= 4; n++) await saveOffline(device, { fishType: `Fish ${n}` }, jpegBlob());
    const network = heldUploads();

    const flushed = network.engine.flush();
    await expect.poll(network.held, { timeout: 15_000 }).toBe(3);
    const late = await saveOffline(device, { fishType: 'Saved meanwhile' });
    network.releaseAll();
    await expect.poll(network.held, { timeout: 15_000 }).toBe(1);
    network.releaseAll();
    expect(await flushed).toMatchObject({ status: 'done', synced: 5, nextAttemptAt: null });

    const { calls } = device.network;
    const posts = indexes(calls, 'POST /api/mobile-catch');
    const uploads = indexes(calls, 'POST /api/upload');
    expect(posts).toHaveLength(5);
    // The fourth photo's upload comes after the late catch's post.
    expect(uploads[3]).toBeGreaterThan(posts[4] ?? Number.POSITIVE_INFINITY);
    const catches = await serverCatches(device);
    expect(catches.map((c) => c.clientId)).toContain(late.clientId);
    expect(catches.filter((c) => c.photo !== null)).toHaveLength(4);
    expect(await device.outbox.list()).toEqual([]);
  });
});
