import { useSyncExternalStore } from 'react';

/**
 * Whether the kept query cache has been read back from IndexedDB yet (offline/query-restore.ts). Tiny and
 * in the first bundle; the persistence code itself loads beside it. Until then, "no user in the cache" means
 * "not known yet", not "signed out": with no network the user query waits, and the kept user opens the shell.
 */
let restored = false;
const listeners = new Set<() => void>();
let resolveRestored: () => void = () => {};
const restoredPromise = new Promise<void>((resolve) => {
  resolveRestored = resolve;
});

export function markRestored(): void {
  if (restored) return;
  restored = true;
  resolveRestored();
  for (const listener of listeners) listener();
}

/** Resolves once the kept cache has been read back (at once if it already was). */
export function whenCacheRestored(): Promise<void> {
  return restoredPromise;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCacheRestored(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => restored,
    () => true,
  );
}
