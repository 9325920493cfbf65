import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../engine.ts';

/**
 * Trips, spots and the effort behind the fish (docs/decisions/043-trips-and-spots.md):
 * - `spots`: an angler's named places, each a point and a radius in whole metres;
 * - `trips`: the time an angler fished, `ended_at` null while it runs, optionally at one of their spots;
 * - on `catches`: whether the fish was released (null: not said), how many fish the entry stands for (default 1),
 *   and its spot and trip (null: none).
 * Moments are ISO 8601 UTC text, as `catches.caught_at`, so a catch's moment compares with a trip's as text.
 * New tables and nullable or defaulted columns only: the release before ignores them
 * (docs/decisions/030-migrations-policy.md). The unique client ids are on new tables, which the release before never
 * writes.
 */
export function tripsAndSpots(engine: DatabaseEngine): Migration {
  // An auto-numbered primary key is spelled differently by the two engines (as in 001).
  const serialKey = engine === 'postgres' ? 'serial' : 'integer';
  const autoIncrement = engine === 'sqlite';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('spots')
        .addColumn('id', serialKey, (col) => {
          const key = col.primaryKey();
          return autoIncrement ? key.autoIncrement() : key;
        })
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client_id', 'text')
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('latitude', 'double precision', (col) => col.notNull())
        .addColumn('longitude', 'double precision', (col) => col.notNull())
        .addColumn('notes', 'text')
        .addColumn('radius_meters', 'integer', (col) => col.notNull().defaultTo(150))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      // A device's retry of the same spot finds the first one (NULLs don't collide); also the per-user lookup.
      await db.schema
        .createIndex('spots_user_client_id')
        .on('spots')
        .columns(['user_id', 'client_id'])
        .unique()
        .execute();

      await db.schema
        .createTable('trips')
        .addColumn('id', serialKey, (col) => {
          const key = col.primaryKey();
          return autoIncrement ? key.autoIncrement() : key;
        })
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client_id', 'text')
        .addColumn('started_at', 'text', (col) => col.notNull())
        .addColumn('ended_at', 'text')
        .addColumn('spot_id', 'integer', (col) => col.references('spots.id').onDelete('set null'))
        .addColumn('notes', 'text')
        .addColumn('fish_lost', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('bites_missed', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('trips_user_client_id')
        .on('trips')
        .columns(['user_id', 'client_id'])
        .unique()
        .execute();
      // The list (newest first), the trip holding a moment, and the overlap check.
      await db.schema
        .createIndex('trips_user_started')
        .on('trips')
        .columns(['user_id', 'started_at'])
        .execute();
      await db.schema.createIndex('trips_spot').on('trips').column('spot_id').execute();

      await db.schema.alterTable('catches').addColumn('released', 'boolean').execute();
      await db.schema
        .alterTable('catches')
        .addColumn('quantity', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('catches')
        .addColumn('spot_id', 'integer', (col) => col.references('spots.id').onDelete('set null'))
        .execute();
      await db.schema
        .alterTable('catches')
        .addColumn('trip_id', 'integer', (col) => col.references('trips.id').onDelete('set null'))
        .execute();
      // A spot's or trip's catches (their counts, unlinking on delete), and the catches a new trip attaches by time.
      await db.schema.createIndex('catches_spot').on('catches').column('spot_id').execute();
      await db.schema.createIndex('catches_trip').on('catches').column('trip_id').execute();
      await db.schema
        .createIndex('catches_user_caught')
        .on('catches')
        .columns(['user_id', 'caught_at'])
        .execute();
    },
  };
}
