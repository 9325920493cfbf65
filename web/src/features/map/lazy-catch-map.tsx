import type { ComponentType } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { OnDemand, onDemand } from '@/lib/on-demand';
import type { CatchMapProps, MapPin, MapPlace } from './catch-map.tsx';

export type { MapPin, MapPlace };

// Leaflet and the map code are one chunk, fetched the first time a map opens (docs/product.md#map: not in the first bundle).
// onDemand, not React.lazy: once its code is here the map shows at once (lib/on-demand.tsx).
const catchMap = onDemand(() =>
  import('./catch-map.tsx').then((m) => m.default as ComponentType<CatchMapProps<unknown>>),
);

/** The map, loaded on first use; a spinner of the map's size meanwhile. */
export function LazyCatchMap<Item>(props: CatchMapProps<Item> & { className: string }) {
  return (
    <OnDemand
      source={catchMap}
      props={props as CatchMapProps<unknown>}
      fallback={
        <div className={`flex items-center justify-center rounded-lg bg-muted ${props.className}`}>
          <Spinner className="size-7 text-primary" label="Loading map" />
        </div>
      }
    />
  );
}
