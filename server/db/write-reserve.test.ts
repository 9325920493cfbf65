import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, sessionCookieFrom } from '../test-support/api-client.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { type AppDatabase, openDatabase } from './database.ts';
import { WRITE_RESERVE_BYTES } from './write-reserve.ts';

async function pragma(database: AppDatabase, name: string): Promise<number> {
  const { rows } = await sql<Record<string, number>>`${sql.raw(`PRAGMA ${name}`)}`.execute(database.db);
  return Number(Object.values(rows[0] ?? {})[0]);
}

/** Lets the database file grow no more: from here on, SQLite can only use the pages it already has. */
async function forbidGrowth(database: AppDatabase): Promise<void> {
  await sql.raw(`PRAGMA max_page_count = ${await pragma(database, 'page_count')}`).execute(database.db);
}

describe('the SQLite write reserve (a full disk must not stop logins)', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tightlines-reserve-'));
    file = path.join(dir, 'tightlines.db');
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('a server’s database keeps free pages and a WAL file long enough for the writes between checkpoints', async () => {
    const database = await openDatabase({ engine: 'sqlite', file }, { server: true });
    try {
      const pageSize = await pragma(database, 'page_size');
      expect((await pragma(database, 'freelist_count')) * pageSize).toBeGreaterThanOrEqual(
        WRITE_RESERVE_BYTES,
      );
      expect(statSync(`${file}-wal`).size).toBeGreaterThanOrEqual(WRITE_RESERVE_BYTES);
    } finally {
      await database.close();
    }
  });

  // Without the reserve the very first write may already find no room (how many catches fit depends on the row
  // layout), so that case asserts only what matters: the full file is answered 507, never 500.
  it.each([
    { reserve: true, expected: [200, 201] },
    { reserve: false, expected: [507] },
  ])(
    'when the database file cannot grow, with the reserve $reserve: answers include $expected and nothing else fails',
    async ({ reserve, expected }) => {
      const database = await openDatabase({ engine: 'sqlite', file }, { server: reserve });
      const t = await createTestApp('sqlite', { database });
      try {
        const alice = await ApiClient.register(t.app, 'alice');
        await forbidGrowth(database);
        const statuses = new Set<number>();
        for (let i = 0; i < 25 && !statuses.has(507); i++) {
          // A catch with long notes (the database fills up), then a login (a new session row).
          const note = { fishType: 'Bass', notes: 'n'.repeat(4000) };
          statuses.add((await alice.post('/api/mobile-catch', note)).statusCode);
          const login = await t.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { username: 'alice', password: 'river-trout-42' },
          });
          statuses.add(login.statusCode);
          if (login.statusCode === 200) expect(sessionCookieFrom(login)).not.toBe('');
        }
        const answers = [...statuses].sort();
        if (reserve) expect(answers).toEqual(expected);
        else expect(answers.filter((status) => ![200, 201].includes(status))).toEqual(expected);
      } finally {
        await t.close();
        await database.close();
      }
    },
  );
});
