import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The kept lists (catches, trips, spots) asked again after the outbox sent something. Outside a flush (another tab's
 * news, a dropped edit), at once. While a flush runs, each result marks its lists stale at once (a screen opened
 * meanwhile asks) and the screens on display ask once, when the flush ends: asked at every entry, the whole list's
 * request (megabytes at 10,000 catches) was cancelled and sent again once per catch and once per photo, on the same
 * slow network the photos go up on (docs/decisions/052-photo-sync-order.md). What a synced entry brings is in the
 * kept list at once meanwhile (offline-runtime.ts puts it there).
 */
export interface ListRefresher {
  /** Asks for `queryKey` again: now, or once the running flush ends. */
  refresh(queryKey: QueryKey): void;
  /** Runs a flush; the lists it made stale are asked for once when it (and any flush beside it) ends. */
  during<T>(flush: () => Promise<T>): Promise<T>;
}

export function createListRefresher(client: QueryClient): ListRefresher {
  let running = 0;
  const due = new Map<string, QueryKey>();
  return {
    refresh(queryKey) {
      if (running === 0) {
        void client.invalidateQueries({ queryKey });
        return;
      }
      void client.invalidateQueries({ queryKey, refetchType: 'none' });
      due.set(hashKey(queryKey), queryKey);
    },
    async during(flush) {
      running++;
      try {
        return await flush();
      } finally {
        running--;
        if (running === 0) {
          const keys = [...due.values()];
          due.clear();
          for (const queryKey of keys) void client.invalidateQueries({ queryKey });
        }
      }
    },
  };
}
