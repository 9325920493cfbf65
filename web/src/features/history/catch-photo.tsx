import { useState } from 'react';
import type { Catch } from '#core/catch.ts';
import { isApiImage, useApiImageSource } from '@/api/api-image';
import { cn } from '@/lib/cn';
import { photoShown } from '@/offline/photos-seen-early';
import { usePhotoRetries } from './photo-retries.ts';
import { speciesPlaceholder } from './species-placeholder.ts';

type PhotoItem = Pick<Catch, 'photo' | 'fishType'>;

/**
 * Which picture to show for a catch: the ~400 px thumbnail in lists, the full photo in the detail view, or none
 * when there is no photo or it could not be loaded (offline, deleted). A catch still waiting in the outbox
 * carries its photo as a blob: URL (the picture on the phone), used as is.
 */
export function usePhotoSource(item: PhotoItem, size: 'thumb' | 'full') {
  // A photo that could not be loaded (offline and not kept) is tried again with the next retry round.
  const retryRound = usePhotoRetries();
  const [failed, setFailed] = useState<{ src: string; round: number } | null>(null);
  const isLocal = item.photo?.startsWith('blob:') ?? false;
  const photoSrc = item.photo
    ? size === 'thumb' && !isLocal
      ? `${item.photo}?size=thumb`
      : item.photo
    : null;
  // The native app fetches API photos with its token (api-image.ts); on the web this is photoSrc itself.
  const shownSrc = useApiImageSource(photoSrc);
  const src =
    shownSrc !== null && !(failed?.src === shownSrc && failed.round === retryRound) ? shownSrc : null;
  // Each try after a failure is a new <img> element: the browser never loads a failed element's unchanged src
  // again, and a new round can start between the error and its render (both land in one render), which would
  // otherwise keep the broken element on screen for good.
  const attempt = failed?.src === shownSrc ? `retry-${failed.round}` : 'first';
  return { src, attempt, onError: () => setFailed(src === null ? null : { src, round: retryRound }) };
}

/** The photo's text alternative (e2e tests and screen readers rely on it). */
export const photoAlt = (item: PhotoItem) => `Photo of ${item.fishType}`;

/**
 * Stands in for a missing photo (docs/product.md#photos): the species' initial on its own colour, so a log without
 * photos does not repeat one picture on every card. Pure CSS, so it also shows offline.
 */
export function PhotoPlaceholder({
  item,
  size,
  className,
}: {
  item: PhotoItem;
  size: 'thumb' | 'full';
  className?: string;
}) {
  const { initial, colorClass } = speciesPlaceholder(item.fishType);
  return (
    <div
      role="img"
      aria-label={`${item.fishType} (no photo)`}
      className={cn(
        'flex select-none items-center justify-center font-semibold text-white',
        size === 'thumb' ? 'text-4xl' : 'text-7xl',
        colorClass,
        className,
      )}
    >
      <span aria-hidden="true">{initial}</span>
    </div>
  );
}

/** A catch's thumbnail for lists: the whole photo fitted into the box (a long fish is never cropped), or the placeholder. */
export function CatchThumbnail({ item, className }: { item: PhotoItem; className?: string }) {
  const { src, attempt, onError } = usePhotoSource(item, 'thumb');
  if (src === null) return <PhotoPlaceholder item={item} size="thumb" className={className} />;
  return (
    <img
      key={attempt}
      src={src}
      alt={photoAlt(item)}
      loading="lazy"
      decoding="async"
      onError={onError}
      onLoad={() => {
        if (isApiImage(src)) photoShown(src);
      }}
      className={cn('bg-muted object-contain', className)}
    />
  );
}
