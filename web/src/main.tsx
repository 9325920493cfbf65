import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app';
import { DeferredToaster } from '@/components/deferred-toaster';
import { firstScreenShown } from '@/lib/first-screen';
import { loadWhenOnline } from '@/lib/load-when-online';
import { queryClient, queryKeys } from '@/lib/query-client';
import { loadOfflineRuntime } from '@/offline/load-offline-runtime';
import { hasPendingLogout, sendPendingLogout } from '@/offline/pending-logout';
import { restoreQueries } from '@/offline/query-restore';
import { markRestored } from '@/offline/restore-state';
import './index.css';

// The kept query cache (user, catch list, last weather) comes back from IndexedDB while React starts
// (docs/product.md#offline); queries do not wait for it (see query-restore.ts). Keeping the disk copy up to date
// starts after the first screen (query-persistence.ts), never before the restore: it would overwrite it.
// A logout queued offline (pending-logout.ts) means signed out, whatever the session cookie still says.
const restored = Promise.all([
  restoreQueries(queryClient),
  hasPendingLogout().then((pending) => {
    if (pending) queryClient.setQueryData(queryKeys.user, null);
  }),
]).finally(markRestored);
afterFirstScreen(() => {
  void restored
    .then(() => loadWhenOnline(() => import('@/offline/query-persistence')))
    .then((m) => m.persistChanges(queryClient));
});
window.addEventListener('online', () => void sendPendingLogout());

// Not needed for the first paint: the update offer and the outbox's sync triggers. They load once the page is
// ready for offline (decision 023: the shell's first bundle stays small; see startDeferredWork).
const UpdatePrompt = lazy(() =>
  loadWhenOnline(() => import('@/offline/update-prompt')).then((m) => ({ default: m.UpdatePrompt })),
);

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 500);
  return () => clearTimeout(handle);
}

/**
 * Runs `run` once the first screen is on display (lib/first-screen.ts) and the main thread is then idle, so the
 * deferred code never competes with the first screen. A screen that never comes (a server that never answers)
 * must not keep the outbox's sync triggers from starting: 10 s at most. Returns a cancel function.
 */
function afterFirstScreen(run: () => void): () => void {
  let cancelIdle: (() => void) | null = null;
  let cancelled = false;
  const start = () => {
    if (cancelled || cancelIdle) return;
    clearTimeout(fallback);
    cancelIdle = whenIdle(run);
  };
  const fallback = setTimeout(start, 10_000);
  void firstScreenShown.then(start);
  return () => {
    cancelled = true;
    clearTimeout(fallback);
    cancelIdle?.();
  };
}

/**
 * The work deferred until after the first screen. The service worker registers first; its install precaches
 * every file of the build. The rest (the update offer, the outbox's triggers) is fetched only once the worker
 * controls the page ("ready for offline"): then it comes from the precache and cannot fail when the signal
 * drops (decision 009). Without a worker it is fetched when the network allows (loadWhenOnline).
 */
function startDeferredWork(showUpdatePrompt: () => void): void {
  // The registration's code comes now too (decision 023: not in the first screen's bundle); offline with no worker yet
  // it waits for the network, as the registration itself would.
  void loadWhenOnline(() => import('@/offline/service-worker'))
    .then(({ registerServiceWorker, whenOfflineReady }) => {
      registerServiceWorker();
      return whenOfflineReady();
    })
    .then((offlineReady) => {
      showUpdatePrompt();
      void loadWhenOnline(loadOfflineRuntime).then((m) => m.startOfflineSync());
      // With no service worker for this page nothing is precached: warm-tabs.ts fetches what a tab opened after
      // the signal dropped needs (a module of its own, so its imports are not in the first screen's bundle).
      if (!offlineReady && navigator.onLine)
        import('./warm-tabs.ts').then(
          (m) => m.warmTabs(),
          () => {},
        );
    });
}

function AfterFirstPaint() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(() => startDeferredWork(() => setReady(true))), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}

// The iOS app's build (npm run build:native) talks to an absolute API address with a Keychain token; the web
// build has no VITE_API_BASE_URL, so this import is not even in its bundle (docs/native.md).
const nativeApiBaseUrl = import.meta.env.VITE_API_BASE_URL;
if (nativeApiBaseUrl)
  await import('@/native/native-session').then((m) => m.startNativeSession(nativeApiBaseUrl));

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
      <DeferredToaster />
      <AfterFirstPaint />
    </QueryClientProvider>
  </StrictMode>,
);
