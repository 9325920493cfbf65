import type { Catch, CatchChanges } from '#core/catch.ts';
import type {
  CatchTarget,
  CreateEntry,
  DeleteEntry,
  Outbox,
  OutboxEntry,
  PhotoEntry,
  UpdateEntry,
} from './outbox.ts';
import type { CatchPayload } from './outbox-payload.ts';

/** What the app puts into the outbox: a catch to create, an edit of a catch, a catch to delete. */

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

export function newDeleteEntry(userId: number, target: CatchTarget, now: number, holdUntil = 0): DeleteEntry {
  return {
    kind: 'delete',
    clientId: crypto.randomUUID(),
    userId,
    target,
    createdAt: now,
    attempts: 0,
    // Due when the hold ends, so the sync scheduler wakes up for it then.
    nextAttemptAt: holdUntil,
    state: 'pending',
    lastError: null,
    ...(holdUntil > 0 ? { holdUntil } : {}),
  };
}

/** Does an update or delete with this target mean that catch? */
export function isTargetOf(target: CatchTarget, item: Pick<Catch, 'id' | 'clientId'>): boolean {
  return (
    (target.id !== undefined && target.id === item.id) ||
    (target.clientId !== undefined && target.clientId === item.clientId)
  );
}

/** The entry's revision, counting from 0 for entries saved before edits existed. */
export const revisionOf = (entry: OutboxEntry): number => entry.revision ?? 0;

/** True when no edit was merged into `current` since `sent` was read (the sync engine removes only then). */
export const isUnedited = (current: OutboxEntry, sent: OutboxEntry): boolean =>
  revisionOf(current) === revisionOf(sent);

/** An edit of a catch: the written fields to set (stored units; null clears) and what becomes of its photo. */
export interface CatchEdit {
  changes: Omit<CatchChanges, 'photo'>;
  /** A new photo picked on the phone, 'remove' to take the photo off, absent to leave it as it is. */
  photo?: Blob | 'remove';
}

/** An entry with an edit merged in: made due again (a refused one was fixed by the angler), revision bumped. */
function withEditMerged<T extends PhotoEntry>(entry: T, photo: CatchEdit['photo']): T {
  const merged: T = {
    ...entry,
    state: 'pending',
    nextAttemptAt: 0,
    lastError: null,
    fieldErrors: undefined,
    revision: revisionOf(entry) + 1,
  };
  // A new or removed photo replaces whatever was picked or uploaded before (an upload left unused is swept by
  // the server after a day).
  if (photo !== undefined) {
    merged.photo = photo === 'remove' ? null : photo;
    merged.uploadedPhotoUrl = null;
    merged.photoNote = null;
  }
  return merged;
}

function mergeIntoCreate(entry: CreateEntry, edit: CatchEdit): CreateEntry {
  return withEditMerged({ ...entry, payload: { ...entry.payload, ...edit.changes } }, edit.photo);
}

function mergeIntoUpdate(entry: UpdateEntry, edit: CatchEdit): UpdateEntry {
  const changes: CatchChanges = { ...entry.changes, ...edit.changes };
  if (edit.photo === 'remove') changes.photo = null;
  else if (edit.photo !== undefined) delete changes.photo;
  return withEditMerged({ ...entry, changes }, edit.photo);
}

function newUpdateEntry(userId: number, target: CatchTarget, edit: CatchEdit, now: number): UpdateEntry {
  const entry: UpdateEntry = {
    kind: 'update',
    clientId: crypto.randomUUID(),
    userId,
    target,
    changes: {},
    photo: null,
    uploadedPhotoUrl: null,
    photoNote: null,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    lastError: null,
    revision: 0,
  };
  return { ...mergeIntoUpdate(entry, edit), revision: 0 };
}

/** The update entries waiting for this catch (normally at most one: later edits merge into it). */
async function updatesOf(
  outbox: Outbox,
  userId: number,
  item: Pick<Catch, 'id' | 'clientId'>,
): Promise<UpdateEntry[]> {
  return (await outbox.list(userId)).filter(
    (entry): entry is UpdateEntry => entry.kind === 'update' && isTargetOf(entry.target, item),
  );
}

/**
 * Edits a catch the angler sees in History, offline-first (decision 021); the last edit of a field wins:
 *  - a catch that is still a create entry (waiting, or refused by the server) takes the edit into that create, so
 *    one POST carries the final values. If an earlier try may already have reached the server, the sync engine
 *    compares the server's copy with the payload and sends the difference (sync/create.ts);
 *  - any other catch gets an update entry, or the edit is merged into the one already waiting for it.
 * A merge is one IndexedDB transaction; an entry the sync engine finished meanwhile is not merged into but
 * followed by a new update, so no edit is lost to a race with sending.
 */
