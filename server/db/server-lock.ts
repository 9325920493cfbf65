import { DatabaseSync } from 'node:sqlite';

/** Thrown at start-up when another server process already serves the same SQLite database. */
export class DatabaseInUseError extends Error {
  constructor(databaseFile: string, lockFile: string) {
    super(
      `Another Tightlines server is already using ${databaseFile} (it holds the lock on ${lockFile}). ` +
        'Stop it first, or give this server another DATA_DIR.',
    );
    this.name = 'DatabaseInUseError';
  }
}

export interface ServerLock {
  release(): void;
}

const SQLITE_BUSY = 5;

/**
 * SQLite's own exclusive file lock (fcntl) on a small companion file of the database, or null when another
 * connection (in this process or another) holds it. Held until the returned connection is closed, or the process
 * ends, however it ends (kill -9 included): the kernel drops it, so there is never a stale lock to clean up and no
 * process id to guess about.
 */
function tryExclusiveLock(lockFile: string): DatabaseSync | null {
  const lock = new DatabaseSync(lockFile);
  try {
    lock.exec('PRAGMA locking_mode = EXCLUSIVE');
    // Never committed: the transaction keeps the exclusive lock until the connection closes.
    lock.exec('BEGIN EXCLUSIVE');
    return lock;
  } catch (error) {
    lock.close();
    const errcode = (error as { errcode?: unknown }).errcode;
    if (typeof errcode === 'number' && (errcode & 0xff) === SQLITE_BUSY) return null;
    throw error;
  }
}

/**
 * One server per SQLite database: two would block each other's writes (node:sqlite waits synchronously) and keep
 * separate caches. Held for the life of the process. The database file itself stays open to other readers (a
 * backup with the sqlite3 shell, the benchmarks' in-process measurements).
 */
export function acquireServerLock(databaseFile: string): ServerLock {
  const lockFile = `${databaseFile}.server-lock`;
  const lock = tryExclusiveLock(lockFile);
  if (!lock) throw new DatabaseInUseError(databaseFile, lockFile);
  return {
    release: () => {
      if (lock.isOpen) lock.close();
    },
  };
}

/** How often a process waiting for another one's migrations tries the lock again. */
const MIGRATION_LOCK_RETRY_MS = 25;

/**
 * Runs `migrate` (opening a file, which may switch a new one to WAL, and bringing its schema up to date) while
 * holding the database's migration lock, waiting (without blocking the event loop) while another process or
 * connection holds it. Kysely takes no lock on SQLite, so two processes opening a new file at
 * once (a server and a script, the workers of one host) both found no schema and both created it: the second died
 * with `table "users" already exists`. Under the lock the second finds the first one's migrations done.
 */
export async function withMigrationLock<T>(
  databaseFile: string,
  migrate: () => Promise<T>,
  timeoutMs = 120_000,
): Promise<T> {
  const lockFile = `${databaseFile}.migration-lock`;
  const deadline = Date.now() + timeoutMs;
  let lock = tryExclusiveLock(lockFile);
  while (!lock) {
    if (Date.now() > deadline) {
      throw new Error(
        `Another process has been migrating ${databaseFile} for over ${timeoutMs} ms (${lockFile})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, MIGRATION_LOCK_RETRY_MS));
    lock = tryExclusiveLock(lockFile);
  }
  try {
    return await migrate();
  } finally {
    lock.close();
  }
}
