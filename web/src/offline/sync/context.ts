import type { Catch } from '#core/catch.ts';
import type { CreateEntry, DeleteEntry, Outbox, OutboxEntry } from '../outbox.ts';
import type { Call } from './transport.ts';

/**
 * What sending one entry (create.ts, delete.ts) needs from the loop, and the two ways a try that did not finish
 * leaves its entry: waiting for a retry (backoff: 1 s · 2^attempts, at most 5 min, with jitter) or failed for
 * good (kept with the server's message until the angler retries or discards it).
 */

const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 5 * 60 * 1000;

export type SyncEvent =
  | { type: 'synced'; entry: CreateEntry; saved: Catch }
  | { type: 'deleted'; entry: DeleteEntry }
  | { type: 'failed'; entry: OutboxEntry; message: string }
  | { type: 'photo-dropped'; entry: CreateEntry; message: string }
  | { type: 'signed-out' };

/** How sending one entry ended. 'gone': the entry left the outbox meanwhile (sent by another tab, discarded). */
export type Outcome = 'synced' | 'failed' | 'waiting' | 'signed-out' | 'gone';

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
    const next = {
      ...current,
      nextAttemptAt: now() + backoffDelay(current.attempts, random()),
      lastError: message,
    };
    return forgetUpload && next.kind === 'create' ? { ...next, uploadedPhotoUrl: null } : next;
  });
}

export async function markFailed(
  { outbox, emit }: SendContext,
  entry: OutboxEntry,
  message: string,
): Promise<void> {
  const failed = await outbox.update(entry.clientId, (current) => ({
    ...current,
    state: 'failed',
    lastError: message,
  }));
  if (failed) emit({ type: 'failed', entry: failed, message });
}
