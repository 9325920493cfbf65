import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app';
import defaultFishUrl from '@/assets/default-fish.svg?no-inline';
import { DeferredToaster } from '@/components/deferred-toaster';
import { firstScreenShown } from '@/lib/first-screen';
import { queryClient } from '@/lib/query-client';
import { loadOfflineRuntime } from '@/offline/load-offline-runtime';
import { markRestored } from '@/offline/restore-state';
import './index.css';

// The kept query cache (user, catch list, last weather) comes back from IndexedDB while React starts
// (DESIGN §5). Its code loads beside the first bundle; queries do not wait for it (see query-persistence.ts).
void import('@/offline/query-persistence')
  .then((m) => m.restoreAndPersist(queryClient))
  .catch(() => {})
  .finally(markRestored);

// Not needed for the first paint: the service worker's registration and update offer, and the outbox's
// sync triggers. Both load once the first screen is up (DESIGN §7: the shell's first bundle stays small).
const UpdatePrompt = lazy(() => import('@/offline/update-prompt').then((m) => ({ default: m.UpdatePrompt })));

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
 * The three tabs' code (and the no-photo fish illustration), fetched once the page is idle: a tab opened after
 * the signal dropped must not need the network, even before the service worker has finished its first install
 * (which precaches them too).
 */
const warmImage = typeof Image === 'undefined' ? { src: '' } : new Image();
function warmTabs(): void {
  warmImage.src = defaultFishUrl;
  const ignore = () => {};
  import('@/features/log/log-catch-form').catch(ignore);
  import('@/features/history/catch-history').catch(ignore);
  import('@/features/tools/tools-tab').catch(ignore);
}

function AfterFirstPaint() {
  const [ready, setReady] = useState(false);
  useEffect(
    () =>
      afterFirstScreen(() => {
        setReady(true);
        void loadOfflineRuntime().then((m) => m.startOfflineSync());
        warmTabs();
      }),
    [],
  );
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}

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
