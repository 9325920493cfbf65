/**
 * Errors that say the server's database or disk cannot serve right now, not that the request was wrong or that our
 * code is broken: they are answered 503 (try again soon) or 507 (storage full) with a code a client can act on,
 * instead of a 500. Recognised here, in one place, for both database engines and the photo store.
 */
import type { ApiErrorCode } from '#core/api-error.ts';

export interface Outage {
  status: 503 | 507;
  code: Extract<
    ApiErrorCode,
    'DATABASE_UNAVAILABLE' | 'DATABASE_BUSY' | 'PHOTO_STORE_UNAVAILABLE' | 'STORAGE_FULL'
  >;
  message: string;
  /** Seconds a client should wait before trying again (the Retry-After header of a 503). */
  retryAfterSeconds?: number;
}

export const DATABASE_UNAVAILABLE: Outage = {
  status: 503,
  code: 'DATABASE_UNAVAILABLE',
  message: 'The database is unavailable right now. Please try again in a moment.',
  retryAfterSeconds: 5,
};

export const DATABASE_BUSY: Outage = {
  status: 503,
  code: 'DATABASE_BUSY',
  message: 'The server is busy. Please try again in a moment.',
  retryAfterSeconds: 1,
};

/** The photo store (an S3 endpoint) cannot be reached: photos wait, the rest of the app keeps working. */
export const PHOTO_STORE_UNAVAILABLE: Outage = {
  status: 503,
  code: 'PHOTO_STORE_UNAVAILABLE',
  message: 'Photos are unavailable right now. Please try again in a moment.',
  retryAfterSeconds: 5,
};

export const STORAGE_FULL: Outage = {
  status: 507,
  code: 'STORAGE_FULL',
  message: 'Storage full: the server has no room to save this right now. Please try again later.',
};

// node:sqlite reports the extended result code in `errcode`; its low byte is the primary code.
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_FULL = 13;

/** PostgreSQL SQLSTATE classes and codes that mean the server, not the query, is the problem. */
const PG_UNAVAILABLE_CLASSES = ['08', '57P']; // connection exception; operator intervention (shutdown, restart)
const PG_UNAVAILABLE_CODES = new Set(['53300', '53400']); // too many connections, configuration limit exceeded
const PG_DISK_FULL = '53100';
/** A statement cancelled by DATABASE_STATEMENT_TIMEOUT_MS (or by an operator): the database is too busy for it. */
const PG_QUERY_CANCELED = '57014';

/** Socket errors of a database connection (refused, reset, unreachable, timed out, name not resolved). */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres reports a lost or impossible connection with these messages and no code. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

// PHOTO_STORE_FULL: an object store's quota (PhotoStoreFullError in photos/photo-store.ts).
const DISK_FULL_ERRNO = new Set(['ENOSPC', 'EDQUOT', 'PHOTO_STORE_FULL']);

interface ErrorFields {
  code?: unknown;
  errcode?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error and the errors it wraps (cause, AggregateError#errors), a few levels deep. */
function* errorChain(error: unknown, depth = 0): Generator<[ErrorFields, number]> {
  if (depth > 4 || error === null || typeof error !== 'object') return;
  const fields = error as ErrorFields;
  yield [fields, depth];
  yield* errorChain(fields.cause, depth + 1);
  if (Array.isArray(fields.errors)) for (const inner of fields.errors) yield* errorChain(inner, depth + 1);
}

function sqlitePrimaryCode(fields: ErrorFields): number | null {
  return fields.code === 'ERR_SQLITE_ERROR' && typeof fields.errcode === 'number'
    ? fields.errcode & 0xff
    : null;
}

function classify(fields: ErrorFields, wrapped: boolean): Outage | null {
  const code = typeof fields.code === 'string' ? fields.code : '';
  const sqlite = sqlitePrimaryCode(fields);
  if (sqlite === SQLITE_FULL || code === PG_DISK_FULL || DISK_FULL_ERRNO.has(code)) return STORAGE_FULL;
  // DATABASE_BUSY: a full pool (DatabasePoolExhaustedError in db/database.ts).
  if (
    sqlite === SQLITE_BUSY ||
    sqlite === SQLITE_LOCKED ||
    code === PG_QUERY_CANCELED ||
    code === DATABASE_BUSY.code
  ) {
    return DATABASE_BUSY;
  }
  // The photo store wraps its own outages (PhotoStoreUnavailableError), so its socket errors never read as the database's.
  if (code === PHOTO_STORE_UNAVAILABLE.code) return PHOTO_STORE_UNAVAILABLE;
  if (PG_UNAVAILABLE_CODES.has(code) || PG_UNAVAILABLE_CLASSES.some((prefix) => code.startsWith(prefix))) {
    return DATABASE_UNAVAILABLE;
  }
  // Only at the top: a socket error wrapped in another one is someone else's (fetch to the weather provider).
  if (!wrapped && NETWORK_ERROR_CODES.has(code)) return DATABASE_UNAVAILABLE;
  const message = typeof fields.message === 'string' ? fields.message : '';
  if (PG_CONNECTION_MESSAGES.some((known) => message.startsWith(known))) return DATABASE_UNAVAILABLE;
  return null;
}

/**
 * The outage an error reveals (a database that is down or locked, a photo store out of reach, a full disk or
 * bucket), or null for any other error.
 */
export function outageOf(error: unknown): Outage | null {
  for (const [fields, depth] of errorChain(error)) {
    const outage = classify(fields, depth > 0);
    if (outage) return outage;
  }
  return null;
}
