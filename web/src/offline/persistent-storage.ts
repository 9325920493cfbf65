/**
 * Asks the browser to keep this site's storage under pressure (navigator.storage.persist), so the outbox is
 * never evicted with unsent catches in it. Chromium decides silently (granted for installed or much-used
 * sites), Firefox may ask the angler, Safari keeps data of installed web apps. Asked once per page load, at the
 * first save; the browser remembers a grant.
 */
let asked: Promise<boolean> | null = null;

export function requestPersistentStorage(): Promise<boolean> {
  asked ??= (async () => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.persist) return false;
    if (await storage.persisted()) return true;
    return storage.persist();
  })().catch(() => false);
  return asked;
}
