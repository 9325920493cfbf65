import type { Catch } from '#core/catch.ts';
import { createCatch, createMobileCatch, deleteCatch, getUser, uploadPhoto } from '../api/endpoints.ts';
import { ApiError, type Transport } from '../api/http.ts';
import type { CreateEntry, DeleteEntry, Outbox, OutboxEntry } from './outbox.ts';
import { FLUSH_LOCK } from './storage-names.ts';

/**
 * The sync engine (DESIGN §5): sends the outbox to the server, one entry at a time, oldest first, and removes
 * an entry only after the server confirmed it. Safe against every interruption because each step is either
 * idempotent on the server or recorded in the entry before the next one starts:
 *
 *   create: [photo and no uploadedPhotoUrl] POST /api/upload → uploadedPhotoUrl written into the entry
 *           → POST /api/mobile-catch with the entry's clientId (a repeat answers 200 with the same catch)
 *           → entry removed.
 *   delete: DELETE /api/catches/:id or /api/catches/client/:clientId; 204 or 404 (already gone) → entry removed.
 *
 * Answers: 2xx done; 401 stops the whole flush (everything kept; resumes after sign-in); 408, 429, 5xx and
 * network errors back off (1 s · 2^attempts, at most 5 min, with jitter); any other 4xx will never succeed, so
 * the entry is marked 'failed' with the server's message and kept until the angler retries or discards it.
 * A photo the server refuses (not an image, too large) is dropped and the catch is saved without it (SPEC §7).
 *
 * Before sending, the engine asks GET /api/user who is signed in and sends only that user's entries, so a
 * catch saved by one account is never posted with another account's session.
 * Only one flush runs at a time across tabs and the service worker (Web Lock 'tightlines-outbox-flush').
 */

const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 5 * 60 * 1000;

/** The part of the Web Locks API the engine needs (navigator.locks, or createMemoryLocks in tests). */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

/** A lock manager for one JavaScript realm: for tests, and browsers without Web Locks. */
export function createMemoryLocks(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request(name, _options, callback) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

/** navigator.locks when the browser has it, else a per-tab lock. */
function defaultLocks(): LockManagerLike {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (!locks) return createMemoryLocks();
  return {
    // The callback's promise is awaited by the lock manager; the DOM typings nest it (Promise<Promise<T>>).
    request: <T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>) =>
      locks.request(name, options, (lock) => callback(lock)) as unknown as Promise<T>,
  };
}

export type SyncEvent =
  | { type: 'synced'; entry: CreateEntry; saved: Catch }
  | { type: 'deleted'; entry: DeleteEntry }
  | { type: 'failed'; entry: OutboxEntry; message: string }
  | { type: 'photo-dropped'; entry: CreateEntry; message: string }
  | { type: 'signed-out' };

export interface FlushResult {
  /**
   * done: every due entry was tried; busy: another tab or the worker is flushing; signed-out: the server says
   * nobody is signed in; unreachable: the server could not be asked (offline, down).
   */
  status: 'done' | 'busy' | 'signed-out' | 'unreachable';
  synced: number;
  failed: number;
  /** When the earliest entry still waiting for a retry is due (ms), or null when none waits. */
  nextAttemptAt: number | null;
}

export interface SyncEngineOptions {
  outbox: Outbox;
  fetch?: typeof fetch;
  now?: () => number;
  /** 0 ≤ value < 1, for the backoff jitter. */
  random?: () => number;
  locks?: LockManagerLike;
  onEvent?: (event: SyncEvent) => void;
  /**
   * Who this device believes is signed in (the cached user), to skip asking the server when that user has
   * nothing due. The server's answer still decides whose entries are sent.
   */
  userId?: () => number | null;
}

export interface FlushOptions {
  /** Also send entries whose backoff has not run out (the network just came back, the app just started). */
  force?: boolean;
}

