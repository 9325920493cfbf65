import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOutbox, type RecordEntry } from './outbox.ts';
import { createRecordOffline, deleteRecordOffline, editRecordOffline } from './record-actions.ts';

/**
 * Trips (and spots) go into the outbox like catches (docs/decisions/043-trips-and-spots.md): an edit of a trip whose
 * create never touched the network is folded into it, any other edit waits as an update sent after the create. The
 * sending side is tested against the real server in sync/record.test.ts.
 */

const USER = 7;
const newOutbox = () => createOutbox({ dbName: `record-actions-${randomUUID()}`, notify: () => {} });
const START = '2026-05-01T06:00:00.000Z';

async function startTrip(outbox: ReturnType<typeof newOutbox>) {
  const clientId = randomUUID();
  await createRecordOffline(outbox, USER, 'trip', { clientId, startedAt: START }, 1000);
  return { id: null, clientId };
}

describe('trip entries in the outbox', () => {
  it('a trip started and ended before it was sent is one create of an ended trip', async () => {
    const outbox = newOutbox();
    const trip = await startTrip(outbox);
    await editRecordOffline(outbox, USER, 'trip', trip, { fishLost: 1 });
    await editRecordOffline(outbox, USER, 'trip', trip, { endedAt: '2026-05-01T08:00:00.000Z' });

    const entries = (await outbox.list()) as RecordEntry[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'record-create',
      record: 'trip',
      clientId: trip.clientId,
      payload: {
        clientId: trip.clientId,
        startedAt: START,
        endedAt: '2026-05-01T08:00:00.000Z',
        fishLost: 1,
      },
      revision: 2,
    });
  });

  it('an edit of a trip whose create may have reached the server waits as an update by its clientId', async () => {
    const outbox = newOutbox();
    const trip = await startTrip(outbox);
    // The sync engine counts a try before any request: from then on the create is never changed.
    await outbox.update(trip.clientId, (entry) => ({ ...entry, attempts: 1 }));
    await editRecordOffline(outbox, USER, 'trip', trip, { bitesMissed: 2 }, 2000);
    await editRecordOffline(outbox, USER, 'trip', trip, { endedAt: '2026-05-01T07:00:00.000Z' }, 3000);

    const [create, update, ...rest] = (await outbox.list()) as RecordEntry[];
    expect(rest).toEqual([]);
    expect(create).toMatchObject({
      kind: 'record-create',
      payload: { clientId: trip.clientId, startedAt: START },
    });
    expect(create?.kind === 'record-create' && 'endedAt' in create.payload).toBe(false);
    expect(update).toMatchObject({
      kind: 'record-update',
      record: 'trip',
      target: { clientId: trip.clientId },
      changes: { bitesMissed: 2, endedAt: '2026-05-01T07:00:00.000Z' },
    });
  });

  it('an edit of a synced trip targets its server id', async () => {
    const outbox = newOutbox();
    await editRecordOffline(outbox, USER, 'trip', { id: 42, clientId: randomUUID() }, { fishLost: 3 });
    expect(await outbox.list()).toEqual([
      expect.objectContaining({ kind: 'record-update', target: { id: 42 }, changes: { fishLost: 3 } }),
    ]);
  });

  it('deleting a trip never sent takes it out; one that may have reached the server is deleted by clientId', async () => {
    const outbox = newOutbox();
    const unsent = await startTrip(outbox);
    await deleteRecordOffline(outbox, USER, 'trip', unsent);
    expect(await outbox.list()).toEqual([]);

    const tried = await startTrip(outbox);
    await outbox.update(tried.clientId, (entry) => ({ ...entry, attempts: 1 }));
    await deleteRecordOffline(outbox, USER, 'trip', tried);
    expect(await outbox.list()).toEqual([
      expect.objectContaining({ kind: 'record-delete', target: { clientId: tried.clientId } }),
    ]);
  });
});
