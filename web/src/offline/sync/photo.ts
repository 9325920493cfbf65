import { uploadPhoto } from '../../api/sync-endpoints.ts';
import type { PhotoEntry } from '../outbox.ts';
import { isUnedited } from '../outbox-actions.ts';
import { backOff, type Outcome, type SendContext } from './context.ts';
import { verdictOf } from './transport.ts';

/**
 * The first step of sending a create or an update that carries a photo picked on the phone: POST /api/upload,
 * then the URL written into the entry before the catch is sent, so a crash from there on never uploads it again.
 * A photo the server refuses for good (not an image, too large) is dropped with a note and the catch is sent
 * without it (docs/product.md#offline).
 */

/** The entry needs its photo uploaded before it can be sent. */
export const needsUpload = (entry: PhotoEntry): entry is PhotoEntry & { photo: Blob } =>
  entry.photo !== null && !entry.uploadedPhotoUrl && !entry.photoNote;

/**
 * Uploads the entry's photo. Resolves with the entry as now stored (URL or note written), or with how the try
 * ended: an entry edited during the upload ('edited': the photo may have been replaced) is left for the next try.
 */
export async function sendPhoto<T extends PhotoEntry>(
  context: SendContext,
  entry: T & { photo: Blob },
): Promise<T | Outcome> {
  const { outbox, call, emit } = context;
  const answer = await call((t) => uploadPhoto(entry.photo, t));
  const url = answer.kind === 'ok' ? answer.value?.url : undefined;
  const write = async (change: Partial<PhotoEntry>): Promise<T | Outcome> => {
    const updated = await outbox.update(entry.clientId, (current) =>
      current.kind === entry.kind && isUnedited(current, entry) ? ({ ...current, ...change } as T) : null,
    );
    if (updated) return updated as T;
    return (await outbox.get(entry.clientId)) ? 'edited' : 'gone';
  };
  if (typeof url === 'string') return write({ uploadedPhotoUrl: url });
  const verdict = verdictOf(answer);
  if (verdict === 'signed-out') return 'signed-out';
  if (answer.kind !== 'ok' && verdict === 'transient') {
    await backOff(context, entry, answer.message);
    return 'waiting';
  }
  // Refused for good (not an image, too large): docs/product.md#offline saves the catch without it.
  const message = answer.kind === 'ok' ? 'The upload answered without a URL' : answer.message;
  const noted = await write({ photoNote: `The photo was not saved: ${message}` });
  if (typeof noted !== 'string') emit({ type: 'photo-dropped', entry: noted, message });
  return noted;
}