export interface SyncEngine {
  flush(options?: FlushOptions): Promise<FlushResult>;
  /** Makes a failed (or waiting) entry due now. The caller then flushes. */
  retry(clientId: string): Promise<void>;
  /** Forgets an entry for good. */
  discard(clientId: string): Promise<void>;
}

/** How one request ended: answered OK, refused (a non-OK answer), or the server was not reached. */
type Answer<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; error: ApiError; message: string }
  | { kind: 'network'; message: string };

type Verdict = 'ok' | 'signed-out' | 'transient' | 'permanent';

function verdictOf(answer: Answer<unknown>): Verdict {
  if (answer.kind === 'ok') return 'ok';
  if (answer.kind === 'network') return 'transient';
  const { status } = answer.error;
  if (status === 401) return 'signed-out';
  if (status === 408 || status === 429 || status >= 500) return 'transient';
  return 'permanent';
}

/** What an entry records of a refusal: our body's message, else the body's text, else the status line. */
function refusalMessage(error: ApiError): string {
  return error.bodyMessage ?? (error.bodyText.trim() || `${error.status} ${error.statusText}`.trim());
}

/** The server refused the catch because the uploaded photo is unknown (expired, or never stored): re-upload. */
function isPhotoNotFound(answer: Answer<unknown>): boolean {
  if (answer.kind !== 'refused' || answer.error.status !== 400) return false;
  // A photo URL the server refuses as input (errors.photo) is also cured by a fresh upload.
  return answer.error.code === 'UNKNOWN_PHOTO' || typeof answer.error.fieldErrors.photo === 'string';
}

