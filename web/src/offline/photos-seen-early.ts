import { KEEP_PHOTOS_MESSAGE } from './storage-names.ts';

/**
 * Thumbnails the page showed before a service worker controlled it: on a first visit the worker installs while the
 * angler already looks at History, and those photos go past the worker's photo cache (sw.ts rule 3). They are
 * remembered here and handed to the worker as soon as it takes control; it fetches them into that cache, so the
 * photos seen online show offline too. A photo of an account that has signed out meanwhile is answered 401 or 404
 * by the server, and only 200 answers are ever kept.
 */
const shownBeforeControl = new Set<string>();
let waitingForControl = false;

/** Called when a photo (`/api/photos/…?size=thumb`) has been shown. */
export function photoShown(url: string): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // Shown through the worker: its own rule has kept it.
  if (container.controller) return;
  shownBeforeControl.add(url);
  if (waitingForControl) return;
  waitingForControl = true;
  container.addEventListener(
    'controllerchange',
    () => {
      waitingForControl = false;
      const urls = [...shownBeforeControl];
      shownBeforeControl.clear();
      container.controller?.postMessage({ type: KEEP_PHOTOS_MESSAGE, urls });
    },
    { once: true },
  );
}
