import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { APP_VERSION } from '#core/app-info.ts';
import { type Catch, withFieldsAddedLater } from '#core/catch.ts';
import { queryKeys } from '../lib/query-client.ts';
import { openKeyValueStore } from './key-value-store.ts';
import { QUERY_CACHE_DB } from './storage-names.ts';

/**
 * The kept query cache's way back in (docs/product.md#offline; what is kept and when it is written:
 * query-persistence.ts). In the first bundle: the app must open offline with the last known state, and a chunk of
 * its own cost the shell's first load a request and more bytes (decision 023). IndexedDB database
 * 'tightlines-cache', store 'queries', one record under 'query-cache' (QUERY_CACHE_DB in storage-names.ts).
 */

export const PERSIST_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Bump the suffix when a persisted answer's shape changes. */
export const CACHE_BUSTER = `${APP_VERSION}:1`;
export const CACHE_RECORD_KEY = QUERY_CACHE_DB.record;

/** The disk copy: { savedAt, buster, state: dehydrated TanStack Query state }. */
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

/** Forgets the disk copy (logout). */
export async function clearPersistedQueries(): Promise<void> {
  try {
    await (await cacheDb()).delete(CACHE_RECORD_KEY);
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

/**
 * Puts the disk copy back into the cache; a stale or foreign copy is deleted instead. Never throws. Queries do not
 * wait for it: online, the fresh answers win (hydrate never overwrites newer data); offline, the queries wait for
 * the network and the restored data shows meanwhile.
 */
export async function restoreQueries(client: QueryClient, now = Date.now()): Promise<void> {
  try {
    const saved = (await (await cacheDb()).get(CACHE_RECORD_KEY)) as PersistedCache | undefined;
    if (!saved) return;
    if (saved.buster !== CACHE_BUSTER || now - saved.savedAt > PERSIST_MAX_AGE_MS) {
      await clearPersistedQueries();
      return;
    }
    const state = withCurrentCatchShape(saved.state);
    hydrate(client, state);
    markRestoredStale(client, state);
  } catch {
    // Private browsing without IndexedDB, or a damaged record: start with an empty cache.
  }
}
