import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { User } from '#core/user.ts';
import { getUser } from '@/api/endpoints';
import { errorMessage } from '@/api/http';
import { useAction } from '@/hooks/use-action';
import { toast } from '@/hooks/use-toast';
import { queryKeys } from '@/lib/query-client';
import { announceSignOut, forgetDeviceCopy } from '@/offline/device-copy';
import { queueLogout, sendPendingLogout } from '@/offline/pending-logout';
import { useCacheRestored } from '@/offline/restore-state';

/**
 * The current user query: a 401 gives null (docs/product.md#api-rules). A 401 means the session ended without Logout here
 * (expired, removed on the server, cookies cleared): the device forgets the account's copy, exactly as at
 * Logout. A logout queued offline is sent first; until the server has ended that session, its cookie does not
 * count as signed in (offline/pending-logout.ts).
 */
export async function fetchCurrentUser(): Promise<User | null> {
  const user = (await sendPendingLogout()) === 'waiting' ? null : await getUser();
  if (user === null) await forgetDeviceCopy();
  return user;
}

/**
 * Logout works with or without a connection (docs/decisions/009-offline-sign-out.md): the logout is queued
 * (persisted), the device forgets the account's copy and the user at once, and the server is told now or,
 * offline, when the network is back. Unsent catches stay in the outbox for their owner.
 */
async function signOutOnThisDevice(): Promise<void> {
  await queueLogout();
  announceSignOut();
  await forgetDeviceCopy();
}

/**
 * The signed-in user and the logout mutation (docs/product.md#shell), with the toasts of docs/product.md#toasts; login and registration are
 * use-sign-in.ts (only /auth needs them, and the shell's first load does not carry them: decision 023).
 * Every component may call it: the user lives in the shared query cache.
 */
export function useAuth() {
  const [, navigate] = useLocation();

  const userQuery = useQuery({ queryKey: queryKeys.user, queryFn: fetchCurrentUser });
  // Until the kept cache is read back (offline/query-restore.ts), "no user yet" is not "signed out".
  const cacheRestored = useCacheRestored();

  // Offline too: it never waits for the network ('Logging out...' for ever).
  const logoutMutation = useAction({
    run: signOutOnThisDevice,
    onSuccess: async () => {
      navigate('/auth');
      if ((await sendPendingLogout()) !== 'waiting') {
        toast({ title: 'Logged out', description: 'You have been logged out successfully.' });
        return;
      }
      toast({
        title: 'Logged out',
        description:
          "You have been logged out on this phone. Tightlines will end the session on the server when you're back online.",
      });
      // Background Sync wakes the worker when the network is back, even with the app closed (sw.ts).
      void import('@/offline/sync-triggers').then((m) => m.registerBackgroundSync()).catch(() => {});
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' });
    },
  });

  return {
    user: userQuery.data ?? null,
    isLoading: userQuery.isLoading || (userQuery.data === undefined && !cacheRestored),
    error: userQuery.error,
    /** No user known and the check waits for the network (offline, first start): not the same as signed out. */
    isWaitingForNetwork: userQuery.isPending && userQuery.fetchStatus === 'paused',
    logoutMutation,
  };
}
