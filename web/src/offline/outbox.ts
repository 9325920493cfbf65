import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { CatchChanges } from '#core/catch.ts';
import type { RecordKind, RecordShapes } from '../api/record-types.ts';
import type { CatchPayload } from './outbox-payload.ts';
import { OUTBOX_CHANNEL, OUTBOX_DB } from './storage-names.ts';

/**
 * The offline outbox (docs/product.md#offline, decision 004): every catch the angler saves, and every delete, is written here first and
 * stays here until the server has confirmed it. The page and the service worker both open it.
 *
 * What is stored where in IndexedDB (this origin; every name is defined in storage-names.ts):
 *
 *   database 'tightlines-offline' (version 1)
 *     store 'outbox'   keyPath 'clientId', no indexes (an outbox holds a handful of entries; scans are cheap)
 *       { kind: 'create', clientId, userId, payload, photo, uploadedPhotoUrl, photoNote, ... }
 *           a catch saved on this device and not yet confirmed by the server. `clientId` is the catch's own
 *           UUID (also payload.clientId: the server's idempotency key); `photo` is the picked image as a Blob,
 *           kept until the catch is confirmed; `uploadedPhotoUrl` is set as soon as POST /api/upload answered,
 *           so a crash after the upload never uploads twice.
 *       { kind: 'update', clientId, userId, target: { id } | { clientId }, changes, photo, uploadedPhotoUrl, ... }
 *           an edit of a catch the server has (or may have): the fields to set (`changes`, stored units, null
 *           clears), and a new photo to upload first (`photo`; removing the photo is `changes.photo = null`).
 *           Later edits of the same catch are merged into it, the last edit of a field winning. An edit of a catch
 *           that is still a create entry is merged into that create instead (outbox-actions.ts).
 *       { kind: 'delete', clientId, userId, target: { id } | { clientId }, ... }
 *           a delete to carry out: by server id (a synced catch) or by the catch's clientId (one whose server
 *           id this device may never have learned). `clientId` is the delete's own UUID.
 *       { kind: 'record-create' | 'record-update' | 'record-delete', record: 'trip' | 'spot', ... }
 *           a trip or a spot (docs/decisions/043-trips-and-spots.md) to create (`payload`, its clientId the record's),
 *           to change (`target`, `changes`) or to delete (`target`): the same mechanics as a catch's, without photos
 *           (record-actions.ts, sync/record.ts).
 *     Every entry also has: createdAt (ms, device clock; the flush order), attempts (tries started),
 *     nextAttemptAt (ms; backoff), state 'pending' | 'failed' (a 4xx that retrying cannot fix), lastError,
 *     fieldErrors (the server's per-field reasons for a refusal, which the edit form marks) and revision (bumped
 *     by every edit merged in: the sync engine removes an entry only if no edit arrived while it was being sent).
 *
 *   database 'tightlines-cache' (see query-persistence.ts): the persisted TanStack Query cache (user, catch list,
 *     weather), one record; separate so the outbox never shares a schema version with a cache we may drop.
 *
 *   Cache Storage 'photo-thumbs' (see sw.ts): runtime-cached photo responses (owner-only, immutable URLs).
 *
 * Entries belong to the user who saved them (`userId`): only that user's session ever sends them, and signing
 * out does not delete them. Writes are single IndexedDB transactions; a full disk becomes StorageFullError.
 */

const STORE = OUTBOX_DB.store;

export type EntryState = 'pending' | 'failed';

interface EntryBase {
  clientId: string;
  userId: number;
  /** When it was saved on the device (ms). Entries are sent oldest first. */
  createdAt: number;
  /** Tries started. 0 means this entry never touched the network. */
  attempts: number;
  /** Not sent before this time (ms): the retry backoff. */
  nextAttemptAt: number;
  state: EntryState;
  /** The server's message for a failed entry, or the last transient error. */
  lastError: string | null;
  /** The server's per-field reasons when it refused the entry (absent on entries saved by older versions). */
  fieldErrors?: Record<string, string>;
  /** Bumped by every edit merged into the entry (absent: 0). */
  revision?: number;
}

/** A photo to send before the catch: picked on the device, uploaded once (the URL is kept across crashes). */
interface PhotoUpload {
  /** The picked image, kept until the server confirmed the entry. */
  photo: Blob | null;
  /** Set as soon as POST /api/upload answered, so a crash after the upload never uploads twice. */
  uploadedPhotoUrl: string | null;
  /** Set when the server refused the photo (not an image, too large): the entry is sent without it. */
  photoNote: string | null;
}

export interface CreateEntry extends EntryBase, PhotoUpload {
  kind: 'create';
  /** The catch as it will be posted; `photo` is filled from uploadedPhotoUrl at send time. */
  payload: CatchPayload;
}

/** Which saved catch an update or delete is for: its server id, else the clientId it was created with. */
export interface CatchTarget {
  id?: number;
  clientId?: string;
}

export interface UpdateEntry extends EntryBase, PhotoUpload {
  kind: 'update';
  target: CatchTarget;
  /** The fields to set; `photo` here only ever removes (null): a new photo is the entry's `photo` blob. */
  changes: CatchChanges;
}

export interface DeleteEntry extends EntryBase {
  kind: 'delete';
  target: CatchTarget;
  /**
   * Not sent before this time (ms), not even by a forced flush: the angler may still undo the delete until then
   * (docs/decisions/024-undo-delete.md). Absent: no hold.
   */
  holdUntil?: number;
}

/** Which trip or spot an update or delete is for: as for a catch, its server id, else the clientId it was created with. */
export type RecordTarget = CatchTarget;

