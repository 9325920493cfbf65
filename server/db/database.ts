import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely } from 'kysely';
import type { DatabaseEngine } from './engine.ts';
import { type MigrationOutcome, migrateToLatest } from './migrations.ts';
import { createNodeSqliteDialect } from './node-sqlite-dialect.ts';
import { OwnSchemaPostgresDialect } from './own-schema-dialect.ts';
import type { Database } from './schema.ts';
import { acquireServerLock, withMigrationLock } from './server-lock.ts';
import { refreshWriteReserve, WRITE_RESERVE_REFRESH_MS } from './write-reserve.ts';

export type { DatabaseEngine } from './engine.ts';

export interface AppDatabase {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /**
   * Where to report errors of idle pooled connections (PostgreSQL restarting, a connection cut by a proxy): the
   * pool drops such a connection and opens a new one for the next query; the error is only worth a log line.
   */
  onConnectionError(listener: (error: Error) => void): void;
  /** How the PostgreSQL pool is used right now (metrics); null for SQLite, which has one connection. */
  poolUse(): PoolUse | null;
  /**
   * Migrations a newer release ran on this database that this release does not know: empty, except while rolled
   * back or beside newer instances (it then ignores what they added; docs/decisions/030-migrations-policy.md).
   */
  newerMigrations: readonly string[];
  close(): Promise<void>;
}

export interface PoolUse {
  /** Connections open (checked out or idle), and the most the pool opens (DATABASE_POOL_MAX). */
  open: number;
  max: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export type DatabaseLocation =
  | { engine: 'sqlite'; file: string }
  | {
      engine: 'postgres';
      url: string;
      schema?: string;
      /** Connections in the pool (DATABASE_POOL_MAX). */
      maxConnections?: number;
      /**
       * How long a query waits for a connection, a free one of a full pool or a new one (DATABASE_POOL_TIMEOUT_MS):
       * past it the request is answered 503 instead of queueing for as long as the client waits.
       */
      poolTimeoutMs?: number;
      /** The longest one statement may run before PostgreSQL cancels it (DATABASE_STATEMENT_TIMEOUT_MS); 0 = none. */
      statementTimeoutMs?: number;
      /** Shown in pg_stat_activity; tests set their own to find (and terminate) only their connections. */
      applicationName?: string;
    };

export interface OpenOptions {
  /**
   * Opened by the server that serves this database, not by a script or a test. On SQLite: refuse to start when
   * another server already uses the file (server-lock.ts), and keep a write reserve so that logins and small
   * writes still work on a full disk (write-reserve.ts).
   */
  server?: boolean;
}

/**
 * How long a write waits for a lock held by another process before it fails with SQLITE_BUSY (answered 503).
 * node:sqlite is synchronous: the whole event loop waits with it, so this must stay short.
 */
const SQLITE_BUSY_TIMEOUT_MS = 50;
/** How long opening and migrating wait for another process's lock on the file (see openSqlite). */
const SQLITE_OPEN_BUSY_TIMEOUT_MS = 10_000;

/** The defaults of the PostgreSQL pool settings (config.ts gives them to the server, tests may not). */
export const POSTGRES_POOL_DEFAULTS = { maxConnections: 10, poolTimeoutMs: 5000, statementTimeoutMs: 30_000 };

/** Thrown when every connection of the pool stayed busy for the whole wait: answered 503 DATABASE_BUSY. */
export class DatabasePoolExhaustedError extends Error {
  readonly code = 'DATABASE_BUSY';
  constructor(waitedMs: number, cause: unknown) {
    super(`every database connection stayed busy for ${waitedMs} ms`, { cause });
    this.name = 'DatabasePoolExhaustedError';
  }
}

function logToStderr(error: Error): void {
  console.error(`database connection error: ${error.message}`);
}

/** A database just opened, and what to do once its schema is up to date. */
interface OpenedDatabase {
  database: AppDatabase;
  afterMigrations(): Promise<void>;
}

function openSqlite(file: string, options: OpenOptions): OpenedDatabase {
  const lock = options.server ? acquireServerLock(file) : null;
  let sqlite: DatabaseSync;
  try {
    sqlite = new DatabaseSync(file);
  } catch (error) {
    lock?.release();
    throw error;
  }
  // Opening may meet another process closing this file: its last connection checkpoints and removes the WAL
  // under an exclusive lock. Switching to WAL and migrating wait for that as long as a start may take; requests
  // get the short timeout once migrated (afterMigrations).
  sqlite.exec(`PRAGMA busy_timeout = ${SQLITE_OPEN_BUSY_TIMEOUT_MS}`);
  // WAL lets readers run beside the writer; synchronous=FULL makes a committed catch survive power loss.
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA synchronous = FULL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: createNodeSqliteDialect(sqlite) });
  let reportError = logToStderr;
  let reserveTimer: NodeJS.Timeout | undefined;
  // Through Kysely's one connection, so a refresh never lands inside a request's transaction.
  const refreshReserve = () =>
    db
      .connection()
      .execute(async () => refreshWriteReserve(sqlite))
      .catch((error: Error) => reportError(error));
  const database: AppDatabase = {
    db,
    engine: 'sqlite',
    onConnectionError(listener) {
      reportError = listener;
    },
    poolUse: () => null,
    newerMigrations: [],
    close: async () => {
      clearInterval(reserveTimer);
      await db.destroy();
      lock?.release();
    },
  };
  return {
    database,
    afterMigrations: async () => {
      sqlite.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
      if (!options.server) return;
      await refreshReserve();
      reserveTimer = setInterval(refreshReserve, WRITE_RESERVE_REFRESH_MS).unref();
    },
  };
}

