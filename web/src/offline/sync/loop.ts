import type { Transport } from '../../api/http.ts';
import type { Outbox, OutboxEntry } from '../outbox.ts';
import { FLUSH_LOCK } from '../storage-names.ts';
import type { Outcome, SendContext, SyncEvent } from './context.ts';
import { sendCreate } from './create.ts';
import { sendDelete } from './delete.ts';
import { defaultLocks, type LockManagerLike } from './locks.ts';
import { needsUpload } from './photo.ts';
import { sendRecord } from './record.ts';
import { createCall, signedInUser } from './transport.ts';
import { sendUpdate } from './update.ts';

/**
 * The sync engine (decision 004): sends the outbox to the server and removes an entry only after the server
 * confirmed it. The loop lives here; each kind of entry is sent by its own module (create.ts: the catch, its
 * photo left as an edit of it; update.ts: an edit, with a photo upload first; delete.ts; record.ts: a trip or
 * spot), through the engine's transport (transport.ts: what each answer means), and a try that did not finish
 * leaves its entry waiting or failed (context.ts).
 *
 * The order (docs/decisions/052-photo-sync-order.md): first every entry that carries no photo to upload, one at a
 * time, oldest first (a trip before the catch in it, a catch before its edit); then the photos, PHOTO_LANES at a
 * time, each after its own catch and before anything queued later for that catch. A photo lane stops picking when
 * a record became due (saved meanwhile), so the records go first again.
 *
 * Before sending, the engine asks GET /api/user who is signed in and sends only that user's entries, so a
 * catch saved by one account is never posted with another account's session.
 * Only one flush runs at a time across tabs and the service worker (Web Lock FLUSH_LOCK, storage-names.ts).
 */

/** Photo uploads in flight at once: enough to hide slow 4G's round trips behind each other's bytes. */
const PHOTO_LANES = 3;

/** An entry whose next step is a photo upload: sent in the photo lanes. */
const isPhotoStep = (entry: OutboxEntry) => entry.kind === 'update' && needsUpload(entry);

/** The catch an entry is about (by clientId when known, else server id), for the order per catch. */
function catchOf(entry: OutboxEntry): string | null {
  if (entry.kind === 'create') return `client:${entry.clientId}`;
  if (entry.kind === 'update' || entry.kind === 'delete') {
    const { clientId, id } = entry.target;
    return clientId !== undefined ? `client:${clientId}` : `id:${id}`;
  }
  return null;
}

/** A try is once per flush per entry and kind: a create that turned into its photo's edit is sent again. */
const tryKey = (entry: OutboxEntry) => `${entry.kind}:${entry.clientId}`;

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

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { outbox } = options;
  const transport: Transport = { fetch: options.fetch };
  const locks = options.locks ?? defaultLocks();
  const context: SendContext = {
    outbox,
    call: createCall(transport),
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    emit: (event) => options.onEvent?.(event),
  };
  const { now, emit } = context;

  // A delete the angler may still undo waits out its hold whatever the flush (docs/decisions/024-undo-delete.md).
  const isDue = (entry: OutboxEntry, force: boolean) =>
    entry.state === 'pending' &&
    (entry.kind !== 'delete' || (entry.holdUntil ?? 0) <= now()) &&
    (force || entry.nextAttemptAt <= now());

  /** Records a try as started (before any request), so `attempts > 0` means "may have reached the server". */
  async function startAttempt(clientId: string): Promise<OutboxEntry | null> {
    return outbox.update(clientId, (entry) =>
      entry.state === 'pending' ? { ...entry, attempts: entry.attempts + 1 } : null,
    );
  }

  function sendEntry(entry: OutboxEntry): Promise<Outcome> {
    switch (entry.kind) {
      case 'create':
        return sendCreate(context, entry);
      case 'update':
        return sendUpdate(context, entry);
      case 'delete':
        return sendDelete(context, entry);
      default:
        return sendRecord(context, entry);
    }
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
    const user = await signedInUser(context.call);
    if (user === 'signed-out') {
      emit({ type: 'signed-out' });
      return finish('signed-out', hint);
    }
    if (user === 'unreachable') return finish('unreachable', hint);

    const tried = new Set<string>();
    let signedOut = false;
    const due = (entry: OutboxEntry) => !tried.has(tryKey(entry)) && isDue(entry, force);

    /** Sends one entry; false when it was sent by someone else or discarded meanwhile. */
    const send = async (entry: OutboxEntry): Promise<boolean> => {
      tried.add(tryKey(entry));
      const started = await startAttempt(entry.clientId);
      if (!started) return false;
      const outcome: Outcome = await sendEntry(started);
      // A catch's own photo (its edit under the catch's clientId, create.ts) is not a second catch synced.
      const ownPhoto = started.kind === 'update' && started.target.clientId === started.clientId;
      if (outcome === 'synced' && !ownPhoto) result.synced++;
      if (outcome === 'failed') result.failed++;
      if (outcome === 'signed-out') signedOut = true;
      return true;
    };

    /** The oldest due entry without a photo to upload that no waiting photo of its catch must go before. */
    const nextRecord = (entries: OutboxEntry[]): OutboxEntry | undefined => {
      const photoWaits = new Set<string | null>();
      for (const entry of entries) {
        if (!due(entry)) continue;
        if (isPhotoStep(entry)) photoWaits.add(catchOf(entry));
        else if (catchOf(entry) === null || !photoWaits.has(catchOf(entry))) return entry;
      }
      return undefined;
    };

    const inFlight = new Set<string | null>();
    /** One photo lane: the oldest due photo whose catch has none in flight, until none is left or a record is due. */
    const photoLane = async (): Promise<void> => {
      while (!signedOut) {
        const entries = await outbox.list(user);
        if (nextRecord(entries)) return;
        const next = entries.find(
          (entry) => due(entry) && isPhotoStep(entry) && !inFlight.has(catchOf(entry)),
        );
        if (!next) return;
        inFlight.add(catchOf(next));
        try {
          await send(next);
        } finally {
          inFlight.delete(catchOf(next));
        }
      }
    };

    // Re-read after every entry: entries saved meanwhile (in any tab) are sent in the same flush.
    for (;;) {
      let sentAny = false;
      for (let next = nextRecord(await outbox.list(user)); next; next = nextRecord(await outbox.list(user))) {
        sentAny = (await send(next)) || sentAny;
        if (signedOut) break;
      }
      if (!signedOut) {
        const before = tried.size;
        await Promise.all(Array.from({ length: PHOTO_LANES }, photoLane));
        sentAny ||= tried.size > before;
      }
      if (signedOut) {
        emit({ type: 'signed-out' });
        return finish('signed-out', user);
      }
      if (!sentAny) break;
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
