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

/**
 * Removes the files of photos whose records are already deleted (an account deleted in one transaction: the
 * records go with it, the files after the commit). A file the store fails to remove is logged and left (an
 * orphan file, never a record without its file); returns the ids whose files could not be removed.
 */
export async function removeReleasedPhotoFiles(
  photoStore: PhotoStore,
  photoIds: readonly string[],
  onError: (photoId: string, error: unknown) => void,
): Promise<string[]> {
  const failed: string[] = [];
  // A few at a time: an account may hold thousands of photos, and an S3 store answers each in a round trip.
  const queue = [...photoIds];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        await photoStore.remove(id);
      } catch (error) {
        failed.push(id);
        onError(id, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, queue.length) }, worker));
  return failed;
}
