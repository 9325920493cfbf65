import type { Catch, CatchChanges, CatchFields } from '#core/catch.ts';
import { createCatch, createMobileCatch, updateCatch } from '../../api/sync-endpoints.ts';
import type { CreateEntry } from '../outbox.ts';
import { revisionOf } from '../outbox-actions.ts';
import { type Outcome, removeSent, type SendContext, settleRefusal } from './context.ts';
import { needsUpload, sendPhoto } from './photo.ts';

/**
 * Sends one saved catch (decision 004). Safe against every interruption because each step is either idempotent on
 * the server or recorded in the entry before the next one starts:
 *
 *   [photo and no uploadedPhotoUrl] POST /api/upload → uploadedPhotoUrl written into the entry (photo.ts)
 *   → POST /api/mobile-catch with the entry's clientId (a repeat answers 200 with the same catch)
 *   → [the entry was edited and the server's copy differs] PATCH /api/catches/client/:clientId with the difference
 *   → entry removed, unless it was edited meanwhile (then the next flush sends it again).
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

export async function sendCreate(context: SendContext, started: CreateEntry): Promise<Outcome> {
  const { call, emit } = context;
  let entry = started;
  if (needsUpload(entry)) {
    const uploaded = await sendPhoto(context, entry);
    if (typeof uploaded === 'string') return uploaded;
    entry = uploaded;
  }
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
  const removed = await removeSent(context, entry);
  if (removed !== 'removed') return removed;
  emit({ type: 'synced', entry, saved });
  return 'synced';
}