export function backoffDelay(attempts: number, random: number): number {
  const exponential = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  // ±25% jitter, so many phones coming back into coverage do not retry in lockstep.
  return Math.round(exponential * (0.75 + random * 0.5));
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { outbox } = options;
  const transport: Transport = { fetch: options.fetch };
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const locks = options.locks ?? defaultLocks();
  const emit = (event: SyncEvent) => options.onEvent?.(event);

  /** One endpoint call (api/endpoints.ts) through the engine's transport, as an Answer instead of a throw. */
  async function call<T>(request: (transport: Transport) => Promise<T>): Promise<Answer<T>> {
    try {
      return { kind: 'ok', value: await request(transport) };
    } catch (error) {
      if (error instanceof ApiError) return { kind: 'refused', error, message: refusalMessage(error) };
      return { kind: 'network', message: error instanceof Error ? error.message : 'Network error' };
    }
  }

  /** Who the server says is signed in: a user id, 'signed-out' or 'unreachable'. */
  async function signedInUser(): Promise<number | 'signed-out' | 'unreachable'> {
    const answer = await call(getUser);
    if (answer.kind !== 'ok') return 'unreachable';
    // getUser answers a 401 with null.
    if (answer.value === null) return 'signed-out';
    const id = (answer.value as { id?: unknown }).id;
    return typeof id === 'number' ? id : 'unreachable';
  }

  const isDue = (entry: OutboxEntry, force: boolean) =>
    entry.state === 'pending' && (force || entry.nextAttemptAt <= now());

  /** Records a try as started (before any request), so `attempts > 0` means "may have reached the server". */
  async function startAttempt(clientId: string): Promise<OutboxEntry | null> {
    return outbox.update(clientId, (entry) =>
      entry.state === 'pending' ? { ...entry, attempts: entry.attempts + 1 } : null,
    );
  }

  /** Schedules the next try; `forgetUpload` makes it upload the photo again. */
  async function backOff(entry: OutboxEntry, message: string, forgetUpload = false): Promise<void> {
    await outbox.update(entry.clientId, (current) => {
      const next = {
        ...current,
        nextAttemptAt: now() + backoffDelay(current.attempts, random()),
        lastError: message,
      };
      return forgetUpload && next.kind === 'create' ? { ...next, uploadedPhotoUrl: null } : next;
    });
  }

  async function markFailed(entry: OutboxEntry, message: string): Promise<void> {
    const failed = await outbox.update(entry.clientId, (current) => ({
      ...current,
      state: 'failed',
      lastError: message,
    }));
    if (failed) emit({ type: 'failed', entry: failed, message });
  }

  type Outcome = 'synced' | 'failed' | 'waiting' | 'signed-out' | 'gone';

  async function sendPhoto(entry: CreateEntry, photo: Blob): Promise<CreateEntry | Outcome> {
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
      await backOff(entry, answer.message);
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

  async function sendCreate(started: CreateEntry): Promise<Outcome> {
    let entry = started;
    if (entry.photo && !entry.uploadedPhotoUrl && !entry.photoNote) {
      const uploaded = await sendPhoto(entry, entry.photo);
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
      await backOff(entry, answer.message, true);
      return 'waiting';
    }
    if (verdict === 'transient') {
      await backOff(entry, answer.message);
      return 'waiting';
    }
    await markFailed(entry, answer.message);
    return 'failed';
  }

  async function sendDelete(entry: DeleteEntry): Promise<Outcome> {
    const answer = await call((t) => deleteCatch(entry.target, t));
    // 404: already gone (deleted elsewhere, or its create never reached the server). Either way, done.
    if (answer.kind === 'ok' || (answer.kind === 'refused' && answer.error.status === 404)) {
      await outbox.remove(entry.clientId);
      emit({ type: 'deleted', entry });
      return 'synced';
    }
    const verdict = verdictOf(answer);
    if (verdict === 'signed-out') return 'signed-out';
    if (verdict === 'transient') {
      await backOff(entry, answer.message);
      return 'waiting';
    }
    await markFailed(entry, answer.message);
    return 'failed';
  }

  async function runFlush(force: boolean): Promise<FlushResult> {
    const result: FlushResult = { status: 'done', synced: 0, failed: 0, nextAttemptAt: null };
    const hint = options.userId?.() ?? null;
    const finish = async (status: FlushResult['status'], userId: number | null): Promise<FlushResult> => {
      result.status = status;
      const waiting = (await outbox.list(userId ?? undefined)).filter((entry) => entry.state === 'pending');
      result.nextAttemptAt = waiting.length ? Math.min(...waiting.map((entry) => entry.nextAttemptAt)) : null;
      return result;
    };

    const entries = await outbox.list(hint ?? undefined);
    if (!entries.some((entry) => isDue(entry, force))) return finish('done', hint);
    const user = await signedInUser();
    if (user === 'signed-out') {
      emit({ type: 'signed-out' });
      return finish('signed-out', hint);
    }
    if (user === 'unreachable') return finish('unreachable', hint);

    // Re-read after every entry: entries saved meanwhile (in any tab) are sent in the same flush.
    const tried = new Set<string>();
    for (;;) {
      const next = (await outbox.list(user)).find(
        (entry) => !tried.has(entry.clientId) && isDue(entry, force),
      );
      if (!next) break;
      tried.add(next.clientId);
      const started = await startAttempt(next.clientId);
      if (!started) continue; // sent by someone else or discarded meanwhile
      const outcome = started.kind === 'create' ? await sendCreate(started) : await sendDelete(started);
      if (outcome === 'synced') result.synced++;
      if (outcome === 'failed') result.failed++;
      if (outcome === 'signed-out') {
        emit({ type: 'signed-out' });
        return finish('signed-out', user);
      }
    }
    return finish('done', user);
  }

  return {
    async flush({ force = false } = {}) {
      return locks.request(FLUSH_LOCK, { ifAvailable: true }, async (lock) => {
        if (!lock) return { status: 'busy', synced: 0, failed: 0, nextAttemptAt: null };
        return runFlush(force);
      });
    },

    async retry(clientId) {
      await outbox.update(clientId, (entry) => ({
        ...entry,
        state: 'pending',
        nextAttemptAt: 0,
        lastError: null,
      }));
    },

    async discard(clientId) {
      await outbox.remove(clientId);
    },
  };
}
