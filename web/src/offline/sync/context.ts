import type { Catch } from '#core/catch.ts';
import type { RecordKind, RecordShapes } from '../../api/record-types.ts';
import type {
  CreateEntry,
  DeleteEntry,
  Outbox,
  OutboxEntry,
  PhotoEntry,
  RecordEntry,
  UpdateEntry,
} from '../outbox.ts';
import { isUnedited } from '../outbox-actions.ts';
import { type Answer, type Call, isPhotoNotFound, verdictOf } from './transport.ts';

/**
 * What sending one entry (create.ts, delete.ts) needs from the loop, and the two ways a try that did not finish
 * leaves its entry: waiting for a retry (backoff: 1 s · 2^attempts, at most 5 min, with jitter) or failed for
 * good (kept with the server's message until the angler retries or discards it).
 */

const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 5 * 60 * 1000;

export type SyncEvent =
  | { type: 'synced'; entry: CreateEntry; saved: Catch }
  | { type: 'updated'; entry: UpdateEntry; saved: Catch }
  /** The edited catch is gone from the server (deleted on another device): the edit was dropped. */
  | { type: 'edit-dropped'; entry: UpdateEntry | CreateEntry }
  | { type: 'deleted'; entry: DeleteEntry }
  | { type: 'failed'; entry: OutboxEntry; message: string }
  | { type: 'photo-dropped'; entry: PhotoEntry; message: string }
  | { type: 'signed-out' }
  /** A trip or spot entry went through: the record as the server now has it (null after a delete). */
  | { type: 'record-synced'; entry: RecordEntry; saved: RecordShapes[RecordKind]['saved'] | null }
  /** The edited trip or spot is gone from the server: the edit was dropped. */
  | { type: 'record-dropped'; entry: RecordEntry };

/**
 * How sending one entry ended. 'gone': the entry left the outbox meanwhile (sent by another tab, discarded).
 * 'edited': an edit was merged into it while it was being sent, so it stays, due, for a later flush to send
 * what the angler now wants. 'dropped': it no longer applies (its catch was deleted elsewhere) and was removed.
 */
export type Outcome = 'synced' | 'failed' | 'waiting' | 'signed-out' | 'gone' | 'edited' | 'dropped';

export interface SendContext {
  outbox: Outbox;
  call: Call;
  now: () => number;
  /** 0 ≤ value < 1, for the backoff jitter. */
  random: () => number;
  emit: (event: SyncEvent) => void;
}

export function backoffDelay(attempts: number, random: number): number {
  const exponential = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  // ±25% jitter, so many phones coming back into coverage do not retry in lockstep.
  return Math.round(exponential * (0.75 + random * 0.5));
}

/** Schedules the next try; `forgetUpload` makes it upload the photo again. */
export async function backOff(
  { outbox, now, random }: SendContext,
  entry: OutboxEntry,
  message: string,
  forgetUpload = false,
): Promise<void> {
  await outbox.update(entry.clientId, (current) => {
    // Edited meanwhile: it stays due, so what the angler now wants goes out without waiting for the backoff.
    const edited = !isUnedited(current, entry);
    const next = {
      ...current,
      nextAttemptAt: edited ? current.nextAttemptAt : now() + backoffDelay(current.attempts, random()),
      lastError: message,
    };
    return forgetUpload && next.kind !== 'delete' ? { ...next, uploadedPhotoUrl: null } : next;
  });
}

/**
 * Removes an entry the server has confirmed, unless an edit was merged into it while it was being sent.
 * 'edited' then: the entry stays for the next flush, which sends the angler's latest values.
 */
export async function removeSent(
  { outbox }: SendContext,
  entry: OutboxEntry,
): Promise<'removed' | 'edited' | 'gone'> {
  if (await outbox.remove(entry.clientId, (current) => isUnedited(current, entry))) return 'removed';
  return (await outbox.get(entry.clientId)) ? 'edited' : 'gone';
}

/**
 * Keeps the entry as refused for good, with the server's message and its per-field reasons (the edit form marks
 * those fields). An entry edited meanwhile is left as it is: the angler may just have fixed what was refused.
 */
async function markFailed(
  { outbox, emit }: SendContext,
  entry: OutboxEntry,
  message: string,
  fieldErrors: Record<string, string> = {},
): Promise<void> {
  const failed = await outbox.update(entry.clientId, (current) =>
    isUnedited(current, entry) ? { ...current, state: 'failed', lastError: message, fieldErrors } : null,
  );
  if (failed) emit({ type: 'failed', entry: failed, message });
}

/**
 * What an answer that is not OK does to the entry that asked: a 401 stops the flush, a lost upload is uploaded
 * again, a transient failure waits for a retry, anything else is refused for good (kept with the reasons).
 */
export async function settleRefusal(
  context: SendContext,
  entry: OutboxEntry,
  answer: Exclude<Answer<unknown>, { kind: 'ok' }>,
): Promise<Outcome> {
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
  await markFailed(context, entry, answer.message, answer.kind === 'refused' ? answer.error.fieldErrors : {});
  return 'failed';
}
