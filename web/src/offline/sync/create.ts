import { createCatch, createMobileCatch, uploadPhoto } from '../../api/endpoints.ts';
import type { CreateEntry } from '../outbox.ts';
import { backOff, markFailed, type Outcome, type SendContext } from './context.ts';
import { type Answer, verdictOf } from './transport.ts';

/**
 * Sends one saved catch (DESIGN §5). Safe against every interruption because each step is either idempotent on
 * the server or recorded in the entry before the next one starts:
 *
 *   [photo and no uploadedPhotoUrl] POST /api/upload → uploadedPhotoUrl written into the entry
 *   → POST /api/mobile-catch with the entry's clientId (a repeat answers 200 with the same catch)
 *   → entry removed.
 *
 * A photo the server refuses (not an image, too large) is dropped and the catch is saved without it (SPEC §7).
 */

/** The server refused the catch because the uploaded photo is unknown (expired, or never stored): re-upload. */
function isPhotoNotFound(answer: Answer<unknown>): boolean {
  if (answer.kind !== 'refused' || answer.error.status !== 400) return false;
  // A photo URL the server refuses as input (errors.photo) is also cured by a fresh upload.
  return answer.error.code === 'UNKNOWN_PHOTO' || typeof answer.error.fieldErrors.photo === 'string';
}

async function sendPhoto(
  context: SendContext,
  entry: CreateEntry,
  photo: Blob,
): Promise<CreateEntry | Outcome> {
  const { outbox, call, emit } = context;
  const answer = await call((t) => uploadPhoto(photo, t));
  const url = answer.kind === 'ok' ? answer.value?.url : undefined;
  if (typeof url === 'string') {
    // Written before the catch is posted: a crash from here on never uploads the photo again.
    const updated = await outbox.update(entry.clientId, (current) =>
      current.kind === 'create' ? { ...current, uploadedPhotoUrl: url } : null,
    );
    return (updated as CreateEntry | null) ?? 'gone';
  }
  const verdict = verdictOf(answer);
  if (verdict === 'signed-out') return 'signed-out';
  if (answer.kind !== 'ok' && verdict === 'transient') {
    await backOff(context, entry, answer.message);
    return 'waiting';
  }
  // Refused for good (not an image, too large): SPEC §7 saves the catch without it.
  const message = answer.kind === 'ok' ? 'The upload answered without a URL' : answer.message;
  const note = `The photo was not saved: ${message}`;
  const updated = await outbox.update(entry.clientId, (current) =>
    current.kind === 'create' ? { ...current, photoNote: note } : null,
  );
  if (!updated) return 'gone';
  emit({ type: 'photo-dropped', entry: updated as CreateEntry, message });
  return updated as CreateEntry;
}

export async function sendCreate(context: SendContext, started: CreateEntry): Promise<Outcome> {
  const { outbox, call, emit } = context;
  let entry = started;
  if (entry.photo && !entry.uploadedPhotoUrl && !entry.photoNote) {
    const uploaded = await sendPhoto(context, entry, entry.photo);
    if (typeof uploaded === 'string') return uploaded;
    entry = uploaded;
  }
  const payload = { ...entry.payload, photo: entry.uploadedPhotoUrl };
  let answer = await call((t) => createMobileCatch(payload, t));
  // SPEC §7: when the request itself fails, the same payload (same clientId) goes to POST /api/catches.
  if (answer.kind === 'network') answer = await call((t) => createCatch(payload, t));
  if (answer.kind === 'ok') {
    await outbox.remove(entry.clientId);
    emit({ type: 'synced', entry, saved: answer.value });
    return 'synced';
  }
  const verdict = verdictOf(answer);
  if (verdict === 'signed-out') return 'signed-out';
  if (isPhotoNotFound(answer)) {
    // The server lost track of the upload: upload the photo again on the next try.
    await backOff(context, entry, answer.message, true);
    return 'waiting';
  }
  if (verdict === 'transient') {
    await backOff(context, entry, answer.message);
    return 'waiting';
  }
  await markFailed(context, entry, answer.message);
  return 'failed';
}