/** A pool on a PostgreSQL database, without touching its schema (openDatabase migrates it). */
export function connectPostgres(location: Extract<DatabaseLocation, { engine: 'postgres' }>): AppDatabase {
  const settings = { ...POSTGRES_POOL_DEFAULTS, ...location };
  // Loaded when PostgreSQL is used, not at every start (decision 022: a SQLite server never needs node-postgres).
  const pg = createRequire(import.meta.url)('pg') as typeof import('pg');
  const pool = new pg.Pool({
    connectionString: location.url,
    max: settings.maxConnections,
    // A test database lives in its own schema; production uses the default search_path.
    options: location.schema ? `-c search_path=${location.schema}` : undefined,
    application_name: location.applicationName ?? 'tightlines',
    // Bounds both the wait for a connection of a full pool and the opening of a new one.
    connectionTimeoutMillis: settings.poolTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    keepAlive: true,
  });
  // Without a listener, an idle connection that the server terminates (restart, failover, idle timeout) emits an
  // unhandled 'error' and takes the whole process down. The pool has already discarded that connection.
  let reportError = logToStderr;
  pool.on('error', (error) => reportError(error));
  // node-postgres says "timeout exceeded when trying to connect" for a full pool and for a server that does not
  // answer alike; a full pool at the moment of asking tells them apart (busy, not down).
  const connect = async () => {
    const full = pool.idleCount === 0 && pool.totalCount >= settings.maxConnections;
    let client: import('pg').PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      if (full && (error as Error).message.startsWith('timeout exceeded')) {
        throw new DatabasePoolExhaustedError(settings.poolTimeoutMs, error);
      }
      throw error;
    }
    // The pool listens only while a connection is idle in it. One checked out between two statements (a
    // transaction's, say an import batch) that the server terminates emits 'error' with nobody listening, which
    // took the process down on a PostgreSQL restart. Its next statement fails on its own (answered 503), so the
    // error is only reported, and the listener goes when the connection returns to the pool.
    const whileCheckedOut = (error: Error) => reportError(error);
    client.on('error', whileCheckedOut);
    const release = client.release;
    client.release = (destroy?: Error | boolean) => {
      client.removeListener('error', whileCheckedOut);
      return release.call(client, destroy);
    };
    return client;
  };
  const db = new Kysely<Database>({
    dialect: new OwnSchemaPostgresDialect({ pool: { connect, end: () => pool.end() } }),
  });
  return {
    db,
    engine: 'postgres',
    onConnectionError(listener) {
      reportError = listener;
    },
    poolUse: () => ({
      open: pool.totalCount,
      max: settings.maxConnections,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    newerMigrations: [],
    close: async () => {
      await db.destroy();
    },
  };
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(
  location: DatabaseLocation,
  options: OpenOptions = {},
): Promise<AppDatabase> {
  if (location.engine === 'postgres') {
    const database = connectPostgres(location);
    try {
      const { newerMigrations } = await migratePostgres(location);
      return { ...database, newerMigrations };
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  const openAndMigrate = async () => {
    const opened = openSqlite(location.file, options);
    try {
      const { newerMigrations } = await migrateToLatest(opened.database.db as Kysely<unknown>, 'sqlite');
      await opened.afterMigrations();
      return { ...opened.database, newerMigrations };
    } catch (error) {
      await opened.database.close();
      throw error;
    }
  };
  if (location.file === ':memory:') return openAndMigrate(); // nobody else can open it
  mkdirSync(path.dirname(location.file), { recursive: true });
  // Processes opening one new file at once (a server and a script, the workers of one host) would race to switch
  // it to WAL and to create the schema: one at a time, each later one finds the work done.
  return withMigrationLock(location.file, openAndMigrate);
}

/**
 * Migrations on a connection of their own with no statement timeout: a backfill of a big table, or the wait for
 * the migration lock another instance holds while it migrates, may rightly take longer than any request should.
 */
async function migratePostgres(
  location: Extract<DatabaseLocation, { engine: 'postgres' }>,
): Promise<MigrationOutcome> {
  const migrating = connectPostgres({ ...location, maxConnections: 1, statementTimeoutMs: 0 });
  try {
    return await migrateToLatest(migrating.db as Kysely<unknown>, 'postgres');
  } finally {
    await migrating.close();
  }
}
