import { updateCatch } from '../../api/sync-endpoints.ts';
import type { UpdateEntry } from '../outbox.ts';
import { type Outcome, removeSent, type SendContext, settleRefusal } from './context.ts';
import { needsUpload, sendPhoto } from './photo.ts';

/**
 * Sends one edit of a saved catch (decision 021): [a new photo: POST /api/upload first (photo.ts)] → PATCH
 * /api/catches/:id, or /api/catches/client/:clientId for a catch this device knows only by its clientId → entry
 * removed, unless it was edited meanwhile. Setting fields is idempotent, so a PATCH repeated after a lost answer
 * or a crash lands the same values. 404: the catch was deleted on another device; the edit is dropped with a notice.
 */
export async function sendUpdate(context: SendContext, started: UpdateEntry): Promise<Outcome> {
  const { outbox, call, emit } = context;
  let entry = started;
  if (needsUpload(entry)) {
    const uploaded = await sendPhoto(context, entry);
    if (typeof uploaded === 'string') return uploaded;
    entry = uploaded;
  }
  const changes = entry.uploadedPhotoUrl
    ? { ...entry.changes, photo: entry.uploadedPhotoUrl }
    : entry.changes;
  const answer = await call((t) => updateCatch(entry.target, changes, t));
  if (answer.kind === 'ok') {
    const removed = await removeSent(context, entry);
    if (removed !== 'removed') return removed;
    emit({ type: 'updated', entry, saved: answer.value });
    return 'synced';
  }
  if (answer.kind === 'refused' && answer.error.status === 404) {
    await outbox.remove(entry.clientId);
    emit({ type: 'edit-dropped', entry });
    return 'dropped';
  }
  return settleRefusal(context, entry, answer);
}
