import { Copy, ExternalLink, MapPin } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import {
  Drawer,
  DrawerClose,
  DrawerContent,
  DrawerDescription,
  DrawerFooter,
  DrawerHeader,
  DrawerTitle,
} from '@/components/ui/drawer';
import { toast } from '@/hooks/use-toast';
import { formatCoordinates, mapsSearchUrl } from '../catches/catch-format.ts';
import { type MapPin as CatchMapPin, LazyCatchMap } from '../map/lazy-catch-map.tsx';

/**
 * The 'View Map' drawer of the catch detail (docs/product.md#catch-details): an interactive map with the catch's pin (decision 016; the map
 * loads when the drawer opens), the coordinates, copy them, open a maps search.
 */
export function CatchLocationDrawer({
  latitude,
  longitude,
  locationName,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  latitude: number;
  longitude: number;
  locationName: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const coordinates = formatCoordinates(latitude, longitude) ?? '';
  const pins = useMemo<CatchMapPin<null>[]>(
    () => [{ item: null, latitude, longitude, label: 'Catch location' }],
    [latitude, longitude],
  );

  async function copyCoordinates() {
    try {
      await navigator.clipboard.writeText(`${latitude}, ${longitude}`);
      toast({ title: 'Coordinates copied', description: coordinates });
    } catch {
      toast({ title: 'Could not copy', description: coordinates, variant: 'destructive' });
    }
  }

  function openInMaps() {
    window.open(mapsSearchUrl(latitude, longitude), '_blank', 'noopener');
  }

  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <DrawerContent onCloseAutoFocus={onCloseAutoFocus}>
        <DrawerHeader>
          <DrawerTitle>Catch Location</DrawerTitle>
          <DrawerDescription>{locationName ?? 'Where this catch was logged'}</DrawerDescription>
        </DrawerHeader>
        <div className="mx-5">
          <LazyCatchMap pins={pins} label="Map of the catch location" className="h-56" />
        </div>
        <div className="mx-5 mt-3 flex items-center justify-center gap-2 rounded-lg bg-muted px-4 py-3 font-mono text-base">
          <MapPin aria-hidden="true" className="size-5 shrink-0 text-primary" />
          <span>{coordinates}</span>
        </div>
        <DrawerFooter>
          <Button variant="outline" onClick={() => void copyCoordinates()}>
            <Copy aria-hidden="true" />
            Copy Coordinates
          </Button>
          <Button onClick={openInMaps}>
            <ExternalLink aria-hidden="true" />
            Open in Maps
          </Button>
          <DrawerClose asChild>
            <Button variant="ghost">Close</Button>
          </DrawerClose>
        </DrawerFooter>
      </DrawerContent>
    </Drawer>
  );
}
