/**
 * The zoom of the full-screen photo viewer (docs/product.md#photos: up to 4×), kept pure so it is unit-tested: a scale and an
 * offset of the photo's centre from the screen's centre, in CSS px, applied as `translate(x, y) scale(scale)`
 * around the photo's centre. `box` is the photo's size on screen at scale 1 (the whole photo, fitted).
 */

export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** A point on screen relative to the screen's centre, in CSS px. */
export interface Point {
  x: number;
  y: number;
}

export const FITTED: Zoom = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 4;
/** Where a double-tap (or the zoom-in key from the fitted photo) takes the photo. */
export const DOUBLE_TAP_SCALE = 2.5;
/** How much one press of the zoom buttons or keys zooms. */
export const ZOOM_STEP = 1.5;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The zoom kept in bounds: 1 ≤ scale ≤ MAX_SCALE, and no edge of a zoomed photo pulled inside the screen's
 * centre line (the photo always covers where it was, so it cannot be panned away and lost).
 */
export function clampZoom(zoom: Zoom, box: Size): Zoom {
  const scale = clamp(zoom.scale, 1, MAX_SCALE);
  const maxX = ((scale - 1) * box.width) / 2;
  const maxY = ((scale - 1) * box.height) / 2;
  // `|| 0` turns -0 into 0, so a fitted photo compares equal to FITTED.
  return { scale, x: clamp(zoom.x, -maxX, maxX) || 0, y: clamp(zoom.y, -maxY, maxY) || 0 };
}

/** Zooms to `scale` keeping the photo's point under `at` where it is (a pinch's midpoint, a double-tap). */
export function zoomAt(zoom: Zoom, scale: number, at: Point, box: Size): Zoom {
  const next = clamp(scale, 1, MAX_SCALE);
  const ratio = next / zoom.scale;
  return clampZoom(
    { scale: next, x: at.x - (at.x - zoom.x) * ratio, y: at.y - (at.y - zoom.y) * ratio },
    box,
  );
}

/** Moves a zoomed photo by (dx, dy), within bounds. */
export function panBy(zoom: Zoom, dx: number, dy: number, box: Size): Zoom {
  return clampZoom({ ...zoom, x: zoom.x + dx, y: zoom.y + dy }, box);
}

/** A double-tap: zooms in on the tapped point, or back to the whole photo when zoomed in. */
export function toggleZoom(zoom: Zoom, at: Point, box: Size): Zoom {
  return zoom.scale > 1 ? FITTED : zoomAt(zoom, DOUBLE_TAP_SCALE, at, box);
}

export function isZoomed(zoom: Zoom): boolean {
  return zoom.scale > 1;
}
