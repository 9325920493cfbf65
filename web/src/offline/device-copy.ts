import { queryClient, queryKeys } from '@/lib/query-client';
import { clearPersistedQueries } from './query-restore.ts';
import { whenCacheRestored } from './restore-state.ts';
import { FORGET_PHOTOS_MESSAGE, SESSION_CHANNEL } from './storage-names.ts';

/**
 * Forgets what this device keeps for the account (docs/product.md#offline): the signed-in user and every cached query (in
 * memory), the kept query cache in IndexedDB (query-restore.ts, query-persistence.ts), and the cached photos with their
 * expiration records (photo-caches.ts). The one place for every way a session ends here: Logout (online or
 * offline), a 401 from /api/user (expired, removed on the server, cookies cleared), the sync engine finding
 * nobody signed in, another tab's Logout, and a sign-in (a new account starts from nothing; it sets its user
 * once this is done).
 *
 * The outbox is NOT emptied: catches not yet sent stay on the phone, tagged with their owner's id, and are
 * sent when that angler signs in again; no other account ever sends or sees them.
 */
export async function forgetDeviceCopy(): Promise<void> {
  // The user goes first: the signed-in screens leave (none asks for the account's data again), and nothing is
  // written to disk any more (query-persistence.ts writes only for a signed-in user). A restore still running
  // cannot bring it back (hydrate never overwrites newer data).
  queryClient.setQueryData(queryKeys.user, null);
  // The rest of a restore still reading the disk copy would land after the removal below: wait for it.
  await whenCacheRestored();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.user[0] });
  // The worker drops photo writes still in flight, which could otherwise land after the delete below.
  navigator.serviceWorker?.controller?.postMessage({ type: FORGET_PHOTOS_MESSAGE });
  // The photo caches' code loads here, not with the first screen (decision 023); without a worker (nothing
  // precached) there are no photo caches either, so an import failing offline leaves nothing behind.
  await Promise.all([
    clearPersistedQueries(),
    import('./photo-caches.ts').then((m) => m.deletePhotoCaches()).catch(() => {}),
  ]);
}

/**
 * Other open tabs of the app leave the account too when this one signs out (their copy in memory would
 * otherwise be written back to the disk, and their outbox triggers would keep using the session).
 */
const sessionChannel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);

export function announceSignOut(): void {
  sessionChannel?.postMessage({ type: 'signed-out' });
}

sessionChannel?.addEventListener('message', (event: MessageEvent<{ type?: unknown }>) => {
  if (event.data.type === 'signed-out' && queryClient.getQueryData(queryKeys.user)) void forgetDeviceCopy();
});
