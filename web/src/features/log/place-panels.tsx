import { useState } from 'react';
import type { Spot } from '#core/spots.ts';
import { Button } from '@/components/ui/button';
import { LazyPlacePickerMap, type MapPosition } from '@/features/map/lazy-catch-map';
import { spotsNearestFirst } from '@/features/spots/spots-nearest';
import { coordinateText } from './catch-place-fields.tsx';

// The panels 'Place on map' and 'Pick a spot' open under the coordinates (catch-place-fields.tsx): a chunk of their
// own, loaded once the form has painted.

export /** The angler's spots, nearest first when the form has a position: one tap takes a spot into the form. */
function SpotsPanel({
  spots,
  here,
  onChoose,
  onCancel,
}: {
  spots: readonly Spot[];
  here: MapPosition | null;
  onChoose: (spot: Spot) => void;
  onCancel: () => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm text-muted-foreground">Your spots</legend>
      <ul className="flex flex-col gap-2">
        {spotsNearestFirst(spots, here?.latitude ?? null, here?.longitude ?? null).map((spot) => (
          <li key={spot.id}>
            <Button
              variant="outline"
              className="w-full justify-start whitespace-normal text-left"
              onClick={() => onChoose(spot)}
            >
              {spot.name}
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </fieldset>
  );
}

export /** The map to drop or drag the pin on; 'Use this place' takes its position into the form. */
function MapPanel({
  view,
  pin,
  onUse,
  onCancel,
}: {
  view: MapPosition & { zoom: number };
  pin: MapPosition | null;
  onUse: (position: MapPosition) => void;
  onCancel: () => void;
}) {
  const [placed, setPlaced] = useState<MapPosition | null>(pin);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm text-muted-foreground">
        Tap the map to drop the pin, drag it to move it.
      </legend>
      <LazyPlacePickerMap
        view={view}
        pin={pin}
        onPin={setPlaced}
        label="Map to place the catch"
        className="h-72"
      />
      <p className="text-sm tabular-nums" aria-live="polite">
        {placed ? `${coordinateText(placed.latitude)}, ${coordinateText(placed.longitude)}` : 'No pin yet'}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          className="flex-[1_1_8rem]"
          disabled={placed === null}
          onClick={() => placed && onUse(placed)}
        >
          Use this place
        </Button>
        <Button variant="outline" className="flex-[1_1_8rem]" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}
