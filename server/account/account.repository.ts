import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { addPhotoTombstones } from '../photos/photo.repository.ts';

/**
 * The one statement set that deletes an account: the user, its catches, trips, spots, photo records, sessions and the rate-limit
 * counters keyed to it, in one transaction, so a database error leaves the account whole. Each photo gets a
 * tombstone in the same transaction: its files go after the grace period (photos/photo-removal.ts).
 */
export class AccountRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /**
   * Deletes the account and everything of it at `now`; `rateLimitKeys` are the counters keyed to it. False when the
   * account was already gone.
   */
  async delete(userId: number, rateLimitKeys: readonly string[], now: Date): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // Catches first: they point at the photos (the foreign keys would cascade, but explicit is clearer).
      await trx.deleteFrom('catches').where('user_id', '=', userId).execute();
      // Then the trips (they point at the spots), then the spots (docs/decisions/043-trips-and-spots.md).
      await trx.deleteFrom('trips').where('user_id', '=', userId).execute();
      await trx.deleteFrom('spots').where('user_id', '=', userId).execute();
      const photos = await trx.deleteFrom('photos').where('user_id', '=', userId).returning('id').execute();
      await addPhotoTombstones(
        trx,
        photos.map((photo) => photo.id),
        now,
      );
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      if (rateLimitKeys.length > 0) {
        await trx
          .deleteFrom('rate_limit_hits')
          .where('bucket_key', 'in', [...rateLimitKeys])
          .execute();
      }
      const user = await trx.deleteFrom('users').where('id', '=', userId).returning('id').executeTakeFirst();
      // Deleted meanwhile by a parallel request (this transaction then deleted nothing).
      return user !== undefined;
    });
  }
}
