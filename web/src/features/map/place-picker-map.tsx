import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { DEFAULT_MAX_ZOOM, pinIcon, useProxyTiles } from './map-layers.ts';

/** A place on the map, in decimal degrees. */
export interface MapPosition {
  latitude: number;
  longitude: number;
}

export interface PlacePickerMapProps {
  /** Where the map opens, and how close. */
  view: MapPosition & { zoom: number };
  /** The pin already placed (the form's position), or null for none yet. */
  pin: MapPosition | null;
  /** A tap dropped the pin, or a drag moved it. */
  onPin: (position: MapPosition) => void;
  /** The map's name for assistive technology. */
  label: string;
  className?: string;
}

/** Six decimals (about 10 cm): what the form shows and no more than a tap on a phone can mean. */
const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

/** A point of the map as a position, its longitude brought into -180..180 (the map repeats the world sideways). */
function positionOf(at: L.LatLng): MapPosition {
  const wrapped = at.wrap();
  return { latitude: roundCoordinate(wrapped.lat), longitude: roundCoordinate(wrapped.lng) };
}

/**
 * Placing a catch by hand (docs/product.md#location): a tap on the map drops the pin, dragging moves it. Without a
 * pointer, the arrow keys pan the map (Leaflet's keyboard) and 'Pin the map's center' drops the pin there; typed
 * coordinates are the other way in. The tiles are the History map's (map-layers.ts).
 */
export function PlacePickerMap({ view, pin, onPin, label, className }: PlacePickerMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const onPinRef = useRef(onPin);
  onPinRef.current = onPin;
  const initial = useRef({ view, pin });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { view: start, pin: startPin } = initial.current;
    const map = L.map(container, {
      attributionControl: false,
      zoomControl: true,
      worldCopyJump: true,
      minZoom: 0,
      maxZoom: DEFAULT_MAX_ZOOM,
    });
    map.setView([start.latitude, start.longitude], start.zoom);
    L.control.attribution({ prefix: false }).addTo(map);
    mapRef.current = map;

    const marker = L.marker([0, 0], { icon: pinIcon(), draggable: true, keyboard: false });
    marker.on('add', () => {
      const element = marker.getElement();
      if (!element) return;
      element.dataset.testid = 'placed-pin';
      // The position is said by the coordinate fields; the pin itself is only for the eye and the finger.
      element.setAttribute('aria-hidden', 'true');
    });
    marker.on('dragend', () => onPinRef.current(positionOf(marker.getLatLng())));
    markerRef.current = marker;
    if (startPin) marker.setLatLng([startPin.latitude, startPin.longitude]).addTo(map);

    map.on('click', (event: L.LeafletMouseEvent) => {
      const position = positionOf(event.latlng);
      marker.setLatLng([position.latitude, position.longitude]);
      if (!map.hasLayer(marker)) marker.addTo(map);
      onPinRef.current(position);
    });
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(container);
    return () => {
      resize.disconnect();
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, []);

  useProxyTiles(mapRef);

  const pinCentre = () => {
    const map = mapRef.current;
    const marker = markerRef.current;
    if (!map || !marker) return;
    const position = positionOf(map.getCenter());
    marker.setLatLng([position.latitude, position.longitude]);
    if (!map.hasLayer(marker)) marker.addTo(map);
    onPinRef.current(position);
  };

  return (
    <div className="flex flex-col gap-2">
      <section
        ref={containerRef}
        aria-label={label}
        // Inside a drawer a pan of the map must not close it.
        data-vaul-no-drag=""
        className={cn('tl-map z-0 w-full overflow-hidden rounded-lg', className)}
      />
      <Button variant="outline" size="sm" className="self-start" onClick={pinCentre}>
        Pin the map's center
      </Button>
    </div>
  );
}
