/**
 * Small choices the app remembers across visits in local storage (the shell's active tab, History's sort).
 * A missing or unknown stored value gives the default; storage that throws (privacy modes, quota) is ignored,
 * as forgetting a choice is harmless.
 */

function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some privacy modes throw on access.
    return null;
  }
}

/** The choice kept under `key` when `isAllowed` accepts it, otherwise `fallback`. */
export function readLocalChoice<T extends string>(
  key: string,
  isAllowed: (value: unknown) => value is T,
  fallback: T,
  store: Storage | null = localStore(),
): T {
  try {
    const value = store?.getItem(key);
    return isAllowed(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/** Keeps `value` under `key`; storage failures are ignored. */
export function writeLocalChoice(key: string, value: string, store: Storage | null = localStore()): void {
  try {
    store?.setItem(key, value);
  } catch {
    // Not being able to remember the choice is harmless.
  }
}
