// A backup of everything Tightlines keeps, taken while it serves, and its restore into an empty place
// (docs/decisions/029-backups-and-restores.md). `npm run backup -- DEST` and `npm run restore -- SRC` run these.
//
// A backup is a folder:
//   tightlines.db       SQLite: a consistent copy made by SQLite's online backup (node:sqlite's backup())
//   database.pgdump     PostgreSQL: pg_dump's custom format (one consistent snapshot)
//   photos/             every photo of the store, in the store's own layout (3f/<id>.webp, 3f/<id>.thumb.webp)
//   backup.json         written last: what it holds and when; a folder without it is not a backup
//
// The database is copied first and the photos after: every photo the database copy names is still in the store
// while the photos are copied, because a deleted photo's files stay PHOTO_REMOVAL_GRACE_MS (photos/photo-removal.ts).
// A backup that took longer than that fails instead of claiming to be whole.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync, backup as sqliteBackup } from 'node:sqlite';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { connectPostgres } from '../db/database.ts';
import { PHOTO_REMOVAL_GRACE_MS } from '../photos/photo-removal.ts';
import { DiskPhotoStore, type PhotoStore, type PhotoVariant } from '../photos/photo-store.ts';

/** Where the data lives: the configured database and photo store (server/config/config.ts). */
export interface BackupSubject {
  database: { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };
  photoStore: PhotoStore;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  engine: 'sqlite' | 'postgres';
  /** The database's file in the backup folder. */
  databaseFile: string;
  databaseBytes: number;
  photos: number;
  photoFiles: number;
  photoBytes: number;
  startedAt: string;
  databaseCopiedAt: string;
  finishedAt: string;
}

const BACKUP_FORMAT = 'tightlines-backup-1';
const MANIFEST = 'backup.json';
const SQLITE_FILE = 'tightlines.db';
const PG_DUMP_FILE = 'database.pgdump';
const PHOTOS_DIR = 'photos';
const VARIANTS: readonly PhotoVariant[] = ['full', 'thumb'];
/** Photos copied at a time: an S3 store answers each in a round trip. */
const PHOTO_COPIES_AT_ONCE = 8;
/** SQLite's backup copies this many pages per step: all of them, in one step, so the copy is one snapshot. */
const ALL_PAGES = 2 ** 31 - 1;

/** A backup or restore that cannot be done as asked: the message says why, in one line for the operator. */
export class BackupError extends Error {}

const run = promisify(execFile);

/** Runs a PostgreSQL client program; says what to install when it is missing. */
async function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new BackupError(
        `${tool} is not installed: install PostgreSQL's client programs (apt-get install postgresql-client), of the server's major version or newer`,
      );
    }
    throw new BackupError(`${tool} failed: ${(failure.stderr ?? failure.message).trim()}`);
  }
}

/** Copies every photo of `from` into `to`, in id order, a few at a time. Returns what it copied. */
async function copyPhotos(
  from: PhotoStore,
  to: PhotoStore,
): Promise<{ photos: number; files: number; bytes: number }> {
  const counts = { photos: 0, files: 0, bytes: 0 };
  const ids = from.listPhotoIds()[Symbol.asyncIterator]();
  const worker = async () => {
    for (let next = await ids.next(); !next.done; next = await ids.next()) {
      const id = next.value;
      let copied = false;
      for (const variant of VARIANTS) {
        const bytes = await from.read(id, variant);
        // A variant the store does not have (a save cut off half-way) has nothing to copy.
        if (!bytes) continue;
        await to.save(id, variant, bytes);
        counts.files++;
        counts.bytes += bytes.length;
        copied = true;
      }
      if (copied) counts.photos++;
    }
  };
  await Promise.all(Array.from({ length: PHOTO_COPIES_AT_ONCE }, worker));
  return counts;
}

