import { hashKey } from '@tanstack/react-query';
import type { Catch } from '#core/catch.ts';
import type { Trip } from '#core/trips.ts';
import type { User } from '#core/user.ts';
import { toast } from '@/hooks/use-toast';
import { queryClient, queryKeys } from '@/lib/query-client';
import { forgetDeviceCopy } from './device-copy.ts';
import { createListRefresher } from './list-refresh.ts';
import { type CatchTarget, createOutbox, type RecordEntry } from './outbox.ts';
import { isTargetOf } from './outbox-actions.ts';
import { OUTBOX_CHANNEL } from './storage-names.ts';

export { requestPersistentStorage } from './persistent-storage.ts';

import { compareCodeUnits } from '#core/compare-text.ts';
import type { SyncEvent } from './sync/context.ts';
import { createSyncEngine } from './sync/loop.ts';
import { createSyncScheduler, installSyncTriggers, registerBackgroundSync } from './sync-triggers.ts';

/**
 * The page's one outbox, sync engine and scheduler, and what their events do to the screen: a synced catch
 * joins the cached list (so it never flickers out between "pending" and "refetched"), a finished delete leaves
 * it, a permanent failure is told in a toast, a 401 sends the angler to sign in. Loaded once the page is idle
 * (main.tsx), and on demand by the Log and History tabs (load-offline-runtime.ts); never in a first bundle.
 */

/** Messages on the 'tightlines-outbox' channel besides 'outbox-changed': results other tabs apply too. */
export type SyncBroadcast =
  | { type: 'synced'; saved: Catch }
  | { type: 'updated'; saved: Catch }
  | { type: 'deleted'; target: CatchTarget }
  | { type: 'trip-synced'; saved: Trip | null; target: CatchTarget | null };

export const outbox = createOutbox();
const lists = createListRefresher(queryClient);

function cachedUser(): User | null {
  return queryClient.getQueryData<User | null>(queryKeys.user) ?? null;
}

function applySynced(saved: Catch): void {
  queryClient.setQueryData<Catch[]>(queryKeys.catches, (list) =>
    list && !list.some((item) => item.id === saved.id) ? [saved, ...list] : list,
  );
  lists.refresh(queryKeys.catches);
  // The server linked the new catch to the trip of its moment: that trip's counts changed (decision 043).
  lists.refresh(queryKeys.trips);
}

/**
 * A trip the server confirmed joins (or replaces its copy in) the kept trip list at once, so a trip never flickers
 * out between "waiting in the outbox" and "refetched"; a deleted one leaves it. The server links catches to a new or
 * edited trip by their moments (decision 043): the catch list is asked for again too.
 */
function applyTripSynced(saved: Trip | null, target: CatchTarget | null): void {
  queryClient.setQueryData<Trip[]>(queryKeys.trips, (list) => {
    if (!list) return list;
    if (saved === null) return target ? list.filter((item) => !isTargetOf(target, item)) : list;
    const others = list.filter((item) => item.id !== saved.id);
    return [saved, ...others].sort((a, b) => compareCodeUnits(b.startedAt, a.startedAt));
  });
  lists.refresh(queryKeys.trips);
  lists.refresh(queryKeys.catches);
}

function applyUpdated(saved: Catch): void {
  queryClient.setQueryData<Catch[]>(queryKeys.catches, (list) =>
    list?.map((item) => (item.id === saved.id ? saved : item)),
  );
  lists.refresh(queryKeys.catches);
}

function applyDeleted(target: CatchTarget): void {
  queryClient.setQueryData<Catch[]>(queryKeys.catches, (list) =>
    list?.filter((item) => !isTargetOf(target, item)),
  );
  lists.refresh(queryKeys.catches);
}

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
channel?.addEventListener('message', (event: MessageEvent<SyncBroadcast | { type: string }>) => {
  const message = event.data;
  if (message.type === 'synced' && 'saved' in message) applySynced(message.saved);
  if (message.type === 'updated' && 'saved' in message) applyUpdated(message.saved);
  if (message.type === 'deleted' && 'target' in message) applyDeleted(message.target);
  if (message.type === 'trip-synced' && 'target' in message) applyTripSynced(message.saved, message.target);
});

/**
 * What a synced trip or spot entry means for the kept lists. A spot changes the counts it answers with and the
 * catches linked to it (a new one takes those in its radius, a deleted one lets them go): both are asked again.
 */
