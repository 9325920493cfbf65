import { AppError } from '../http/app-error.ts';

/** Imports take minutes; a client told to wait tries again after this long. */
const IMPORTS_BUSY_RETRY_AFTER_SECONDS = 30;

/**
 * Who is importing now: one import per account at a time, and a few per server. Each import holds its upload on
 * disk, a ZIP's list of photos and a CSV parser in memory, and the image queue for its photos; four at once from
 * one account took the server from 227 MB to 1.3 GB. Counted per process (each cluster worker has its own).
 */
export class ImportSlots {
  private readonly importing = new Set<number>();
  private readonly atOnce: number;

  constructor(atOnce: number) {
    this.atOnce = atOnce;
  }

  /** Takes the account's slot, or refuses; the returned function gives it back (call it once, when the import ends). */
  take(userId: number): () => void {
    if (this.importing.has(userId)) {
      throw new AppError(
        409,
        'IMPORT_IN_PROGRESS',
        'An import of yours is still running. Wait for it to finish before importing another file.',
      );
    }
    if (this.importing.size >= this.atOnce) {
      throw new AppError(
        503,
        'SERVER_BUSY',
        'The server is busy importing other files. Please try again in a minute.',
        undefined,
        { retryAfterSeconds: IMPORTS_BUSY_RETRY_AFTER_SECONDS },
      );
    }
    this.importing.add(userId);
    return () => this.importing.delete(userId);
  }
}
