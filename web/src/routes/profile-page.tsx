import { ArrowLeft, Info, LogOut, UserCircle } from 'lucide-react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/hooks/use-auth';
import { memberLabel } from '@/lib/member-label';
import { APP_LAST_UPDATED, APP_VERSION } from '../../../core/app-info.ts';

/** /profile: account info, logout and app info (SPEC §2). Only reached with a signed-in user. */
export function ProfilePage() {
  const { user, logoutMutation } = useAuth();
  if (!user) return null;

  return (
    <div className="min-h-dvh px-4 py-6">
      <main className="mx-auto grid max-w-lg gap-4">
        <Link
          href="/"
          className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'justify-self-start' })}
        >
          <ArrowLeft aria-hidden="true" />
          Back to home
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">Profile</h1>

        <Card>
          <CardContent className="flex items-center gap-4 pt-5">
            <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <UserCircle aria-hidden="true" className="size-9" />
            </span>
            <div className="min-w-0">
              <h2 className="truncate text-xl font-semibold">{user.username}</h2>
              <p className="text-sm text-muted-foreground">#{user.id}</p>
              <p className="mt-1 inline-block rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">
                {memberLabel(user.createdAt)}
              </p>
            </div>
          </CardContent>
        </Card>

        <Button
          variant="destructive"
          className="w-full"
          disabled={logoutMutation.isPending}
          onClick={() => logoutMutation.mutate()}
        >
          {logoutMutation.isPending ? <Spinner className="size-4" /> : <LogOut aria-hidden="true" />}
          {logoutMutation.isPending ? 'Logging out...' : 'Logout'}
        </Button>

        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="flex items-center gap-2 text-base">
              <Info aria-hidden="true" className="size-5 text-primary" />
              App info
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-1 text-sm text-muted-foreground">
            <p>Version {APP_VERSION}</p>
            <p>Last updated {APP_LAST_UPDATED}</p>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
