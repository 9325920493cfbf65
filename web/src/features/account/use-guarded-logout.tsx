import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useAuth } from '@/features/auth/use-auth';
import { listUnsentCatches, type UnsentCatch } from './unsent-catches.ts';
import { catchCount, UnsentCatchesList } from './unsent-catches-list.tsx';

/**
 * Logout that warns first when catches saved on this phone have not reached the server (docs/decisions/009-offline-sign-out.md): they stay on
 * the phone and are sent when the same angler signs in again (docs/decisions/009-offline-sign-out.md), but the
 * angler should know before leaving. With nothing unsent it logs out at once, as before.
 * Render `warning` somewhere in the component that calls `requestLogout`; `onWarning` runs as it opens (the user
 * menu closes itself, so the warning is the only layer).
 */
export function useGuardedLogout({ onWarning }: { onWarning?: () => void } = {}) {
  const { user, logoutMutation } = useAuth();
  const [unsent, setUnsent] = useState<UnsentCatch[] | null>(null);

  const requestLogout = async () => {
    if (!user || logoutMutation.isPending) return;
    const list = await listUnsentCatches(user.id);
    if (list.length === 0) logoutMutation.mutate();
    else {
      onWarning?.();
      setUnsent(list);
    }
  };

  const warning = (
    <Dialog open={unsent !== null} onOpenChange={(open) => !open && setUnsent(null)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Log out with unsent catches?</DialogTitle>
          <DialogDescription>
            {catchCount(unsent?.length ?? 0)} on this phone {unsent?.length === 1 ? 'has' : 'have'} not
            reached the server yet. {unsent?.length === 1 ? 'It stays' : 'They stay'} on this phone and{' '}
            {unsent?.length === 1 ? 'is' : 'are'} sent when you log in again as {user?.username}.
          </DialogDescription>
        </DialogHeader>
        <UnsentCatchesList catches={unsent ?? []} intro="Not sent yet:" />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setUnsent(null)}>
            Stay logged in
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              setUnsent(null);
              logoutMutation.mutate();
            }}
          >
            Log out anyway
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );

  return { requestLogout, logoutMutation, warning };
}
