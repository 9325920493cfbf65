import { lazy, Suspense, useCallback, useMemo } from 'react';
import type { Catch } from '#core/catch.ts';
import { loadWhenOnline } from '@/lib/load-when-online';
import type { ShownSpot } from '../spots/spots-merge.ts';
import type { HistoryList } from './history-merge.ts';
import type { useCatchActions } from './use-catch-actions.ts';
import type { HistoryDialogsState } from './use-history-dialogs.ts';

// The dialogs (details with its map drawer, edit, delete) and the menus come with Radix's dialog and menu code
// (~45 KB gzip with the drawer and the edit form): chunks of their own, mounted when first opened, so History's
// first screen does not wait for them (decision 023). Fetched once History is painted and the page is idle, so the
// first tap does not wait either; offline they come from the service worker's precache.
// Through loadWhenOnline: without a service worker, a dialog opened offline before its code came waits for the
// network instead of failing.
const loadDetailDialog = () => loadWhenOnline(() => import('./catch-detail-dialog.tsx'));
const loadEditDialog = () => loadWhenOnline(() => import('./edit-catch-dialog.tsx'));
const loadDeleteDialog = () => loadWhenOnline(() => import('./delete-catch-dialog.tsx'));
const CatchDetailDialog = lazy(() => loadDetailDialog().then((m) => ({ default: m.CatchDetailDialog })));
const EditCatchDialog = lazy(() => loadEditDialog().then((m) => ({ default: m.EditCatchDialog })));
const DeleteCatchDialog = lazy(() => loadDeleteDialog().then((m) => ({ default: m.DeleteCatchDialog })));

export function prefetchHistoryOverlays(): void {
  void loadDetailDialog();
  void loadEditDialog();
  void loadDeleteDialog();
  import('./catch-card-menu.tsx').catch(() => {});
}

/** History's dialogs, each mounted at its first opening (use-history-dialogs.ts) and kept. */
export function HistoryDialogs({
  dialogs,
  merged,
  actions,
  spotNames,
  spots,
}: {
  dialogs: HistoryDialogsState;
  merged: HistoryList;
  actions: ReturnType<typeof useCatchActions>;
  /** Each spot's name by its id (decision 043). */
  spotNames: ReadonlyMap<number, string>;
  /** The spots a catch can be linked to in the edit form. */
  spots: readonly ShownSpot[];
}) {
  const { catchToEdit, openCatch } = dialogs;
  const { saveEdit } = actions;
  // The open catch as History now has it: a spot saved from its details links it while they stay open.
  const shownCatch = useMemo(
    () => (openCatch ? (merged.catches.find((item) => item.id === openCatch.id) ?? openCatch) : null),
    [openCatch, merged],
  );
  const linkCatch = useCallback(
    (item: Catch, spotId: number) => saveEdit(item, { changes: { spotId } }),
    [saveEdit],
  );
  return (
    <>
      {dialogs.detailMounted ? (
        <Suspense fallback={null}>
          <CatchDetailDialog
            item={shownCatch}
            spotName={shownCatch?.spotId == null ? undefined : spotNames.get(shownCatch.spotId)}
            onClose={dialogs.closeDetails}
            onEdit={dialogs.editFromDetails}
            linkCatch={linkCatch}
            onCloseAutoFocus={dialogs.restoreFocus}
          />
        </Suspense>
      ) : null}
      {dialogs.editMounted ? (
        <Suspense fallback={null}>
          <EditCatchDialog
            item={catchToEdit}
            spots={spots}
            sync={catchToEdit ? merged.pending.get(catchToEdit.id) : undefined}
            saveEdit={actions.saveEdit}
            onClose={dialogs.closeEdit}
            onCloseAutoFocus={dialogs.restoreFocus}
          />
        </Suspense>
      ) : null}
      {dialogs.deleteMounted ? (
        <Suspense fallback={null}>
          <DeleteCatchDialog
            item={dialogs.catchToDelete}
            deleteCatch={actions.removeCatch}
            onClose={dialogs.closeDelete}
            onCloseAutoFocus={dialogs.restoreFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
