import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DatabaseEngine } from './database.ts';

/**
 * Every schema change, in order, written with Kysely's schema builder so one list serves SQLite and
 * PostgreSQL. Never edit a migration that has shipped: add the next one.
 */
function migrations(engine: DatabaseEngine): Record<string, Migration> {
  // An auto-numbered primary key is spelled differently by the two engines.
  const serialKey = engine === 'postgres' ? 'serial' : 'integer';
  const autoIncrement = engine === 'sqlite';

  return {
    '001-initial': {
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
    },
    '002-catches-version': {
      // Bumped with every catch write, so a cached history list can be reused until the next write (see
      // server/catches/catch-list-cache.ts); read together with the session, it costs no extra query.
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('users')
          .addColumn('catches_version', 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
      },
    },
  };
}

class InCodeMigrationProvider implements MigrationProvider {
  private readonly engine: DatabaseEngine;
  constructor(engine: DatabaseEngine) {
    this.engine = engine;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations(this.engine);
  }
}

/** Brings the schema up to date; each migration runs in its own transaction. Throws on failure. */
export async function migrateToLatest(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: with another schema of the
  // same database already migrated (another app, or a parallel test), it would skip creating ours and fail.
  const migrationTableSchema =
    engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(engine), migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
}
