import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { PHOTO_REMOVAL_GRACE_MS } from '../photos/photo-removal.ts';
import { MemoryPhotoStore } from '../photos/photo-store.ts';
import { createTestPostgresDatabase, insertTestUsers } from '../test-support/test-app.ts';
import { BackupError, type BackupSubject, backup, restore } from './backup.ts';

const quiet = () => {};

describe('backup and restore refuse what would mix or lose data', () => {
  let dir: string;
  let subject: BackupSubject;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tightlines-backup-unit-'));
    const file = path.join(dir, 'data', 'tightlines.db');
    const database = await openDatabase({ engine: 'sqlite', file });
    await insertTestUsers(database.db, ['anna']);
    await database.close();
    const photoStore = new MemoryPhotoStore();
    await photoStore.save(randomUUID(), 'full', Buffer.from('a photo'));
    subject = { database: { engine: 'sqlite', file }, photoStore };
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** An empty place to restore into: a new SQLite file's path and an empty store. */
  const emptyPlace = (name: string) => ({
    database: { engine: 'sqlite' as const, file: path.join(dir, name, 'tightlines.db') },
    photoStore: new MemoryPhotoStore(),
  });

  it('a backup goes into a new folder, never into one that holds something', async () => {
    const dest = path.join(dir, 'backup');
    await mkdir(dest);
    await writeFile(path.join(dest, 'older.txt'), 'something');
    await expect(backup(subject, dest, quiet)).rejects.toThrow(
      new BackupError(`${dest} is not empty: back up into a new folder (one per backup)`),
    );
  });

  it('a backup that took longer than the grace period is not called one (no backup.json)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const slowStore = subject.photoStore;
      const listing = slowStore.listPhotoIds.bind(slowStore);
      // The photo copy starts 48 hours after the database copy began.
      slowStore.listPhotoIds = () => {
        vi.setSystemTime(Date.now() + PHOTO_REMOVAL_GRACE_MS);
        return listing();
      };
      const dest = path.join(dir, 'backup');
      await expect(backup(subject, dest, quiet)).rejects.toThrow(
        /longer than the 48 h a deleted photo is kept/,
      );
      expect(existsSync(path.join(dest, 'backup.json'))).toBe(false);
      expect(existsSync(path.join(dest, 'tightlines.db'))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a folder without backup.json (a backup cut off) is not restored', async () => {
    const dest = path.join(dir, 'backup');
    await backup(subject, dest, quiet);
    await rm(path.join(dest, 'backup.json'));
    await expect(restore(dest, emptyPlace('restored'), quiet)).rejects.toThrow(/holds no backup.json/);
  });

  it('restores only into an empty DATA_DIR and an empty store, checked before anything is written', async () => {
    const dest = path.join(dir, 'backup');
    expect((await backup(subject, dest, quiet)).photos).toBe(1);
    // Onto the data it came from: refused, nothing touched.
    await expect(restore(dest, subject, quiet)).rejects.toThrow(
      /tightlines.db exists: restore into an empty DATA_DIR/,
    );
    // Into a new DATA_DIR but a store that holds photos: refused before the database is written.
    const halfEmpty = { ...emptyPlace('restored'), photoStore: subject.photoStore };
    await expect(restore(dest, halfEmpty, quiet)).rejects.toThrow(/the photo store is not empty/);
    expect(existsSync(halfEmpty.database.file)).toBe(false);
    // Into empty places: done.
    const empty = emptyPlace('restored');
    expect((await restore(dest, empty, quiet)).photos).toBe(1);
    const restored = await openDatabase(empty.database);
    expect(await restored.db.selectFrom('users').select('username').execute()).toEqual([
      { username: 'anna' },
    ]);
    await restored.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a SQLite backup is not restored into PostgreSQL, nor into a PostgreSQL database with tables',
    async () => {
      const dest = path.join(dir, 'backup');
      await backup(subject, dest, quiet);
      const target = await createTestPostgresDatabase('tl_restore_refused');
      try {
        const into = {
          database: { engine: 'postgres' as const, url: target.url },
          photoStore: new MemoryPhotoStore(),
        };
        await expect(restore(dest, into, quiet)).rejects.toThrow(
          'this backup is of a sqlite database: restore it with SQLite (DATABASE_URL unset)',
        );
        // A PostgreSQL backup is refused the same way by a database that already has tables.
        const used = await openDatabase({ engine: 'postgres', url: target.url });
        await used.close();
        const manifest = path.join(dest, 'backup.json');
        await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('"sqlite"', '"postgres"'));
        await expect(restore(dest, into, quiet)).rejects.toThrow(
          'the database at DATABASE_URL has tables: restore into a new, empty database',
        );
      } finally {
        await target.drop();
      }
    },
  );
});
