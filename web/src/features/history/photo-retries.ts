import { useSyncExternalStore } from 'react';
import { queryClient, queryKeys } from '@/lib/query-client';

/**
 * When the pictures of History try again: a photo that could not be loaded (offline, and not kept on the phone)
 * would otherwise show its placeholder until the app restarts. A new round starts when the browser comes back
 * online and whenever the catch list arrives anew (after a sync, a refresh), so the list shows its photos again.
 */
let round = 0;
const listeners = new Set<() => void>();

function nextRound(): void {
  round++;
  for (const listener of listeners) listener();
}

let started = false;
function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', nextRound);
  queryClient.getQueryCache().subscribe((event) => {
    if (
      event.type === 'updated' &&
      event.action.type === 'success' &&
      event.query.queryKey[0] === queryKeys.catches[0]
    ) {
      nextRound();
    }
  });
}

function subscribe(listener: () => void): () => void {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current retry round: a photo that failed in an earlier round is shown (tried) again. */
export function usePhotoRetries(): number {
  return useSyncExternalStore(subscribe, () => round);
}
