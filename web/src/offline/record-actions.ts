import type { RecordKind, RecordShapes } from '../api/record-types.ts';
import type { Outbox, OutboxEntry, RecordEntry, RecordTarget } from './outbox.ts';
import { isTargetOf, revisionOf } from './outbox-actions.ts';

/**
 * What the app puts into the outbox for a trip or a spot (docs/decisions/043-trips-and-spots.md): a create, an edit,
 * a delete, with the mechanics of a catch's (outbox-actions.ts) and without photos. Sent by sync/record.ts.
 *
 * An edit of a record whose create has never touched the network (attempts 0, checked in the same IndexedDB
 * transaction as the merge, and the sync engine counts a try in a transaction before any request) is folded into
 * that create: a trip started and ended offline is one POST of an ended trip. Any other edit is an update entry,
 * sent after the create (entries go oldest first) to the record's server id, which a target known only by its
 * clientId is resolved to when it is sent. Folding only into an unsent create means no repeated POST can ever answer
 * with an older copy of it, so nothing needs comparing afterwards.
 */

/** The record as a screen shows it: its server id (none while its create waits), and its clientId. */
export interface RecordRef {
  id: number | null;
  clientId: string | null;
}

const pendingEntry = (userId: number, clientId: string, now: number) => ({
  clientId,
  userId,
  createdAt: now,
  attempts: 0,
  nextAttemptAt: 0,
  state: 'pending' as const,
  lastError: null,
});

const isRecordEntry = (entry: OutboxEntry): entry is RecordEntry => entry.kind.startsWith('record-');

/** Does this update or delete mean that record? */
const isTargetOfRecord = (target: RecordTarget, item: RecordRef) =>
  isTargetOf(target, { id: item.id ?? Number.NaN, clientId: item.clientId });

/** Queues a new trip or spot; its clientId (the payload's) is the server's idempotency key and the entry's. */
export async function createRecordOffline<R extends RecordKind>(
  outbox: Outbox,
  userId: number,
  record: R,
  payload: RecordShapes[R]['payload'],
  now: number = Date.now(),
): Promise<RecordEntry> {
  const entry = { ...pendingEntry(userId, payload.clientId, now), kind: 'record-create', record, payload };
  await outbox.add(entry as RecordEntry);
  return entry as RecordEntry;
}

/** The update entries of this user waiting for that record. */
async function waitingUpdates(
  outbox: Outbox,
  userId: number,
  record: RecordKind,
  item: RecordRef,
): Promise<RecordEntry[]> {
  return (await outbox.list(userId)).filter(
    (entry): entry is RecordEntry =>
      isRecordEntry(entry) &&
      entry.kind === 'record-update' &&
      entry.record === record &&
      isTargetOfRecord(entry.target, item),
  );
}

/** The target an update or delete of `item` is sent to: its server id when known, else its clientId. */
function targetOf(item: RecordRef): RecordTarget {
  return item.id !== null ? { id: item.id } : { clientId: item.clientId ?? '' };
}

/** An edited entry is made due again (a refused one may be fixed now) and its revision bumped. */
const edited = <T extends RecordEntry>(entry: T, merge: (entry: T) => T): T => ({
  ...merge(entry),
  state: 'pending',
  nextAttemptAt: 0,
  lastError: null,
  fieldErrors: undefined,
  revision: revisionOf(entry) + 1,
});

/** Changes a trip or spot offline-first; the last edit of a field wins. */
export async function editRecordOffline<R extends RecordKind>(
  outbox: Outbox,
  userId: number,
  record: R,
  item: RecordRef,
  changes: RecordShapes[R]['changes'],
  now: number = Date.now(),
): Promise<RecordEntry> {
  if (item.clientId !== null) {
    const folded = await outbox.update(item.clientId, (entry) =>
      entry.kind === 'record-create' &&
      entry.record === record &&
      entry.userId === userId &&
      entry.attempts === 0
        ? edited(
            entry,
            (create) => ({ ...create, payload: { ...create.payload, ...changes } }) as typeof create,
          )
        : null,
    );
    if (folded) return folded as RecordEntry;
  }
  for (const waiting of await waitingUpdates(outbox, userId, record, item)) {
    const merged = await outbox.update(waiting.clientId, (entry) =>
      entry.kind === 'record-update'
        ? edited(
            entry,
            (update) => ({ ...update, changes: { ...update.changes, ...changes } }) as typeof update,
          )
        : null,
    );
    if (merged) return merged as RecordEntry;
  }
  const entry = {
    ...pendingEntry(userId, crypto.randomUUID(), now),
    kind: 'record-update',
    record,
    target: targetOf(item),
    changes,
  } as RecordEntry;
  await outbox.add(entry);
  return entry;
}

/**
 * Deletes a trip or spot offline-first: its waiting edits go; a create that never touched the network is simply
 * taken out; one that may have reached the server gets a delete by its clientId queued before the create is taken
 * out (a crash in between leaves "create, then delete"); a synced record gets a delete by server id.
 */
export async function deleteRecordOffline(
  outbox: Outbox,
  userId: number,
  record: RecordKind,
  item: RecordRef,
  now: number = Date.now(),
): Promise<void> {
  for (const update of await waitingUpdates(outbox, userId, record, item))
    await outbox.remove(update.clientId);
  const queueDelete = async (target: RecordTarget) => {
    const entry = {
      ...pendingEntry(userId, crypto.randomUUID(), now),
      kind: 'record-delete',
      record,
      target,
    } as RecordEntry;
    await outbox.add(entry);
  };
  const clientId = item.clientId;
  const isOwnCreate = (entry: OutboxEntry) =>
    entry.kind === 'record-create' && entry.record === record && entry.userId === userId;
  if (clientId !== null && item.id === null) {
    if (await outbox.remove(clientId, (entry) => isOwnCreate(entry) && entry.attempts === 0)) return;
    await queueDelete({ clientId });
    await outbox.remove(clientId, isOwnCreate);
    return;
  }
  await queueDelete(targetOf(item));
}
