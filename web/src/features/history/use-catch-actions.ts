import { useCallback } from 'react';
import type { Catch } from '#core/catch.ts';
import { toast } from '@/hooks/use-toast';
import { loadOfflineRuntime } from '@/offline/load-offline-runtime';
import {
  type CatchEdit,
  deleteCatchOffline,
  editCatchOffline,
  undoDeleteOffline,
} from '@/offline/outbox-actions';
import type { HistoryList } from './history-merge.ts';
import { UNDO_DELETE_MS, type UndoDelete } from './undo-delete.ts';

/**
 * What History does to a catch, all through the phone's outbox (so also offline, decision 004): retry or discard a
 * change waiting there, save an edit, delete with undo. Each refreshes the outbox so the cards show it at once.
 */
export function useCatchActions(
  userId: number | null,
  merged: HistoryList,
  refreshOutbox: () => Promise<void>,
) {
  const retry = useCallback(async (clientId: string) => {
    const offline = await loadOfflineRuntime();
    await offline.syncEngine.retry(clientId);
    offline.requestFlush();
  }, []);
  const discardEdit = useCallback(
    async (clientId: string) => {
      const offline = await loadOfflineRuntime();
      await offline.syncEngine.discard(clientId);
      await refreshOutbox();
      toast({ title: 'Edit discarded', description: 'The catch is back as it was saved.' });
    },
    [refreshOutbox],
  );

  /** Edits through the outbox (also offline); the card shows the change as soon as it is queued. */
  const saveEdit = useCallback(
    async (item: Catch, edit: CatchEdit) => {
      if (userId === null) throw new Error('You must be logged in');
      const offline = await loadOfflineRuntime();
      await editCatchOffline(offline.outbox, userId, item, edit);
      await refreshOutbox();
      offline.requestFlush();
    },
    [userId, refreshOutbox],
  );

  /**
   * Deletes through the outbox (also offline); the card is hidden as soon as the delete is queued. The delete is
   * held for UNDO_DELETE_MS, and the function returned undoes it until then (docs/decisions/024-undo-delete.md).
   */
  const removeCatch = useCallback(
    async (item: Catch): Promise<UndoDelete> => {
      if (userId === null) throw new Error('You must be logged in');
      const sync = merged.pending.get(item.id);
      const pendingClientId = sync?.kind === 'create' ? sync.clientId : null;
      const offline = await loadOfflineRuntime();
      const now = Date.now();
      const undo = await deleteCatchOffline(
        offline.outbox,
        userId,
        item,
        pendingClientId,
        now,
        now + UNDO_DELETE_MS,
      );
      await refreshOutbox();
      offline.requestFlush();
      return async () => {
        const restored = await undoDeleteOffline(offline.outbox, undo);
        await refreshOutbox();
        // A catch put back as a create waiting on the phone goes out as before.
        offline.requestFlush();
        return restored;
      };
    },
    [userId, merged, refreshOutbox],
  );

  return { retry, discardEdit, saveEdit, removeCatch };
}
