import { Maximize2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { Catch } from '#core/catch.ts';
import { ErrorBoundary } from '@/components/error-boundary';
import { PhotoPlaceholder, photoAlt, usePhotoSource } from './catch-photo.tsx';

// The full-screen viewer is a chunk of its own, fetched when a photo is first tapped (decision 023).
const PhotoViewer = lazy(() => import('./photo-viewer.tsx').then((m) => ({ default: m.PhotoViewer })));

/**
 * The detail view's photo (docs/product.md#photos): always the whole photo, never cropped. The image keeps its own
 * aspect ratio (width and height auto within the dialog's width and 60 % of the screen's height), so a portrait
 * photo is shown upright and whole. Tapping it opens the full-screen viewer; focus comes back here after.
 */
export function CatchDetailPhoto({ item }: { item: Pick<Catch, 'photo' | 'fishType'> }) {
  const { src, attempt, onError } = usePhotoSource(item, 'full');
  const [viewerOpen, setViewerOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  // No photo: the species placeholder, as a short banner rather than a photo-sized box.
  if (src === null) return <PhotoPlaceholder item={item} size="full" className="h-32 w-full rounded-lg" />;

  return (
    <div className="relative flex min-h-40 items-center justify-center rounded-lg bg-muted">
      <img
        key={attempt}
        src={src}
        alt={photoAlt(item)}
        decoding="async"
        onError={onError}
        className="block h-auto max-h-[60dvh] w-auto max-w-full rounded-lg object-contain"
      />
      {/* Over the whole photo: a tap anywhere on it opens the viewer. A sibling of the image, not its parent,
          so the image keeps its own role and text alternative. */}
      <button
        ref={opener}
        type="button"
        aria-label="View photo full screen"
        onClick={() => setViewerOpen(true)}
        className="group absolute inset-0 flex items-end justify-end rounded-lg p-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-black/55 text-white group-hover:bg-black/70">
          <Maximize2 aria-hidden="true" className="size-5" />
        </span>
      </button>
      {viewerOpen ? (
        <ErrorBoundary what="the photo viewer">
          <Suspense fallback={null}>
            <PhotoViewer
              src={src}
              alt={photoAlt(item)}
              onClose={() => setViewerOpen(false)}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                opener.current?.focus();
              }}
            />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </div>
  );
}
