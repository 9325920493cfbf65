import type { Kysely, Migration } from 'kysely';

/**
 * What each photo takes in the store (WebP plus thumbnail), for the per-account storage quota. Photos stored
 * before this migration count as 0 bytes; the sweep of unattached uploads (created_at) gets an index.
 */
export const photoBytes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('photos')
      .addColumn('bytes', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('photos_created_at').on('photos').column('created_at').execute();
    await db.schema.createIndex('catches_photo_id').on('catches').column('photo_id').execute();
  },
};
