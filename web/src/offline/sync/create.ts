import type { Catch, CatchChanges, CatchFields } from '#core/catch.ts';
import { createCatch, createMobileCatch, updateCatch } from '../../api/sync-endpoints.ts';
import type { CreateEntry, UpdateEntry } from '../outbox.ts';
import { isUnedited, revisionOf } from '../outbox-actions.ts';
import { type Outcome, removeSent, type SendContext, settleRefusal } from './context.ts';
import { needsUpload } from './photo.ts';

/**
 * Sends one saved catch (decision 004). Safe against every interruption because each step is either idempotent on
 * the server or recorded in the entry before the next one starts:
 *
 *   POST /api/mobile-catch with the entry's clientId (a repeat answers 200 with the same catch); the photo's URL in
 *   it only when an earlier version of the app uploaded it already
 *   → [the entry was edited and the server's copy differs] PATCH /api/catches/client/:clientId with the difference
 *   → entry removed, unless it was edited meanwhile (then the next flush sends it again); a photo still to upload
 *   is not removed with it but stays as an edit of the catch, in the same transaction (photoAfterCatch).
 *
 * The catch goes before its photo (docs/decisions/052-photo-sync-order.md): the angler's log is whole on the server
 * after one small request per catch, and the photos follow, a few at a time (loop.ts), each as an edit
 * (update.ts: upload, then PATCH by the catch's clientId), so a photo is only ever attached to a catch that exists.
 *
 * The PATCH step is for an edit merged into a create whose earlier POST may already have reached the server
 * (answer lost, or edited while in flight): the repeat POST then answers with the older copy, and the
 * difference brings it up to date. A photo the server refuses (not an image, too large) is dropped and the catch
 * is saved without it (docs/product.md#offline).
 */

/** The written fields whose value in the server's copy is not what the angler last saved (none: empty). */
function differences(saved: Catch, wanted: CatchFields): CatchChanges {
  const changes: Record<string, unknown> = {};
  for (const field of Object.keys(wanted) as (keyof CatchFields)[]) {
    if (field in saved && saved[field] !== wanted[field]) changes[field] = wanted[field];
  }
  return changes as CatchChanges;
}

/**
 * The photo of a catch the server now has, as an edit of that catch waiting in the outbox. It keeps the catch's
 * clientId as its own, so the create turns into it in one transaction (never both, never neither); an edit or
 * delete of the catch finds it by its target like any edit (outbox-actions.ts).
 */
function photoAfterCatch(create: CreateEntry & { photo: Blob }): UpdateEntry {
  return {
    kind: 'update',
    clientId: create.clientId,
    userId: create.userId,
    target: { clientId: create.clientId },
    changes: {},
    photo: create.photo,
    uploadedPhotoUrl: null,
    photoNote: null,
    createdAt: create.createdAt,
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    lastError: null,
    revision: 0,
  };
}

/** The confirmed create replaced by its photo's edit, unless the angler edited it meanwhile. */
async function keepPhotoForLater(
  { outbox }: SendContext,
  entry: CreateEntry & { photo: Blob },
): Promise<'removed' | 'edited' | 'gone'> {
  const changed = await outbox.update(entry.clientId, (current) =>
    current.kind === 'create' && isUnedited(current, entry) ? photoAfterCatch(entry) : null,
  );
  if (changed) return 'removed';
  return (await outbox.get(entry.clientId)) ? 'edited' : 'gone';
}

export async function sendCreate(context: SendContext, entry: CreateEntry): Promise<Outcome> {
  const { call, emit } = context;
  const payload = { ...entry.payload, photo: entry.uploadedPhotoUrl };
  let answer = await call((t) => createMobileCatch(payload, t));
  // docs/product.md#offline: when the request itself fails, the same payload (same clientId) goes to POST /api/catches.
  if (answer.kind === 'network') answer = await call((t) => createCatch(payload, t));
  if (answer.kind !== 'ok') return settleRefusal(context, entry, answer);

  let saved = answer.value;
  // Only an entry that was ever edited can differ from the server's copy (a repeat answers with the first one).
  const behind = revisionOf(entry) > 0 ? differences(saved, payload) : {};
  if (Object.keys(behind).length > 0) {
    const patched = await call((t) => updateCatch({ clientId: entry.clientId }, behind, t));
    if (patched.kind === 'refused' && patched.error.status === 404) {
      // Deleted on another device between the POST and the PATCH: the catch is gone, and so is the edit.
      await context.outbox.remove(entry.clientId);
      emit({ type: 'edit-dropped', entry });
      return 'dropped';
    }
    if (patched.kind !== 'ok') return settleRefusal(context, entry, patched);
    saved = patched.value;
  }
  const removed = needsUpload(entry)
    ? await keepPhotoForLater(context, entry)
    : await removeSent(context, entry);
  if (removed !== 'removed') return removed;
  emit({ type: 'synced', entry, saved });
  return 'synced';
}
