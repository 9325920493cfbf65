import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  DOUBLE_TAP_SCALE,
  FITTED,
  isZoomed,
  MAX_SCALE,
  panBy,
  toggleZoom,
  zoomAt,
} from './photo-zoom.ts';

const box = { width: 300, height: 400 };

describe('photo zoom', () => {
  it('keeps the scale between the whole photo and MAX_SCALE', () => {
    expect(clampZoom({ scale: 0.3, x: 10, y: 10 }, box)).toEqual(FITTED);
    expect(clampZoom({ scale: 9, x: 0, y: 0 }, box).scale).toBe(MAX_SCALE);
  });

  it('keeps the point under a double-tap where it was', () => {
    // A tap 60 px right of and 80 px below the centre: the photo point there stays under the finger.
    const zoomed = toggleZoom(FITTED, { x: 60, y: 80 }, box);
    expect(zoomed.scale).toBe(DOUBLE_TAP_SCALE);
    const photoPoint = { x: 60, y: 80 }; // at scale 1, photo coordinates equal screen coordinates
    expect(zoomed.x + photoPoint.x * zoomed.scale).toBeCloseTo(60);
    expect(zoomed.y + photoPoint.y * zoomed.scale).toBeCloseTo(80);
    expect(isZoomed(zoomed)).toBe(true);
    // A second double-tap shows the whole photo again.
    expect(toggleZoom(zoomed, { x: 0, y: 0 }, box)).toEqual(FITTED);
  });

  it('zooms around a pinch midpoint from an already zoomed photo', () => {
    const start = { scale: 2, x: 40, y: -20 };
    const at = { x: -30, y: 50 };
    const next = zoomAt(start, 3, at, box);
    const photoPoint = { x: (at.x - start.x) / start.scale, y: (at.y - start.y) / start.scale };
    expect(next.x + photoPoint.x * next.scale).toBeCloseTo(at.x);
    expect(next.y + photoPoint.y * next.scale).toBeCloseTo(at.y);
  });

  it('never lets a zoomed photo be panned off screen', () => {
    const zoomed = { scale: 2, x: 0, y: 0 };
    expect(panBy(zoomed, 1000, -1000, box)).toEqual({ scale: 2, x: 150, y: -200 });
    expect(panBy(zoomed, 20, 30, box)).toEqual({ scale: 2, x: 20, y: 30 });
    // The whole photo cannot be moved at all.
    expect(panBy(FITTED, 50, 50, box)).toEqual(FITTED);
  });

  it('a tap near an edge zooms without uncovering the screen', () => {
    const zoomed = zoomAt(FITTED, 4, { x: 150, y: 200 }, box);
    expect(zoomed).toEqual({ scale: 4, x: -450, y: -600 });
    expect(Math.abs(zoomed.x)).toBeLessThanOrEqual(((4 - 1) * box.width) / 2);
  });
});
