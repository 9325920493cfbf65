import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { clusterPoints, mergeOverlapping } from './map-clusters.ts';
import { DEFAULT_MAX_ZOOM, PIN_SIZE, pinIcon, useProxyTiles } from './map-layers.ts';

// The map chunk's other map: placing a catch by hand (the Log form and the edit dialog).
export { PlacePickerMap } from './place-picker-map.tsx';

/**
 * The interactive map (docs/product.md#map): Leaflet, in a chunk of its own that loads only when a map opens (History's Map
 * view, the 'View Map' drawer). Tiles come from our server (/api/tiles/…), never from the provider directly; the
 * service worker keeps the viewed ones. Pins are our own HTML (no marker images), so with no tile at all (offline,
 * provider down) the pins still show on a plain background.
 */

export interface MapPin<Item> {
  item: Item;
  latitude: number;
  longitude: number;
  /** What a screen reader says for the pin, e.g. 'Largemouth Bass, Apr 3, 2025'. */
  label: string;
}

/**
 * A named place drawn under the pins (an angler's spot, decision 043): its own marker, never clustered with the
 * catches, and its radius as a circle once zoomed in far enough to see it.
 */
export interface MapPlace {
  latitude: number;
  longitude: number;
  radiusMeters: number;
  /** What a screen reader says for the marker, e.g. 'Spot: Weed edge'. */
  label: string;
}

/** Zoom of a single catch (the drawer) and the deepest zoom a fit to several catches goes. */
const PIN_ZOOM = 13;
const FIT_MAX_ZOOM = 13;
/** How far (CSS px) the catches of one exact spot are spread around it at the deepest zoom, so each can be tapped. */
const SPREAD_RADIUS_PX = 30;
const PLACE_SIZE: L.PointTuple = [28, 28];
/** A place's radius is drawn once it is at least this wide on screen (CSS px): smaller, it would hide under its marker. */
const MIN_CIRCLE_RADIUS_PX = 16;
/** Metres per CSS pixel at zoom 0 on the equator (Web Mercator, 256 px tiles). */
const EQUATOR_METERS_PER_PX = 156_543.03;

/** How many CSS pixels `meters` span at this latitude and zoom. */
function metersToPixels(meters: number, latitude: number, zoom: number): number {
  return (meters * 2 ** zoom) / (EQUATOR_METERS_PER_PX * Math.cos((latitude * Math.PI) / 180));
}

/** Enter and Space act on a marker like a tap, as on any button (Leaflet's markers only click by pointer). */
function activateWithKeys(element: HTMLElement): void {
  element.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    element.click();
  });
}

export interface CatchMapProps<Item> {
  pins: readonly MapPin<Item>[];
  /** Named places (the angler's spots) drawn under the pins; none by default. */
  places?: readonly MapPlace[];
  /** The map's name for assistive technology, e.g. 'Map of your catches'. */
  label: string;
  /** A tap (or Enter) on a pin; without it the pins only show where. */
  onOpenPin?: (item: Item, pinElement: HTMLElement | null) => void;
  className?: string;
}

const NO_PLACES: readonly MapPlace[] = [];

