import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { type AppDatabase, openDatabase } from './database.ts';
import { DatabaseInUseError } from './server-lock.ts';

describe('SQLite locked by someone else', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tightlines-locking-'));
    file = path.join(dir, 'tightlines.db');
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('a held write lock: writes answer 503 at once, reads and other requests are still served', async () => {
    const database = await openDatabase({ engine: 'sqlite', file });
    const t = await createTestApp('sqlite', { database });
    const elsewhere = new DatabaseSync(file);
    try {
      const alice = await ApiClient.register(t.app, 'alice');
      await alice.createCatch({ fishType: 'Perch' });
      elsewhere.exec('BEGIN IMMEDIATE'); // another process (a second server, the sqlite3 shell) starts writing

      const started = performance.now();
      const [writes, list, page] = await Promise.all([
        Promise.all(Array.from({ length: 10 }, () => alice.post('/api/mobile-catch', { fishType: 'Bass' }))),
        alice.get('/api/catches'),
        t.app.inject({ method: 'GET', url: '/no-such-page.png' }),
      ]);
      // node:sqlite waits synchronously: each write held the whole server for the busy timeout. At 5 s that made
      // 50 s for these ten (a static file took 14.9 s from outside); at 50 ms it is half a second.
      expect(performance.now() - started).toBeLessThan(5000);
      for (const write of writes) {
        expect(write.statusCode).toBe(503);
        expect(write.headers['retry-after']).toBe('1');
        expect(write.json()).toEqual({
          message: 'The server is busy. Please try again in a moment.',
          code: 'DATABASE_BUSY',
        });
      }
      expect(list.statusCode).toBe(200); // WAL: readers never wait for the writer
      expect(list.json()).toHaveLength(1);
      expect(page.statusCode).toBe(404);

      elsewhere.exec('ROLLBACK');
      expect((await alice.post('/api/mobile-catch', { fishType: 'Bass' })).statusCode).toBe(201);
    } finally {
      elsewhere.close();
      await t.close();
      await database.close();
    }
  });

  it('refuses a second server on the same database file while the first one runs', async () => {
    const first = await openDatabase({ engine: 'sqlite', file }, { server: true });
    let second: AppDatabase | undefined;
    try {
      await expect(openDatabase({ engine: 'sqlite', file }, { server: true })).rejects.toThrow(
        DatabaseInUseError,
      );
      await expect(openDatabase({ engine: 'sqlite', file }, { server: true })).rejects.toThrow(
        `Another Tightlines server is already using ${file}`,
      );
      // Scripts and tests (seed:demo, the benchmarks) may still open it.
      const script = await openDatabase({ engine: 'sqlite', file });
      await script.close();
      await first.close();
      second = await openDatabase({ engine: 'sqlite', file }, { server: true });
    } finally {
      await first.close();
      await second?.close();
    }
  });
});
