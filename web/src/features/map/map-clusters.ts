/**
 * Pins that would overlap on screen become one cluster (docs/product.md#map: pins clustered). A plain grid in
 * screen pixels at the map's zoom: cheap enough to redo on every zoom for thousands of catches, and stable (the
 * same catches at the same zoom always give the same clusters). No map library here, so it is unit-tested alone.
 */

/** A pin projected to the screen: pixel coordinates at the current zoom (Leaflet's map.project). */
export interface ScreenPoint<Item> {
  item: Item;
  x: number;
  y: number;
}

export interface Cluster<Item> {
  /** In the order given (the History's sort): the first is the one shown when the cluster is a single pin. */
  items: Item[];
  /** The cluster's place on screen: the mean of its pins. */
  x: number;
  y: number;
}

/** Pins closer than this (CSS px, a finger's width and a little more) share a cluster. */
export const CLUSTER_CELL_PX = 56;

export function clusterPoints<Item>(points: ScreenPoint<Item>[], cellPx = CLUSTER_CELL_PX): Cluster<Item>[] {
  const cells = new Map<string, { items: Item[]; sumX: number; sumY: number }>();
  for (const point of points) {
    const key = `${Math.floor(point.x / cellPx)}:${Math.floor(point.y / cellPx)}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = { items: [], sumX: 0, sumY: 0 };
      cells.set(key, cell);
    }
    cell.items.push(point.item);
    cell.sumX += point.x;
    cell.sumY += point.y;
  }
  return [...cells.values()].map((cell) => ({
    items: cell.items,
    x: cell.sumX / cell.items.length,
    y: cell.sumY / cell.items.length,
  }));
}

/**
 * The clusters with those whose markers (`sizePx` squares centred on them) would overlap merged, again and again
 * as a merge moves the centre. Grid cells keep pins in one cell together, but two pins on either side of a cell's
 * edge could be drawn a few pixels apart, one marker over the other: a covered marker cannot be tapped (WCAG 2.5.8;
 * Lighthouse's target-size audit failed the History map). Items keep their `rank` order, so a cluster's first item
 * is still the first in the History's sort.
 */
export function mergeOverlapping<Item>(
  clusters: Cluster<Item>[],
  sizePx: number,
  rank: (item: Item) => number,
): Cluster<Item>[] {
  const result = clusters.map((cluster) => ({ ...cluster, items: [...cluster.items] }));
  for (let i = 0; i < result.length; i++) {
    for (let j = i + 1; j < result.length; j++) {
      const a = result[i];
      const b = result[j];
      if (!a || !b || Math.abs(a.x - b.x) >= sizePx || Math.abs(a.y - b.y) >= sizePx) continue;
      const count = a.items.length + b.items.length;
      result[i] = {
        items: [...a.items, ...b.items].sort((p, q) => rank(p) - rank(q)),
        x: (a.x * a.items.length + b.x * b.items.length) / count,
        y: (a.y * a.items.length + b.y * b.items.length) / count,
      };
      result.splice(j, 1);
      // The merged cluster moved: look at every other one again from the start.
      i = -1;
      break;
    }
  }
  return result;
}

/** Items with a usable position: both coordinates present and on the globe. */
export function withCoordinates<Item extends { latitude: number | null; longitude: number | null }>(
  items: readonly Item[],
): (Item & { latitude: number; longitude: number })[] {
  return items.filter(
    (item): item is Item & { latitude: number; longitude: number } =>
      item.latitude !== null &&
      item.longitude !== null &&
      Number.isFinite(item.latitude) &&
      Number.isFinite(item.longitude) &&
      Math.abs(item.latitude) <= 90 &&
      Math.abs(item.longitude) <= 180,
  );
}
