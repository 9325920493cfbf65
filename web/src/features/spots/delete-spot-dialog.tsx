import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/api/http';
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
import { removeSpot } from './spot-saving.ts';
import type { ShownSpot } from './spots-merge.ts';

/**
 * Deleting a spot asks first, and says what happens to its catches: they stay, linked to no spot (decision 043).
 * Open → 'Deleting...' (buttons disabled) → closed; a failure keeps it open with a toast.
 */
export function DeleteSpotDialog({
  spot,
  onClose,
  onCloseAutoFocus,
}: {
  spot: ShownSpot | null;
  /** `deleted` tells whether the spot is gone (so focus cannot go back to its card). */
  onClose: (deleted: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const remove = useMutation({
    mutationFn: removeSpot,
    onSuccess: () => {
      toast({ title: 'Spot deleted', description: 'Its catches are still in your log.' });
      onClose(true);
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to delete this spot. Please try again.'),
        variant: 'destructive',
      });
    },
  });

  return (
    <AlertDialog
      open={spot !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) {
          remove.reset();
          onClose(false);
        }
      }}
    >
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <div className="flex flex-col gap-2">
          <AlertDialogTitle className="[overflow-wrap:anywhere]">Delete {spot?.name}?</AlertDialogTitle>
          <AlertDialogDescription>Deleting a spot keeps its catches.</AlertDialogDescription>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={remove.isPending}
            onClick={(event) => {
              // Keep the dialog open until the spot is deleted.
              event.preventDefault();
              if (spot && !remove.isPending) remove.mutate(spot);
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
