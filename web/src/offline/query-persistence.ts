import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { APP_VERSION } from '#core/app-info.ts';
import { type Catch, withFieldsAddedLater } from '#core/catch.ts';
import { API_PATHS } from '../api/endpoints.ts';
import { isPersistedQueryKey, queryKeys } from '../lib/query-client.ts';
import { openKeyValueStore } from './key-value-store.ts';
import { QUERY_CACHE_DB } from './storage-names.ts';

/**
 * The query cache kept across restarts (docs/product.md#offline): the signed-in user, the catch list, the latest weather
 * reading and the tide stations around the last few places the angler looked at the tides (at most
 * KEPT_TIDE_STATION_ANSWERS answers of GET /api/tides/stations, each at most 50 stations; decision 035), so the
 * app opens offline with the last known state. IndexedDB database 'tightlines-cache', store
 * 'queries', one record under 'query-cache' (QUERY_CACHE_DB in storage-names.ts): { savedAt, buster, state:
 * dehydrated TanStack Query state }.
 *
 * A small persister of our own rather than @tanstack/react-query-persist-client: that package pins an exact,
 * older @tanstack/query-core (a second copy of the query core in the bundle), and its provider holds every
 * query back until the disk is read. Here queries start at once: online, the fresh answers win (hydrate never
 * overwrites newer data); offline, the queries wait for the network and the restored data shows meanwhile.
 * main.tsx loads this module beside the first bundle, not in it. The disk copy is written the moment the
 * signed-in user is known (right after the restore too, for a user who arrived before it), at most once a
 * second after another persisted query changed, and at once when the page is hidden; a copy older than 30
 * days or from another app version (the buster) is thrown away. It always belongs to a signed-in user:
 * nothing is written while the cache holds no user (signed out, or not known yet), so nothing written late
 * can outlive a sign-out (offline/device-copy.ts).
 */

const STORE = QUERY_CACHE_DB.store;
const RECORD_KEY = QUERY_CACHE_DB.record;
export const PERSIST_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Bump the suffix when a persisted answer's shape changes. */
export const CACHE_BUSTER = `${APP_VERSION}:1`;
const THROTTLE_MS = 1000;

interface PersistedCache {
  savedAt: number;
  buster: string;
  state: DehydratedState;
}

let dbPromise: ReturnType<typeof openCacheDb> | null = null;

function openCacheDb() {
  return openKeyValueStore(QUERY_CACHE_DB.name, QUERY_CACHE_DB.version, STORE);
}

function cacheDb() {
  dbPromise ??= openCacheDb().catch((error: unknown) => {
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

const isWeather = (query: Query) => String(query.queryKey[0]).startsWith(API_PATHS.weather);
const isTideStations = (query: Query) => query.queryKey[0] === API_PATHS.tideStations;

/** How many answers of tide stations (the places most recently looked at) the disk copy keeps. */
export const KEPT_TIDE_STATION_ANSWERS = 5;

/** The answers of `kind` that got data, newest first. */
function newestFirst(client: QueryClient, kind: (query: Query) => boolean): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => kind(query) && query.state.status === 'success')
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
}

/**
 * Only the newest weather answer is kept ("the last reading", not one per place ever visited), and the tide
 * stations of the few newest places.
 */
function shouldPersist(query: Query, kept: ReadonlySet<Query>): boolean {
  if (query.state.status !== 'success' || query.state.data == null || !isPersistedQueryKey(query.queryKey)) {
    return false;
  }
  return (!isWeather(query) && !isTideStations(query)) || kept.has(query);
}

const isUserQuery = (query: Query) => query.queryKey[0] === queryKeys.user[0];

/** Writes the persisted queries to disk now; nothing while no user is signed in. */
export async function persistQueries(client: QueryClient): Promise<void> {
  if (!client.getQueryData(queryKeys.user)) return;
  const kept = new Set([
    ...newestFirst(client, isWeather).slice(0, 1),
    ...newestFirst(client, isTideStations).slice(0, KEPT_TIDE_STATION_ANSWERS),
  ]);
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) => shouldPersist(query, kept),
    shouldDehydrateMutation: () => false,
  });
  const record: PersistedCache = { savedAt: Date.now(), buster: CACHE_BUSTER, state };
  await (await cacheDb()).put(record, RECORD_KEY);
}

/** Forgets the disk copy (logout). */
export async function clearPersistedQueries(): Promise<void> {
  try {
    await (await cacheDb()).delete(RECORD_KEY);
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

/** Puts the disk copy back into the cache; a stale or foreign copy is deleted instead. Never throws. */
export async function restoreQueries(client: QueryClient, now = Date.now()): Promise<void> {
  try {
    const saved = (await (await cacheDb()).get(RECORD_KEY)) as PersistedCache | undefined;
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

/**
 * Writes the disk copy now, then after changes to persisted queries: at once when the user query got an
 * answer (the angler may lose the signal any second after signing in: decision 009), throttled for the
 * rest, and when the page is hidden.
 */
export function persistChanges(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const writeNow = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    persistQueries(client).catch(() => {
      // A full disk or a closed database: the next change tries again.
    });
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (!isPersistedQueryKey(event.query.queryKey)) return;
    if (event.type === 'updated' && event.action.type === 'success' && isUserQuery(event.query)) {
      writeNow();
      return;
    }
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    timer ??= setTimeout(writeNow, THROTTLE_MS);
  });
  // Whatever arrived while the restore ran (often the user itself, on a first visit) is not lost.
  writeNow();
  const onHidden = () => {
    if (document.visibilityState === 'hidden' && timer !== null) writeNow();
  };
  const hasDocument = typeof document !== 'undefined';
  if (hasDocument) document.addEventListener('visibilitychange', onHidden);
  return () => {
    unsubscribe();
    if (hasDocument) document.removeEventListener('visibilitychange', onHidden);
    if (timer !== null) clearTimeout(timer);
  };
}

/** Restores the kept cache, then keeps the disk copy up to date (never before: it would overwrite it). */
export async function restoreAndPersist(client: QueryClient): Promise<void> {
  await restoreQueries(client);
  persistChanges(client);
}
