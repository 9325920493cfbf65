import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../engine.ts';

/** The first schema: users, their sessions, photos and catches, and the database's rate-limit counters. */
export function initial(engine: DatabaseEngine): Migration {
  // An auto-numbered primary key is spelled differently by the two engines.
  const serialKey = engine === 'postgres' ? 'serial' : 'integer';
  const autoIncrement = engine === 'sqlite';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', serialKey, (col) => {
          const key = col.primaryKey();
          return autoIncrement ? key.autoIncrement() : key;
        })
        .addColumn('username', 'text', (col) => col.notNull())
        .addColumn('username_key', 'text', (col) => col.notNull().unique())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('last_seen_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('photos')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('photos_user_id').on('photos').column('user_id').execute();

      await db.schema
        .createTable('catches')
        .addColumn('id', serialKey, (col) => {
          const key = col.primaryKey();
          return autoIncrement ? key.autoIncrement() : key;
        })
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client_id', 'text')
        .addColumn('fish_type', 'text', (col) => col.notNull())
        .addColumn('weight', 'double precision')
        .addColumn('length', 'double precision')
        .addColumn('location_name', 'text')
        .addColumn('latitude', 'double precision')
        .addColumn('longitude', 'double precision')
        .addColumn('notes', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('catch_date', 'text')
        .addColumn('time_of_day', 'text')
        .addColumn('water_temperature', 'double precision')
        .addColumn('depth', 'double precision')
        .addColumn('line_size', 'text')
        .addColumn('bait_used', 'text')
        .addColumn('photo_id', 'text', (col) => col.references('photos.id').onDelete('set null'))
        .execute();
      // The history list: one user's catches, newest first.
      await db.schema
        .createIndex('catches_user_created')
        .on('catches')
        .columns(['user_id', 'created_at desc', 'id desc'])
        .execute();
      // A device's retry of the same catch must find the first one, never create a second (NULLs don't collide).
      await db.schema
        .createIndex('catches_user_client_id')
        .on('catches')
        .columns(['user_id', 'client_id'])
        .unique()
        .execute();

      await db.schema
        .createTable('rate_limit_hits')
        .addColumn('bucket_key', 'text', (col) => col.primaryKey())
        .addColumn('window_started_at', 'bigint', (col) => col.notNull())
        .addColumn('hits', 'integer', (col) => col.notNull())
        .execute();
    },
  };
}
