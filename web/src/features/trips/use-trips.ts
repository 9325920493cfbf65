import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { TripChanges } from '#core/trips.ts';
import { getTrips } from '@/api/endpoints';
import { useAuth } from '@/features/auth/use-auth';
import { CATCHES_STALE_TIME_MS, queryKeys } from '@/lib/query-client';
import { loadOfflineRuntime, type OfflineRuntime } from '@/offline/load-offline-runtime';
import { createRecordOffline, deleteRecordOffline, editRecordOffline } from '@/offline/record-actions';
import { useOutboxEntries } from '@/offline/use-outbox-entries';
import { mergeTrips, runningTrip, type ShownTrip } from './trips-merge.ts';

/**
 * The angler's trips as the screens show them (trips-merge.ts) and what can be done to them, offline-first: every
 * start, end, count and past trip goes into the outbox (record-actions.ts) and the sync engine sends it in order.
 * The running trip is not kept in React state: it is the kept trip list plus the outbox, so it survives a reload and
 * an offline start (docs/decisions/043-trips-and-spots.md).
 */
export function useTrips() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const query = useQuery({
    queryKey: queryKeys.trips,
    queryFn: getTrips,
    staleTime: CATCHES_STALE_TIME_MS,
    refetchOnMount: true,
    enabled: userId !== null,
  });
  const { entries, refresh } = useOutboxEntries(userId);
  const trips = useMemo(() => mergeTrips(query.data ?? [], entries), [query.data, entries]);

  /** Writes to the outbox, shows the result at once, then asks the sync engine to send it. */
  const queue = useCallback(
    async (write: (outbox: OfflineRuntime['outbox'], userId: number) => Promise<unknown>) => {
      if (userId === null) throw new Error('You must be logged in to keep trips');
      const offline = await loadOfflineRuntime();
      await write(offline.outbox, userId);
      await refresh();
      offline.requestFlush();
    },
    [userId, refresh],
  );

  const actions = useMemo(
    () => ({
      /** Starts a trip at `startedAt`, or a past one from start to end. */
      create: ({
        clientId = crypto.randomUUID(),
        ...fields
      }: {
        clientId?: string;
        startedAt: string;
        endedAt?: string | null;
        notes?: string | null;
      }) => queue((outbox, id) => createRecordOffline(outbox, id, 'trip', { clientId, ...fields })),
      edit: (trip: ShownTrip, changes: TripChanges) =>
        queue((outbox, id) => editRecordOffline(outbox, id, 'trip', trip, changes)),
      remove: (trip: ShownTrip) => queue((outbox, id) => deleteRecordOffline(outbox, id, 'trip', trip)),
      /** Forgets a trip entry the server refused for good. */
      discard: async (clientId: string) => {
        const offline = await loadOfflineRuntime();
        await offline.syncEngine.discard(clientId);
        await refresh();
      },
    }),
    [queue, refresh],
  );

  return {
    trips,
    running: runningTrip(trips),
    /** The server's list has not come yet and none is kept: nothing to show. */
    loading: query.data === undefined && query.status === 'pending' && query.fetchStatus === 'fetching',
    loadFailed: query.status === 'error' && query.data === undefined,
    actions,
  };
}
