import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Photo records: who owns which stored image. The bytes live in a PhotoStore. */
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
    createdAt: Date;
  }): Promise<void> {
    await this.db
      .insertInto('photos')
      .values({
        id: photo.id,
        user_id: photo.userId,
        width: photo.width,
        height: photo.height,
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

  async delete(photoId: string, userId: number): Promise<void> {
    await this.db.deleteFrom('photos').where('id', '=', photoId).where('user_id', '=', userId).execute();
  }
}
