import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The one statement set that deletes an account (issue 11): the user, its catches, photo records, sessions and the
 * rate-limit counters keyed to it, in one transaction, so a database error leaves the account whole. The photo
 * files are the caller's to remove after the commit (photos/photo-release.ts).
 */
export class AccountRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /**
   * Deletes the account and everything of it; `rateLimitKeys` are the counters keyed to it. Returns the ids of the
   * photos whose records were deleted (their files are to be removed), or null when the account was already gone.
   */
  async delete(userId: number, rateLimitKeys: readonly string[]): Promise<string[] | null> {
    return this.db.transaction().execute(async (trx) => {
      // Catches first: they point at the photos (the foreign keys would cascade, but explicit is clearer).
      await trx.deleteFrom('catches').where('user_id', '=', userId).execute();
      const photos = await trx.deleteFrom('photos').where('user_id', '=', userId).returning('id').execute();
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      if (rateLimitKeys.length > 0) {
        await trx
          .deleteFrom('rate_limit_hits')
          .where('bucket_key', 'in', [...rateLimitKeys])
          .execute();
      }
      const user = await trx.deleteFrom('users').where('id', '=', userId).returning('id').executeTakeFirst();
      // Deleted meanwhile by a parallel request: that one removes the files.
      if (!user) return null;
      return photos.map((photo) => photo.id);
    });
  }
}
