import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import {
  device,
  expectPhotoLoads,
  jpegBlob,
  newTab,
  saveOffline,
  serverCatches,
  withRealServer,
} from '../../test-support/offline-device.ts';
import type { CreateEntry, UpdateEntry } from '../outbox.ts';
import { type CatchEdit, deleteCatchOffline, editCatchOffline } from '../outbox-actions.ts';

/**
 * Edits reach the server exactly once, whatever the network does (decision 021; update.ts, and create.ts for an edit
 * merged into a catch still waiting to be created). Each scenario ends by checking the server's list and what
 * the outbox still owes, like the create and delete tests.
 */

withRealServer();

const userId = () => device.user.user?.id ?? -1;
const edit = (item: Pick<Catch, 'id' | 'clientId'>, change: CatchEdit) =>
  editCatchOffline(device.outbox, userId(), item, change, device.clock.now);

async function savedOnServer(fields: Record<string, unknown> = {}): Promise<Catch> {
  return device.user.createCatch({ fishType: 'Walleye', weight: 4, clientId: randomUUID(), ...fields });
}

describe('sending an edit of a saved catch', () => {
  it('online: one PATCH with only the changed fields, then the outbox is empty', async () => {
    const saved = await savedOnServer({ notes: 'Jig', lineSize: '8 lb' });
    await edit(saved, { changes: { weight: 5.5, notes: null } });

    expect(await device.engine.flush()).toMatchObject({ status: 'done', synced: 1, failed: 0 });
    expect(device.network.calls).toEqual(['GET /api/user', `PATCH /api/catches/${saved.id}`]);
    const [onServer] = await serverCatches(device);
    expect(onServer).toMatchObject({
      id: saved.id,
      weight: 5.5,
      notes: null,
      lineSize: '8 lb',
      fishType: 'Walleye',
    });
    expect(await device.outbox.list()).toEqual([]);
    expect(device.events).toMatchObject([{ type: 'updated', saved: { id: saved.id, weight: 5.5 } }]);
  });

  it('offline: edits wait, merge, and go out once when the network is back, the last edit of a field winning', async () => {
    const saved = await savedOnServer();
    device.network.offline = true;
    await edit(saved, { changes: { weight: 6, notes: 'First' } });
    expect(await device.engine.flush()).toMatchObject({ status: 'unreachable' });
    await edit(saved, { changes: { notes: 'Second', depth: 12 } });
    expect(await device.outbox.list()).toHaveLength(1);

    device.network.offline = false;
    expect(await device.engine.flush({ force: true })).toMatchObject({ synced: 1 });
    expect(device.network.count('PATCH', `/api/catches/${saved.id}`)).toBe(1);
    expect(await serverCatches(device)).toMatchObject([{ weight: 6, notes: 'Second', depth: 12 }]);
    expect(await device.outbox.list()).toEqual([]);
  });

  it('the PATCH never reaches the server: retried after the backoff, applied once', async () => {
    const saved = await savedOnServer();
    await edit(saved, { changes: { baitUsed: 'Leech' } });
    device.network.rules = [
      { method: 'PATCH', path: /^\/api\/catches\//, fault: { mode: 'drop-before' }, times: 1 },
    ];
    expect(await device.engine.flush()).toMatchObject({ synced: 0, nextAttemptAt: device.clock.now + 1000 });
    expect(await device.outbox.list()).toMatchObject([{ kind: 'update', attempts: 1, state: 'pending' }]);

    device.clock.now += 1000;
    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    expect(await serverCatches(device)).toMatchObject([{ id: saved.id, baitUsed: 'Leech' }]);
  });

  it('the server applies the PATCH and the answer is lost (or the tab dies): sending it again lands the same values', async () => {
    const saved = await savedOnServer();
    await edit(saved, { changes: { length: 22 } });
    device.network.rules = [
      { method: 'PATCH', path: /^\/api\/catches\//, fault: { mode: 'hang-after' }, times: 1 },
    ];
    // The tab dies mid-request: its flush never returns. A new start (another engine on the same outbox) finishes.
    void device.engine.flush();
    await expect.poll(() => device.network.count('PATCH', `/api/catches/${saved.id}`)).toBe(1);
    expect(await serverCatches(device)).toMatchObject([{ length: 22 }]);

    const restarted = newTab({ outbox: device.outbox, network: device.network, clock: device.clock });
    expect(await restarted.flush({ force: true })).toMatchObject({ synced: 1 });
    expect(device.network.count('PATCH', `/api/catches/${saved.id}`)).toBe(2);
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    expect(catches[0]).toMatchObject({ length: 22, weight: 4 });
    expect(await device.outbox.list()).toEqual([]);
  });

  it('a catch deleted on another device: the edit is dropped with a notice, nothing comes back', async () => {
    const saved = await savedOnServer();
    device.network.offline = true;
    await edit(saved, { changes: { notes: 'Too late' } });
    expect((await device.user.delete(`/api/catches/${saved.id}`)).statusCode).toBe(204);

    device.network.offline = false;
    expect(await device.engine.flush({ force: true })).toMatchObject({ synced: 0, failed: 0 });
    expect(device.events.map((event) => event.type)).toEqual(['edit-dropped']);
    expect(await device.outbox.list()).toEqual([]);
    expect(await serverCatches(device)).toEqual([]);
  });

  it('a value the server refuses: kept as failed with the field marked; fixing it sends it, once', async () => {
    const saved = await savedOnServer();
    // The app's check would refuse this before queueing; an entry from an older version may still carry it.
    const queued = (await edit(saved, { changes: { weight: 9999 } })) as UpdateEntry;
    expect(await device.engine.flush()).toMatchObject({ synced: 0, failed: 1 });
    expect(await device.outbox.get(queued.clientId)).toMatchObject({
      state: 'failed',
      lastError: expect.stringContaining('Weight must be at most 5000'),
      fieldErrors: { weight: 'Weight must be at most 5000' },
    });
    // Failed entries are not resent by a flush.
    expect(await device.engine.flush({ force: true })).toMatchObject({ synced: 0 });

    await edit(saved, { changes: { weight: 99 } });
    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    expect(device.network.count('PATCH', `/api/catches/${saved.id}`)).toBe(2);
    expect(await serverCatches(device)).toMatchObject([{ weight: 99 }]);
    expect(await device.outbox.list()).toEqual([]);
  });

  it('a new photo: uploaded first, then PATCHed; the old photo is released on the server', async () => {
    await saveOffline(device, {}, jpegBlob());
    await device.engine.flush();
    const [saved] = await serverCatches(device);
    const oldPhoto = saved?.photo ?? null;
    await expectPhotoLoads(device, oldPhoto);

    device.network.offline = true;
    await edit(saved as Catch, { changes: {}, photo: jpegBlob() });
    device.network.offline = false;
    expect(await device.engine.flush({ force: true })).toMatchObject({ synced: 1 });

    const [edited] = await serverCatches(device);
    expect(edited?.photo).not.toBe(oldPhoto);
    await expectPhotoLoads(device, edited?.photo ?? null);
    expect((await device.user.get(`${oldPhoto}?size=thumb`)).statusCode).toBe(404);
    expect(device.network.count('POST', '/api/upload')).toBe(2);
  });

  it('a removed photo: PATCHed away and released', async () => {
    await saveOffline(device, {}, jpegBlob());
    await device.engine.flush();
    const [saved] = await serverCatches(device);
    await edit(saved as Catch, { changes: {}, photo: 'remove' });
    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    expect(await serverCatches(device)).toMatchObject([{ id: saved?.id, photo: null }]);
    expect((await device.user.get(`${saved?.photo}?size=thumb`)).statusCode).toBe(404);
  });

  it('edited, then deleted, before anything was sent: only the delete goes out', async () => {
    const saved = await savedOnServer();
    device.network.offline = true;
    await edit(saved, { changes: { notes: 'Never sent' } });
    await deleteCatchOffline(device.outbox, userId(), saved, null, device.clock.now);
    device.network.offline = false;
    expect(await device.engine.flush({ force: true })).toMatchObject({ synced: 1 });
    expect(device.network.count('PATCH', `/api/catches/${saved.id}`)).toBe(0);
    expect(await serverCatches(device)).toEqual([]);
  });
});

describe('an edit of a catch still waiting to be created', () => {
  it('never sent: merged into the create, one POST with the final values, no PATCH', async () => {
    device.network.offline = true;
    const created = await saveOffline(device, { notes: 'Typo' });
    await edit({ id: -1, clientId: created.clientId }, { changes: { notes: 'Fixed', weight: 7 } });
    device.network.offline = false;
    expect(await device.engine.flush({ force: true })).toMatchObject({ synced: 1 });
    expect(device.network.calls.filter((call) => !call.startsWith('GET'))).toEqual([
      'POST /api/mobile-catch',
    ]);
    expect(await serverCatches(device)).toMatchObject([
      { clientId: created.clientId, notes: 'Fixed', weight: 7 },
    ]);
  });

  it('its first POST reached the server but the answer was lost: the repeat finds the old copy and PATCHes the difference', async () => {
    const created = await saveOffline(device, { notes: 'Typo', weight: 2 });
    device.network.rules = [
      { method: 'POST', path: '/api/mobile-catch', fault: { mode: 'drop-after' }, times: 1 },
    ];
    device.network.rules.push({
      method: 'POST',
      path: '/api/catches',
      fault: { mode: 'drop-before' },
      times: 1,
    });
    await device.engine.flush();
    expect(await serverCatches(device)).toMatchObject([{ notes: 'Typo' }]);
    expect(await device.outbox.list()).toMatchObject([{ kind: 'create', attempts: 1 }]);

    await edit({ id: -1, clientId: created.clientId }, { changes: { notes: 'Fixed' } });
    expect(await device.engine.flush({ force: true })).toMatchObject({ synced: 1 });
    expect(device.network.count('PATCH', `/api/catches/client/${created.clientId}`)).toBe(1);
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    expect(catches[0]).toMatchObject({ clientId: created.clientId, notes: 'Fixed', weight: 2 });
    expect(await device.outbox.list()).toEqual([]);
  });

  it('edited while its POST is in flight: the entry stays, and the next flush brings the server up to date', async () => {
    const created = await saveOffline(device, { notes: 'Before' });
    let edited = false;
    const editingFetch: typeof fetch = async (input, init) => {
      const answer = await device.network.fetch(input, init);
      if (!edited && String(input).endsWith('/api/mobile-catch')) {
        edited = true;
        await edit({ id: -1, clientId: created.clientId }, { changes: { notes: 'After' } });
      }
      return answer;
    };
    const tab = newTab({
      outbox: device.outbox,
      network: { ...device.network, fetch: editingFetch } as never,
      clock: device.clock,
    });

    expect(await tab.flush()).toMatchObject({ synced: 0, failed: 0 });
    expect(await device.outbox.get(created.clientId)).toMatchObject({ revision: 1, state: 'pending' });
    expect(await serverCatches(device)).toMatchObject([{ notes: 'Before' }]);

    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    const catches = await serverCatches(device);
    expect(catches).toHaveLength(1);
    expect(catches[0]).toMatchObject({ notes: 'After' });
    expect(await device.outbox.list()).toEqual([]);
  });

  it('a create the server refused: fixing it in the edit form makes it pending, and it is created once', async () => {
    const created = await saveOffline(device, { waterTemperature: 500 });
    expect(await device.engine.flush()).toMatchObject({ failed: 1 });
    expect(await device.outbox.get(created.clientId)).toMatchObject({
      state: 'failed',
      fieldErrors: { waterTemperature: 'Water temperature must be at most 150' },
    });

    await edit({ id: -1, clientId: created.clientId }, { changes: { waterTemperature: 50 } });
    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    expect(await serverCatches(device)).toMatchObject([{ clientId: created.clientId, waterTemperature: 50 }]);
    expect(device.network.count('POST', '/api/mobile-catch')).toBe(2);
    expect((await device.outbox.list()) as CreateEntry[]).toEqual([]);
  });
});
