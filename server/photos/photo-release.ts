import type { PhotoRepository } from './photo.repository.ts';
import type { PhotoStore } from './photo-store.ts';

/**
 * A catch that no longer shows its photo (it was deleted) lets the photo go: the photo is deleted unless another of
 * the user's catches still shows it. The record goes first (then no catch can take the photo), then its files.
 * Uploads never attached to any catch are swept by UnattachedPhotoSweeper (photo-sweeper.ts).
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
