import { useEffect, useRef, useState } from 'react';
import type { Catch } from '#core/catch.ts';
import type { Spot } from '#core/spots.ts';
import { getCatches } from '@/api/endpoints';
import { ErrorBoundary } from '@/components/error-boundary';
import { MapPin } from '@/components/shell-icons';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { LazyPlacePickerMap, type MapPosition } from '@/features/map/lazy-catch-map';
import { spotsNearestFirst } from '@/features/spots/spots-nearest';
import { CATCHES_STALE_TIME_MS, queryClient, queryKeys } from '@/lib/query-client';
import type { CatchForm } from './catch-form-state.ts';
import { coordinateText, type PlaceNameFollows, type PlaceWay, positionOf } from './catch-place-fields.tsx';

// The place fields' other ways in (catch-place-fields.tsx), 'Place on map' and 'Pick a spot', with the panels they
// open under the coordinates: a chunk of their own, loaded once the form has painted (decision 023).

/** The panels a way in opens under the coordinates: the map, or the angler's spots. */
type PlacePanel = { kind: 'map'; view: MapPosition & { zoom: number } } | { kind: 'spots' };

/** How close the map opens on a known position, and the whole world when none is known. */
const PLACE_ZOOM = 13;
const WORLD_VIEW = { latitude: 20, longitude: 0, zoom: 1 };

/** The position of the newest catch that has one (the list is newest first), or null. */
async function lastCatchPosition(): Promise<MapPosition | null> {
  try {
    const catches = await queryClient.fetchQuery<Catch[]>({
      queryKey: queryKeys.catches,
      queryFn: getCatches,
      staleTime: CATCHES_STALE_TIME_MS,
    });
    for (const item of catches) {
      const position = positionOf(item.latitude, item.longitude);
      if (position) return position;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * The row of ways in under the coordinates and the panel one opens. `asked`: the way the angler tapped before this
 * code was here, opened now.
 */
export function PlaceWays({
  form,
  latitude,
  longitude,
  spots,
  asked,
  nameThePlace,
  dropPendingName,
  placeName,
}: {
  form: CatchForm;
  latitude: number | null;
  longitude: number | null;
  spots: Spot[];
  asked: PlaceWay | null;
  nameThePlace: (position: MapPosition) => Promise<void>;
  /** Drops the answer a position's name request still waits for. */
  dropPendingName: () => void;
  placeName: PlaceNameFollows;
}) {
  const [panel, setPanel] = useState<PlacePanel | null>(null);
  const [opening, setOpening] = useState(false);
  const mapButton = useRef<HTMLButtonElement>(null);
  const spotsButton = useRef<HTMLButtonElement>(null);

  const openMap = async () => {
    setOpening(true);
    const start = positionOf(latitude, longitude) ?? (await lastCatchPosition());
    setOpening(false);
    setPanel({ kind: 'map', view: start ? { ...start, zoom: PLACE_ZOOM } : WORLD_VIEW });
  };
  const closePanel = () => {
    const opener = panel?.kind === 'spots' ? spotsButton : mapButton;
    setPanel(null);
    // Back to the button that opened it (the panel's buttons are gone).
    opener.current?.focus();
  };
  const takePlace = (position: MapPosition) => {
    form.setValue('latitude', position.latitude);
    form.setValue('longitude', position.longitude);
    closePanel();
    void nameThePlace(position);
  };
  /** A spot: its position, its name unless the angler typed one, and the catch linked to it. */
  const takeSpot = (spot: Spot) => {
    form.setValue('latitude', spot.latitude);
    form.setValue('longitude', spot.longitude);
    form.setValue('spotId', spot.id);
    closePanel();
    // A newer answer for an older position must not rename it.
    dropPendingName();
    void placeName.follows().then((follows) => {
      if (follows && !placeName.typed.current) form.setValue('locationName', spot.name);
    });
  };

  // Only once, when this code arrives: the tap it was asked with.
  const askedAtStart = useRef(asked);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the first render's position
  useEffect(() => {
    if (askedAtStart.current === 'map') void openMap();
    if (askedAtStart.current === 'spots') setPanel({ kind: 'spots' });
  }, []);

  const here = positionOf(latitude, longitude);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button
          ref={mapButton}
          variant="outline"
          className="flex-[1_1_10rem]"
          aria-expanded={panel?.kind === 'map'}
          disabled={opening}
          onClick={() => (panel?.kind === 'map' ? closePanel() : void openMap())}
        >
          {opening ? <Spinner /> : <MapPin aria-hidden="true" />}
          Place on map
        </Button>
        {spots.length > 0 ? (
          <Button
            ref={spotsButton}
            variant="outline"
            className="flex-[1_1_10rem]"
            aria-expanded={panel?.kind === 'spots'}
            onClick={() => (panel?.kind === 'spots' ? closePanel() : setPanel({ kind: 'spots' }))}
          >
            <MapPin aria-hidden="true" />
            Pick a spot
          </Button>
        ) : null}
      </div>
      {panel ? (
        // A panel that cannot load leaves the rest of the form usable.
        <ErrorBoundary what={panel.kind === 'map' ? 'the map' : 'your spots'}>
          {panel.kind === 'map' ? (
            <MapPanel view={panel.view} pin={here} onUse={takePlace} onCancel={closePanel} />
          ) : (
            <SpotsPanel spots={spots} here={here} onChoose={takeSpot} onCancel={closePanel} />
          )}
        </ErrorBoundary>
      ) : null}
    </>
  );
}

/** The angler's spots, nearest first when the form has a position: one tap takes a spot into the form. */
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

/** The map to drop or drag the pin on; 'Use this place' takes its position into the form. */
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
