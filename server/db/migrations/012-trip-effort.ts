import type { Kysely, Migration } from 'kysely';

/**
 * The minutes a trip spent in each bucket of each factor insights measure (core/insights.ts `EffortMinutes`,
 * docs/decisions/044-insights.md), worked out by a background job once the trip has ended and frozen with it:
 * - `effort`: the minutes as JSON, null until worked out;
 * - `effort_status`: 'pending' (to do, or to redo after the trip's time or spot changed), 'done';
 * - `effort_attempts` and `effort_retry_at`: the job's backoff when the weather provider fails.
 * Added columns with defaults: every trip that existed before is pending, and the release before ignores them
 * (docs/decisions/030-migrations-policy.md).
 */
export const tripEffort: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('trips').addColumn('effort', 'text').execute();
    await db.schema
      .alterTable('trips')
      .addColumn('effort_status', 'text', (col) => col.notNull().defaultTo('pending'))
      .execute();
    await db.schema
      .alterTable('trips')
      .addColumn('effort_attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('trips').addColumn('effort_retry_at', 'text').execute();
    // The job's question: pending trips, oldest end first.
    await db.schema
      .createIndex('trips_effort_pending')
      .on('trips')
      .columns(['effort_status', 'ended_at'])
      .execute();
  },
};
