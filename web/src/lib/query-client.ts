import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api.ts';

/** Default fetcher (SPEC §7): GET the first element of the query key, parse JSON. */
export const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(String(queryKey[0]));

/** Query keys in one place so saves, deletes and auth refresh the right things. */
export const queryKeys = {
  user: ['/api/user'] as const,
  catches: ['/api/catches'] as const,
};

/** SPEC §9 defaults: never stale, no focus refetch, no polling, no retries; idle entries dropped after 5 min. */
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

/** The catch list query: stale after 10 s, refetched on focus and mount (SPEC §9). */
export const CATCHES_STALE_TIME_MS = 10_000;
