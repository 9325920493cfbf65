import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getSpots } from '@/api/endpoints';
import { useAuth } from '@/features/auth/use-auth';
import { queryKeys } from '@/lib/query-client';
import { useOutboxEntries } from '@/offline/use-outbox-entries';
import { mergeSpots } from './spots-merge.ts';

/**
 * The angler's spots as the screens show them (spots-merge.ts): GET /api/spots, kept on the phone like the catch
 * list, with what waits in the outbox applied.
 */
export function useSpots() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const query = useQuery({
    queryKey: queryKeys.spots,
    queryFn: getSpots,
    enabled: userId !== null,
    // Every screen that shows them asks again when it opens (a short list): a spot saved on another device, or a
    // count changed by a catch, shows when the Spots view opens.
    refetchOnMount: 'always',
  });
  const { entries } = useOutboxEntries(userId);
  const spots = useMemo(() => mergeSpots(query.data ?? [], entries), [query.data, entries]);
  return { ...query, spots };
}
