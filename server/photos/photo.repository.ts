import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Photo records: who owns which stored image, and how many bytes it takes. The bytes live in a PhotoStore. */
export class PhotoRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async create(photo: {
    id: string;
    userId: number;
    width: number;
    height: number;
    bytes: number;
    createdAt: Date;
  }): Promise<void> {
    await this.db
      .insertInto('photos')
      .values({
        id: photo.id,
        user_id: photo.userId,
        width: photo.width,
        height: photo.height,
        bytes: photo.bytes,
        created_at: photo.createdAt.toISOString(),
      })
      .execute();
  }

  async isOwnedBy(photoId: string, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('photos')
      .select('id')
      .where('id', '=', photoId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Bytes of all the user's stored photos (the storage quota counts these). */
  async bytesStoredBy(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('photos')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('bytes'), eb.lit(0)).as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /**
   * Deletes the user's photo if no catch references it; true when it was deleted (its files can go). The check
   * and the delete are one statement, so a catch that takes the photo meanwhile keeps it.
   */
  async deleteIfUnattached(photoId: string, userId: number): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('photos')
      .where('id', '=', photoId)
      .where('user_id', '=', userId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('catches').select('catches.id').whereRef('catches.photo_id', '=', 'photos.id')),
        ),
      )
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /**
   * Deletes up to `limit` photos created before `cutoff` that no catch references (uploads whose catch was never
   * saved) and leaves a tombstone dated `now` for each, in one transaction; returns their ids. A photo a catch
   * references meanwhile is kept: the check and the delete are one statement.
   */
  async deleteUnattachedBefore(cutoff: Date, limit: number, now: Date): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .deleteFrom('photos')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('photos as unattached')
            .select('unattached.id')
            .where('unattached.created_at', '<', cutoff.toISOString())
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('catches')
                    .select('catches.id')
                    .whereRef('catches.photo_id', '=', 'unattached.id'),
                ),
              ),
            )
            .limit(limit),
        )
        .returning('id')
        .execute();
      const ids = rows.map((row) => row.id);
      await addPhotoTombstones(trx, ids, now);
      return ids;
    });
  }

  /** Marks photos deleted at `at`: their files go once the grace period has passed (photo-sweeper.ts). */
  async addTombstones(photoIds: readonly string[], at: Date): Promise<void> {
    await addPhotoTombstones(this.db, photoIds, at);
  }

  /** Up to `limit` tombstones dated before `cutoff`, oldest first: photos whose files may go now. */
  async tombstonesBefore(cutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('photo_tombstones')
      .select('photo_id')
      .where('deleted_at', '<', cutoff.toISOString())
      .orderBy('deleted_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.photo_id);
  }

  /** Forgets tombstones: their files are gone, or their photo has a record again. */
  async forgetTombstones(photoIds: readonly string[]): Promise<void> {
    for (const batch of batches(photoIds)) {
      await this.db.deleteFrom('photo_tombstones').where('photo_id', 'in', batch).execute();
    }
  }

  /** Of `photoIds`, those that have a record (a photo in use, or an upload waiting for its catch). */
  async withRecords(photoIds: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const batch of batches(photoIds)) {
      const rows = await this.db.selectFrom('photos').select('id').where('id', 'in', batch).execute();
      for (const row of rows) found.add(row.id);
    }
    return found;
  }

  /**
   * Of `photoIds` (ids found in the photo store), those with neither a record nor a tombstone: files no photo owns
   * (a save whose record was never made, or a removal that died half-way).
   */
  async untracked(photoIds: readonly string[]): Promise<string[]> {
    const tracked = await this.withRecords(photoIds);
    for (const batch of batches(photoIds)) {
      const rows = await this.db
        .selectFrom('photo_tombstones')
        .select('photo_id')
        .where('photo_id', 'in', batch)
        .execute();
      for (const row of rows) tracked.add(row.photo_id);
    }
    return photoIds.filter((id) => !tracked.has(id));
  }
}

/** Ids per statement: far below both engines' limits on bound parameters. */
const IDS_PER_STATEMENT = 500;

function* batches(ids: readonly string[]): Generator<string[]> {
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    yield ids.slice(start, start + IDS_PER_STATEMENT);
  }
}

/**
 * Marks photos whose records are deleted (or never were) deleted at `at`, on `db` or inside the caller's
 * transaction (an account deleted in one): their files are removed only once the grace period has passed, so a
 * backup taken meanwhile still finds them (photo-sweeper.ts). A photo marked again keeps the later date.
 */
export async function addPhotoTombstones(
  db: Kysely<Database>,
  photoIds: readonly string[],
  at: Date,
): Promise<void> {
  const deletedAt = at.toISOString();
  for (const batch of batches(photoIds)) {
    await db
      .insertInto('photo_tombstones')
      .values(batch.map((photoId) => ({ photo_id: photoId, deleted_at: deletedAt })))
      .onConflict((conflict) => conflict.column('photo_id').doUpdateSet({ deleted_at: deletedAt }))
      .execute();
  }
}
