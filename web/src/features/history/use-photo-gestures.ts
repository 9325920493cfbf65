import { type PointerEvent, useRef, useState, type WheelEvent } from 'react';
import { isZoomed, type Point, panBy, toggleZoom, type Zoom, zoomAt } from './photo-zoom.ts';
import type { PhotoStage } from './use-photo-stage.ts';

/** A swipe down further than this closes the viewer (when the photo is not zoomed in). */
export const SWIPE_CLOSE_PX = 120;
/** Two taps within this time and distance are a double-tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;
/** A press that moved less than this is a tap, not a drag. */
const TAP_SLOP_PX = 10;

interface Gesture {
  /** Where each finger (or the mouse) is, by pointer id. */
  pointers: Map<number, Point>;
  /** Where the single pointer went down and whether it has moved beyond a tap. */
  start: Point | null;
  moved: boolean;
  /** The pinch in progress: the fingers' distance and the zoom when it began. */
  pinch: { distance: number; zoom: Zoom } | null;
  lastTap: { at: number; point: Point } | null;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * The photo viewer's pointer gestures on its stage: pinch or double-tap (or the wheel) to zoom, drag to move a
 * zoomed photo, swipe down to close a fitted one. Returns how far a swipe has pulled the photo, whether a gesture
 * is going on (the photo then follows the fingers without easing), and the stage's handlers.
 */
export function usePhotoGestures({ zoom, setZoom, box, fromCentre }: PhotoStage, onClose: () => void) {
  /** How far a swipe down has pulled the photo, px (0 when none). */
  const [swipe, setSwipe] = useState(0);
  const [gesturing, setGesturing] = useState(false);
  const gesture = useRef<Gesture>({
    pointers: new Map(),
    start: null,
    moved: false,
    pinch: null,
    lastTap: null,
  });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = fromCentre(event.clientX, event.clientY);
    g.pointers.set(event.pointerId, point);
    setGesturing(true);
    if (g.pointers.size === 1) {
      g.start = point;
      g.moved = false;
    } else if (g.pointers.size === 2) {
      const [a, b] = [...g.pointers.values()] as [Point, Point];
      g.pinch = { distance: Math.max(1, distance(a, b)), zoom };
      g.moved = true;
      setSwipe(0);
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    const previous = g.pointers.get(event.pointerId);
    if (!previous) return;
    const point = fromCentre(event.clientX, event.clientY);
    g.pointers.set(event.pointerId, point);
    if (g.pinch && g.pointers.size >= 2) {
      const [a, b] = [...g.pointers.values()] as [Point, Point];
      const { distance: startDistance, zoom: startZoom } = g.pinch;
      setZoom(zoomAt(startZoom, (startZoom.scale * distance(a, b)) / startDistance, midpoint(a, b), box()));
      return;
    }
    if (!g.start) return;
    if (!g.moved && distance(point, g.start) > TAP_SLOP_PX) g.moved = true;
    if (!g.moved) return;
    if (isZoomed(zoom))
      setZoom((current) => panBy(current, point.x - previous.x, point.y - previous.y, box()));
    else setSwipe(Math.max(0, point.y - g.start.y));
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g.pointers.delete(event.pointerId)) return;
    if (g.pointers.size > 0) {
      // One finger of a pinch lifted: the other may go on to move the photo.
      const [rest] = [...g.pointers.values()];
      g.start = rest ?? null;
      g.pinch = null;
      return;
    }
    setGesturing(false);
    const wasTap = !g.moved && event.type === 'pointerup';
    const point = fromCentre(event.clientX, event.clientY);
    g.start = null;
    g.pinch = null;
    if (swipe > SWIPE_CLOSE_PX) {
      onClose();
      return;
    }
    setSwipe(0);
    if (!wasTap) {
      g.lastTap = null;
      return;
    }
    const now = event.timeStamp;
    const last = g.lastTap;
    if (last && now - last.at < DOUBLE_TAP_MS && distance(point, last.point) < DOUBLE_TAP_PX) {
      g.lastTap = null;
      setZoom((current) => toggleZoom(current, point, box()));
    } else {
      g.lastTap = { at: now, point };
    }
  };

  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    const factor = Math.exp(-event.deltaY / 300);
    const at = fromCentre(event.clientX, event.clientY);
    setZoom((current) => zoomAt(current, current.scale * factor, at, box()));
  };

  return {
    swipe,
    gesturing,
    stageHandlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      onWheel,
    },
  };
}
