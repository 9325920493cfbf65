import { useMemo } from 'react';
import { RecordSelect } from '@/components/ui/record-select';
import type { ShownSpot } from './spots-merge.ts';
import { spotsNearestFirst } from './spots-nearest.ts';

/**
 * The catch's spot in the edit form (decision 043): None or one of the angler's spots, the nearest to the catch
 * first (those the server has).
 */
export function SpotSelect({
  spots,
  latitude,
  longitude,
  value,
  onChange,
}: {
  spots: readonly ShownSpot[];
  /** The catch's position, to put the nearest spots first. */
  latitude: number | null;
  longitude: number | null;
  value: number | null;
  onChange: (spotId: number | null) => void;
}) {
  // A spot still waiting on the phone has no server id to link to yet.
  const choices = useMemo(
    () =>
      spotsNearestFirst(
        spots.filter((spot): spot is ShownSpot & { id: number } => spot.id !== null),
        latitude,
        longitude,
      ).map((spot) => ({ id: spot.id, label: spot.name })),
    [spots, latitude, longitude],
  );
  return <RecordSelect label="Spot" choices={choices} value={value} onChange={onChange} />;
}
