import {
  type DehydratedState,
  hashKey,
  type Query,
  type QueryCacheNotifyEvent,
  type QueryClient,
} from '@tanstack/react-query';
import { NEWEST_CATCHES_COUNT } from '#core/first-view-data.ts';
import { API_PATHS } from '../api/endpoints.ts';
import { INSIGHTS_PATH } from '../api/insights-endpoints.ts';
import { STATS_PATH } from '../api/stats-endpoints.ts';
import { isPersistedQueryKey, queryKeys } from '../lib/query-client.ts';
import {
  CACHE_BUSTER,
  CACHE_RECORD_KEY,
  cacheDb,
  FIRST_SCREEN_RECORD_KEY,
  type PersistedCache,
} from './query-restore.ts';

/**
 * The query cache kept across restarts (docs/product.md#offline): the signed-in user, the catch list, the latest weather
 * reading and the tide stations around the last few places the angler looked at the tides (at most
 * KEPT_TIDE_STATION_ANSWERS answers of GET /api/tides/stations, each at most 50 stations; decision 035), so the
 * app opens offline with the last known state (query-restore.ts reads it back, in the first bundle).
 *
 * A small persister of our own rather than @tanstack/react-query-persist-client: that package pins an exact,
 * older @tanstack/query-core (a second copy of the query core in the bundle), and its provider holds every
 * query back until the disk is read; here queries start at once. main.tsx loads this module once the restore is
 * done and the first screen is shown (decision 023: not in the shell's first load). The disk copy is written then
 * (for a user who arrived before it), the moment the signed-in user is known, at most once a
 * second after another persisted query changed, and at once when the page is hidden; a copy older than 30
 * days or from another app version (the buster) is thrown away. It always belongs to a signed-in user:
 * nothing is written while the cache holds no user (signed out, or not known yet), so nothing written late
 * can outlive a sign-out (offline/device-copy.ts).
 *
 * Beside the whole copy, in the same transaction, a small record of what the first screen shows: the user, the
 * newest catches of the kept list (the first NEWEST_CATCHES_COUNT, the list's own order, what GET
 * /api/catches?limit= answers) under the newest catches' query key, and Insights' and Stats' server answers (a few
 * KB each) when the log has not changed since they were answered. The restore reads and paints it before the
 * whole copy, whose reading takes hundreds of milliseconds at 10,000 catches (decision 051). Written from the same
 * cache at the same moment, it never holds a catch the whole copy has not.
 */

const THROTTLE_MS = 1000;

const isWeather = (query: Query) => String(query.queryKey[0]).startsWith(API_PATHS.weather);
const isTideStations = (query: Query) => query.queryKey[0] === API_PATHS.tideStations;

/** How many answers of tide stations (the places most recently looked at) the disk copy keeps. */
export const KEPT_TIDE_STATION_ANSWERS = 5;

/**
 * Whether a query holds an answer worth keeping: a success, or the last success kept through a refetch that failed
 * (status 'error' with its data). A refetch cut off when the signal drops is the common case at the water: keeping
 * only successes wrote that moment's disk copy without the catch list, and the next offline start had none.
 */
const holdsAnswer = (query: Query) => query.state.data !== undefined;

/** A kept answer's state as the success it was: a failed refetch since is not kept (the next screen asks again). */
function asLastSuccess(state: Query['state']): Query['state'] {
  if (state.status === 'success') return state;
  return { ...state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null };
}

/** The answers of `kind` that got data, newest first. */
function newestFirst(client: QueryClient, kind: (query: Query) => boolean): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => kind(query) && holdsAnswer(query))
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
}

/**
 * Only the newest weather answer is kept ("the last reading", not one per place ever visited), and the tide
 * stations of the few newest places.
 */
function shouldPersist(query: Query, kept: ReadonlySet<Query>): boolean {
  if (!holdsAnswer(query) || query.state.data === null || !isPersistedQueryKey(query.queryKey)) {
    return false;
  }
  return (!isWeather(query) && !isTideStations(query)) || kept.has(query);
}

const isUserQuery = (query: Query) => query.queryKey[0] === queryKeys.user[0];

/** The server answers the first screen's record keeps beside the user and the newest catches: Insights', Stats'. */
const FIRST_SCREEN_ANSWERS: readonly string[] = [INSIGHTS_PATH, STATS_PATH];
const isFirstScreenAnswer = (query: Query) =>
  query.queryKey.length === 1 && FIRST_SCREEN_ANSWERS.includes(String(query.queryKey[0]));

/**
 * Writes the persisted queries to disk now; nothing while no user is signed in. `logChangedAt` (ms since the
 * epoch): when the catch list last changed in this page (persistChanges follows it); Insights' and Stats' server
 * answers older than that are not kept for the first screen. Without it, the list's own time stands in: an answer
 * older than the kept list, or with no list kept, is not kept.
 */
