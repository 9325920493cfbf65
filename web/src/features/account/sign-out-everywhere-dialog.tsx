import { useMutation } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { User } from '#core/user.ts';
import { logOutEverywhere } from '@/api/account';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { accountErrorMessage, leaveAccountOnThisDevice } from './leave-account.ts';
import { listUnsentCatches, type UnsentCatch } from './unsent-catches.ts';
import { catchCount, UnsentCatchesList } from './unsent-catches-list.tsx';

/**
 * Sign out everywhere (docs/product.md#account): every session of the account ends on the server, this one too (a lost phone is
 * signed out). Unsent catches on this phone are named first; they stay here for the next sign-in, as at Logout.
 */
export function SignOutEverywhereDialog({
  user,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog: focus goes back to it when the dialog closes (Cancel, Escape, ×). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const [, navigate] = useLocation();
  const [unsent, setUnsent] = useState<UnsentCatch[]>([]);

  useEffect(() => {
    if (!open) return;
    let current = true;
    void listUnsentCatches(user.id).then((list) => {
      if (current) setUnsent(list);
    });
    return () => {
      current = false;
    };
  }, [open, user.id]);

  const signOut = useMutation({
    // Offline it fails at once with a toast, rather than waiting paused (TanStack's default) with a spinner.
    networkMode: 'always',
    mutationFn: async () => {
      await logOutEverywhere();
      await leaveAccountOnThisDevice();
    },
    onSuccess: () => {
      navigate('/auth');
      toast({ title: 'Signed out everywhere', description: 'Every device has been signed out.' });
    },
    onError: (error) => {
      toast({
        title: 'Not signed out',
        description: accountErrorMessage(error),
        variant: 'destructive',
      });
    },
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !signOut.isPending && onOpenChange(next)}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current?.isConnected) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Sign out everywhere?</DialogTitle>
          <DialogDescription>
            Every phone and browser signed in as {user.username} is signed out, this one too. You sign in
            again with your password.
          </DialogDescription>
        </DialogHeader>
        <UnsentCatchesList
          catches={unsent}
          intro={`${catchCount(unsent.length)} on this phone ${unsent.length === 1 ? 'has' : 'have'} not been sent yet. ${unsent.length === 1 ? 'It stays' : 'They stay'} here and ${unsent.length === 1 ? 'is' : 'are'} sent when you sign in again:`}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={signOut.isPending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            {signOut.isPending ? <Spinner className="size-4" /> : null}
            {signOut.isPending ? 'Signing out...' : 'Sign out everywhere'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
