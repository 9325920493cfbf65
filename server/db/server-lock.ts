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
 * One server per SQLite database: two would block each other's writes (node:sqlite waits synchronously) and keep
 * separate caches. The lock is SQLite's own exclusive file lock (fcntl) on a small companion file, held for the
 * life of the process: the kernel drops it when the process ends, however it ends (kill -9 included), so there is
 * never a stale lock to clean up and no process id to guess about. The database file itself stays open to other
 * readers (a backup with the sqlite3 shell, the benchmarks' in-process measurements).
 */
export function acquireServerLock(databaseFile: string): ServerLock {
  const lockFile = `${databaseFile}.server-lock`;
  const lock = new DatabaseSync(lockFile);
  try {
    lock.exec('PRAGMA locking_mode = EXCLUSIVE');
    // Never committed: the transaction keeps the exclusive lock until release() or the end of the process.
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    const errcode = (error as { errcode?: unknown }).errcode;
    if (typeof errcode === 'number' && (errcode & 0xff) === SQLITE_BUSY) {
      throw new DatabaseInUseError(databaseFile, lockFile);
    }
    throw error;
  }
  return {
    release: () => {
      if (lock.isOpen) lock.close();
    },
  };
}
