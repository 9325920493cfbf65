/** The part of the Web Locks API the engine needs (navigator.locks, or createMemoryLocks in tests). */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

/** A lock manager for one JavaScript realm: for tests, and browsers without Web Locks. */
export function createMemoryLocks(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request(name, _options, callback) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

/** navigator.locks when the browser has it, else a per-tab lock. */
export function defaultLocks(): LockManagerLike {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (!locks) return createMemoryLocks();
  return {
    // The callback's promise is awaited by the lock manager; the DOM typings nest it (Promise<Promise<T>>).
    request: <T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>) =>
      locks.request(name, options, (lock) => callback(lock)) as unknown as Promise<T>,
  };
}
