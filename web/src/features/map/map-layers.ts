import 'leaflet/dist/leaflet.css';
import './catch-map.css';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { type RefObject, useEffect, useRef } from 'react';
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
 * The tile layer of the map in `mapRef`, at once: the tiles of the first view are fetched in parallel with the
 * server's settings (GET /api/tiles), not after them (decision 048). The settings then set the zoom limit and the
 * credit. Call it after the effects that make the map and set its first view, so the first tiles fetched are
 * those of that view.
 */
export function useProxyTiles(mapRef: RefObject<L.Map | null>): void {
  const settings = useQuery({
    queryKey: [TILES_PATH],
    queryFn: getMapSettings,
    staleTime: Number.POSITIVE_INFINITY,
    // Asked offline too: the service worker answers from its copy ('map-settings'), so the kept tiles show.
    networkMode: 'offlineFirst',
  });
  const tilesRef = useRef<L.TileLayer | null>(null);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    // Every provider has the tiles down to the deepest zoom a map opens at (13): only zooming further waits for
    // the server's limit.
    const tiles = L.tileLayer(TILE_URL_TEMPLATE, { maxZoom: DEFAULT_MAX_ZOOM }).addTo(map);
    tilesRef.current = tiles;
    return () => {
      tiles.remove();
      tilesRef.current = null;
    };
  }, [mapRef]);
  useEffect(() => {
    const map = mapRef.current;
    const tiles = tilesRef.current;
    if (!map || !tiles || !settings.data) return;
    const { maxZoom, attribution } = settings.data;
    tiles.options.maxZoom = maxZoom;
    map.setMaxZoom(maxZoom);
    const credit = escapeHtml(attribution);
    map.attributionControl?.addAttribution(credit);
    return () => {
      map.attributionControl?.removeAttribution(credit);
    };
  }, [mapRef, settings.data]);
}
