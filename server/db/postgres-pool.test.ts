import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, createTestDatabase } from '../test-support/test-app.ts';
import type { Database } from './schema.ts';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

const BUSY = {
  message: 'The server is busy. Please try again in a moment.',
  code: 'DATABASE_BUSY',
};

/** Runs `hold` on one connection of the pool, which stays taken until the returned release() is called. */
async function holdConnection(db: Kysely<Database>): Promise<{ release: () => Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let taken = () => {};
  const isTaken = new Promise<void>((resolve) => {
    taken = resolve;
  });
  const done = db.connection().execute(async (connection) => {
    await sql`select 1`.execute(connection);
    taken();
    await released;
  });
  await isTaken;
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

describe.runIf(testDatabaseUrl)('the PostgreSQL pool under pressure', () => {
  it('a request that finds every connection busy gets 503 DATABASE_BUSY after the wait, not a hang', async () => {
    const POOL_TIMEOUT_MS = 500;
    const t = await createTestApp('postgres', {}, { maxConnections: 1, poolTimeoutMs: POOL_TIMEOUT_MS });
    try {
      const alice = await ApiClient.register(t.app, 'alice');
      const held = await holdConnection(t.database.db);
      let response: Awaited<ReturnType<ApiClient['get']>>;
      const started = performance.now();
      try {
        response = await alice.get('/api/catches');
      } finally {
        await held.release();
      }
      const waited = performance.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual(BUSY);
      // It waited for the pool (not refused at once), and no longer than the wait plus a busy machine's slack:
      // without the pool timeout this request would wait for as long as the connection stays taken.
      expect(waited).toBeGreaterThanOrEqual(POOL_TIMEOUT_MS - 50);
      expect(waited).toBeLessThan(POOL_TIMEOUT_MS + 4000);
      // The connection is back: the same request succeeds.
      expect((await alice.get('/api/catches')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('a statement that runs past DATABASE_STATEMENT_TIMEOUT_MS is cancelled and answered 503 DATABASE_BUSY', async () => {
    const STATEMENT_TIMEOUT_MS = 300;
    const t = await createTestApp('postgres', {}, { statementTimeoutMs: STATEMENT_TIMEOUT_MS });
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      const alice = await ApiClient.register(t.app, 'alice');
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        t.database.db,
      );
      // Another session holds the catches table: the app's query waits on the lock until the timeout cancels it.
      await admin.query('begin');
      await admin.query(`lock table ${rows[0]?.schema}.catches in access exclusive mode`);
      const started = performance.now();
      const response = await alice.get('/api/catches');
      const waited = performance.now() - started;
      await admin.query('rollback');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(BUSY);
      expect(waited).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 50);
      expect(waited).toBeLessThan(STATEMENT_TIMEOUT_MS + 4000);
      expect((await alice.get('/api/catches')).statusCode).toBe(200);
    } finally {
      await admin.end();
      await t.close();
    }
  });

  it('migrations run without the statement timeout (a long backfill or a lock wait is not cancelled)', async () => {
    // 1 ms cancels nearly every statement: migrating under it would fail. Requests still get the timeout.
    const { database, drop } = await createTestDatabase('postgres', { statementTimeoutMs: 1 });
    try {
      await expect(sql`select pg_sleep(0.05)`.execute(database.db)).rejects.toMatchObject({ code: '57014' });
    } finally {
      await drop();
    }
  });
});
