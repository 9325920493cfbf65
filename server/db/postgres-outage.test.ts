import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { freePort } from '../test-support/child-processes.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { connectPostgres } from './database.ts';

/** Polls `condition` until it holds or `timeoutMs` passes; returns whether it held. */
async function eventually(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe('a PostgreSQL database that refuses connections', () => {
  it('answers 503 with a code and Retry-After, and the app keeps running', async () => {
    // Nothing listens on this port: every connection attempt is refused.
    const down = connectPostgres({
      engine: 'postgres',
      url: `postgres://nobody@127.0.0.1:${await freePort()}/none`,
    });
    const t = await createTestApp('sqlite', { database: down });
    try {
      for (const request of [
        {
          method: 'POST' as const,
          url: '/api/login',
          payload: { username: 'alice', password: 'river-trout-42' },
        },
        { method: 'GET' as const, url: '/api/catches', headers: { cookie: 'tightlines_session=abc' } },
      ]) {
        const response = await t.app.inject(request);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({
          message: 'The database is unavailable right now. Please try again in a moment.',
          code: 'DATABASE_UNAVAILABLE',
        });
      }
      // Requests that need no database are still served.
      expect((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    } finally {
      await down.close();
      await t.close();
    }
  });
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(testDatabaseUrl)('PostgreSQL terminating the app’s connections (restart, failover)', () => {
  it('the server survives, and the next requests succeed on new connections', async () => {
    const t = await createTestApp('postgres');
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      const alice = await ApiClient.register(t.app, 'alice');
      await alice.createCatch({ fishType: 'Perch' });
      const lost: Error[] = [];
      t.database.onConnectionError((error) => lost.push(error));
      // Several requests at once leave several idle connections in the pool.
      await Promise.all(Array.from({ length: 5 }, () => alice.get('/api/catches')));
      const { rows } = await sql<{
        name: string;
      }>`select current_setting('application_name') as name`.execute(t.database.db);
      const applicationName = rows[0]?.name;
      expect(applicationName).toMatch(/^tightlines_test_/); // only this test's connections, never anyone else's

      const terminated = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      expect(terminated.rowCount).toBeGreaterThanOrEqual(2);
      // Each idle connection reports its end; without a listener on the pool that error killed the process.
      expect(await eventually(() => lost.length >= (terminated.rowCount ?? 0))).toBe(true);
      expect(lost[0]?.message).toMatch(/terminating connection due to administrator command/);

      expect((await alice.get('/api/catches')).json()).toHaveLength(1);
      expect((await alice.post('/api/mobile-catch', { fishType: 'Pike' })).statusCode).toBe(201);
      expect((await alice.get('/api/catches')).json()).toHaveLength(2);
    } finally {
      await admin.end();
      await t.close();
    }
  });

  it('survives a connection terminated while a request holds it between statements (an import’s transaction)', async () => {
    const t = await createTestApp('postgres');
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      const lost: Error[] = [];
      t.database.onConnectionError((error) => lost.push(error));
      const outcome = await t.database.db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
          // The connection is checked out and idle: PostgreSQL's goodbye arrives as an 'error' event on it, which
          // took the whole process down when nobody listened (an import's batch while PostgreSQL restarts).
          expect(await eventually(() => lost.length > 0)).toBe(true);
          await sql`select 1`.execute(trx);
          return 'committed';
        })
        .catch((error: Error) => `failed: ${error.message}`);
      expect(outcome).toMatch(/^failed: /);
      expect(lost[0]?.message).toMatch(/terminating connection due to administrator command/);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(t.database.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await t.close();
    }
  });
});
