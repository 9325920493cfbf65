import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { deletePhotoCaches } from './photo-caches.ts';

/** Workbox's expiration database as workbox-expiration 7 creates it (models/CacheTimestampsModel.js). */
async function seedExpirationRecords(records: Array<{ cacheName: string; url: string }>): Promise<void> {
  const db = await openDB('workbox-expiration', 1, {
    upgrade(database) {
      const store = database.createObjectStore('cache-entries', { keyPath: 'id' });
      store.createIndex('cacheName', 'cacheName', { unique: false });
      store.createIndex('timestamp', 'timestamp', { unique: false });
    },
  });
  for (const { cacheName, url } of records) {
    await db.put('cache-entries', { id: `${cacheName}|${url}`, cacheName, url, timestamp: Date.now() });
  }
  db.close();
}

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((database) => database.name ?? '');
}

afterEach(async () => {
  for (const name of await databaseNames()) indexedDB.deleteDatabase(name);
});

describe('deletePhotoCaches', () => {
  it("forgets the photo caches' expiration records (they name every photo looked at), and only theirs", async () => {
    await seedExpirationRecords([
      { cacheName: 'photo-thumbs', url: 'https://fish.test/api/photos/a.webp?size=thumb' },
      { cacheName: 'photo-thumbs', url: 'https://fish.test/api/photos/b.webp?size=thumb' },
      { cacheName: 'photo-full', url: 'https://fish.test/api/photos/a.webp' },
      { cacheName: 'someone-elses-cache', url: 'https://fish.test/other' },
    ]);
    await deletePhotoCaches();
    const db = await openDB('workbox-expiration', 1);
    const left = await db.getAll('cache-entries');
    db.close();
    expect(left.map((record: { cacheName: string }) => record.cacheName)).toEqual(['someone-elses-cache']);
  });

  it('never creates the database (Workbox creates it with its own schema)', async () => {
    await deletePhotoCaches();
    expect(await databaseNames()).not.toContain('workbox-expiration');
  });
});
