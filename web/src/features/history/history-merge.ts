import type { Catch } from '#core/catch.ts';
import type { CreateEntry, EntryState, OutboxEntry } from '../../offline/outbox.ts';
import { isDeleteTarget } from '../../offline/outbox-actions.ts';

/** How a catch in History stands with the server: absent for a synced catch. */
export interface PendingSync {
  clientId: string;
  state: EntryState;
  lastError: string | null;
}

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

/** A pending create as History shows it, with its photo from the phone (`photoUrl`, an object URL). */
function pendingCatch(entry: CreateEntry, photoUrl: string | null): Catch {
  // The payload holds every written field (core/catch.ts): nothing to list here when a field is added.
  return { ...entry.payload, id: localId(entry.clientId), photo: photoUrl, clientId: entry.clientId };
}

/**
 * History's list (DESIGN §5): the server's catches (the last list, also offline) plus the catches still in the
 * outbox, each once: a catch the server already has but the outbox has not yet seen confirmed shows as
 * pending (matched by clientId), and a catch with a pending delete is hidden.
 */
export function mergeWithOutbox(
  serverCatches: readonly Catch[],
  entries: readonly OutboxEntry[],
  photoUrls: ReadonlyMap<string, string>,
): HistoryList {
  const pending = new Map<number, PendingSync>();
  const catches: Catch[] = [];
  const pendingClientIds = new Set<string>();
  const deletes = entries.filter((entry) => entry.kind === 'delete' && entry.state === 'pending');
  const isDeleted = (item: Catch) =>
    deletes.some((entry) => entry.kind === 'delete' && isDeleteTarget(entry.target, item));

  for (const entry of entries) {
    if (entry.kind !== 'create') continue;
    const item = pendingCatch(entry, photoUrls.get(entry.clientId) ?? null);
    if (isDeleted(item)) continue;
    pendingClientIds.add(entry.clientId);
    pending.set(item.id, { clientId: entry.clientId, state: entry.state, lastError: entry.lastError });
    catches.push(item);
  }
  for (const item of serverCatches) {
    if (item.clientId !== null && pendingClientIds.has(item.clientId)) continue;
    if (isDeleted(item)) continue;
    catches.push(item);
  }
  return { catches, pending };
}
