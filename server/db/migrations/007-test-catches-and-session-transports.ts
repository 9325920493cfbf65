import type { Kysely, Migration } from 'kysely';

/**
 * Two marks, both set once when their row is written and never changed after:
 * - `catches.is_test_catch`: the catch is a sample saved from a test page (docs/decisions/028-test-catches.md).
 *   Every catch logged before is a real one. A boolean column: PostgreSQL answers true/false, SQLite 0/1, so the
 *   repository turns what it reads into a boolean.
 * - `sessions.transport`: how the session's token travels, 'cookie' (a browser) or 'bearer' (the native app), so
 *   that a token is refused the other way (docs/decisions/017-native-apps.md). Sessions started before have none:
 *   each is bound to the transport it is next used with.
 * Self-contained on purpose: a migration must keep doing what it did when it shipped, whatever the code becomes.
 */
export const testCatchesAndSessionTransports: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('catches')
      .addColumn('is_test_catch', 'boolean', (col) => col.notNull().defaultTo(false))
      .execute();
    await db.schema.alterTable('sessions').addColumn('transport', 'text').execute();
  },
};