export async function persistQueries(client: QueryClient, logChangedAt?: number): Promise<void> {
  if (!client.getQueryData(queryKeys.user)) return;
  const kept = new Set([
    ...newestFirst(client, isWeather).slice(0, 1),
    ...newestFirst(client, isTideStations).slice(0, KEPT_TIDE_STATION_ANSWERS),
  ]);
  // What TanStack's dehydrate() writes for a settled query, no mutations: its own code would stay in the first
  // bundle beside hydrate() (one module; decision 023), for these few lines.
  const dehydratedAt = Date.now();
  const queries = client
    .getQueryCache()
    .getAll()
    .filter((query) => shouldPersist(query, kept))
    .map(({ queryKey, queryHash, state: queryState, meta }) => ({
      dehydratedAt,
      state: asLastSuccess(queryState),
      queryKey,
      queryHash,
      ...(meta && { meta }),
    }));
  const firstScreen: DehydratedState['queries'] = [];
  const catchesState = client.getQueryState(queryKeys.catches);
  // The server's unfiltered Insights and Stats answers, what those views paint first, each only if it answered for
  // the log as it is now (not from before a save made since). Kept while the list has not landed as well: a visit
  // to Insights that ends before the 11 MB list arrives still opens the next one on its answer.
  const answersFrom =
    logChangedAt ?? (catchesState?.data === undefined ? undefined : catchesState.dataUpdatedAt);
  for (const path of FIRST_SCREEN_ANSWERS) {
    const answer = client.getQueryCache().find({ queryKey: [path], exact: true });
    if (
      answer !== undefined &&
      holdsAnswer(answer) &&
      answersFrom !== undefined &&
      answer.state.dataUpdatedAt >= answersFrom
    ) {
      const { queryKey, queryHash, state: queryState } = answer;
      firstScreen.push({ dehydratedAt, state: asLastSuccess(queryState), queryKey, queryHash });
    }
  }
  for (const query of queries) {
    if (query.queryKey[0] === queryKeys.user[0]) firstScreen.push(query);
    if (query.queryKey[0] === queryKeys.catches[0] && Array.isArray(query.state.data)) {
      const newest = (query.state.data as unknown[]).slice(0, NEWEST_CATCHES_COUNT);
      firstScreen.push({
        ...query,
        queryKey: queryKeys.newestCatches,
        queryHash: hashKey(queryKeys.newestCatches),
        state: { ...query.state, data: newest },
      });
    }
  }
  const savedAt = Date.now();
  const record = (state: DehydratedState['queries']): PersistedCache => ({
    savedAt,
    buster: CACHE_BUSTER,
    state: { mutations: [], queries: state },
  });
  await (await cacheDb()).putAll([
    [FIRST_SCREEN_RECORD_KEY, record(firstScreen)],
    [CACHE_RECORD_KEY, record(queries)],
  ]);
}

/**
 * When the catch list last changed in this page, for the first screen's Insights and Stats answers: a save, a sync
 * or an import (the app marks the list stale, or puts a synced catch into it), or an answer that differs from the
 * list the page had (another phone's save). The list's first answer is no change: a first visit asks for the
 * Insights answer and the 11 MB list side by side, and the list lands last. It starts at the page's start, so an
 * answer kept from an earlier visit (restored before this runs) is kept again only once asked again.
 */
function followLogChanges(client: QueryClient) {
  let shownList = client.getQueryData(queryKeys.catches);
  const follower = {
    changedAt: performance.timeOrigin,
    follow(event: QueryCacheNotifyEvent) {
      if (event.type !== 'updated' || event.query.queryKey[0] !== queryKeys.catches[0]) return;
      const { action } = event;
      const data = event.query.state.data;
      const newAnswer = action.type === 'success' && data !== shownList && shownList !== undefined;
      if (action.type === 'invalidate' || (action.type === 'success' && action.manual) || newAnswer)
        follower.changedAt = Date.now();
      if (action.type === 'success') shownList = data;
    },
  };
  return follower;
}

/**
 * Writes the disk copy now, then after changes to persisted queries: at once when the user query got an
 * answer (the angler may lose the signal any second after signing in: decision 009), throttled for the
 * rest, and when the page is hidden.
 */
export function persistChanges(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const logChange = followLogChanges(client);
  const writeNow = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    persistQueries(client, logChange.changedAt).catch(() => {
      // A full disk or a closed database: the next change tries again.
    });
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    // A new Insights or Stats answer is written too (throttled): one that lands after the list's write would
    // otherwise wait for the next change of a kept query, and the next visit's first screen would go without it.
    if (isFirstScreenAnswer(event.query)) {
      if (event.type === 'updated' && event.action.type === 'success')
        timer ??= setTimeout(writeNow, THROTTLE_MS);
      return;
    }
    if (!isPersistedQueryKey(event.query.queryKey)) return;
    logChange.follow(event);
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
