import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseEngine } from '../db/database.ts';
import { migrations } from '../db/migrations.ts';
import { createNodeSqliteDialect } from '../db/node-sqlite-dialect.ts';
import type { Database } from '../db/schema.ts';
import { createTestSchema } from './test-app.ts';

/** A database of `engine` with no migration run yet (a migration test brings it to the schema it starts from). */
export interface BlankDatabase {
  db: Kysely<Database>;
  /** The PostgreSQL schema it lives in (undefined on SQLite). */
  schema?: string;
  /** Runs the migrations up to and including `name`, as an older release of the server did; throws on failure. */
  migrateTo(name: string): Promise<void>;
  drop(): Promise<void>;
}

export async function blankDatabase(engine: DatabaseEngine): Promise<BlankDatabase> {
  let db: Kysely<Database>;
  let schema: string | undefined;
  let drop: () => Promise<void>;
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'tightlines-migration-'));
    db = new Kysely<Database>({
      dialect: createNodeSqliteDialect(new DatabaseSync(path.join(dir, 'test.db'))),
    });
    drop = async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const created = await createTestSchema();
    schema = created.schema;
    const pool = new pg.Pool({ connectionString: created.url, max: 2, options: `-c search_path=${schema}` });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    drop = async () => {
      await db.destroy();
      await created.dropSchema();
    };
  }
  const migrateTo = async (name: string) => {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations(engine) },
      // Our schema's bookkeeping tables, not another test's (see migrateToLatest).
      migrationTableSchema: schema,
    });
    const { error } = await migrator.migrateTo(name);
    if (error) throw error;
  };
  return { db, schema, migrateTo, drop };
}
