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
   * saved), and returns their ids so their files can be removed. A photo a catch references meanwhile is kept:
   * the check and the delete are one statement.
   */
  async deleteUnattachedBefore(cutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('photos')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('photos as unattached')
          .select('unattached.id')
          .where('unattached.created_at', '<', cutoff.toISOString())
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('catches').select('catches.id').whereRef('catches.photo_id', '=', 'unattached.id'),
              ),
            ),
          )
          .limit(limit),
      )
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }
}
