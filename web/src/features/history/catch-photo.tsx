import { useState } from 'react';
import defaultFishUrl from '@/assets/default-fish.svg?no-inline';
import { cn } from '@/lib/cn';
import type { Catch } from '../../../../core/catch.ts';

/**
 * A catch's photo: the ~400 px thumbnail in lists, the full photo in the detail view, and the bundled
 * fish illustration when there is no photo or it cannot be loaded (offline, deleted).
 * `?no-inline` keeps the illustration a hashed file, so a strict img-src CSP needs no data: URLs.
 * A catch still waiting in the outbox carries its photo as a blob: URL (the picture on the phone), used as is.
 */
export function CatchPhoto({
  item,
  size,
  className,
}: {
  item: Pick<Catch, 'photo' | 'fishType'>;
  size: 'thumb' | 'full';
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const isLocal = item.photo?.startsWith('blob:') ?? false;
  const photoSrc = item.photo
    ? size === 'thumb' && !isLocal
      ? `${item.photo}?size=thumb`
      : item.photo
    : null;
  const usePhoto = photoSrc !== null && failedSrc !== photoSrc;

  return (
    <img
      src={usePhoto ? photoSrc : defaultFishUrl}
      alt={usePhoto ? `Photo of ${item.fishType}` : `${item.fishType} (no photo)`}
      loading={size === 'thumb' ? 'lazy' : undefined}
      decoding="async"
      onError={() => {
        if (usePhoto) setFailedSrc(photoSrc);
      }}
      className={cn('bg-muted object-cover', className)}
    />
  );
}
