import type { ComponentType } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { OnDemand, onDemand } from '@/lib/on-demand';
import type { CatchMapProps, MapPin, MapPlace } from './catch-map.tsx';
import type { MapPosition, PlacePickerMapProps } from './place-picker-map.tsx';

export type { MapPin, MapPlace, MapPosition };

// Leaflet and the map code are one chunk (catch-map.tsx and what it imports), fetched the first time a map opens
// (docs/product.md#map: not in the first bundle). onDemand, not React.lazy: once its code is here the map shows at
// once (lib/on-demand.tsx).
const catchMap = onDemand(() =>
  import('./catch-map.tsx').then((m) => m.default as ComponentType<CatchMapProps<unknown>>),
);
/**
 * Starts fetching the map's code (and its stylesheet) before the map is drawn: History calls it when it opens on its
 * Map view, so the code arrives in parallel with the catches instead of after them (decision 048).
 */
export function preloadCatchMap(): void {
  catchMap.preload().catch(() => {});
}
const placePickerMap = onDemand(() =>
  import('./catch-map.tsx').then((m) => m.PlacePickerMap as ComponentType<PlacePickerMapProps>),
);

/** A spinner of the map's size while its code loads. */
function MapLoading({ className }: { className: string }) {
  return (
    <div className={`flex items-center justify-center rounded-lg bg-muted ${className}`}>
      <Spinner className="size-7 text-primary" label="Loading map" />
    </div>
  );
}

/** The map of catches, loaded on first use. */
export function LazyCatchMap<Item>(props: CatchMapProps<Item> & { className: string }) {
  return (
    <OnDemand
      source={catchMap}
      props={props as CatchMapProps<unknown>}
      fallback={<MapLoading className={props.className} />}
    />
  );
}

/** The map to place a catch on (the Log form, the edit dialog), loaded on first use. */
export function LazyPlacePickerMap(props: PlacePickerMapProps & { className: string }) {
  return (
    <OnDemand source={placePickerMap} props={props} fallback={<MapLoading className={props.className} />} />
  );
}
