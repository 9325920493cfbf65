import type { Catch, CatchCreatePayload as CatchPayload } from '#core/catch.ts';
import type { CreateEntry, DeleteEntry, DeleteTarget, Outbox, OutboxEntry } from './outbox.ts';

/** What the app puts into the outbox: a catch to create, a catch to delete. */

export function newCreateEntry(userId: number, payload: CatchPayload, photo: Blob | null): CreateEntry {
  const createdAt = Date.parse(payload.createdAt);
  return {
    kind: 'create',
    clientId: payload.clientId,
    userId,
    payload: { ...payload, photo: null },
    photo,
    uploadedPhotoUrl: null,
    photoNote: null,
    createdAt: Number.isNaN(createdAt) ? Date.now() : createdAt,
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    lastError: null,
  };
}

export function newDeleteEntry(userId: number, target: DeleteTarget, now: number): DeleteEntry {
  return {
    kind: 'delete',
    clientId: crypto.randomUUID(),
    userId,
    target,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    lastError: null,
  };
}

/** Does a delete with this target remove that catch? */
export function isDeleteTarget(target: DeleteTarget, item: Pick<Catch, 'id' | 'clientId'>): boolean {
  return (
    (target.id !== undefined && target.id === item.id) ||
    (target.clientId !== undefined && target.clientId === item.clientId)
  );
}

/**
 * Deletes a catch the angler sees in History, offline-first:
 *  - a catch still waiting in the outbox that never touched the network is simply taken out of it;
 *  - one that may have reached the server (a try was started) gets a delete by its clientId queued first,
 *    then its create entry removed, so even a crash in between leaves "create, then delete";
 *  - a synced catch gets a delete by server id queued.
 */
export async function deleteCatchOffline(
  outbox: Outbox,
  userId: number,
  item: Pick<Catch, 'id' | 'clientId'>,
  pendingClientId: string | null,
  now: number = Date.now(),
): Promise<void> {
  if (pendingClientId !== null) {
    const neverSent = (entry: OutboxEntry) => entry.kind === 'create' && entry.attempts === 0;
    if (await outbox.remove(pendingClientId, neverSent)) return;
    if (await outbox.get(pendingClientId)) {
      await outbox.add(newDeleteEntry(userId, { clientId: pendingClientId }, now));
      await outbox.remove(pendingClientId);
      return;
    }
    // Synced meanwhile: its server copy may not be in the list yet, so delete it by clientId.
    await outbox.add(newDeleteEntry(userId, { clientId: pendingClientId }, now));
    return;
  }
  await outbox.add(newDeleteEntry(userId, { id: item.id }, now));
}
