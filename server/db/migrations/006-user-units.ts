import type { Kysely, Migration } from 'kysely';

/** Every account, old and new, starts with Imperial units (core/units.ts) until the angler chooses. */
export const userUnits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('units', 'text', (col) => col.notNull().defaultTo('imperial'))
      .execute();
  },
};
