/**
 * Every name this app's offline layer stores or talks under, in one place: IndexedDB databases, Cache Storage
 * caches, BroadcastChannels, the Background Sync tag, the Web Lock and the worker's messages. The page, other
 * tabs and the service worker (sw.ts) all import them from here, so the two sides can never disagree on a name.
 * No imports: cheap for any bundle to use.
 *
 * A stored name is part of the device's data: renaming one orphans what phones already keep under the old name
 * (an outbox with unsent catches!), so change one only together with a migration.
 */

/** IndexedDB: the outbox (offline/outbox.ts): catches and deletes not yet confirmed by the server. */
export const OUTBOX_DB = { name: 'tightlines-offline', version: 1, store: 'outbox' } as const;

/**
 * IndexedDB: the kept TanStack Query cache (read back by offline/query-restore.ts, written by
 * offline/query-persistence.ts): the whole copy in one record, and beside it a small one with what the first screen
 * shows (the user and the newest catches), read first (decision 051).
 */
export const QUERY_CACHE_DB = {
  name: 'tightlines-cache',
  version: 1,
  store: 'queries',
  record: 'query-cache',
  firstScreen: 'first-screen',
} as const;

/** IndexedDB: the logout the server has not heard of yet (offline/pending-logout.ts), one record. */
export const SESSION_DB = {
  name: 'tightlines-session',
  version: 1,
  store: 'state',
  record: 'pending-logout',
} as const;

/**
 * Cache Storage: the service worker's runtime photo caches (sw.ts rule 3) and the map tiles viewed (rule 4), all
 * forgotten together by offline/photo-caches.ts: tiles show where the angler looked.
 */
export const PHOTO_CACHES = { thumbs: 'photo-thumbs', full: 'photo-full', tiles: 'map-tiles' } as const;

/**
 * IndexedDB: Workbox's ExpirationPlugin bookkeeping (workbox-expiration owns the schema): store 'cache-entries',
 * one record per cached URL ({ id, cacheName, url, timestamp }, index 'cacheName').
 */
export const EXPIRATION_DB = {
  name: 'workbox-expiration',
  store: 'cache-entries',
  byCache: 'cacheName',
} as const;

/** The BroadcastChannel every outbox write, and every sync result, is announced on. */
export const OUTBOX_CHANNEL = 'tightlines-outbox';

/** The BroadcastChannel a tab's sign-out is announced on (offline/device-copy.ts). */
export const SESSION_CHANNEL = 'tightlines-session';

/** The Background Sync tag the page registers and the service worker answers (sw.ts). */
export const BACKGROUND_SYNC_TAG = 'tightlines-outbox';

/** The Web Lock that lets one flush of the outbox run at a time across tabs and the worker (offline/sync/). */
export const FLUSH_LOCK = 'tightlines-outbox-flush';

/** The page asks the controlling worker to forget the photo caches too (sw.ts: writes still in flight are dropped). */
export const FORGET_PHOTOS_MESSAGE = 'FORGET_PHOTOS';

/** The page hands the worker the photos it showed before the worker controlled it, to keep (sw.ts rule 3). */
export const KEEP_PHOTOS_MESSAGE = 'KEEP_PHOTOS';
