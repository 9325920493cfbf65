import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { PhotoRepository } from './photo.repository.ts';
import { PHOTO_REMOVAL_GRACE_MS } from './photo-removal.ts';
import type { PhotoStore } from './photo-store.ts';

/** An upload no catch uses after this long is deleted (the offline outbox re-uploads when it finds it gone). */
export const UNATTACHED_PHOTO_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const PHOTO_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** How often the whole store is listed for files no record owns (a bucket of many photos takes a while to list). */
export const ORPHAN_SCAN_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Photos handled per statement, so one sweep never holds the database for long. */
const SWEEP_BATCH = 200;

export interface PhotoSweeperDependencies {
  photos: PhotoRepository;
  /** The real store (not the app's DelayedRemovalPhotoStore): this is where files are finally removed. */
  photoStore: PhotoStore;
  clock: Clock;
  log: FastifyBaseLogger;
}

export interface PhotoSweepResult {
  /** Uploads no catch took within a day: records deleted, tombstones left. */
  unattached: number;
  /** Photos in the store with neither a record nor a tombstone, now tombstoned (null: no scan this time). */
  orphans: number | null;
  /** Photos whose tombstone outlived the grace period: files removed. */
  removed: number;
}

/**
 * Keeps the photo store to what the records name, without ever removing a file sooner than the grace period after
 * it stopped being used (photo-removal.ts), every hour on every instance (each step is safe to run twice at once):
 * - uploads whose catch never came (a day old, no catch references them) lose their record and get a tombstone;
 * - once a day, every photo in the store with neither a record nor a tombstone (a save whose record was never
 *   made: a crash, a failed insert; or files a restore brought back) gets a tombstone, dated now;
 * - tombstones older than the grace period: the files are removed, unless a record of that photo exists again (an
 *   upload caught half-way by the scan above); then the tombstone goes.
 */
export class PhotoSweeper {
  private readonly deps: PhotoSweeperDependencies;
  private sweeping = false;
  private lastOrphanScan: number | null = null;

  constructor(deps: PhotoSweeperDependencies) {
    this.deps = deps;
  }

  /** Deletes the records of uploads older than UNATTACHED_PHOTO_MAX_AGE_MS that no catch uses; returns how many. */
  async deleteUnattachedUploads(): Promise<number> {
    const { photos, clock } = this.deps;
    const now = clock.now();
    const cutoff = new Date(now.getTime() - UNATTACHED_PHOTO_MAX_AGE_MS);
    let deleted = 0;
    for (;;) {
      const ids = await photos.deleteUnattachedBefore(cutoff, SWEEP_BATCH, now);
      deleted += ids.length;
      if (ids.length < SWEEP_BATCH) return deleted;
    }
  }

  /** Tombstones every photo in the store that has neither a record nor a tombstone; returns how many. */
  async tombstoneOrphans(): Promise<number> {
    const { photos, photoStore, clock } = this.deps;
    let found = 0;
    let batch: string[] = [];
    const settle = async () => {
      const orphans = await photos.untracked(batch);
      // Dated when found: what the store holds stays for the grace period from now.
      await photos.addTombstones(orphans, clock.now());
      found += orphans.length;
      batch = [];
    };
    for await (const id of photoStore.listPhotoIds()) {
      batch.push(id);
      if (batch.length >= SWEEP_BATCH) await settle();
    }
    await settle();
    return found;
  }

  /** Removes the files of photos whose tombstone is older than the grace period; returns how many. */
  async removeExpiredTombstones(): Promise<number> {
    const { photos, photoStore, clock, log } = this.deps;
    const cutoff = new Date(clock.now().getTime() - PHOTO_REMOVAL_GRACE_MS);
    let removed = 0;
    for (;;) {
      const ids = await photos.tombstonesBefore(cutoff, SWEEP_BATCH);
      const alive = await photos.withRecords(ids);
      const done: string[] = [...alive];
      for (const id of ids.filter((id) => !alive.has(id))) {
        try {
          await photoStore.remove(id);
          done.push(id);
          removed++;
        } catch (error) {
          // Kept for the next sweep: the store may be down for a while.
          log.error({ err: error, photoId: id }, 'could not remove the files of a deleted photo');
        }
      }
      await photos.forgetTombstones(done);
      // Stops at a short batch, or when nothing could be done (the store refusing every removal).
      if (ids.length < SWEEP_BATCH || done.length === 0) return removed;
    }
  }

  /** One sweep: uploads, the orphan scan when a day has passed since the last one, expired tombstones. */
  async sweep(): Promise<PhotoSweepResult> {
    const unattached = await this.deleteUnattachedUploads();
    const now = this.deps.clock.now().getTime();
    let orphans: number | null = null;
    if (this.lastOrphanScan === null || now - this.lastOrphanScan >= ORPHAN_SCAN_INTERVAL_MS) {
      orphans = await this.tombstoneOrphans();
      this.lastOrphanScan = now;
    }
    const removed = await this.removeExpiredTombstones();
    return { unattached, orphans, removed };
  }

  /** Sweeps every `intervalMs` until the returned function is called. */
  start(intervalMs = PHOTO_SWEEP_INTERVAL_MS): () => void {
    const timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = true;
      this.sweep()
        .then((result) => {
          if (result.unattached > 0 || result.removed > 0 || (result.orphans ?? 0) > 0) {
            this.deps.log.info(
              result,
              'photo sweep: uploads no catch took, files no record owns, files removed',
            );
          }
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
