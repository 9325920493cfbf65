import type { Kysely, Migration } from 'kysely';

/**
 * `photo_tombstones`: a photo whose record was deleted keeps its files for a grace period, so that a backup taken
 * meanwhile (the database first, the photos after) still finds the files of every photo its database names
 * (docs/decisions/029-backups-and-restores.md). No foreign key: the record, and perhaps its owner, are gone.
 * A new table: the release before ignores it (and deletes files at once, as it did).
 */
export const photoTombstones: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('photo_tombstones')
      .addColumn('photo_id', 'text', (col) => col.primaryKey())
      .addColumn('deleted_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('photo_tombstones_deleted_at')
      .on('photo_tombstones')
      .column('deleted_at')
      .execute();
  },
};
