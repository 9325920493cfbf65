/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { TILE_URL_PATTERN, TILES_PATH } from '#core/map-tiles.ts';
import { PHOTO_URL_PATTERN } from '#core/photo-url.ts';
import { createOutbox } from './offline/outbox.ts';
import { sendPendingLogout } from './offline/pending-logout.ts';
import { deletePhotoCaches } from './offline/photo-caches.ts';
import {
  BACKGROUND_SYNC_TAG,
  FORGET_PHOTOS_MESSAGE,
  KEEP_PHOTOS_MESSAGE,
  PHOTO_CACHES,
} from './offline/storage-names.ts';
import { createSyncEngine } from './offline/sync/loop.ts';

/**
 * The service worker (vite-plugin-pwa, injectManifest). What it caches, rule by rule:
 *
 * 1. Precache (Cache Storage 'workbox-precache-v2-…'): the app shell and every bundled file of this build
 *    (index.html, hashed JS/CSS, icons, manifest), listed by the build in
 *    self.__WB_MANIFEST with revisions. The app opens with no network once visited. A new build's list is
 *    installed beside the old one and only takes over when the angler accepts the update (update-prompt.tsx).
 * 2. Navigations (any page of the single-page app, e.g. /, /profile, /auth) are answered with the precached
 *    index.html, as the server's SPA fallback would. Not /api/*, and not paths naming a file (/guide.md).
 * 3. Photos (GET /api/photos/<uuid>.webp, thumbnails and full size): cache first, in 'photo-thumbs'
 *    (?size=thumb, 500 newest, 30 days) and 'photo-full' (60 newest, 30 days). Thumbnails the page showed before
 *    this worker controlled it (a first visit) are handed over ({type: 'KEEP_PHOTOS'}) and fetched in here too. Photo ids are random and never
 *    reused, so a cached copy is never out of date; only 200 answers are kept (never a 401/404 from a
 *    signed-out moment). The Cache API keeps them whatever the server's Cache-Control says (the server sends
 *    `no-store` so that the browser's HTTP cache never holds them), and the worker fetches them with
 *    `cache: 'no-store'` too: these two caches are the only copy on the device. They are private to the
 *    device's user: every end of a session deletes both with their expiration records (offline/device-copy.ts,
 *    offline/photo-caches.ts), and a photo download still running at that moment is not stored.
 * 4. Map tiles (GET /api/tiles/<z>/<x>/<y>, decision 016): cache first in 'map-tiles', the 600 most recently
 *    viewed (about 10-20 MB), 30 days, 200 answers only, so the maps a user has looked at show offline. They say
 *    where the angler looked, so they are forgotten with the photos at every end of a session. The maps'
 *    settings (GET /api/tiles: attribution, zoom limit) network first in 'map-settings', so the attribution is
 *    shown offline too. No tile is fetched here ahead of time: only what a map on screen asks for.
 * 5. Everything else under /api/ (catches, user, weather, uploads…) is never cached here: it goes straight to
 *    the network. The app keeps its own copy of the few answers it needs offline in IndexedDB, per user.
 *
 * Messages: {type: 'SKIP_WAITING'} from the page activates a waiting new version (the angler tapped Reload);
 * {type: 'FORGET_PHOTOS'} deletes the photo and map tile caches (a session ended).
 * Background Sync 'tightlines-outbox': when connectivity returns, a logout queued offline is sent first
 * (offline/pending-logout.ts), then open windows are asked to flush the outbox; with none open, the worker
 * sends it itself with the same sync engine.
 */

declare let self: ServiceWorkerGlobalScope;

const DAY_S = 24 * 60 * 60;

// 1. Precache.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes control of the open page at once (nothing older to conflict with), so it works
// offline without a reload. Later versions wait for the angler (no skipWaiting here).
clientsClaim();

// 2. Navigations → the precached shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /\/[^/?]+\.[^/?]+(\?.*)?$/],
  }),
);

