import { Minus, Plus, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type RefObject, useRef } from 'react';
import { cn } from '@/lib/cn';
import { photoViewerKeyHandler } from './photo-viewer-keys.ts';
import { ZOOM_STEP } from './photo-zoom.ts';
import { SWIPE_CLOSE_PX, usePhotoGestures } from './use-photo-gestures.ts';
import { usePhotoStage } from './use-photo-stage.ts';

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
  const stage = usePhotoStage();
  const { zoom, zoomBy } = stage;
  const { swipe, gesturing, stageHandlers } = usePhotoGestures(stage, onClose);
  const closeButton = useRef<HTMLButtonElement>(null);

  const pulled = Math.min(1, swipe / (SWIPE_CLOSE_PX * 2));

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
          onKeyDown={photoViewerKeyHandler(stage)}
        >
          <DialogPrimitive.Title className="sr-only">{alt}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">
            Pinch or double-tap to zoom, plus and minus keys too. Swipe down or press Escape to close.
          </DialogPrimitive.Description>
          <div
            ref={stage.stageRef}
            data-testid="photo-viewer-stage"
            className="relative flex min-h-0 flex-1 touch-none select-none items-center justify-center overflow-hidden"
            {...stageHandlers}
          >
            <img
              ref={stage.imageRef}
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
          <PhotoViewerControls zoomBy={zoomBy} closeButtonRef={closeButton} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

// Round, dark and 44 px: readable and easy to hit on any photo.
const roundButton =
  'flex size-11 items-center justify-center rounded-full bg-black/55 text-white hover:bg-black/75 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white';

/** Zoom out, zoom in and close, over the photo. */
function PhotoViewerControls({
  zoomBy,
  closeButtonRef,
}: {
  zoomBy: (factor: number) => void;
  /** The close button takes focus when the viewer opens. */
  closeButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  return (
    // The controls sit above the photo, clear of the notch and the home bar.
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
        ref={closeButtonRef}
        className={cn(roundButton, 'pointer-events-auto')}
        aria-label="Close photo"
      >
        <X aria-hidden="true" className="size-5" />
      </DialogPrimitive.Close>
    </div>
  );
}
