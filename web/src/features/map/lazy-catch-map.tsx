import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { MapPin } from './catch-map.tsx';

export type { MapPin };

// Leaflet and the map code are one chunk, fetched the first time a map opens (issue 12: not in the first bundle).
const CatchMap = lazy(() => import('./catch-map.tsx'));

/** The map, loaded on first use; a spinner of the map's size meanwhile. */
export function LazyCatchMap<Item>(props: {
  pins: readonly MapPin<Item>[];
  label: string;
  onOpenPin?: (item: Item, pinElement: HTMLElement | null) => void;
  className: string;
}) {
  return (
    <Suspense
      fallback={
        <div className={`flex items-center justify-center rounded-lg bg-muted ${props.className}`}>
          <Spinner className="size-7 text-primary" label="Loading map" />
        </div>
      }
    >
      <CatchMap {...(props as Parameters<typeof CatchMap>[0])} />
    </Suspense>
  );
}