export default function CatchMap<Item>({
  pins,
  places = NO_PLACES,
  label,
  onOpenPin,
  className,
}: CatchMapProps<Item>) {
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const pinLayerRef = useRef<L.LayerGroup | null>(null);
  const placeLayerRef = useRef<L.LayerGroup | null>(null);
  const onOpenRef = useRef(onOpenPin);
  onOpenRef.current = onOpenPin;

  // The map itself, once; its tiles at once, their settings (max zoom, credit) applied when they arrive.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, {
      attributionControl: false,
      zoomControl: true,
      worldCopyJump: true,
      // Zoom 0 (the world in 256 px): at 1 the world is 512 px, wider than a phone's map, and a log spread over the
      // world (Tahoe and Sydney) could not be fitted: the pins at its ends lay outside the map.
      minZoom: 0,
      // Until the server says how deep its tiles go (GET /api/tiles).
      maxZoom: DEFAULT_MAX_ZOOM,
    });
    map.setView([20, 0], 1);
    L.control.attribution({ prefix: false }).addTo(map);
    // Added first, so the pins lie above the places.
    placeLayerRef.current = L.layerGroup().addTo(map);
    pinLayerRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    // The drawer and the tabs change the container's size after the map is made.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(container);
    return () => {
      resize.disconnect();
      map.remove();
      mapRef.current = null;
      pinLayerRef.current = null;
      placeLayerRef.current = null;
    };
  }, []);

  // Fit the view to the pins whenever they change (a search narrows the map like the list), or to the places when
  // no pin shows. At once, not animated; and after a zoom animation under way (a tapped cluster), which would
  // otherwise swallow the move.
  const fitTo: readonly { latitude: number; longitude: number }[] = pins.length > 0 ? pins : places;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || fitTo.length === 0) return;
    const fitToPins = () => {
      if (fitTo.length === 1) {
        const [pin] = fitTo;
        if (pin) map.setView([pin.latitude, pin.longitude], PIN_ZOOM, { animate: false });
        return;
      }
      const bounds = L.latLngBounds(fitTo.map((pin) => [pin.latitude, pin.longitude] as L.LatLngTuple));
      map.fitBounds(bounds, { padding: [40, 40], maxZoom: FIT_MAX_ZOOM, animate: false });
    };
    if (!(map as unknown as { _animatingZoom?: boolean })._animatingZoom) {
      fitToPins();
      return;
    }
    map.once('zoomend', fitToPins);
    return () => {
      map.off('zoomend', fitToPins);
    };
  }, [fitTo]);

  // After the first fit: the first tiles asked for are those of the fitted view, not of the world.
  useProxyTiles(mapRef);

  // The places: a marker of their own shape (a square, not a pin: never taken for a catch), named for a screen
  // reader, and the radius once it is wide enough on screen to tell; redrawn after every zoom.
  useEffect(() => {
    const map = mapRef.current;
    const layer = placeLayerRef.current;
    if (!map || !layer) return;
    const draw = () => {
      layer.clearLayers();
      const zoom = map.getZoom();
      for (const place of places) {
        const at = L.latLng(place.latitude, place.longitude);
        if (metersToPixels(place.radiusMeters, place.latitude, zoom) >= MIN_CIRCLE_RADIUS_PX) {
          layer.addLayer(
            L.circle(at, {
              radius: place.radiusMeters,
              className: 'tl-place-area',
              interactive: false,
              weight: 2,
            }),
          );
        }
        const marker = L.marker(at, {
          icon: L.divIcon({ className: 'tl-place', html: '<span></span>', iconSize: PLACE_SIZE }),
          keyboard: false,
          interactive: false,
          title: place.label,
          // Under the catches' pins wherever they meet: a pin stays tappable.
          zIndexOffset: -1000,
        });
        marker.on('add', () => {
          const element = marker.getElement();
          if (!element) return;
          element.dataset.testid = 'map-place';
          element.setAttribute('role', 'img');
          element.setAttribute('aria-label', place.label);
        });
        layer.addLayer(marker);
      }
    };
    draw();
    map.on('zoomend', draw);
    return () => {
      map.off('zoomend', draw);
      layer.clearLayers();
    };
  }, [places]);

  // The pins, clustered for the current zoom; redrawn after every zoom or pan.
  useEffect(() => {
    const map = mapRef.current;
    const layer = pinLayerRef.current;
    if (!map || !layer) return;
    const interactive = onOpenRef.current !== undefined;

    const pinMarker = (pin: MapPin<Item>, at: L.LatLng) => {
      const marker = L.marker(at, {
        icon: pinIcon(),
        keyboard: interactive,
        interactive,
        title: pin.label,
        riseOnHover: true,
      });
      marker.on('add', () => {
        const element = marker.getElement();
        if (!element) return;
        element.dataset.testid = 'map-pin';
        if (interactive) {
          element.setAttribute('aria-label', `${pin.label}: open details`);
          activateWithKeys(element);
        } else element.setAttribute('aria-hidden', 'true');
      });
      if (interactive) marker.on('click', () => onOpenRef.current?.(pin.item, marker.getElement() ?? null));
      return marker;
    };

    const draw = () => {
      layer.clearLayers();
      const zoom = map.getZoom();
      const deepest = zoom >= map.getMaxZoom();
      // Only what is on screen or near it: a log of 10,000 catches draws a few dozen markers.
      const near = map.getBounds().pad(0.5);
      const rank = new Map(pins.map((pin, index) => [pin, index]));
      const points = pins
        .filter((pin) => near.contains([pin.latitude, pin.longitude]))
        .map((pin) => {
          const point = map.project([pin.latitude, pin.longitude], zoom);
          return { item: pin, x: point.x, y: point.y };
        });
      // A marker over another would hide it from taps: overlapping clusters become one.
      for (const cluster of mergeOverlapping(
        clusterPoints(points),
        PIN_SIZE[0],
        (pin) => rank.get(pin) ?? 0,
      )) {
        const center = map.unproject([cluster.x, cluster.y], zoom);
        const [first] = cluster.items;
        if (!first) continue;
        if (cluster.items.length === 1) {
          layer.addLayer(pinMarker(first, L.latLng(first.latitude, first.longitude)));
          continue;
        }
        if (deepest) {
          // No deeper zoom to separate them: spread them in a ring around their spot.
          cluster.items.forEach((pin, index) => {
            const angle = (2 * Math.PI * index) / cluster.items.length;
            const at = map.unproject(
              [
                cluster.x + SPREAD_RADIUS_PX * Math.cos(angle),
                cluster.y + SPREAD_RADIUS_PX * Math.sin(angle),
              ],
              zoom,
            );
            layer.addLayer(pinMarker(pin, at));
          });
          continue;
        }
        const count = cluster.items.length;
        const marker = L.marker(center, {
          icon: L.divIcon({ className: 'tl-cluster', html: `<span>${count}</span>`, iconSize: PIN_SIZE }),
          keyboard: true,
          title: `${count} catches here`,
        });
        marker.on('add', () => {
          const element = marker.getElement();
          if (!element) return;
          element.dataset.testid = 'map-cluster';
          element.setAttribute('aria-label', `${count} catches here: zoom in`);
          activateWithKeys(element);
        });
        marker.on('click', () => {
          const bounds = L.latLngBounds(
            cluster.items.map((pin) => [pin.latitude, pin.longitude] as L.LatLngTuple),
          );
          const target = Math.min(map.getBoundsZoom(bounds, false, L.point(40, 40)), map.getMaxZoom());
          // Always at least one level deeper, so a tap on a cluster of one spot still gets to the spread pins.
          map.setView(bounds.getCenter(), Math.max(target, zoom + 1));
        });
        layer.addLayer(marker);
      }
    };

    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      layer.clearLayers();
    };
  }, [pins]);

  return (
    <section
      ref={containerRef}
      aria-label={label}
      // The drawer must not take a pan of the map for a swipe to close it.
      data-vaul-no-drag=""
      className={cn('tl-map z-0 w-full overflow-hidden rounded-lg', className)}
    />
  );
}
