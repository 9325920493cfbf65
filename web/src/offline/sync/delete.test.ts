import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  device,
  jpegBlob,
  saveOffline,
  serverCatches,
  withRealServer,
} from '../../test-support/offline-device.ts';
import { deleteCatchOffline, newDeleteEntry, undoDeleteOffline } from '../outbox-actions.ts';

/** A delete made offline is carried out on the server once back, and only once (delete.ts, ../outbox-actions.ts). */

withRealServer();

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

describe('deletes the angler may still undo (docs/decisions/024-undo-delete.md)', () => {
  it('a held delete waits out its hold even in a forced flush, and undoing it leaves the catch on the server', async () => {
    const saved = await device.user.createCatch({ fishType: 'Sturgeon', clientId: randomUUID() });
    const now = device.clock.now;
    const undo = await deleteCatchOffline(
      device.outbox,
      device.user.user?.id ?? -1,
      saved,
      null,
      now,
      now + 5000,
    );

    expect(await device.engine.flush({ force: true })).toMatchObject({
      synced: 0,
      nextAttemptAt: now + 5000,
    });
    expect(await serverCatches(device)).toHaveLength(1);

    expect(await undoDeleteOffline(device.outbox, undo)).toBe(true);
    expect(await device.outbox.list()).toEqual([]);
    expect((await serverCatches(device)).map((c) => c.id)).toEqual([saved.id]);
  });

  it('once the hold is over the delete is sent, and an undo then is too late', async () => {
    const saved = await device.user.createCatch({ fishType: 'Sturgeon', clientId: randomUUID() });
    const now = device.clock.now;
    const undo = await deleteCatchOffline(
      device.outbox,
      device.user.user?.id ?? -1,
      saved,
      null,
      now,
      now + 5000,
    );
    device.clock.now += 5000;

    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    expect(await undoDeleteOffline(device.outbox, undo)).toBe(false);
    expect(await serverCatches(device)).toEqual([]);
  });

  it('undoing the delete of a catch that never left the phone puts it back as it was, photo and all', async () => {
    device.network.offline = true;
    const entry = await saveOffline(device, {}, jpegBlob());
    const undo = await deleteCatchOffline(
      device.outbox,
      device.user.user?.id ?? -1,
      { id: -1, clientId: entry.clientId },
      entry.clientId,
    );
    expect(await device.outbox.list()).toEqual([]);

    expect(await undoDeleteOffline(device.outbox, undo)).toBe(true);
    const [back] = await device.outbox.list();
    expect(back).toMatchObject({ kind: 'create', clientId: entry.clientId, payload: entry.payload });
    expect(back?.kind === 'create' ? back.photo?.size : null).toBe(entry.photo?.size);
  });
});
