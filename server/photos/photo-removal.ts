import type { Clock } from '../clock.ts';
import type { PhotoRepository } from './photo.repository.ts';
import type { PhotoStore, PhotoVariant } from './photo-store.ts';

/**
 * How long a deleted photo's files stay in the store after its record is gone (docs/decisions/029-backups-and-
 * restores.md). A backup copies the database first and the photos after; any photo its copy of the database names
 * is still in the store while the photos are copied, as long as the backup takes less than this. Two days: far
 * more than a club's backup (seconds) or a region's (a database dump and a bucket sync, minutes to hours), and
 * short enough that a deleted photo does not linger. The backup script fails when it took longer.
 */
export const PHOTO_REMOVAL_GRACE_MS = 48 * 60 * 60 * 1000;

/**
 * The photo store through which the catch routes let photos go: reads and writes go to the real store, a removal
 * leaves a tombstone instead (the files go once PHOTO_REMOVAL_GRACE_MS has passed: PhotoSweeper). Every photo a
 * catch may show waits like this: those of deleted and edited catches (here), of deleted accounts and of uploads
 * no catch took (tombstoned in the same transaction as their records: AccountRepository, PhotoSweeper). A photo
 * no catch or phone ever names (an import's leftovers, a failed upload) goes at once, freeing a disk that may be
 * full. A process that dies between deleting a record and writing its tombstone leaves files no record owns: the
 * orphan sweep finds them and writes the tombstone.
 */
export class DelayedRemovalPhotoStore implements PhotoStore {
  private readonly store: PhotoStore;
  private readonly photos: PhotoRepository;
  private readonly clock: Clock;

  constructor(store: PhotoStore, photos: PhotoRepository, clock: Clock) {
    this.store = store;
    this.photos = photos;
    this.clock = clock;
  }

  save(id: string, variant: PhotoVariant, data: Buffer): Promise<void> {
    return this.store.save(id, variant, data);
  }

  read(id: string, variant: PhotoVariant): Promise<Buffer | null> {
    return this.store.read(id, variant);
  }

  /** Marks the photo deleted now; its files stay for the grace period. */
  remove(id: string): Promise<void> {
    return this.photos.addTombstones([id], this.clock.now());
  }

  listPhotoIds(): AsyncIterable<string> {
    return this.store.listPhotoIds();
  }

  checkReachable(): Promise<void> {
    return this.store.checkReachable();
  }
}
