import type { DatabaseSync } from 'node:sqlite';

/**
 * Room for small writes when the disk is full (logins write a session row, failed logins a rate-limit row).
 *
 * SQLite in WAL mode needs new disk space for a write only in two cases: when the WAL file has to grow (frames are
 * appended past its end), and when a checkpoint has to grow the database file (a page beyond its end). Neither
 * happens while (1) the WAL file is already longer than what is written between two checkpoints, since after a
 * checkpoint SQLite writes the WAL again from its start, over bytes the file already owns, and (2) the database file
 * has free pages for new rows. Writing WRITE_RESERVE_BYTES of zeros through the WAL and dropping them again does
 * both: the WAL file keeps that length (it is never truncated: journal_size_limit stays at its default, -1), and
 * the pages go to the free list, which SQLite uses before it extends the file. SQLite checkpoints every 1000 pages
 * (wal_autocheckpoint), so a WAL of 2048 pages is never outgrown by ordinary writes.
 *
 * Measured on a 12 MB tmpfs filled to the last byte (docs/decisions/008-storage-and-outages.md): without the
 * reserve the first insert fails with SQLITE_FULL; with it, 20,000 session-sized inserts succeed.
 *
 * Refreshed at start-up (a cleanly closed database has deleted its WAL) and every hour, as the free pages are used.
 */
export const WRITE_RESERVE_BYTES = 8 * 1024 * 1024;
export const WRITE_RESERVE_REFRESH_MS = 60 * 60 * 1000;

const RESERVE_TABLE = 'tightlines_write_reserve';

/**
 * Writes the reserve through the WAL and frees it again; throws SQLITE_FULL when the disk has no room for it.
 * Call it only while no other transaction is open on this connection (at open, or holding Kysely's connection).
 */
export function refreshWriteReserve(sqlite: DatabaseSync): void {
  // Always the whole reserve through the WAL (it must reach its length again after a clean restart). SQLite takes
  // free pages first, so the database file only grows by what the free list lacks.
  sqlite.exec('BEGIN IMMEDIATE');
  try {
    sqlite.exec(`CREATE TABLE ${RESERVE_TABLE} (filler BLOB)`);
    sqlite.prepare(`INSERT INTO ${RESERVE_TABLE} (filler) VALUES (zeroblob(?))`).run(WRITE_RESERVE_BYTES);
    sqlite.exec(`DROP TABLE ${RESERVE_TABLE}`);
    sqlite.exec('COMMIT');
  } catch (error) {
    sqlite.exec('ROLLBACK');
    throw error;
  }
  sqlite.exec('PRAGMA wal_checkpoint(PASSIVE)');
}
