import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';

/**
 * Kysely ships a SQLite dialect written against better-sqlite3's API. Node 24's built-in `node:sqlite`
 * is almost the same shape; this adapter bridges the three differences, so we need no native addon:
 * parameters are spread instead of passed as an array, booleans become 0/1, and `reader` (does the
 * statement return rows?) comes from the statement's column list.
 */
const STATEMENT_CACHE_SIZE = 200;

function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  const reader = statement.columns().length > 0;
  return {
    reader,
    all: (parameters) => statement.all(...parameters.map(toSqliteValue)),
    run: (parameters) => statement.run(...parameters.map(toSqliteValue)),
    iterate: (parameters) => statement.iterate(...parameters.map(toSqliteValue)) as IterableIterator<unknown>,
  };
}

/**
 * Kysely's ROLLBACK after a failed transaction. Some errors (SQLITE_FULL: a full disk; SQLITE_IOERR; SQLITE_NOMEM)
 * end the whole transaction inside SQLite already; the ROLLBACK then failed with "cannot rollback - no transaction is
 * active", and Kysely threw that instead of the real error, so a full disk was answered 500 instead of 507. With no
 * transaction open there is nothing to roll back: the statement does nothing.
 */
function rollbackUnlessEnded(database: DatabaseSync, rollback: SqliteStatement): SqliteStatement {
  return {
    ...rollback,
    run: (parameters) =>
      database.isTransaction ? rollback.run(parameters) : { changes: 0, lastInsertRowid: 0 },
  };
}

/** Wraps a node:sqlite database in the interface Kysely's SqliteDialect expects, caching prepared statements. */
export function adaptNodeSqlite(database: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      if (sql === 'rollback') return rollbackUnlessEnded(database, adaptStatement(database.prepare(sql)));
      let statement = cache.get(sql);
      if (!statement) {
        statement = adaptStatement(database.prepare(sql));
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

export function createNodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  return new SqliteDialect({ database: adaptNodeSqlite(database) });
}
