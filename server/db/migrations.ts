import {
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from 'kysely';
import type { DatabaseEngine } from './engine.ts';
import { initial } from './migrations/001-initial.ts';
import { catchesVersion } from './migrations/002-catches-version.ts';
import { photoBytes } from './migrations/003-photo-bytes.ts';
import { accountUsage } from './migrations/004-account-usage.ts';
import { catchSearchText } from './migrations/005-catch-search-text.ts';
import { userUnits } from './migrations/006-user-units.ts';
import { testCatchesAndSessionTransports } from './migrations/007-test-catches-and-session-transports.ts';
import { photoTombstones } from './migrations/009-photo-tombstones.ts';
import { catchConditions } from './migrations/010-catch-conditions.ts';
import { tripsAndSpots } from './migrations/011-trips-and-spots.ts';
import { tripEffort } from './migrations/012-trip-effort.ts';

/**
 * Every schema change, in order: one file each in server/db/migrations/, named like its key here, written with
 * Kysely's schema builder so one list serves SQLite and PostgreSQL. A migration imports nothing of the features:
 * it keeps its own copy of any rule it applies, so it does what it did when it shipped whatever the code becomes.
 * Never edit a migration that has shipped: add the next one.
 */
export function migrations(engine: DatabaseEngine): Record<string, Migration> {
  return {
    '001-initial': initial(engine),
    '002-catches-version': catchesVersion,
    '003-photo-bytes': photoBytes,
    '004-account-usage': accountUsage,
    '005-catch-search-text': catchSearchText,
    '006-user-units': userUnits,
    '007-test-catches-and-session-transports': testCatchesAndSessionTransports,
    '009-photo-tombstones': photoTombstones,
    '010-catch-conditions': catchConditions,
    '011-trips-and-spots': tripsAndSpots(engine),
    '012-trip-effort': tripEffort,
  };
}

/**
 * Stands in for a migration that a newer release ran and this one does not know (a rollback, or an older instance
 * still running beside a newer one). It is never run: it is listed only so Kysely does not take the database for a
 * corrupted one. Migrations only add what the previous release can ignore (docs/decisions/030-migrations-policy.md).
 */
const RAN_BY_A_NEWER_RELEASE: Migration = {
  async up() {
    throw new Error('a migration of a newer release cannot be run by this one');
  },
};

/** What migrateToLatest found and did. */
export interface MigrationOutcome {
  /** Migrations a newer release ran on this database that this release does not know (it ignores what they added). */
  newerMigrations: string[];
}

/**
 * Brings the schema up to date; each migration runs in its own transaction. Throws on failure.
 *
 * A database migrated by a newer release is served as it is (a rollback must work): the migrations it ran that
 * this release does not know are recognised when every one of them sorts after this release's newest. Any other
 * unknown one means the two histories differ, and Kysely refuses the database ("previously executed migration …
 * is missing"), as it does for a migration this release has that sorts before one already run.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  engine: DatabaseEngine,
): Promise<MigrationOutcome> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: with another schema of the
  // same database already migrated (another app, or a parallel test), it would skip creating ours and fail.
  const migrationTableSchema =
    engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const known = migrations(engine);
  // Read before Kysely takes its lock: a newer instance migrating in between is seen by Kysely as a missing
  // migration, and the next attempt reads it (on SQLite the caller's file lock already keeps others out).
  for (let attempt = 1; ; attempt++) {
    const newerMigrations = newerThan(known, await executedMigrations(db, engine, migrationTableSchema));
    const provider: MigrationProvider = {
      getMigrations: async () => ({
        ...known,
        ...Object.fromEntries(newerMigrations.map((name) => [name, RAN_BY_A_NEWER_RELEASE])),
      }),
    };
    const { error, results } = await new Migrator({ db, provider, migrationTableSchema }).migrateToLatest();
    const failed = results?.find((result) => result.status === 'Error');
    if (!error && !failed) return { newerMigrations };
    const cause = error instanceof Error ? error.message : String(error ?? '');
    if (attempt < 3 && /previously executed migration .* is missing/.test(cause)) continue;
    // Kysely first lists the tables of every schema of the database; a schema another connection drops meanwhile
    // (another app's, a parallel test's) fails that listing, never our own schema: try again. Test runs side by
    // side on one database drop schemas often enough to fail three listings in a row (a CI run did), so more.
    if (attempt < 10 && !failed && /^schema ".*" does not exist$/.test(cause)) continue;
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
}

/** The executed migrations that sort after every migration of `known`, or none when any other is unknown. */
function newerThan(known: Record<string, Migration>, executed: readonly string[]): string[] {
  const newest = Object.keys(known).sort().at(-1) ?? '';
  const unknown = executed.filter((name) => !Object.hasOwn(known, name));
  return unknown.every((name) => name > newest) ? unknown.sort() : [];
}

/** The names of the migrations already run on this database (none on a new one). */
async function executedMigrations(
  db: Kysely<unknown>,
  engine: DatabaseEngine,
  schema: string | undefined,
): Promise<string[]> {
  type Found = { found: unknown };
  const quotedSchema = `"${(schema ?? 'public').replaceAll('"', '""')}"`;
  const bookkeeping =
    engine === 'postgres'
      ? sql<Found>`select to_regclass(${`${quotedSchema}.${DEFAULT_MIGRATION_TABLE}`}) as found`
      : sql<Found>`select name as found from sqlite_master where type = 'table' and name = ${DEFAULT_MIGRATION_TABLE}`;
  if (!(await bookkeeping.execute(db)).rows[0]?.found) return [];
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own bookkeeping table, not part of our schema's types.
  const table = (schema ? db.withSchema(schema) : db) as Kysely<any>;
  const rows: { name: string }[] = await table.selectFrom(DEFAULT_MIGRATION_TABLE).select('name').execute();
  return rows.map((row) => row.name);
}
