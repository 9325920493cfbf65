/**
 * The map tiles' API (docs/product.md#map, docs/decisions/016-map-tiles.md), shared by the server's tile route, the web map
 * and the service worker's tile cache. No zod here: the service worker imports this file.
 */

/** GET: `{ attribution, maxZoom }`; GET `${TILES_PATH}/{z}/{x}/{y}`: one tile. */
export const TILES_PATH = '/api/tiles';

/** One tile's URL as Leaflet's template wants it. */
export const TILE_URL_TEMPLATE = `${TILES_PATH}/{z}/{x}/{y}`;

/** A tile URL the server answers: `/api/tiles/<z>/<x>/<y>`. */
export const TILE_URL_PATTERN = /^\/api\/tiles\/\d+\/\d+\/\d+$/;

/** What a map must know before it asks for a tile. */
export interface MapSettings {
  /** The provider's credit, shown on every map (plain text). */
  attribution: string;
  maxZoom: number;
}
