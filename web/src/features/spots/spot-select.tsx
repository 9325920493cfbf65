import { ChevronDown } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Label } from '@/components/ui/label';
import type { ShownSpot } from './spots-merge.ts';
import { spotsNearestFirst } from './use-spots.ts';

/**
 * The catch's spot in the edit form (decision 043): None or one of the angler's spots, the nearest to the catch
 * first (those the server has). A native select: the phone's own picker, one 44 px control, read out by every screen reader.
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
  const id = useId();
  // A spot still waiting on the phone has no server id to link to yet.
  const choices = useMemo(
    () =>
      spotsNearestFirst(
        spots.filter((spot): spot is ShownSpot & { id: number } => spot.id !== null),
        latitude,
        longitude,
      ),
    [spots, latitude, longitude],
  );
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Spot</Label>
      <div className="relative">
        <select
          id={id}
          value={value === null ? '' : String(value)}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
          className={
            'flex min-h-11 w-full appearance-none rounded-md border border-input bg-card py-2 pl-3 pr-9 text-base ' +
            'text-foreground shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'
          }
        >
          <option value="">None</option>
          {choices.map((spot) => (
            <option key={spot.id} value={spot.id}>
              {spot.name}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
    </div>
  );
}
