import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { catchSearchText, catchTextBytes } from '../catches/catch-text.ts';
import type { DatabaseEngine } from './database.ts';
import { testCatchesAndSessionTransports } from './migrations/007-test-catches-and-session-transports.ts';

/** Rows read at a time by the backfills below, so a big database is not read into memory at once. */
const BACKFILL_BATCH = 1000;

interface CatchTextRow {
  id: number;
  user_id: number;
  fish_type: string;
  location_name: string | null;
  notes: string | null;
  line_size: string | null;
  bait_used: string | null;
}

/** Every catch's free text, a batch at a time in id order. */
async function* catchTextBatches(db: Kysely<unknown>): AsyncGenerator<CatchTextRow[]> {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema of their time, not today's types.
  const table = db as Kysely<any>;
  let afterId = 0;
  for (;;) {
    const rows: CatchTextRow[] = await table
      .selectFrom('catches')
      .select(['id', 'user_id', 'fish_type', 'location_name', 'notes', 'line_size', 'bait_used'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    afterId = Number(rows.at(-1)?.id);
  }
}

const textOf = (row: CatchTextRow) => ({
  fishType: row.fish_type,
  locationName: row.location_name,
  notes: row.notes,
  lineSize: row.line_size,
  baitUsed: row.bait_used,
});

/**
 * Every schema change, in order, written with Kysely's schema builder so one list serves SQLite and
 * PostgreSQL. Never edit a migration that has shipped: add the next one.
 */
export function migrations(engine: DatabaseEngine): Record<string, Migration> {
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
    '003-photo-bytes': {
      // What each photo takes on disk (WebP plus thumbnail), for the per-account storage quota. Photos stored
      // before this migration count as 0 bytes; the sweep of unattached uploads (created_at) gets an index.
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('photos')
          .addColumn('bytes', 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('photos_created_at').on('photos').column('created_at').execute();
        await db.schema.createIndex('catches_photo_id').on('catches').column('photo_id').execute();
      },
    },
    '004-account-usage': {
      // Each account's catch count and free-text bytes, kept beside the catches_version and changed in the same
      // transaction as every catch write, so the per-account quota is checked without reading the catches.
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('users')
          .addColumn('catch_count', 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
        await db.schema
          .alterTable('users')
          .addColumn('catch_text_bytes', 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
        const usage = new Map<number, { count: number; bytes: number }>();
        for await (const rows of catchTextBatches(db)) {
          for (const row of rows) {
            const userId = Number(row.user_id);
            const account = usage.get(userId) ?? { count: 0, bytes: 0 };
            account.count++;
            account.bytes += catchTextBytes(textOf(row));
            usage.set(userId, account);
          }
        }
        // biome-ignore lint/suspicious/noExplicitAny: see catchTextBatches.
        const table = db as Kysely<any>;
        for (const [userId, account] of usage) {
          await table
            .updateTable('users')
            .set({ catch_count: account.count, catch_text_bytes: account.bytes })
            .where('id', '=', userId)
            .execute();
        }
      },
    },
    '005-catch-search-text': {
      // SQLite's lower() folds ASCII only ('Äsche' was not found by 'äsche'); PostgreSQL's depends on the
      // database's locale. The search text is folded once, in JavaScript, when a catch is written.
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('catches')
          .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
          .execute();
        // biome-ignore lint/suspicious/noExplicitAny: see catchTextBatches.
        const table = db as Kysely<any>;
        for await (const rows of catchTextBatches(db)) {
          for (const row of rows) {
            await table
              .updateTable('catches')
              .set({ search_text: catchSearchText(textOf(row)) })
              .where('id', '=', row.id)
              .execute();
          }
        }
      },
    },
    '006-user-units': {
      // Every account, old and new, starts with the spec's units (core/units.ts) until the angler chooses.
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('users')
          .addColumn('units', 'text', (col) => col.notNull().defaultTo('imperial'))
          .execute();
      },
    },
    '007-test-catches-and-session-transports': testCatchesAndSessionTransports,
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
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
}
