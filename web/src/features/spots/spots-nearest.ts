import { distanceKm } from '#core/tides.ts';

/**
 * The spots nearest first from a position (by name without one), for choosing a catch's spot. On its own so the
 * Log tab's spot picker takes it without the spot list's outbox code (decision 023: the Log tab is the first screen).
 */
export function spotsNearestFirst<S extends { name: string; latitude: number; longitude: number }>(
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
