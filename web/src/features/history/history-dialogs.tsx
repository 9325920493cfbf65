import { lazy, Suspense } from 'react';
import { loadWhenOnline } from '@/lib/load-when-online';
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
}: {
  dialogs: HistoryDialogsState;
  merged: HistoryList;
  actions: ReturnType<typeof useCatchActions>;
}) {
  const { catchToEdit } = dialogs;
  return (
    <>
      {dialogs.detailMounted ? (
        <Suspense fallback={null}>
          <CatchDetailDialog
            item={dialogs.openCatch}
            onClose={dialogs.closeDetails}
            onEdit={dialogs.editFromDetails}
            onCloseAutoFocus={dialogs.restoreFocus}
          />
        </Suspense>
      ) : null}
      {dialogs.editMounted ? (
        <Suspense fallback={null}>
          <EditCatchDialog
            item={catchToEdit}
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
