import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { distanceKm } from '#core/tides.ts';
import { getSpots } from '@/api/endpoints';
import { useAuth } from '@/features/auth/use-auth';
import { queryKeys } from '@/lib/query-client';
import { useOutboxEntries } from '@/offline/use-outbox-entries';
import { mergeSpots, type ShownSpot } from './spots-merge.ts';

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

/** The spots nearest first from a position (by name without one), for choosing a catch's spot. */
export function spotsNearestFirst<S extends ShownSpot>(
  spots: readonly S[],
  latitude: number | null,
  longitude: number | null,
): S[] {
  const byName = [...spots].sort((a, b) => a.name.localeCompare(b.name));
  if (latitude === null || longitude === null) return byName;
  const away = new Map(
    byName.map((spot) => [spot, distanceKm(latitude, longitude, spot.latitude, spot.longitude)]),
  );
  return byName.sort((a, b) => (away.get(a) ?? 0) - (away.get(b) ?? 0));
}
