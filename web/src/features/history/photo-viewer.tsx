import { Minus, Plus, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type KeyboardEvent, type PointerEvent, useCallback, useRef, useState, type WheelEvent } from 'react';
import { cn } from '@/lib/cn';
import {
  FITTED,
  isZoomed,
  type Point,
  panBy,
  toggleZoom,
  ZOOM_STEP,
  type Zoom,
  zoomAt,
} from './photo-zoom.ts';

/** A swipe down further than this closes the viewer (when the photo is not zoomed in). */
const SWIPE_CLOSE_PX = 120;
/** Two taps within this time and distance are a double-tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;
/** A press that moved less than this is a tap, not a drag. */
const TAP_SLOP_PX = 10;
/** How far one arrow key moves a zoomed photo. */
const PAN_STEP_PX = 60;

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
 * The full-screen photo viewer (docs/product.md#photos): the whole photo on black; pinch or double-tap to zoom, drag to
 * move a zoomed photo, swipe down, Escape or the close button to close. A modal dialog, so focus stays inside
 * and goes back to the opener (onCloseAutoFocus). Keys: + and − zoom, 0 shows the whole photo, arrows move a
 * zoomed photo. The zoom arithmetic is photo-zoom.ts.
 */
export function PhotoViewer({
  src,
  alt,
  onClose,
  onCloseAutoFocus,
}: {
  src: string;
  alt: string;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const [zoom, setZoom] = useState<Zoom>(FITTED);
  /** How far a swipe down has pulled the photo, px (0 when none). */
  const [swipe, setSwipe] = useState(0);
  const [gesturing, setGesturing] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const gesture = useRef<Gesture>({
    pointers: new Map(),
    start: null,
    moved: false,
    pinch: null,
    lastTap: null,
  });

  /** The photo's size on screen at scale 1 (layout size: transforms do not change it). */
  const box = useCallback(
    () => ({ width: image.current?.offsetWidth ?? 0, height: image.current?.offsetHeight ?? 0 }),
    [],
  );
  /** A client point relative to the stage's centre. */
  const fromCentre = useCallback((clientX: number, clientY: number): Point => {
    const rect = stage.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return { x: clientX - (rect.left + rect.width / 2), y: clientY - (rect.top + rect.height / 2) };
  }, []);
  /** The buttons and keys zoom around the middle of the screen. */
  const zoomBy = (factor: number) =>
    setZoom((current) => zoomAt(current, current.scale * factor, { x: 0, y: 0 }, box()));

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

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const pan = (dx: number, dy: number) => setZoom((current) => panBy(current, dx, dy, box()));
    // Arrows move the view over the photo, as in a map.
    switch (event.key) {
      case '+':
      case '=':
        zoomBy(ZOOM_STEP);
        break;
      case '-':
        zoomBy(1 / ZOOM_STEP);
        break;
      case '0':
        setZoom(FITTED);
        break;
      case 'ArrowLeft':
        pan(PAN_STEP_PX, 0);
        break;
      case 'ArrowRight':
        pan(-PAN_STEP_PX, 0);
        break;
      case 'ArrowUp':
        pan(0, PAN_STEP_PX);
        break;
      case 'ArrowDown':
        pan(0, -PAN_STEP_PX);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const pulled = Math.min(1, swipe / (SWIPE_CLOSE_PX * 2));
  const roundButton =
    'flex size-11 items-center justify-center rounded-full bg-black/55 text-white hover:bg-black/75 ' +
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white';

  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          className="fixed inset-0 z-50 bg-black"
          style={{ opacity: 1 - pulled * 0.6 }}
        />
        <DialogPrimitive.Content
          data-testid="photo-viewer"
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            closeButton.current?.focus();
          }}
          onCloseAutoFocus={onCloseAutoFocus}
          onKeyDown={onKeyDown}
        >
          <DialogPrimitive.Title className="sr-only">{alt}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">
            Pinch or double-tap to zoom, plus and minus keys too. Swipe down or press Escape to close.
          </DialogPrimitive.Description>
          <div
            ref={stage}
            data-testid="photo-viewer-stage"
            className="relative flex min-h-0 flex-1 touch-none select-none items-center justify-center overflow-hidden"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            onWheel={onWheel}
          >
            <img
              ref={image}
              src={src}
              alt={alt}
              draggable={false}
              className={cn(
                'max-h-full max-w-full object-contain will-change-transform',
                gesturing ? '' : 'transition-transform duration-200 ease-out',
              )}
              style={{
                transform: `translate(${zoom.x}px, ${zoom.y + swipe}px) scale(${zoom.scale * (1 - pulled * 0.2)})`,
              }}
            />
          </div>
          {/* The controls sit above the photo, clear of the notch and the home bar. */}
          <div className="pointer-events-none absolute inset-x-0 top-0 flex justify-end gap-2 p-3 pt-[max(0.75rem,env(safe-area-inset-top))]">
            <button
              type="button"
              className={cn(roundButton, 'pointer-events-auto')}
              aria-label="Zoom out"
              onClick={() => zoomBy(1 / ZOOM_STEP)}
            >
              <Minus aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              className={cn(roundButton, 'pointer-events-auto')}
              aria-label="Zoom in"
              onClick={() => zoomBy(ZOOM_STEP)}
            >
              <Plus aria-hidden="true" className="size-5" />
            </button>
            <DialogPrimitive.Close
              ref={closeButton}
              className={cn(roundButton, 'pointer-events-auto')}
              aria-label="Close photo"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
