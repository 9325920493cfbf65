import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Info, LogOut, Ruler, UserCircle } from 'lucide-react';
import { Link } from 'wouter';
import { APP_LAST_UPDATED, APP_VERSION } from '#core/app-info.ts';
import type { UnitSystem } from '#core/units.ts';
import { updateUserSettings } from '@/api/account';
import { errorMessage } from '@/api/http';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AccountSection } from '@/features/account/account-section';
import { DataTransferCard } from '@/features/account/data-transfer-card';
import { useGuardedLogout } from '@/features/account/use-guarded-logout';
import { useAuth } from '@/features/auth/use-auth';
import { useUnits } from '@/features/auth/use-units';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/cn';
import { memberLabel } from '@/lib/member-label';
import { queryClient, queryKeys } from '@/lib/query-client';

const UNIT_CHOICES: Array<{ value: UnitSystem; label: string; example: string }> = [
  { value: 'imperial', label: 'Imperial', example: 'lbs, in, °F, ft, mph, inHg' },
  { value: 'metric', label: 'Metric', example: 'kg, cm, °C, m, km/h, hPa' },
];

/**
 * The units setting (docs/product.md#units): stored with the account (PATCH /api/user), so every device follows; the
 * answer replaces the cached user, and every screen reading useUnits() changes at once. Needs a connection.
 */
function UnitsSetting() {
  const units = useUnits();
  const change = useMutation({
    mutationFn: (next: UnitSystem) => updateUserSettings({ units: next }),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.user, user),
    onError: (error) => {
      toast({
        title: 'Units not changed',
        description: errorMessage(error, 'Please try again when you are online.'),
        variant: 'destructive',
      });
    },
  });
  const shown = change.isPending ? change.variables : units;

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <Ruler aria-hidden="true" className="size-5 text-primary" />
          Units
        </CardTitle>
        <CardDescription>
          How weights, lengths, temperatures and weather are shown and entered.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset disabled={change.isPending} className="grid grid-fit-32 gap-2">
          <legend className="sr-only">Units</legend>
          {UNIT_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className={cn(
                'relative flex min-h-11 cursor-pointer flex-col justify-center rounded-lg border px-3 py-2 text-sm',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                shown === choice.value ? 'border-primary bg-accent text-accent-foreground' : 'border-border',
              )}
            >
              {/* The radio itself covers the whole choice, so the 44 px target is the input and not only its
                  label (decision 007); the dot below shows its state. */}
              <input
                type="radio"
                name="units"
                value={choice.value}
                checked={shown === choice.value}
                onChange={() => change.mutate(choice.value)}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-lg opacity-0"
              />
              <span className="flex items-center gap-2 font-semibold">
                <span
                  aria-hidden="true"
                  className="grid size-4 place-items-center rounded-full border-2 border-primary"
                >
                  {shown === choice.value && <span className="size-2 rounded-full bg-primary" />}
                </span>
                {choice.label}
              </span>
              <span className="text-xs text-muted-foreground">{choice.example}</span>
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}

/** /profile: account info, logout and app info (docs/product.md#profile). Only reached with a signed-in user. */
export function ProfilePage() {
  const { user } = useAuth();
  // Logout warns first when catches on this phone have not been sent (decision 009).
  const { requestLogout, logoutMutation, warning } = useGuardedLogout();
  if (!user) return null;

  return (
    <div className="min-h-dvh px-4 py-6">
      <main className="mx-auto grid max-w-lg grid-cols-[minmax(0,1fr)] gap-4">
        <Link
          href="/"
          className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'justify-self-start' })}
        >
          <ArrowLeft aria-hidden="true" />
          Back to home
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">Profile</h1>

        <Card>
          <CardContent className="flex flex-wrap items-center gap-4 pt-5">
            <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <UserCircle aria-hidden="true" className="size-9" />
            </span>
            {/* 8rem or more beside the picture, else under it (large text). */}
            <div className="min-w-0 flex-[1_1_8rem]">
              <h2 className="truncate text-xl font-semibold">{user.username}</h2>
              <p className="text-sm text-muted-foreground">#{user.id}</p>
              <p className="mt-1 inline-block rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">
                {memberLabel(user.createdAt)}
              </p>
            </div>
          </CardContent>
        </Card>

        <UnitsSetting />
        <DataTransferCard />

        <AccountSection user={user} />

        {/* Neutral: logging out loses nothing (unsent catches stay), unlike the red Delete account above. */}
        <Button
          variant="outline"
          className="w-full"
          disabled={logoutMutation.isPending}
          onClick={() => void requestLogout()}
        >
          {logoutMutation.isPending ? <Spinner className="size-4" /> : <LogOut aria-hidden="true" />}
          {logoutMutation.isPending ? 'Logging out...' : 'Logout'}
        </Button>
        {warning}

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
