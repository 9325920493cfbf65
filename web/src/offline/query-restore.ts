import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { APP_VERSION } from '#core/app-info.ts';
import { type Catch, withFieldsAddedLater } from '#core/catch.ts';
import { firstScreenShown } from '../lib/first-screen.ts';
import { queryKeys } from '../lib/query-client.ts';
import { openKeyValueStore } from './key-value-store.ts';
import { QUERY_CACHE_DB } from './storage-names.ts';

/**
 * The kept query cache's way back in (docs/product.md#offline; what is kept and when it is written:
 * query-persistence.ts). In the first bundle: the app must open offline with the last known state, and a chunk of
 * its own cost the shell's first load a request and more bytes (decision 023). IndexedDB database
 * 'tightlines-cache', store 'queries': the whole copy under 'query-cache', and what the first screen shows (the user,
 * the newest catches) under 'first-screen' (QUERY_CACHE_DB in storage-names.ts). The small one is read first and
 * painted; the whole copy (megabytes at 10,000 catches, whose reading holds the main thread) only after that
 * paint (decision 051).
 */

export const PERSIST_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Bump the suffix when a persisted answer's shape changes. */
export const CACHE_BUSTER = `${APP_VERSION}:1`;
export const CACHE_RECORD_KEY = QUERY_CACHE_DB.record;
export const FIRST_SCREEN_RECORD_KEY = QUERY_CACHE_DB.firstScreen;

/** A disk record, the whole copy or the first screen's: { savedAt, buster, state: dehydrated TanStack Query state }. */
export interface PersistedCache {
  savedAt: number;
  buster: string;
  state: DehydratedState;
}

let dbPromise: ReturnType<typeof openCacheDb> | null = null;

function openCacheDb() {
  return openKeyValueStore(QUERY_CACHE_DB.name, QUERY_CACHE_DB.version, QUERY_CACHE_DB.store);
}

/** The kept cache's store, opened once (a failed open is tried again next time). */
export function cacheDb() {
  dbPromise ??= openCacheDb().catch((error: unknown) => {
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

/** Forgets the disk copy, both records (logout). */
export async function clearPersistedQueries(): Promise<void> {
  try {
    const db = await cacheDb();
    await Promise.all([db.delete(CACHE_RECORD_KEY), db.delete(FIRST_SCREEN_RECORD_KEY)]);
  } catch {
    // Nothing stored, or storage unavailable: nothing to forget.
  }
}

/**
 * A restored answer keeps the time it was fetched in an earlier visit, so it could look fresh (the catch list is
 * fresh for 10 s) and a screen mounted right after the restore would not ask the server. What came from the disk
 * is marked stale instead, without a refetch now: the next screen that uses it asks, and offline it simply shows.
 * Answers the cache already had newer (hydrate kept them) are left alone.
 */
function markRestoredStale(client: QueryClient, restored: DehydratedState): void {
  const restoredAt = new Map(restored.queries.map((query) => [query.queryHash, query.state.dataUpdatedAt]));
  void client.invalidateQueries({
    predicate: (query) => restoredAt.get(query.queryHash) === query.state.dataUpdatedAt,
    refetchType: 'none',
  });
}

/**
 * The kept catch list as this version of the app reads it: a copy written before a catch field existed lacks it,
 * and gets its "not set" value (core/catch.ts), instead of being thrown away with the angler's offline history.
 */
function withCurrentCatchShape(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const data = query.state.data;
      if (query.queryKey[0] !== queryKeys.catches[0] || !Array.isArray(data)) return query;
      const catches = (data as Catch[]).map((item) => withFieldsAddedLater(item));
      return { ...query, state: { ...query.state, data: catches } };
    }),
  };
}

/** How long the whole copy waits for the first screen's paint at most (a screen that never comes). */
const FIRST_SCREEN_WAIT_MS = 2000;

/** Resolves after the first screen is painted (the frame after it mounted), or FIRST_SCREEN_WAIT_MS at most. */
function afterFirstScreenPainted(): Promise<void> {
  // No page to paint (tests in Node): nothing to wait for.
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
    void firstScreenShown.then(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
}

/** The record under `key` as this version reads it; a stale or foreign copy is deleted (both records) instead. */
async function readRecord(key: string, now: number): Promise<DehydratedState | null> {
  const saved = (await (await cacheDb()).get(key)) as PersistedCache | undefined;
  if (!saved) return null;
  if (saved.buster !== CACHE_BUSTER || now - saved.savedAt > PERSIST_MAX_AGE_MS) {
    await clearPersistedQueries();
    return null;
  }
  return withCurrentCatchShape(saved.state);
}

function put(client: QueryClient, state: DehydratedState): void {
  hydrate(client, state);
  markRestoredStale(client, state);
}

/**
 * Puts the disk copy back into the cache: the first screen's record, then, once that screen is painted, the whole
 * copy. Never throws. Queries do not wait for it: online, the fresh answers win (hydrate never overwrites newer
 * data); offline, the queries wait for the network and the restored data shows meanwhile. The newest catches of
 * the first record are History's first screen only until the whole list is there (use-catch-history-state.ts), and
 * are marked stale like the rest, so History asks the server for them again.
 */
export async function restoreQueries(
  client: QueryClient,
  now = Date.now(),
  firstScreenPainted = afterFirstScreenPainted,
): Promise<void> {
  try {
    const firstScreen = await readRecord(FIRST_SCREEN_RECORD_KEY, now);
    if (firstScreen) {
      put(client, firstScreen);
      await firstScreenPainted();
    }
    const whole = await readRecord(CACHE_RECORD_KEY, now);
    if (whole) put(client, whole);
  } catch {
    // Private browsing without IndexedDB, or a damaged record: start with an empty cache.
  }
}
