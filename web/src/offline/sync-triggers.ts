import { BACKGROUND_SYNC_TAG } from './storage-names.ts';
import type { FlushOptions, FlushResult } from './sync/loop.ts';

/**
 * When the outbox is flushed (decision 004): on start, when the browser comes back online, when the app becomes
 * visible again, after every outbox write, when the service worker asks (Background Sync), after sign-in, and
 * by timer when the earliest backoff runs out. One flush at a time per page; a request made while one runs
 * starts another right after it, so nothing saved meanwhile waits for the next trigger.
 */

/** Another tab or the worker held the lock: look again shortly, in case it finished before seeing our entry. */
const BUSY_RETRY_MS = 3000;
/** The server could not be reached although the browser says online: retry on this growing schedule. */
const UNREACHABLE_RETRY_MS = [5_000, 15_000, 60_000, 300_000];
/** Never spin: the shortest timer the scheduler sets. */
const MIN_TIMER_MS = 500;

export interface SyncScheduler {
  request(options?: FlushOptions): void;
  stop(): void;
}

export interface SchedulerOptions {
  flush: (options: FlushOptions) => Promise<FlushResult>;
  /** Whether to flush at all (someone is signed in on this page). */
  enabled?: () => boolean;
  isOnline?: () => boolean;
  now?: () => number;
  /** After each flush that left entries waiting: ask the browser to wake us when the network is back. */
  onWaiting?: () => void;
}

export function createSyncScheduler(options: SchedulerOptions): SyncScheduler {
  const now = options.now ?? Date.now;
  const isOnline = options.isOnline ?? (() => navigator.onLine !== false);
  const enabled = options.enabled ?? (() => true);
  let running = false;
  let queued: FlushOptions | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerAt = Number.POSITIVE_INFINITY;
  let unreachableCount = 0;
  let stopped = false;

  const schedule = (delayMs: number) => {
    const at = now() + Math.max(delayMs, MIN_TIMER_MS);
    if (timer !== null && timerAt <= at) return;
    if (timer !== null) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = null;
      timerAt = Number.POSITIVE_INFINITY;
      request({});
    }, at - now());
  };

  const afterFlush = (result: FlushResult) => {
    if (result.status !== 'unreachable') unreachableCount = 0;
    switch (result.status) {
      case 'busy':
        schedule(BUSY_RETRY_MS);
        break;
      case 'unreachable': {
        // Offline: the 'online' event brings us back. Online but unreachable: retry on a growing schedule.
        if (isOnline()) {
          const index = Math.min(unreachableCount, UNREACHABLE_RETRY_MS.length - 1);
          schedule(UNREACHABLE_RETRY_MS[index] ?? BUSY_RETRY_MS);
        }
        unreachableCount++;
        options.onWaiting?.();
        break;
      }
      case 'signed-out':
        break;
      case 'done':
        if (result.nextAttemptAt !== null) {
          schedule(result.nextAttemptAt - now());
          options.onWaiting?.();
        }
        break;
    }
  };

  async function run(flushOptions: FlushOptions): Promise<void> {
    running = true;
    try {
      afterFlush(await options.flush(flushOptions));
    } catch (error) {
      // IndexedDB unavailable or a bug: never let it escape into the page; try again later.
      console.warn('Outbox sync failed', error);
      schedule(UNREACHABLE_RETRY_MS[1] ?? BUSY_RETRY_MS);
    } finally {
      running = false;
    }
    if (queued && !stopped) {
      const next = queued;
      queued = null;
      void run(next);
    }
  }

  function request(flushOptions: FlushOptions = {}): void {
    if (stopped || !enabled()) return;
    // The browser knows it has no network ('online' is only a hint, 'offline' is certain): wait for 'online'
    // rather than fail a request. Ask to be woken by Background Sync too, in case the page is closed first.
    if (!isOnline()) {
      options.onWaiting?.();
      return;
    }
    if (running) {
      queued = { force: Boolean(queued?.force || flushOptions.force) };
      return;
    }
    void run(flushOptions);
  }

  return {
    request,
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** Asks the service worker to be woken for a sync when connectivity returns (Chromium's Background Sync). */
export function registerBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as { sync?: SyncManagerLike }).sync?.register(BACKGROUND_SYNC_TAG))
    .catch(() => {
      // Not supported or not allowed (e.g. the site is not installed): the page's own triggers remain.
    });
}

/** Wires the browser's events to the scheduler. Returns a function that removes them. */
export function installSyncTriggers(scheduler: SyncScheduler): () => void {
  const onOnline = () => scheduler.request({ force: true });
  const onVisible = () => {
    if (document.visibilityState === 'visible') scheduler.request();
  };
  const onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'flush-outbox')
      scheduler.request({ force: true });
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  scheduler.request({ force: true });
  return () => {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    scheduler.stop();
  };
}
