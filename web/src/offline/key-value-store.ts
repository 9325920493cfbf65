/**
 * One IndexedDB object store used as a key-value store: what the kept query cache (query-persistence.ts) and the
 * queued logout (pending-logout.ts) need at start. Without the idb library, which those two drew into the shell's
 * first load (decision 023); the outbox and the photo caches, loaded later, keep using idb. A write resolves once its
 * transaction has committed, as idb's shortcuts do.
 */
export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  put(value: unknown, key: string): Promise<void>;
  /** Several records in one transaction: all of them are written, or none. */
  putAll(records: ReadonlyArray<readonly [key: string, value: unknown]>): Promise<void>;
  delete(key: string): Promise<void>;
}

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () =>
      reject(transaction.error ?? new DOMException('Transaction aborted', 'AbortError'));
  });
}

/** Opens (creating it if needed) database `name` at `version` with the object store `store`. */
export async function openKeyValueStore(
  name: string,
  version: number,
  store: string,
): Promise<KeyValueStore> {
  const opening = indexedDB.open(name, version);
  opening.onupgradeneeded = () => {
    if (!opening.result.objectStoreNames.contains(store)) opening.result.createObjectStore(store);
  };
  const database = await settled(opening);
  const write = async (change: (objects: IDBObjectStore) => void) => {
    const transaction = database.transaction(store, 'readwrite');
    change(transaction.objectStore(store));
    await committed(transaction);
  };
  return {
    get: (key) => settled(database.transaction(store, 'readonly').objectStore(store).get(key)),
    put: (value, key) => write((objects) => objects.put(value, key)),
    putAll: (records) =>
      write((objects) => {
        for (const [key, value] of records) objects.put(value, key);
      }),
    delete: (key) => write((objects) => objects.delete(key)),
  };
}
