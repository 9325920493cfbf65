import { logOut } from '../api/endpoints.ts';
import { openKeyValueStore } from './key-value-store.ts';
import { SESSION_DB } from './storage-names.ts';

/**
 * A logout the server has not heard of yet (docs/decisions/009-offline-sign-out.md). Logout works offline: the
 * phone forgets the account's copy at once and remembers here that the server still has to end the session;
 * the session cookie (HttpOnly, so the page cannot drop it) stays in the browser until the server's logout
 * answer clears it. Meanwhile that cookie must not count as signed in: the page shows /auth
 * (features/auth/use-auth.ts) and nothing is synced with it (the worker sends this logout before any outbox entry, sw.ts).
 *
 * IndexedDB database 'tightlines-session', store 'state', one record under 'pending-logout' (SESSION_DB in
 * storage-names.ts): { since } (ms).
 * The page and the service worker both read it. Sent by: the next user check (use-auth.ts), the 'online'
 * event, a sign-in (first, so its answer can never clear the new session's cookie), and Background Sync.
 */

const STORE = SESSION_DB.store;
const RECORD_KEY = SESSION_DB.record;

export type LogoutOutcome = 'none' | 'sent' | 'waiting';

let dbPromise: ReturnType<typeof openSessionDb> | null = null;

function openSessionDb() {
  return openKeyValueStore(SESSION_DB.name, SESSION_DB.version, STORE);
}

function sessionDb() {
  dbPromise ??= openSessionDb().catch((error: unknown) => {
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

/** Remembers that the server must still be told. Throws when it cannot be stored (logout then fails). */
export async function queueLogout(): Promise<void> {
  await (await sessionDb()).put({ since: Date.now() }, RECORD_KEY);
}

export async function hasPendingLogout(): Promise<boolean> {
  try {
    return (await (await sessionDb()).get(RECORD_KEY)) !== undefined;
  } catch {
    // No IndexedDB (then nothing could have been queued either).
    return false;
  }
}

/** The server ended the session some other way (a sign-in rotates it): nothing left to send. */
export async function clearPendingLogout(): Promise<void> {
  try {
    await (await sessionDb()).delete(RECORD_KEY);
  } catch {
    // Nothing stored.
  }
}

let sending: Promise<LogoutOutcome> | null = null;

async function send(): Promise<LogoutOutcome> {
  if (!(await hasPendingLogout())) return 'none';
  // Offline for sure: a request could only fail (and Chromium would log it as an error).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'waiting';
  try {
    await logOut();
  } catch {
    // Not reached, or refused: still queued.
    return 'waiting';
  }
  await clearPendingLogout();
  return 'sent';
}

/**
 * Sends the queued logout, if there is one: 'none' (nothing queued), 'sent' (the server ended the session
 * and cleared its cookie), 'waiting' (offline or the server did not answer: still queued). Never throws;
 * concurrent calls share one request.
 */
export function sendPendingLogout(): Promise<LogoutOutcome> {
  sending ??= send().finally(() => {
    sending = null;
  });
  return sending;
}
