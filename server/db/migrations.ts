import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DatabaseEngine } from './engine.ts';
import { initial } from './migrations/001-initial.ts';
import { catchesVersion } from './migrations/002-catches-version.ts';
import { photoBytes } from './migrations/003-photo-bytes.ts';
import { accountUsage } from './migrations/004-account-usage.ts';
import { catchSearchText } from './migrations/005-catch-search-text.ts';
import { userUnits } from './migrations/006-user-units.ts';

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
