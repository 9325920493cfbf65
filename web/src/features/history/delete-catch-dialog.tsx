import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest } from '@/lib/api';
import { queryClient, queryKeys } from '@/lib/query-client';
import type { Catch } from '../../../../core/catch.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from './ui/alert-dialog.tsx';

/** DELETE /api/catches/{id} → 204 (SPEC §7). */
export async function deleteCatch(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/catches/${id}`);
}

/**
 * The delete confirmation (SPEC §4 'Delete dialog'): open → deleting (buttons disabled, 'Deleting...')
 * → closed on success; stays open on failure.
 */
export function DeleteCatchDialog({
  item,
  onClose,
  onCloseAutoFocus,
}: {
  item: Catch | null;
  /** `deleted` tells whether the catch is gone (so focus cannot go back to its card). */
  onClose: (deleted: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const remove = useMutation({
    mutationFn: deleteCatch,
    onSuccess: () => {
      toast({ title: 'Catch deleted', description: 'Your catch has been removed from your log' });
      onClose(true);
      void queryClient.invalidateQueries({ queryKey: queryKeys.catches });
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
              if (item && !remove.isPending) remove.mutate(item.id);
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
