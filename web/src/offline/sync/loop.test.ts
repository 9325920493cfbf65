import { describe, expect, it } from 'vitest';
import {
  dbCounter,
  device,
  expectPhotoLoads,
  jpegBlob,
  newDevice,
  newTab,
  payload,
  saveOffline,
  serverCatches,
  testApp,
  withRealServer,
} from '../../test-support/offline-device.ts';
import { createOutbox } from '../outbox.ts';
import { newCreateEntry } from '../outbox-actions.ts';
import { createMemoryLocks } from './locks.ts';
import { createSyncEngine } from './loop.ts';

/** Whose entries a flush sends, in which order, and what one flush at a time means across tabs (loop.ts). */

withRealServer();

describe('the sync loop against the real server', () => {
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

  it('signed out (401): stops, keeps everything, and sends it after signing in again', async () => {
    await saveOffline(device);
    await saveOffline(device, { fishType: 'Walleye' });
    const cookie = device.network.cookie;

    device.network.cookie = '';
    expect(await device.engine.flush()).toMatchObject({ status: 'signed-out', synced: 0 });
    expect(device.events).toEqual([{ type: 'signed-out' }]);
    expect(await device.outbox.list()).toHaveLength(2);

    // A session that ends mid-flush: one catch is refused with 401; those already on their way beside it (at
    // most three at a time) finish, and nothing new starts.
    for (const fishType of ['Perch', 'Pike', 'Carp']) await saveOffline(device, { fishType });
    device.network.cookie = cookie;
    device.network.rules = [
      { method: 'POST', path: '/api/mobile-catch', fault: { mode: 'answer', status: 401 }, times: 1 },
    ];
    expect(await device.engine.flush()).toMatchObject({ status: 'signed-out' });
    const posted = device.network.count('POST', '/api/mobile-catch');
    expect(posted).toBeGreaterThanOrEqual(1);
    expect(posted).toBeLessThanOrEqual(3);
    const kept = await device.outbox.list();
    expect(kept).toHaveLength(5 - (posted - 1));
    expect(kept.every((entry) => entry.state === 'pending')).toBe(true);

    expect(await device.engine.flush()).toMatchObject({ status: 'done', synced: kept.length });
    expect((await serverCatches(device)).map((c) => c.fishType).sort()).toEqual([
      'Carp',
      'Perch',
      'Pike',
      'Rainbow Trout',
      'Walleye',
    ]);
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

  it('entries are sent oldest first', async () => {
    const base = testApp.clock.now().getTime() - 60_000;
    for (const [i, fishType] of ['Third', 'First', 'Second'].entries()) {
      const order = { Third: 3, First: 1, Second: 2 }[fishType] ?? i;
      await saveOffline(device, { fishType, createdAt: new Date(base + order * 1000).toISOString() });
    }
    // Up to three catches are on their way at once: the order is the order their requests leave in.
    const posted: string[] = [];
    const engine = createSyncEngine({
      outbox: device.outbox,
      fetch: async (input, init) => {
        if (String(input) === '/api/mobile-catch') posted.push(JSON.parse(String(init?.body)).fishType);
        return device.network.fetch(input, init);
      },
      now: () => device.clock.now,
      locks: createMemoryLocks(),
    });
    await engine.flush();
    expect(posted).toEqual(['First', 'Second', 'Third']);
  });
});
