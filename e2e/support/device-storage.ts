import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What the app keeps on the device (docs/product.md#offline), read from inside the page: the kept query cache, the service
 * worker's photo caches with their Workbox expiration records, and the outbox. Browser-side snippets are
 * strings: e2e/ is type-checked with Node's types, not the DOM's, and these only run in the page.
 */

/** Opens an IndexedDB database without creating it; resolves null when it does not exist. */
const OPEN_EXISTING_DB = `(name) => new Promise((resolve) => {
  const open = indexedDB.open(name);
  open.onupgradeneeded = () => open.transaction.abort();
  open.onerror = () => resolve(null);
  open.onsuccess = () => resolve(open.result);
})`;

/** Every record of one store as JSON text ('' when the database or store does not exist). */
function storeText(page: Page, database: string, store: string): Promise<string> {
  return page.evaluate<string>(`(async () => {
    const db = await (${OPEN_EXISTING_DB})(${JSON.stringify(database)});
    if (!db) return '';
    if (!db.objectStoreNames.contains(${JSON.stringify(store)})) { db.close(); return ''; }
    const all = await new Promise((resolve) => {
      const request = db.transaction(${JSON.stringify(store)}).objectStore(${JSON.stringify(store)}).getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve([]);
    });
    db.close();
    return JSON.stringify(all);
  })()`);
}

/** The kept query cache (IndexedDB 'tightlines-cache') as JSON text, '' when there is none. */
export function persistedCacheText(page: Page): Promise<string> {
  return storeText(page, 'tightlines-cache', 'queries');
}

/** Waits until the kept query cache mentions `text`. */
export async function waitForPersistedCache(page: Page, text: string): Promise<void> {
  await expect.poll(() => persistedCacheText(page), { timeout: 10_000 }).toContain(text);
}

/**
 * Waits until the kept query cache holds the whole catch list with `count` catches: a text wait can pass on an
 * earlier copy when the text is in other kept data too (the trips, say), and the list is kept a second after it
 * arrived (offline/query-persistence.ts).
 */
export async function waitForPersistedCatches(page: Page, count: number): Promise<void> {
  const keptCount = async () => {
    const records = JSON.parse((await persistedCacheText(page)) || '[]') as Array<{
      state: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> };
    }>;
    const lists = records.flatMap((record) =>
      record.state.queries.filter((query) => query.queryKey[0] === '/api/catches'),
    );
    return Math.max(
      -1,
      ...lists.map((query) => (Array.isArray(query.state.data) ? query.state.data.length : -1)),
    );
  };
  await expect.poll(keptCount, { timeout: 10_000 }).toBe(count);
}

/** Workbox's expiration records (IndexedDB 'workbox-expiration'), as JSON text. */
export function expirationRecordsText(page: Page): Promise<string> {
  return storeText(page, 'workbox-expiration', 'cache-entries');
}

/** The outbox (IndexedDB 'tightlines-offline') as parsed entries. */
export async function outboxEntries(page: Page): Promise<Array<{ kind: string; userId: number }>> {
  const text = await storeText(page, 'tightlines-offline', 'outbox');
  return text ? (JSON.parse(text) as Array<{ kind: string; userId: number }>) : [];
}

/** The URLs held in one Cache Storage cache (the worker may re-create a cache empty: what counts is what is in it). */
export function cachedUrls(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate<string[]>(
    `caches.open(${JSON.stringify(cacheName)}).then((c) => c.keys()).then((keys) => keys.map((r) => r.url))`,
  );
}

/** Waits until a service worker controls the page ("ready for offline"): its precache is complete. */
export async function waitForWorkerControl(page: Page, timeout = 20_000): Promise<void> {
  await expect
    .poll(() => page.evaluate<boolean>('Boolean(navigator.serviceWorker.controller)'), { timeout })
    .toBe(true);
}

/** The photo kept with an outbox entry (the first that has one): its MIME type and bytes, or null. */
export async function outboxPhoto(page: Page): Promise<{ type: string; bytes: Buffer } | null> {
  const kept = await page.evaluate<{ type: string; base64: string } | null>(`(async () => {
    const db = await (${OPEN_EXISTING_DB})('tightlines-offline');
    if (!db) return null;
    const all = await new Promise((resolve) => {
      const request = db.transaction('outbox').objectStore('outbox').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve([]);
    });
    db.close();
    const photo = all.find((entry) => entry.photo instanceof Blob)?.photo;
    if (!photo) return null;
    const bytes = new Uint8Array(await photo.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { type: photo.type, base64: btoa(binary) };
  })()`);
  return kept ? { type: kept.type, bytes: Buffer.from(kept.base64, 'base64') } : null;
}
