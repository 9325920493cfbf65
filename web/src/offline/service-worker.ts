/**
 * The service worker's registration, and what "ready for offline" means for the page: a worker (sw.ts) is
 * active and controls this page. Its install precached every file of the build (every tab's code, the fish
 * illustration…), so from then on no code the page loads can fail for want of a network. Loaded by main.tsx once
 * the first screen is shown (decision 023: not in the first bundle; offline with no worker yet it waits for the
 * network, which the registration needs anyway); update-prompt.tsx registers the same script again through
 * workbox-window for the update offer, which only finds this registration.
 *
 * Only production builds have a worker (vite.config.ts): in development this reports "no worker".
 */

const WORKER_URL = '/sw.js';
/** Must match vite-plugin-pwa's own registration (update-prompt.tsx), or registering would start an update. */
const WORKER_OPTIONS: RegistrationOptions = { scope: '/', type: 'classic' };
/**
 * How long the page waits for a worker to take control before it loads its deferred code the usual way: a
 * hard reload is never controlled, and a very slow first install must not hold the outbox's triggers back.
 */
const CONTROL_TIMEOUT_MS = 10_000;

const supported = import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

function once(target: EventTarget, type: string): Promise<void> {
  return new Promise((resolve) => target.addEventListener(type, () => resolve(), { once: true }));
}

let markNoWorker: () => void = () => {};
/** The registration was refused, or the first install failed (a precache download cut off). */
const noWorker = new Promise<false>((resolve) => {
  markNoWorker = () => resolve(false);
});

/** After a failed registration or first install, the first wait before trying again while online; it doubles. */
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;
let retryDelayMs = FIRST_RETRY_MS;

/**
 * Tries the registration again when the network comes back and, while the browser says it is online, after a
 * growing delay: the network may have come back before the failure was known, and its 'online' event is then
 * past (the CI flake of a worker that never registered).
 */
function registerAgainLater(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const retry = () => {
    window.removeEventListener('online', retry);
    clearTimeout(timer);
    registerServiceWorker();
  };
  window.addEventListener('online', retry);
  if (navigator.onLine) {
    timer = setTimeout(retry, retryDelayMs);
    retryDelayMs = Math.min(retryDelayMs * 2, MAX_RETRY_MS);
  }
}

/**
 * Registers the worker, now if online, else when the network is back; a registration or first install cut
 * off by the network is tried again (registerAgainLater). Never throws.
 */
export function registerServiceWorker(): void {
  if (!supported || navigator.serviceWorker.controller) return;
  if (!navigator.onLine) {
    registerAgainLater();
    return;
  }
  navigator.serviceWorker.register(WORKER_URL, WORKER_OPTIONS).then(
    (registration) => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state !== 'redundant' || registration.active) return;
        markNoWorker();
        registerAgainLater();
      });
    },
    () => {
      markNoWorker();
      registerAgainLater();
    },
  );
}

/**
 * Resolves true once a worker controls the page (its precache complete), false when none will soon (no
 * support, development, a refused registration or failed install, or no control within CONTROL_TIMEOUT_MS).
 */
export function whenOfflineReady(): Promise<boolean> {
  if (!supported) return Promise.resolve(false);
  const container = navigator.serviceWorker;
  if (container.controller) return Promise.resolve(true);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(container.controller !== null), CONTROL_TIMEOUT_MS);
  });
  const controlled = once(container, 'controllerchange').then(() => true);
  return Promise.race([controlled, noWorker, timedOut]).finally(() => clearTimeout(timer));
}
