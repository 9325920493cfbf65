import { useQuery } from '@tanstack/react-query';
import type { Spot } from '#core/spots.ts';
import { distanceKm } from '#core/tides.ts';
import { getSpots } from '@/api/endpoints';
import { useAuth } from '@/features/auth/use-auth';
import { queryKeys } from '@/lib/query-client';

const NO_SPOTS: readonly Spot[] = [];

/**
 * The angler's spots (GET /api/spots, decision 043), kept on the phone like the catch list. Asked again when a
 * screen that shows them mounts: their counts change with every catch saved.
 */
export function useSpots() {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: queryKeys.spots,
    queryFn: getSpots,
    enabled: !!user,
    staleTime: 10_000,
    refetchOnMount: true,
  });
  return { ...query, spots: query.data ?? NO_SPOTS };
}

/** The spots nearest first from a position (by name without one), for choosing a catch's spot. */
export function spotsNearestFirst(
  spots: readonly Spot[],
  latitude: number | null,
  longitude: number | null,
): Spot[] {
  const byName = [...spots].sort((a, b) => a.name.localeCompare(b.name));
  if (latitude === null || longitude === null) return byName;
  const away = new Map(
    byName.map((spot) => [spot, distanceKm(latitude, longitude, spot.latitude, spot.longitude)]),
  );
  return byName.sort((a, b) => (away.get(a) ?? 0) - (away.get(b) ?? 0));
}
