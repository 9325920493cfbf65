import 'leaflet/dist/leaflet.css';
import './catch-map.css';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { type RefObject, useEffect } from 'react';
import { TILE_URL_TEMPLATE, TILES_PATH } from '#core/map-tiles.ts';
import { getMapSettings } from '@/api/endpoints';

/**
 * What every map of the app shares (docs/product.md#map), loaded with the map chunk: the tiles through our own
 * server (/api/tiles/…, never the provider directly; the service worker keeps the viewed ones) and the pin.
 */

/** How deep a map zooms until the server says how deep its tiles go (GET /api/tiles). */
export const DEFAULT_MAX_ZOOM = 18;

export const PIN_SIZE: L.PointTuple = [44, 44];
/** The pin's point (its 24 px rotated square's corner, 17 px under the middle) on the catch's spot. */
const PIN_ANCHOR: L.PointTuple = [22, 39];

/** Our own pin (HTML, no marker image): it shows on a plain background when no tile can be had. */
export function pinIcon(): L.DivIcon {
  return L.divIcon({
    className: 'tl-pin',
    html: '<span></span>',
    iconSize: PIN_SIZE,
    iconAnchor: PIN_ANCHOR,
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The tile layer of the map in `mapRef`, once the server's settings (max zoom, attribution) are known. Call it
 * after the effect that makes the map, so the map is there when this effect runs.
 */
export function useProxyTiles(mapRef: RefObject<L.Map | null>): void {
  const settings = useQuery({
    queryKey: [TILES_PATH],
    queryFn: getMapSettings,
    staleTime: Number.POSITIVE_INFINITY,
    // Asked offline too: the service worker answers from its copy ('map-settings'), so the kept tiles show.
    networkMode: 'offlineFirst',
  });
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !settings.data) return;
    const { maxZoom, attribution } = settings.data;
    map.setMaxZoom(maxZoom);
    const tiles = L.tileLayer(TILE_URL_TEMPLATE, { maxZoom, attribution: escapeHtml(attribution) }).addTo(
      map,
    );
    return () => {
      tiles.remove();
    };
  }, [mapRef, settings.data]);
}
