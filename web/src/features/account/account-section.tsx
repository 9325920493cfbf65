import { KeyRound, LogOut, ShieldCheck, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { User } from '#core/user.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChangePasswordFields } from './change-password-form.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { SignOutEverywhereDialog } from './sign-out-everywhere-dialog.tsx';

/** Profile's account section (docs/product.md#account, decision 019): change password, sign out everywhere, delete account. Needs a connection. */
export function AccountSection({ user }: { user: User }) {
  const [signingOut, setSigningOut] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // The dialogs open from these buttons without a Radix trigger, so Radix cannot give focus back by itself.
  const signOutButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          Account
        </CardTitle>
        <CardDescription>Your password, your sessions and your account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <section aria-labelledby="change-password-heading" className="grid gap-3">
          <h3 id="change-password-heading" className="flex items-center gap-2 text-sm font-semibold">
            <KeyRound aria-hidden="true" className="size-4 text-primary" />
            Change password
          </h3>
          <ChangePasswordFields username={user.username} />
        </section>

        <section aria-labelledby="sessions-heading" className="grid gap-2 border-t border-border pt-4">
          <h3 id="sessions-heading" className="text-sm font-semibold">
            Signed-in devices
          </h3>
          <p className="text-sm text-muted-foreground">
            Lost a phone, or signed in on a computer that is not yours? Sign out on every device at once.
          </p>
          <Button ref={signOutButton} variant="outline" onClick={() => setSigningOut(true)}>
            <LogOut aria-hidden="true" />
            Sign out everywhere
          </Button>
        </section>

        <section aria-labelledby="delete-account-heading" className="grid gap-2 border-t border-border pt-4">
          <h3 id="delete-account-heading" className="text-sm font-semibold">
            Delete account
          </h3>
          <p className="text-sm text-muted-foreground">
            Deletes your account, every catch and every photo for good. Your username becomes free again.
          </p>
          <Button ref={deleteButton} variant="destructive" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" />
            Delete account
          </Button>
        </section>
      </CardContent>
      <SignOutEverywhereDialog
        user={user}
        open={signingOut}
        onOpenChange={setSigningOut}
        returnFocusTo={signOutButton}
      />
      <DeleteAccountDialog
        user={user}
        open={deleting}
        onOpenChange={setDeleting}
        returnFocusTo={deleteButton}
      />
    </Card>
  );
}
