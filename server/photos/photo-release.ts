import type { PhotoRepository } from './photo.repository.ts';
import type { PhotoStore } from './photo-store.ts';

/**
 * A catch that no longer shows its photo (it was deleted, or edited to another photo) lets the photo go: the photo
 * is deleted unless another of the user's catches still shows it. The record goes first (then no catch can take
 * the photo), then the store is told to remove it; the catch routes' store leaves a tombstone, and the files go after
 * the grace period (photo-removal.ts). Uploads never attached to any catch are swept by PhotoSweeper (photo-sweeper.ts).
 */
export async function releasePhoto(
  deps: { photos: PhotoRepository; photoStore: PhotoStore },
  userId: number,
  photoId: string | null,
): Promise<void> {
  if (photoId && (await deps.photos.deleteIfUnattached(photoId, userId))) {
    await deps.photoStore.remove(photoId);
  }
}
