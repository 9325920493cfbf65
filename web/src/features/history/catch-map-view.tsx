import { MapPinOff } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import type { Catch } from '#core/catch.ts';
import { catchPins } from '../map/catch-pins.ts';
import { LazyCatchMap, type MapPlace } from '../map/lazy-catch-map.tsx';
import type { ShownSpot } from '../spots/spots-merge.ts';

/**
 * History's Map view (docs/product.md#map): every catch of the (searched, sorted) list that has coordinates, as pins
 * clustered when dense; a tap on a pin opens that catch's details, like a tap on its card. The angler's spots show
 * under them as square markers with their radius (decision 043).
 */
export function CatchMapView({
  catches,
  spots,
  onOpen,
}: {
  catches: readonly Catch[];
  spots: readonly ShownSpot[];
  onOpen: (item: Catch, opener: HTMLElement) => void;
}) {
  const pins = useMemo(() => catchPins(catches), [catches]);
  const places = useMemo<MapPlace[]>(
    () =>
      spots.map((spot) => ({
        latitude: spot.latitude,
        longitude: spot.longitude,
        radiusMeters: spot.radiusMeters,
        label: `Spot: ${spot.name}`,
      })),
    [spots],
  );
  const openPin = useCallback(
    (item: Catch, pinElement: HTMLElement | null) => {
      if (pinElement) onOpen(item, pinElement);
    },
    [onOpen],
  );
  const withoutPlace = catches.length - pins.length;

  if (pins.length === 0 && places.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-12 text-center">
        <MapPinOff aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="font-medium">No catches with a location to show</p>
        <p className="text-sm text-muted-foreground">
          Catches logged with GPS coordinates appear here as pins.
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {pins.length === 1 ? '1 catch on the map' : `${pins.length} catches on the map`}
        {withoutPlace > 0 ? ` · ${withoutPlace} without a location` : ''}
      </p>
      <LazyCatchMap
        pins={pins}
        places={places}
        label="Map of your catches"
        onOpenPin={openPin}
        className="h-[50dvh] min-h-80"
      />
    </div>
  );
}