type RecordEntryOf<R extends RecordKind> =
  | (EntryBase & { kind: 'record-create'; record: R; payload: RecordShapes[R]['payload'] })
  | (EntryBase & {
      kind: 'record-update';
      record: R;
      target: RecordTarget;
      changes: RecordShapes[R]['changes'];
    })
  | (EntryBase & { kind: 'record-delete'; record: R; target: RecordTarget });

/** A trip or spot to create, change or delete. */
export type RecordEntry = RecordEntryOf<'trip'> | RecordEntryOf<'spot'>;

export type OutboxEntry = CreateEntry | UpdateEntry | DeleteEntry | RecordEntry;

/** The entries that carry a photo to upload before they are sent. */
export type PhotoEntry = CreateEntry | UpdateEntry;

interface OutboxSchema extends DBSchema {
  outbox: { key: string; value: OutboxEntry };
}

/** The device has no room left: the catch could not be kept offline. */
export class StorageFullError extends Error {
  constructor(cause?: unknown) {
    super('Your phone has no room left to keep this catch offline. Free up some space and try again.', {
      cause,
    });
    this.name = 'StorageFullError';
  }
}

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  // Chromium/WebKit: QuotaExceededError; old Firefox: NS_ERROR_DOM_QUOTA_REACHED.
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

export interface Outbox {
  /** Adds an entry (a new clientId). Throws StorageFullError when the disk is full. */
  add(entry: OutboxEntry): Promise<void>;
  get(clientId: string): Promise<OutboxEntry | undefined>;
  /** Every entry (optionally one user's), oldest first. */
  list(userId?: number): Promise<OutboxEntry[]>;
  /**
   * Reads, changes and writes one entry in one transaction. Returns the new entry, or null when the entry is
   * gone (sent by another tab, discarded) or `change` returned null (nothing to do): then nothing is written.
   */
  update(clientId: string, change: (entry: OutboxEntry) => OutboxEntry | null): Promise<OutboxEntry | null>;
  /** Removes the entry when `when` (default: always) approves it, in one transaction. True when removed. */
  remove(clientId: string, when?: (entry: OutboxEntry) => boolean): Promise<boolean>;
  /** Closes the database connection (tests; a crash is simulated by dropping the object instead). */
  close(): Promise<void>;
}

export interface OutboxOptions {
  dbName?: string;
  /** Called after every write; the default announces it on the 'tightlines-outbox' BroadcastChannel. */
  notify?: () => void;
}

function broadcastNotifier(): () => void {
  let channel: BroadcastChannel | null = null;
  return () => {
    if (typeof BroadcastChannel === 'undefined') return;
    channel ??= new BroadcastChannel(OUTBOX_CHANNEL);
    channel.postMessage({ type: 'outbox-changed' });
  };
}

const byAge = (a: OutboxEntry, b: OutboxEntry) =>
  a.createdAt - b.createdAt || (a.clientId < b.clientId ? -1 : 1);

export function createOutbox(options: OutboxOptions = {}): Outbox {
  const dbName = options.dbName ?? OUTBOX_DB.name;
  const notify = options.notify ?? broadcastNotifier();
  let dbPromise: Promise<IDBPDatabase<OutboxSchema>> | null = null;

  const db = () => {
    dbPromise ??= openDB<OutboxSchema>(dbName, OUTBOX_DB.version, {
      upgrade(database) {
        if (!database.objectStoreNames.contains(STORE))
          database.createObjectStore(STORE, { keyPath: 'clientId' });
      },
      // A newer version of the app (another tab, the service worker) wants to upgrade: let it, reopen later.
      blocking() {
        void dbPromise?.then((open) => open.close());
        dbPromise = null;
      },
      terminated() {
        dbPromise = null;
      },
    }).catch((error: unknown) => {
      dbPromise = null;
      throw error;
    });
    return dbPromise;
  };

  /** Runs a readwrite transaction; announces the change when `run` says it wrote something. */
  const write = async (run: (database: IDBPDatabase<OutboxSchema>) => Promise<boolean>): Promise<boolean> => {
    let wrote: boolean;
    try {
      wrote = await run(await db());
    } catch (error) {
      throw isQuotaError(error) ? new StorageFullError(error) : error;
    }
    if (wrote) notify();
    return wrote;
  };

  return {
    add: async (entry) => {
      await write(async (database) => {
        const tx = database.transaction(STORE, 'readwrite');
        await Promise.all([tx.store.add(entry), tx.done]);
        return true;
      });
    },

    get: async (clientId) => (await db()).get(STORE, clientId),

    list: async (userId) => {
      const all = await (await db()).getAll(STORE);
      return (userId === undefined ? all : all.filter((entry) => entry.userId === userId)).sort(byAge);
    },

    update: async (clientId, change) => {
      let changed: OutboxEntry | null = null;
      await write(async (database) => {
        const tx = database.transaction(STORE, 'readwrite');
        const current = await tx.store.get(clientId);
        changed = current ? change(current) : null;
        if (changed) await tx.store.put(changed);
        await tx.done;
        return changed !== null;
      });
      return changed;
    },

    remove: (clientId, when = () => true) =>
      write(async (database) => {
        const tx = database.transaction(STORE, 'readwrite');
        const current = await tx.store.get(clientId);
        const removed = current !== undefined && when(current);
        if (removed) await tx.store.delete(clientId);
        await tx.done;
        return removed;
      }),

    close: async () => {
      const open = dbPromise;
      dbPromise = null;
      if (open) (await open).close();
    },
  };
}
