import { useMutation } from '@tanstack/react-query';
import type { Catch } from '#core/catch.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { toast } from '@/hooks/use-toast';
import { UNDO_DELETE_MS, type UndoDelete } from './undo-delete.ts';

/** 'Undo' in the delete toast: the catch comes back as it was, unless the delete has already been sent. */
async function undoFromToast(undo: UndoDelete): Promise<void> {
  const restored = await undo().catch(() => false);
  toast(
    restored
      ? { title: 'Catch restored', description: 'Your catch is back in your log.' }
      : {
          title: 'Too late to undo',
          description: 'This catch had already been deleted.',
          variant: 'destructive',
        },
  );
}

/**
 * The delete confirmation (docs/product.md#delete): open → deleting (buttons disabled, 'Deleting...')
 * → closed on success; stays open on failure. `deleteCatch` queues the delete in the phone's outbox (decision 004), so
 * it succeeds offline too; the sync engine carries it out on the server (DELETE /api/catches/{id}).
 */
export function DeleteCatchDialog({
  item,
  deleteCatch,
  onClose,
  onCloseAutoFocus,
}: {
  item: Catch | null;
  /** Queues the delete; what it returns brings the catch back for a few seconds (the toast's 'Undo'). */
  deleteCatch: (item: Catch) => Promise<UndoDelete>;
  /** `deleted` tells whether the catch is gone (so focus cannot go back to its card). */
  onClose: (deleted: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const remove = useMutation({
    // Queuing the delete only writes to IndexedDB: it must run offline too (not pause like a network call).
    networkMode: 'always',
    mutationFn: deleteCatch,
    onSuccess: (undo) => {
      toast({
        title: 'Catch deleted',
        description: 'Your catch has been removed from your log',
        duration: UNDO_DELETE_MS,
        action: { label: 'Undo', altText: 'Undo the delete', onClick: () => void undoFromToast(undo) },
      });
      onClose(true);
    },
    onError: () => {
      toast({
        title: 'Error',
        description: 'Failed to delete this catch. Please try again.',
        variant: 'destructive',
      });
    },
  });

  return (
    <AlertDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) {
          remove.reset();
          onClose(false);
        }
      }}
    >
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <div className="flex flex-col gap-2">
          <AlertDialogTitle>Delete this catch?</AlertDialogTitle>
          <AlertDialogDescription>
            This will permanently remove this catch from your log.
          </AlertDialogDescription>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={remove.isPending}
            onClick={(event) => {
              // Keep the dialog open until the server answers.
              event.preventDefault();
              if (item && !remove.isPending) remove.mutate(item);
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
