import type { Kysely, Migration } from 'kysely';

/**
 * The conditions every catch was caught in (core/catch-conditions.ts, docs/decisions/041-catch-conditions.md):
 * - on `catches`: the moment (`caught_at`, ISO 8601 UTC) and the zone it was read in, the conditions as JSON, and
 *   where working them out stands. `conditions_status` defaults to 'pending', so every catch that existed before,
 *   and every catch the previous release writes during a rolling deploy, is worked out later by the job;
 * - `weather_hours`: one provider answer per ~1 km cell and UTC day, shared by every catch of that cell and day;
 * - `job_leases`: which instance runs a background job, so that only one does at a time.
 * Added columns with defaults and new tables: the release before ignores them.
 */
export const catchConditions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('catches').addColumn('caught_at', 'text').execute();
    await db.schema.alterTable('catches').addColumn('time_zone', 'text').execute();
    await db.schema.alterTable('catches').addColumn('conditions', 'text').execute();
    await db.schema
      .alterTable('catches')
      .addColumn('conditions_status', 'text', (col) => col.notNull().defaultTo('pending'))
      .execute();
    await db.schema
      .alterTable('catches')
      .addColumn('conditions_attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('catches').addColumn('conditions_retry_at', 'text').execute();
    // The job's question: pending catches, oldest first.
    await db.schema
      .createIndex('catches_conditions_pending')
      .on('catches')
      .columns(['conditions_status', 'caught_at'])
      .execute();

    await db.schema
      .createTable('weather_hours')
      .addColumn('cell', 'text', (col) => col.notNull())
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('hours', 'text', (col) => col.notNull())
      .addColumn('fetched_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('weather_hours_pk', ['cell', 'day'])
      .execute();

    await db.schema
      .createTable('job_leases')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('holder', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .execute();
  },
};
