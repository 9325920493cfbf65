import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrations.ts';
import { createNodeSqliteDialect } from './node-sqlite-dialect.ts';
import type { Database } from './schema.ts';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface AppDatabase {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { engine: 'sqlite'; file: string }
  | { engine: 'postgres'; url: string; schema?: string; maxConnections?: number };

function openSqlite(file: string): AppDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new DatabaseSync(file);
  // WAL lets readers run beside the writer; synchronous=FULL makes a committed catch survive power loss.
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA synchronous = FULL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  sqlite.exec('PRAGMA busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: createNodeSqliteDialect(sqlite) });
  return {
    db,
    engine: 'sqlite',
    close: async () => {
      await db.destroy();
    },
  };
}

function openPostgres(url: string, schema: string | undefined, maxConnections: number): AppDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    // A test database lives in its own schema; production uses the default search_path.
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    close: async () => {
      await db.destroy();
    },
  };
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(location: DatabaseLocation): Promise<AppDatabase> {
  const database =
    location.engine === 'sqlite'
      ? openSqlite(location.file)
      : openPostgres(location.url, location.schema, location.maxConnections ?? 10);
  try {
    await migrateToLatest(database.db as Kysely<unknown>, database.engine);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
