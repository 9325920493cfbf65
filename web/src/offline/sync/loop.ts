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
 * The order (docs/decisions/052-photo-sync-order.md): first every entry that carries no photo to upload, oldest
 * first; new catches LANES at a time (each is independent of the others), anything else (a trip or spot, an edit, a
 * delete) alone, after everything before it, so a trip goes before the catch in it and a catch before its edit.
 * Then the photos, LANES at a time, each after its own catch and before anything queued later for that catch. A
 * record saved meanwhile goes before the photos still waiting.
 *
 * Before sending, the engine asks GET /api/user who is signed in and sends only that user's entries, so a
 * catch saved by one account is never posted with another account's session.
 * Only one flush runs at a time across tabs and the service worker (Web Lock FLUSH_LOCK, storage-names.ts).
 */

/** Requests in flight at once (catches, or photos): enough to hide slow 4G's round trips behind each other. */
const LANES = 3;

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

    // What is being sent: the catch each entry is about and whether it is a photo; whether one must go alone.
    const inFlight = new Map<Promise<void>, { about: string | null; photo: boolean }>();
    let aloneInFlight = false;
    let thrown: unknown = null;

    /** What may start now, given what is in flight (see the order above); null: wait for one to finish. */
    const pick = (entries: OutboxEntry[]): { entry: OutboxEntry; alone: boolean } | null => {
      if (aloneInFlight) return null;
      const record = nextRecord(entries);
      if (record) {
        // A catch is independent of the other catches; a trip, spot, edit or delete waits for all before it.
        if (record.kind === 'create') return { entry: record, alone: false };
        return inFlight.size === 0 ? { entry: record, alone: true } : null;
      }
      // The photos once every catch before them is on the server, one at a time per catch.
      const sending = [...inFlight.values()];
      if (sending.some((item) => !item.photo)) return null;
      const busy = new Set(sending.map((item) => item.about));
      const photo = entries.find((entry) => due(entry) && isPhotoStep(entry) && !busy.has(catchOf(entry)));
      return photo ? { entry: photo, alone: false } : null;
    };

    const start = ({ entry, alone }: { entry: OutboxEntry; alone: boolean }) => {
      aloneInFlight = alone;
      const sending: Promise<void> = send(entry)
        .then(
          () => {},
          (error: unknown) => {
            thrown ??= error;
          },
        )
        .finally(() => {
          inFlight.delete(sending);
          if (alone) aloneInFlight = false;
        });
      inFlight.set(sending, { about: catchOf(entry), photo: isPhotoStep(entry) });
    };

    // Re-read before every start: entries saved meanwhile (in any tab) are sent in the same flush.
    while (!signedOut && thrown === null) {
      const next = inFlight.size < LANES ? pick(await outbox.list(user)) : null;
      if (next && !tried.has(tryKey(next.entry))) start(next);
      else if (inFlight.size === 0) break;
      else await Promise.race(inFlight.keys());
    }
    await Promise.all(inFlight.keys());
    if (thrown !== null) throw thrown;
    if (signedOut) {
      emit({ type: 'signed-out' });
      return finish('signed-out', user);
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
