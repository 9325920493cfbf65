import {
  type Catch,
  type CatchCreatePayload,
  CONDITIONS_NOT_WORKED_OUT,
  withFieldsAddedLater,
} from '#core/catch.ts';
import type { CreateEntry, EntryState, OutboxEntry, PhotoEntry, UpdateEntry } from '../../offline/outbox.ts';
import { isTargetOf } from '../../offline/outbox-actions.ts';

/** How a catch in History stands with the server: absent for a synced catch with no edit waiting. */
export interface PendingSync {
  /** The outbox entry's own id (for a create, also the catch's clientId). */
  clientId: string;
  /** A catch not yet created on the server, or an edit of one it has. */
  kind: PhotoEntry['kind'];
  state: EntryState;
  lastError: string | null;
  /** The server's reasons per field when it refused the entry (the edit form marks them). */
  fieldErrors: Readonly<Record<string, string>>;
}

const syncOf = (entry: PhotoEntry): PendingSync => ({
  clientId: entry.clientId,
  kind: entry.kind,
  state: entry.state,
  lastError: entry.lastError,
  fieldErrors: entry.fieldErrors ?? {},
});

export interface HistoryList {
  catches: Catch[];
  /** Pending catches by their (negative, stable per clientId) list id. */
  pending: ReadonlyMap<number, PendingSync>;
}

/** A stable negative id for a catch that has no server id yet (ids only need to be unique within the list). */
function localId(clientId: string): number {
  let hash = 0;
  for (let i = 0; i < clientId.length; i++) hash = (Math.imul(hash, 31) + clientId.charCodeAt(i)) | 0;
  return -(Math.abs(hash) + 1);
}

/**
 * When a catch still on the phone was caught and the sky then, worked out on the phone (offline-conditions.ts,
 * loaded lazily by use-phone-conditions.ts); the weather stays pending until the server has the catch.
 */
export type PhoneConditions = (payload: CatchCreatePayload) => Pick<Catch, 'caughtAt' | 'conditions'>;

/** Until the phone's sky code has loaded (a moment, from the precache offline): all pending, as of its saving. */
function notWorkedOutYet(payload: CatchCreatePayload): Pick<Catch, 'caughtAt' | 'conditions'> {
  return {
    caughtAt: payload.createdAt,
    conditions: CONDITIONS_NOT_WORKED_OUT,
  };
}

/**
 * A pending create as History shows it, with its photo from the phone (`photoUrl`, an object URL). The payload holds
 * every written field as of when it was saved (core/catch.ts); a field added since then reads as "not set".
 */
function pendingCatch(entry: CreateEntry, photoUrl: string | null, conditionsOf: PhoneConditions): Catch {
  const { timeZone: _savedIn, ...fields } = entry.payload;
  return withFieldsAddedLater({
    ...fields,
    ...conditionsOf(entry.payload),
    id: localId(entry.clientId),
    photo: photoUrl,
    clientId: entry.clientId,
  });
}

/** A saved catch as the angler last edited it: the waiting edit's fields, and its photo from the phone. */
function editedCatch(item: Catch, edit: UpdateEntry, photoUrl: string | null): Catch {
  const edited = { ...item, ...edit.changes };
  return photoUrl ? { ...edited, photo: photoUrl } : edited;
}

/**
 * History's list (docs/decisions/004-offline-outbox.md): the server's catches (the last list, also offline) plus the catches still in the
 * outbox, each once: a catch the server already has but the outbox has not yet seen confirmed shows as
 * pending (matched by clientId), a catch with an edit waiting shows as edited (decision 021), and a catch with a
 * pending delete is hidden. A catch still on the phone has its sky from `conditionsOf` once that has loaded.
 */
export function mergeWithOutbox(
  serverCatches: readonly Catch[],
  entries: readonly OutboxEntry[],
  photoUrls: ReadonlyMap<string, string>,
  conditionsOf: PhoneConditions | null = null,
): HistoryList {
  const pending = new Map<number, PendingSync>();
  const catches: Catch[] = [];
  const pendingClientIds = new Set<string>();
  const deletes = entries.filter((entry) => entry.kind === 'delete' && entry.state === 'pending');
  const isDeleted = (item: Catch) =>
    deletes.some((entry) => entry.kind === 'delete' && isTargetOf(entry.target, item));

  const edits = entries.filter((entry): entry is UpdateEntry => entry.kind === 'update');

  for (const entry of entries) {
    if (entry.kind !== 'create') continue;
    const item = pendingCatch(entry, photoUrls.get(entry.clientId) ?? null, conditionsOf ?? notWorkedOutYet);
    if (isDeleted(item)) continue;
    pendingClientIds.add(entry.clientId);
    pending.set(item.id, syncOf(entry));
    catches.push(item);
  }
  for (const item of serverCatches) {
    if (item.clientId !== null && pendingClientIds.has(item.clientId)) continue;
    if (isDeleted(item)) continue;
    // Edits are merged into one entry per catch, so there is normally one; applied oldest first if not.
    let shown = item;
    for (const edit of edits) {
      if (!isTargetOf(edit.target, item)) continue;
      shown = editedCatch(shown, edit, photoUrls.get(edit.clientId) ?? null);
      pending.set(item.id, syncOf(edit));
    }
    catches.push(shown);
  }
  return { catches, pending };
}
