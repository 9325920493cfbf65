import { useMutation } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { User } from '#core/user.ts';
import { deleteAccount } from '@/api/account';
import { ApiError } from '@/api/http';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ACCOUNT_DELETED_STATE } from '@/features/auth/account-deleted';
import { toast } from '@/hooks/use-toast';
import { accountErrorMessage, leaveAccountOnThisDevice } from './leave-account.ts';
import { discardOutboxOf, listUnsentCatches, type UnsentCatch } from './unsent-catches.ts';
import { catchCount, UnsentCatchesList } from './unsent-catches-list.tsx';

/**
 * Delete account (docs/product.md#account): the angler types their username to confirm and their password to prove it is them;
 * catches on this phone that never reached the server are named first (they are lost too). On success the device
 * forgets everything of the account, its outbox entries included, and goes to /auth.
 */
export function DeleteAccountDialog({
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
  const [typedName, setTypedName] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [unsent, setUnsent] = useState<UnsentCatch[]>([]);
  const passwordInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    setTypedName('');
    setPassword('');
    setPasswordError(undefined);
    let current = true;
    void listUnsentCatches(user.id).then((list) => {
      if (current) setUnsent(list);
    });
    return () => {
      current = false;
    };
  }, [open, user.id]);

  const remove = useMutation({
    // Offline it fails at once with a toast, rather than waiting paused (TanStack's default) with a spinner.
    networkMode: 'always',
    mutationFn: async () => {
      await deleteAccount({ password });
      await discardOutboxOf(user.id);
      await leaveAccountOnThisDevice();
    },
    onSuccess: () => {
      navigate('/auth', { state: ACCOUNT_DELETED_STATE });
      toast({
        title: 'Account deleted',
        description: 'Your account and everything in it have been deleted.',
      });
    },
    onError: (error) => {
      const fieldMessage = error instanceof ApiError ? error.fieldErrors.password : undefined;
      if (fieldMessage) {
        setPasswordError(fieldMessage);
        // Back to the field to correct (the submit button, disabled while sending, had dropped the focus).
        passwordInput.current?.focus();
        return;
      }
      toast({
        title: 'Account not deleted',
        description: accountErrorMessage(error),
        variant: 'destructive',
      });
    },
  });

  const confirmed = typedName.trim() === user.username;

  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current?.isConnected) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Your account, every catch in your log and every photo are deleted for good. This cannot be undone.
            Export your log first if you want to keep a copy.
          </DialogDescription>
        </DialogHeader>
        <UnsentCatchesList
          catches={unsent}
          intro={`${catchCount(unsent.length)} on this phone ${unsent.length === 1 ? 'has' : 'have'} not been sent yet and will be lost too:`}
        />
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!confirmed) return;
            if (password === '') {
              setPasswordError('Password is required');
              return;
            }
            setPasswordError(undefined);
            remove.mutate();
          }}
        >
          <FormField
            id="delete-confirm-username"
            label={`Type your username (${user.username}) to confirm`}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typedName}
            onChange={(event) => setTypedName(event.target.value)}
          />
          <FormField
            ref={passwordInput}
            id="delete-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={passwordError}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={remove.isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
              {remove.isPending ? <Spinner className="size-4" /> : null}
              {remove.isPending ? 'Deleting account...' : 'Delete account'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