async function isEmptyStore(store: PhotoStore): Promise<boolean> {
  for await (const _id of store.listPhotoIds()) return false;
  return true;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function seconds(fromMs: number): string {
  return `${((Date.now() - fromMs) / 1000).toFixed(1)} s`;
}

/**
 * Backs up the database and the photos into `dest` (a folder that does not exist yet, or an empty one) while the
 * app serves. `report` gets one line per step.
 */
export async function backup(
  subject: BackupSubject,
  dest: string,
  report: (line: string) => void,
): Promise<BackupManifest> {
  if (existsSync(dest) && (await readdir(dest)).length > 0) {
    throw new BackupError(`${dest} is not empty: back up into a new folder (one per backup)`);
  }
  await mkdir(dest, { recursive: true });
  const startedAt = Date.now();
  const { database } = subject;

  let databaseFile: string;
  if (database.engine === 'sqlite') {
    if (!existsSync(database.file)) throw new BackupError(`no database at ${database.file} (DATA_DIR)`);
    databaseFile = SQLITE_FILE;
    const source = new DatabaseSync(database.file);
    try {
      // Waits for a writer's lock rather than failing; in WAL mode the copy reads one snapshot beside the writers.
      source.exec('PRAGMA busy_timeout = 10000');
      await sqliteBackup(source, path.join(dest, databaseFile), { rate: ALL_PAGES });
    } finally {
      source.close();
    }
  } else {
    databaseFile = PG_DUMP_FILE;
    // One consistent snapshot; without owners and grants, so it restores into any database the operator made.
    await runPostgresTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(dest, databaseFile)}`,
      `--dbname=${database.url}`,
    ]);
  }
  const databaseBytes = (await stat(path.join(dest, databaseFile))).size;
  const databaseCopiedAt = Date.now();
  report(
    `database copied: ${database.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${megabytes(databaseBytes)} in ${seconds(startedAt)}`,
  );

  const photosStartedAt = Date.now();
  const photos = await copyPhotos(subject.photoStore, new DiskPhotoStore(path.join(dest, PHOTOS_DIR)));
  report(
    `photos copied: ${photos.photos} photos (${photos.files} files, ${megabytes(photos.bytes)}) in ${seconds(photosStartedAt)}`,
  );

  const finishedAt = Date.now();
  // The database copy is a snapshot of the moment it began: a photo deleted after it keeps its files until that
  // moment plus the grace period, and no longer.
  if (finishedAt - startedAt >= PHOTO_REMOVAL_GRACE_MS) {
    throw new BackupError(
      `the backup took ${seconds(startedAt)}, longer than the ${PHOTO_REMOVAL_GRACE_MS / 3_600_000} h a deleted photo is kept: photos deleted meanwhile may be missing, so this is not a backup (no ${MANIFEST} written)`,
    );
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    engine: database.engine,
    databaseFile,
    databaseBytes,
    photos: photos.photos,
    photoFiles: photos.files,
    photoBytes: photos.bytes,
    startedAt: new Date(startedAt).toISOString(),
    databaseCopiedAt: new Date(databaseCopiedAt).toISOString(),
    finishedAt: new Date(finishedAt).toISOString(),
  };
  await writeFile(path.join(dest, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  report(`backup complete in ${seconds(startedAt)}: ${dest}`);
  return manifest;
}

async function readManifest(src: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(src, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${src} holds no ${MANIFEST}: not a complete backup made by npm run backup`);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `${src}/${MANIFEST} is not a backup this release can read (${String(manifest.format)})`,
    );
  }
  return manifest;
}

/**
 * Restores the backup in `src` into the configured database and photo store, which must both be empty (a new
 * DATA_DIR, a new PostgreSQL database, a new bucket): it never overwrites data. Start the server afterwards.
 */
export async function restore(
  src: string,
  subject: BackupSubject,
  report: (line: string) => void,
): Promise<BackupManifest> {
  const manifest = await readManifest(src);
  const { database } = subject;
  if (manifest.engine !== database.engine) {
    const wanted =
      manifest.engine === 'sqlite' ? 'SQLite (DATABASE_URL unset)' : 'PostgreSQL (DATABASE_URL set)';
    throw new BackupError(`this backup is of a ${manifest.engine} database: restore it with ${wanted}`);
  }
  // Both targets are checked before anything is written.
  if (database.engine === 'sqlite') {
    if (['', '-wal', '-shm'].some((suffix) => existsSync(`${database.file}${suffix}`))) {
      throw new BackupError(`${database.file} exists: restore into an empty DATA_DIR`);
    }
  } else {
    const target = connectPostgres({ engine: 'postgres', url: database.url, maxConnections: 1 });
    try {
      const { rows } = await sql<{ tables: number | string }>`
        select count(*) as tables from information_schema.tables where table_schema = current_schema()
      `.execute(target.db);
      if (Number(rows[0]?.tables) > 0) {
        throw new BackupError('the database at DATABASE_URL has tables: restore into a new, empty database');
      }
    } finally {
      await target.close();
    }
  }
  await subject.photoStore.checkReachable();
  if (!(await isEmptyStore(subject.photoStore))) {
    throw new BackupError(
      'the photo store is not empty: restore into an empty DATA_DIR/photos or a new bucket',
    );
  }

  const startedAt = Date.now();
  const backupFile = path.join(src, manifest.databaseFile);
  if (database.engine === 'sqlite') {
    await mkdir(path.dirname(database.file), { recursive: true });
    const source = new DatabaseSync(backupFile, { readOnly: true });
    try {
      await sqliteBackup(source, database.file, { rate: ALL_PAGES });
    } finally {
      source.close();
    }
  } else {
    await runPostgresTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${database.url}`,
      backupFile,
    ]);
  }
  report(`database restored: ${megabytes(manifest.databaseBytes)} in ${seconds(startedAt)}`);

  const photosStartedAt = Date.now();
  const photos = await copyPhotos(new DiskPhotoStore(path.join(src, PHOTOS_DIR)), subject.photoStore);
  if (photos.files !== manifest.photoFiles || photos.bytes !== manifest.photoBytes) {
    throw new BackupError(
      `restored, but the backup's photos are not what ${MANIFEST} says (${photos.files} files and ${photos.bytes} bytes, not ${manifest.photoFiles} and ${manifest.photoBytes}): the backup folder was changed or damaged`,
    );
  }
  report(
    `photos restored: ${photos.photos} photos (${photos.files} files, ${megabytes(photos.bytes)}) in ${seconds(photosStartedAt)}`,
  );
  report(`restore complete from the backup of ${manifest.startedAt}: start the server`);
  return manifest;
}
