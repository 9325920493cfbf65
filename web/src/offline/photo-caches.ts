import { openDB } from 'idb';
import { EXPIRATION_DB, PHOTO_CACHES } from './storage-names.ts';

/**
 * The service worker's runtime photo caches (sw.ts) and their forgetting, shared by the worker and the page.
 *
 * Each cache has a Workbox ExpirationPlugin, which keeps its bookkeeping in IndexedDB (EXPIRATION_DB in
 * storage-names.ts): one record per cached URL. Forgetting the photos means deleting the caches AND their
 * records there: the records name every photo the last account looked at. The page also tells the worker
 * (FORGET_PHOTOS_MESSAGE), which drops photo writes still in flight.
 */
const PHOTO_CACHE_NAMES: readonly string[] = Object.values(PHOTO_CACHES);

/** Deletes the expiration records of the photo caches; never creates the database (Workbox owns its schema). */
async function forgetExpirationRecords(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  let created = false;
  const database = await openDB(EXPIRATION_DB.name, undefined, {
    upgrade(_db, _oldVersion, _newVersion, transaction) {
      // It did not exist: nothing to forget. Aborting leaves no empty database behind for Workbox to trip on.
      created = true;
      transaction.done.catch(() => {}); // rejects with the abort below: expected, not an error
      transaction.abort();
    },
  }).catch(() => null);
  if (!database || created) return;
  try {
    if (!database.objectStoreNames.contains(EXPIRATION_DB.store)) return;
    const transaction = database.transaction(EXPIRATION_DB.store, 'readwrite');
    const byCache = transaction.store.index(EXPIRATION_DB.byCache);
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