export async function editCatchOffline(
  outbox: Outbox,
  userId: number,
  item: Pick<Catch, 'id' | 'clientId'>,
  edit: CatchEdit,
  now: number = Date.now(),
): Promise<OutboxEntry> {
  if (item.clientId !== null) {
    const clientId = item.clientId;
    const merged = await outbox.update(clientId, (entry) =>
      entry.kind === 'create' && entry.userId === userId ? mergeIntoCreate(entry, edit) : null,
    );
    if (merged) return merged;
  }
  for (const waiting of await updatesOf(outbox, userId, item)) {
    const merged = await outbox.update(waiting.clientId, (entry) =>
      entry.kind === 'update' ? mergeIntoUpdate(entry, edit) : null,
    );
    if (merged) return merged;
  }
  // A catch still shown as pending (no server id yet) is reached by the clientId it was created with.
  const target: CatchTarget =
    item.id > 0 || item.clientId === null ? { id: item.id } : { clientId: item.clientId };
  const entry = newUpdateEntry(userId, target, edit, now);
  await outbox.add(entry);
  return entry;
}

/**
 * What undoing a delete needs: the delete queued (null when none was: a catch that never left the phone) and the
 * entries the delete took out of the outbox (the catch's own create, edits waiting for it), to put back as they were.
 */
export interface DeleteUndo {
  deleteClientId: string | null;
  removed: OutboxEntry[];
}

/**
 * Deletes a catch the angler sees in History, offline-first (edits still waiting for it are dropped: the catch
 * goes anyway):
 *  - a catch still waiting in the outbox that never touched the network is simply taken out of it;
 *  - one that may have reached the server (a try was started) gets a delete by its clientId queued first,
 *    then its create entry removed, so even a crash in between leaves "create, then delete";
 *  - a synced catch gets a delete by server id queued.
 * The queued delete is held until `holdUntil` (ms), while the angler may undo it (`undoDeleteOffline`).
 */
export async function deleteCatchOffline(
  outbox: Outbox,
  userId: number,
  item: Pick<Catch, 'id' | 'clientId'>,
  pendingClientId: string | null,
  now: number = Date.now(),
  holdUntil = 0,
): Promise<DeleteUndo> {
  const removed: OutboxEntry[] = [];
  // Keeps each entry as it was when removed (read in the same transaction), for an undo to put back.
  const take = (clientId: string, when: (entry: OutboxEntry) => boolean = () => true): Promise<boolean> =>
    outbox.remove(clientId, (entry) => {
      if (!when(entry)) return false;
      removed.push(entry);
      return true;
    });
  const queue = async (target: CatchTarget): Promise<string> => {
    const entry = newDeleteEntry(userId, target, now, holdUntil);
    await outbox.add(entry);
    return entry.clientId;
  };
  for (const update of await updatesOf(outbox, userId, item)) await take(update.clientId);
  if (pendingClientId !== null) {
    const neverSent = (entry: OutboxEntry) => entry.kind === 'create' && entry.attempts === 0;
    if (await take(pendingClientId, neverSent)) return { deleteClientId: null, removed };
    if (await outbox.get(pendingClientId)) {
      const deleteClientId = await queue({ clientId: pendingClientId });
      await take(pendingClientId);
      return { deleteClientId, removed };
    }
    // Synced meanwhile: its server copy may not be in the list yet, so delete it by clientId.
    return { deleteClientId: await queue({ clientId: pendingClientId }), removed };
  }
  return { deleteClientId: await queue({ id: item.id }), removed };
}

/**
 * Undoes `deleteCatchOffline` while its delete has not been sent: takes the delete out of the outbox and puts back
 * what it removed (the catch's create with its photo, its waiting edits), so the catch is as it was. False when the
 * delete was already sent (or is being sent): then it is too late, and nothing changes.
 */
export async function undoDeleteOffline(outbox: Outbox, undo: DeleteUndo): Promise<boolean> {
  if (undo.deleteClientId !== null) {
    const unsent = (entry: OutboxEntry) => entry.kind === 'delete' && entry.attempts === 0;
    if (!(await outbox.remove(undo.deleteClientId, unsent))) return false;
  }
  for (const entry of undo.removed) await outbox.add(entry);
  return true;
}
