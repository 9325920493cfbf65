import type { Kysely, Migration } from 'kysely';

/**
 * `users.catches_version`, bumped with every catch write, so a cached history list can be reused until the next
 * write (server/catches/catch-list-cache.ts); read together with the session, it costs no extra query.
 */
export const catchesVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('catches_version', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },
};