// 3. Photos, cache first.
/** When the photo caches were last forgotten: a download that started earlier belongs to the ended session. */
let photosForgottenAt = 0;
const notFromEndedSession: WorkboxPlugin = {
  requestWillFetch: async ({ request, state }) => {
    if (state) state.startedAt = Date.now();
    return request;
  },
  cacheWillUpdate: async ({ response, state }) =>
    Number(state?.startedAt ?? 0) < photosForgottenAt ? null : response,
};
const photoStrategy = (cacheName: string, maxEntries: number) =>
  new CacheFirst({
    cacheName,
    fetchOptions: { cache: 'no-store' },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      notFromEndedSession,
      new ExpirationPlugin({ maxEntries, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true }),
    ],
  });
const isThumbnail = (url: URL) =>
  url.origin === self.location.origin &&
  PHOTO_URL_PATTERN.test(url.pathname) &&
  url.searchParams.get('size') === 'thumb';
const thumbnailStrategy = photoStrategy(PHOTO_CACHES.thumbs, 500);
registerRoute(({ url, request }) => request.method === 'GET' && isThumbnail(url), thumbnailStrategy);
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    request.method === 'GET' &&
    PHOTO_URL_PATTERN.test(url.pathname) &&
    !url.searchParams.has('size'),
  photoStrategy(PHOTO_CACHES.full, 60),
);

// 4. Map tiles, cache first; the map settings, network first.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && TILE_URL_PATTERN.test(url.pathname),
  photoStrategy(PHOTO_CACHES.tiles, 600),
);
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname === TILES_PATH,
  new NetworkFirst({
    cacheName: 'map-settings',
    networkTimeoutSeconds: 5,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

// 5. No other route: every other request (the rest of /api/) is left to the network, uncached.

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === FORGET_PHOTOS_MESSAGE) {
    photosForgottenAt = Date.now();
    event.waitUntil(deletePhotoCaches());
  }
  if (type === KEEP_PHOTOS_MESSAGE)
    event.waitUntil(keepThumbnails(event, (event.data as { urls?: unknown }).urls));
});

/**
 * Thumbnails the page showed before this worker controlled it (offline/photos-seen-early.ts): fetched into the
 * thumbnail cache through rule 3's own strategy (same checks, same expiry). Anything but our thumbnails is ignored.
 */
async function keepThumbnails(event: ExtendableEvent, urls: unknown): Promise<void> {
  if (!Array.isArray(urls)) return;
  const thumbnails = urls
    .filter((url): url is string => typeof url === 'string')
    .map((url) => {
      try {
        return new URL(url, self.location.origin);
      } catch {
        return null;
      }
    })
    .filter((url): url is URL => url !== null && isThumbnail(url))
    .slice(0, 500);
  await Promise.all(
    thumbnails.map((url) =>
      thumbnailStrategy.handle({ event, request: new Request(url) }).catch(() => undefined),
    ),
  );
}

// Background Sync (Chromium): the outbox still held entries when the page last tried.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

let engine: ReturnType<typeof createSyncEngine> | null = null;

async function syncOutbox(): Promise<void> {
  // A logout queued offline goes first: nothing may be sent with the session it ends.
  if ((await sendPendingLogout()) === 'waiting') throw new Error('Logout not sent yet');
  const windows = await self.clients.matchAll({ type: 'window' });
  if (windows.length > 0) {
    for (const client of windows) client.postMessage({ type: 'flush-outbox' });
    return;
  }
  // No page open: send it from here. The engine asks the server who is signed in and sends only that
  // user's entries; the Web Lock keeps it from running beside a page that opens meanwhile.
  engine ??= createSyncEngine({ outbox: createOutbox() });
  const result = await engine.flush({ force: true });
  // Entries left waiting (server down, rate limited): fail, so the browser schedules another sync later.
  if (result.status === 'unreachable' || (result.status === 'done' && result.nextAttemptAt !== null)) {
    throw new Error('Outbox not fully sent yet');
  }
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === BACKGROUND_SYNC_TAG) sync.waitUntil(syncOutbox());
});
