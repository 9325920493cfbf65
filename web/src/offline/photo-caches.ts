import { openDB } from 'idb';

/**
 * The service worker's runtime photo caches (sw.ts) and their forgetting, shared by the worker and the page.
 *
 * Each cache has a Workbox ExpirationPlugin, which keeps its bookkeeping in IndexedDB: database
 * 'workbox-expiration', store 'cache-entries', one record per cached URL ({ id, cacheName, url, timestamp },
 * index 'cacheName'). Forgetting the photos means deleting the caches AND their records there: the records
 * name every photo the last account looked at.
 */
// The map tiles viewed (issue 12) are forgotten with the photos: they show where the angler looked.
export const PHOTO_CACHES = { thumbs: 'photo-thumbs', full: 'photo-full', tiles: 'map-tiles' } as const;
const PHOTO_CACHE_NAMES: readonly string[] = Object.values(PHOTO_CACHES);

/** The page asks the controlling worker to forget them too (see sw.ts: writes still in flight are dropped). */
export const FORGET_PHOTOS_MESSAGE = 'FORGET_PHOTOS';

const EXPIRATION_DB = 'workbox-expiration';
const EXPIRATION_STORE = 'cache-entries';

/** Deletes the expiration records of the photo caches; never creates the database (Workbox owns its schema). */
async function forgetExpirationRecords(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  let created = false;
  const database = await openDB(EXPIRATION_DB, undefined, {
    upgrade(_db, _oldVersion, _newVersion, transaction) {
      // It did not exist: nothing to forget. Aborting leaves no empty database behind for Workbox to trip on.
      created = true;
      transaction.done.catch(() => {}); // rejects with the abort below: expected, not an error
      transaction.abort();
    },
  }).catch(() => null);
  if (!database || created) return;
  try {
    if (!database.objectStoreNames.contains(EXPIRATION_STORE)) return;
    const transaction = database.transaction(EXPIRATION_STORE, 'readwrite');
    const byCache = transaction.store.index('cacheName');
    for (const cacheName of PHOTO_CACHE_NAMES) {
      for (const key of await byCache.getAllKeys(cacheName)) await transaction.store.delete(key);
    }
    await transaction.done;
  } finally {
    database.close();
  }
}

/** Deletes both photo caches and their expiration records. Never throws: there may be nothing to delete. */
export async function deletePhotoCaches(): Promise<void> {
  if (typeof caches !== 'undefined') {
    await Promise.all(PHOTO_CACHE_NAMES.map((name) => caches.delete(name).catch(() => false)));
  }
  await forgetExpirationRecords().catch(() => {});
}
