import { useMemo } from 'react';
import { tripMinutes } from '#core/trip-stats.ts';
import { RecordSelect } from '@/components/ui/record-select';
import { formatDuration, formatTripMoment } from './trip-format.ts';
import type { ShownTrip } from './trips-merge.ts';

/**
 * The catch's trip in the edit form (decision 043): None or one of the angler's trips (those the server has),
 * newest first, each named by its start and length, to move a catch to another trip by hand.
 */
export function TripSelect({
  trips,
  value,
  onChange,
}: {
  trips: readonly ShownTrip[];
  value: number | null;
  onChange: (tripId: number | null) => void;
}) {
  const choices = useMemo(() => {
    const now = Date.now();
    return trips
      .filter((trip): trip is ShownTrip & { id: number } => trip.id !== null)
      .toSorted((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt))
      .map((trip) => ({
        id: trip.id,
        label: `${formatTripMoment(trip.startedAt)} · ${formatDuration(tripMinutes(trip, now))}`,
      }));
  }, [trips]);
  return <RecordSelect label="Trip" choices={choices} value={value} onChange={onChange} />;
}
