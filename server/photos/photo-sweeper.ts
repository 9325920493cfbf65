import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { PhotoRepository } from './photo.repository.ts';
import type { PhotoStore } from './photo-store.ts';

/** An upload no catch uses after this long is deleted (the offline outbox re-uploads when it finds it gone). */
export const UNATTACHED_PHOTO_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const PHOTO_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Photos deleted per statement, so one sweep never holds the database for long. */
const SWEEP_BATCH = 200;

export interface PhotoSweeperDependencies {
  photos: PhotoRepository;
  photoStore: PhotoStore;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Uploads are stored before the catch that shows them is saved (the log form and the offline outbox upload first).
 * A photo whose catch never came would stay on disk forever: this sweep deletes, every hour, the photos that are
 * older than a day and that no catch references ("attached" means a catches row has its id).
 */
export class UnattachedPhotoSweeper {
  private readonly deps: PhotoSweeperDependencies;
  private sweeping = false;

  constructor(deps: PhotoSweeperDependencies) {
    this.deps = deps;
  }

  /** Deletes every unattached photo older than UNATTACHED_PHOTO_MAX_AGE_MS; returns how many. */
  async sweep(): Promise<number> {
    const { photos, photoStore, clock, log } = this.deps;
    const cutoff = new Date(clock.now().getTime() - UNATTACHED_PHOTO_MAX_AGE_MS);
    let deleted = 0;
    for (;;) {
      // The record goes first: once it is gone no catch can take the photo, and its files can go.
      const ids = await photos.deleteUnattachedBefore(cutoff, SWEEP_BATCH);
      for (const id of ids) {
        await photoStore.remove(id).catch((error: unknown) => {
          log.error({ err: error, photoId: id }, 'could not remove the files of a swept photo');
        });
      }
      deleted += ids.length;
      if (ids.length < SWEEP_BATCH) return deleted;
    }
  }

  /** Sweeps every `intervalMs` until the returned function is called. */
  start(intervalMs = PHOTO_SWEEP_INTERVAL_MS): () => void {
    const timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = true;
      this.sweep()
        .then((deleted) => {
          if (deleted > 0) this.deps.log.info({ deleted }, 'deleted photos no catch uses');
        })
        .catch((error: unknown) => this.deps.log.error({ err: error }, 'photo sweep failed'))
        .finally(() => {
          this.sweeping = false;
        });
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
