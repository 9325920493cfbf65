/**
 * Loads code (a dynamic import) the page may need before the service worker has precached it: with no network
 * it waits for one, and a load cut off by the network is tried again each time the browser comes back online,
 * instead of becoming an error. The promise never rejects. With a worker in control, the code comes from its
 * precache and loads offline too (offline/service-worker.ts).
 */
export function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return new Promise((resolve) => {
    const waitForNetwork = () => window.addEventListener('online', attempt, { once: true });
    function attempt() {
      if (!navigator.onLine && !navigator.serviceWorker?.controller) waitForNetwork();
      else load().then(resolve, waitForNetwork);
    }
    attempt();
  });
}
