import { useCallback, useSyncExternalStore } from 'react';
import type { Catch } from '#core/catch.ts';
import { needsDetails } from '#core/needs-details.ts';

/**
 * The catches whose 'Needs details' the angler dismissed on this phone (docs/decisions/046-quick-capture.md: a
 * list kept on the device, not a field of the catch). Keyed by the catch's clientId, which a catch keeps from the
 * outbox to the server, else its id. Local storage that throws (privacy modes, quota) forgets the answer: harmless,
 * the badge comes back.
 */
const STORAGE_KEY = 'detailsDismissed';

const listeners = new Set<() => void>();
let cached: { raw: string | null; keys: ReadonlySet<string> } | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): ReadonlySet<string> {
  try {
    const value: unknown = raw === null ? [] : JSON.parse(raw);
    return new Set(Array.isArray(value) ? value.filter((key) => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

/** The dismissed keys, the same Set until the list changes (so React sees no change on every read). */
function dismissedKeys(): ReadonlySet<string> {
  const raw = readRaw();
  if (cached?.raw !== raw) cached = { raw, keys: parse(raw) };
  return cached.keys;
}

const keyOf = (item: Pick<Catch, 'id' | 'clientId'>) => item.clientId ?? String(item.id);

/** Dismisses `item`'s 'Needs details' on this phone. */
export function dismissDetails(item: Pick<Catch, 'id' | 'clientId'>): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([...dismissedKeys(), keyOf(item)]));
  } catch {
    // Not remembered: the badge shows again at the next visit.
  }
  for (const listener of [...listeners]) listener();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab of the app dismissing one.
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Whether a catch needs details, given what the angler dismissed on this phone; re-renders when that changes. */
export function useNeedsDetails(): (item: Catch) => boolean {
  const keys = useSyncExternalStore(subscribe, dismissedKeys, dismissedKeys);
  return useCallback((item) => needsDetails(item, keys.has(keyOf(item))), [keys]);
}
