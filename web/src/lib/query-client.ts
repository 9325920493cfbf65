import { onlineManager, QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { FIRST_VIEW_DATA } from '#core/first-view-data.ts';
import { API_PATHS } from '../api/endpoints.ts';
import { http } from '../api/http.ts';

/** Default fetcher (docs/product.md#api-rules): GET the first element of the query key, parse JSON. */
const defaultQueryFn: QueryFunction = async ({ queryKey }) => (await http(String(queryKey[0]))).json();

/** Query keys in one place so saves, deletes and auth refresh the right things. */
export const queryKeys = {
  user: [API_PATHS.user] as const,
  catches: [API_PATHS.catches] as const,
  /** The angler's spots with their counts (decision 043): kept like the catches, so History names them offline. */
  spots: [API_PATHS.spots] as const,
  /**
   * The newest catches alone: History's first screen while the whole list is on its way (decision 023). Kept only
   * in the first screen's record, cut from the kept list (offline/query-persistence.ts, decision 051).
   */
  newestCatches: [FIRST_VIEW_DATA.list] as const,
  /** The angler's trips, newest first (docs/decisions/043-trips-and-spots.md). Kept: the Log tab's running trip and History's Trips view read it offline. */
  trips: [API_PATHS.trips] as const,
};

/**
 * The queries kept on the phone across restarts (docs/product.md#offline, offline/query-persistence.ts): the signed-in user,
 * the catch list, the trips, the spots, the weather readings (any key starting with '/api/weather') and the tide stations around where
 * the angler looked at the tides ('/api/tides/stations'). Nothing else is persisted.
 */
export function isPersistedQueryKey(queryKey: QueryKey): boolean {
  const head = queryKey[0];
  return (
    typeof head === 'string' &&
    (head === queryKeys.user[0] ||
      head === queryKeys.catches[0] ||
      head === queryKeys.trips[0] ||
      head === queryKeys.spots[0] ||
      head.startsWith(API_PATHS.weather) ||
      head === API_PATHS.tideStations)
  );
}

/** The defaults of docs/product.md#api-rules: never stale, no focus refetch, no polling, no retries; idle entries dropped after 5 min. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
      gcTime: 5 * 60 * 1000,
    },
    mutations: { retry: false },
  },
});

// docs/product.md#api-rules drops idle entries after 5 minutes; a persisted query must outlive that, or it would vanish from the
// disk copy too (a History not looked at for 5 minutes offline would come back empty after a restart). These
// stay in memory while the page lives (the disk copy expires after 30 days unused, see query-persistence.ts);
// every other query keeps those 5 minutes. Infinity, not 30 days: timers overflow above 2^31 ms (~24.8
// days) and would fire at once. A query's gcTime only ever grows, so observers cannot shorten it again.
queryClient.getQueryCache().subscribe((event) => {
  if (event.type === 'added' && isPersistedQueryKey(event.query.queryKey)) {
    event.query.setOptions({ ...event.query.options, gcTime: Number.POSITIVE_INFINITY });
  }
});

// TanStack Query assumes "online" until an 'offline' event: a page opened with no signal would send requests
// that can only fail. Start from what the browser knows, so queries wait for the network instead (docs/product.md#offline).
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

/** The catch list query: stale after 10 s, refetched on focus and mount (docs/product.md#api-rules). */
export const CATCHES_STALE_TIME_MS = 10_000;