function handleRecordSynced(entry: RecordEntry, saved: unknown): void {
  if (entry.record === 'spot') {
    lists.refresh(queryKeys.spots);
    lists.refresh(queryKeys.catches);
    return;
  }
  const trip = entry.kind === 'record-delete' ? null : (saved as Trip | null);
  const target = entry.kind === 'record-create' ? null : entry.target;
  applyTripSynced(trip, target);
  channel?.postMessage({ type: 'trip-synced', saved: trip, target } satisfies SyncBroadcast);
}

function handleEvent(event: SyncEvent): void {
  switch (event.type) {
    case 'synced':
      applySynced(event.saved);
      channel?.postMessage({ type: 'synced', saved: event.saved } satisfies SyncBroadcast);
      break;
    case 'updated':
      applyUpdated(event.saved);
      channel?.postMessage({ type: 'updated', saved: event.saved } satisfies SyncBroadcast);
      break;
    case 'edit-dropped':
      toast({
        title: 'Edit not saved',
        description: 'This catch was deleted on another device, so your changes to it were dropped.',
        variant: 'destructive',
      });
      lists.refresh(queryKeys.catches);
      break;
    case 'deleted':
      applyDeleted(event.entry.target);
      channel?.postMessage({ type: 'deleted', target: event.entry.target } satisfies SyncBroadcast);
      break;
    case 'failed':
      if ('record' in event.entry) {
        // A trip the server refuses (it overlaps another, say): told here; the Trips view shows it with the reason.
        // A spot refused (a full account, say) is dropped with the reason: the Spots view lists the server's.
        if (event.entry.record === 'spot') {
          void syncEngine.discard(event.entry.clientId);
          lists.refresh(queryKeys.spots);
          toast({ title: 'Spot not saved', description: event.message, variant: 'destructive' });
        } else {
          toast({
            title: 'Trip not synced',
            description: `${event.message}. Open History's Trips to discard it.`,
            variant: 'destructive',
          });
        }
      } else if (event.entry.kind === 'delete') {
        // The server refused the delete for good: the catch shows again, as after a failed delete (docs/product.md#delete).
        void syncEngine.discard(event.entry.clientId);
        toast({
          title: 'Error',
          description: 'Failed to delete this catch. Please try again.',
          variant: 'destructive',
        });
      } else {
        toast({
          title: event.entry.kind === 'update' ? 'Edit not synced' : 'Catch not synced',
          description: `${event.message}. Open History to fix it, retry or discard it.`,
          variant: 'destructive',
        });
      }
      break;
    case 'signed-out':
      // The session ended on the server: the device forgets the account's copy, as at Logout. Pending catches
      // stay on the phone and are sent after signing in again.
      if (cachedUser()) {
        toast({
          title: 'Authentication Required',
          description: 'You must be logged in to save catches',
          variant: 'destructive',
        });
        void forgetDeviceCopy();
      }
      break;
    case 'record-synced':
      handleRecordSynced(event.entry, event.saved);
      break;
    case 'record-dropped':
      toast({
        title: 'Edit not saved',
        description: `This ${event.entry.record} was deleted on another device, so your changes to it were dropped.`,
        variant: 'destructive',
      });
      lists.refresh(queryKeys.trips);
      break;
    case 'photo-dropped':
      // docs/product.md#offline: a photo the server refuses is dropped silently and the catch is saved without it.
      break;
  }
}

export const syncEngine = createSyncEngine({
  outbox,
  userId: () => cachedUser()?.id ?? null,
  onEvent: handleEvent,
});

const scheduler = createSyncScheduler({
  flush: (options) => lists.during(() => syncEngine.flush(options)),
  enabled: () => cachedUser() !== null,
  onWaiting: registerBackgroundSync,
});

/** Sends what is due now (after a save or a delete; after Retry). */
export function requestFlush(force = false): void {
  registerBackgroundSync();
  scheduler.request({ force });
}

let started = false;
const userQueryHash = hashKey(queryKeys.user);

/** Starts the triggers once per page: events, timers, and a flush whenever someone signs in. */
export function startOfflineSync(): void {
  if (started) return;
  started = true;
  installSyncTriggers(scheduler);
  let signedInAs = cachedUser()?.id ?? null;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== userQueryHash) return;
    const now = cachedUser()?.id ?? null;
    if (now !== null && now !== signedInAs) scheduler.request({ force: true });
    signedInAs = now;
  });
}
