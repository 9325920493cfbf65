import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/child-processes.ts';
import { DATABASE_BUSY, DATABASE_UNAVAILABLE, outageOf, STORAGE_FULL } from './outage-errors.ts';

/** The error `action` throws (synchronously or not). */
async function errorOf(action: () => unknown): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('outageOf: the errors that mean 503 or 507, not 500', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tightlines-outage-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('SQLITE_BUSY (a write lock held by another connection) is DATABASE_BUSY', async () => {
    const file = path.join(dir, 'busy.db');
    const holder = new DatabaseSync(file);
    holder.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x)');
    holder.exec('BEGIN IMMEDIATE');
    const waiter = new DatabaseSync(file);
    waiter.exec('PRAGMA busy_timeout = 0');
    try {
      const error = await errorOf(() => waiter.exec('INSERT INTO t VALUES (1)'));
      expect(outageOf(error)).toBe(DATABASE_BUSY);
    } finally {
      waiter.close();
      holder.close();
    }
  });

  it('SQLITE_FULL (the database cannot grow) is STORAGE_FULL', async () => {
    const sqlite = new DatabaseSync(path.join(dir, 'full.db'));
    sqlite.exec('CREATE TABLE t (x)');
    const { page_count: pages } = sqlite.prepare('PRAGMA page_count').get() as { page_count: number };
    sqlite.exec(`PRAGMA max_page_count = ${pages}`);
    try {
      const error = await errorOf(() => sqlite.prepare('INSERT INTO t VALUES (zeroblob(100000))').run());
      expect(outageOf(error)).toBe(STORAGE_FULL);
    } finally {
      sqlite.close();
    }
  });

  it('ENOSPC from the file system (a write to /dev/full) is STORAGE_FULL', async () => {
    const error = await errorOf(() => writeFile('/dev/full', 'a photo'));
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(outageOf(error)).toBe(STORAGE_FULL);
    expect(outageOf(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe(STORAGE_FULL);
  });

  it('PostgreSQL refusing connections is DATABASE_UNAVAILABLE', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'nobody' });
    const error = await errorOf(() => client.connect());
    expect((error as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
    expect(outageOf(error)).toBe(DATABASE_UNAVAILABLE);
  });

  it('PostgreSQL not answering within the connect timeout is DATABASE_UNAVAILABLE', async () => {
    const silent: Server = createServer(() => {}); // accepts, never speaks
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'nobody', connectionTimeoutMillis: 200 });
    try {
      const error = await errorOf(() => pool.query('select 1'));
      expect(outageOf(error)).toBe(DATABASE_UNAVAILABLE);
    } finally {
      await pool.end();
      silent.close();
    }
  });

  it('PostgreSQL shutting down, restarting or terminating the connection is DATABASE_UNAVAILABLE', () => {
    const serverError = (code: string, message: string) =>
      Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code });
    for (const [code, message] of [
      ['57P01', 'terminating connection due to administrator command'],
      ['57P03', 'the database system is starting up'],
      ['08006', 'connection failure'],
      ['53300', 'sorry, too many clients already'],
    ]) {
      expect(outageOf(serverError(code ?? '', message ?? '')), code).toBe(DATABASE_UNAVAILABLE);
    }
    expect(outageOf(new Error('Connection terminated unexpectedly'))).toBe(DATABASE_UNAVAILABLE);
    expect(outageOf(serverError('53100', 'could not extend file: No space left on device'))).toBe(
      STORAGE_FULL,
    );
  });

  it('everything else stays a 500: bugs, constraint errors, a weather provider that is down', async () => {
    const sqlite = new DatabaseSync(':memory:');
    sqlite.exec('CREATE TABLE t (x UNIQUE); INSERT INTO t VALUES (1)');
    const constraint = await errorOf(() => sqlite.exec('INSERT INTO t VALUES (1)'));
    sqlite.close();
    const syntax = Object.assign(new pg.DatabaseError('syntax error', 12, 'error'), { code: '42601' });
    const providerDown = await errorOf(() => fetch(`http://127.0.0.1:${9}/v1/forecast`));
    for (const error of [
      constraint,
      syntax,
      providerDown,
      new TypeError('x is undefined'),
      'a string',
      null,
    ]) {
      expect(outageOf(error)).toBeNull();
    }
  });
});
