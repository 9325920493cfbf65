import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@/hooks/use-toast';
import { apiRequest, errorMessage, getJson } from '@/lib/api';
import { queryClient, queryKeys } from '@/lib/query-client';
import { useCacheRestored } from '@/offline/restore-state';
import type { User } from '../../../core/user.ts';

export interface Credentials {
  username: string;
  password: string;
}

/** The current user query: a 401 gives null (SPEC §7). */
export function fetchCurrentUser(): Promise<User | null> {
  return getJson<User>(queryKeys.user[0], { on401: 'returnNull' });
}

async function postCredentials(url: string, { username, password }: Credentials): Promise<User> {
  // Only username and password are sent (SPEC §5): a confirmPassword never leaves the form.
  const response = await apiRequest('POST', url, { username, password });
  return (await response.json()) as User;
}

/** The runtime photo caches of the service worker (sw.ts): another account must not find them. */
export const PHOTO_CACHES = ['photo-thumbs', 'photo-full'] as const;

async function deletePhotoCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(PHOTO_CACHES.map((name) => caches.delete(name).catch(() => false)));
}

/** Every cached answer but the user query (catches, weather…), in memory; the disk copy follows. */
function forgetCachedQueries(): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.user[0] });
}

function signedIn(user: User): void {
  // A different account must never see the previous one's catches, readings or photos.
  forgetCachedQueries();
  void deletePhotoCaches();
  queryClient.setQueryData(queryKeys.user, user);
}

/**
 * Signing out forgets what this device kept for the account: every cached query (memory and disk copy) and the
 * cached photos. The outbox is NOT emptied: catches not yet sent stay on the phone, tagged with their owner's
 * id, and are sent when that angler signs in again; no other account ever sends or sees them.
 */
async function forgetAccountData(): Promise<void> {
  forgetCachedQueries();
  await import('@/offline/query-persistence').then((m) => m.clearPersistedQueries()).catch(() => {});
  await deletePhotoCaches();
}

/**
 * The signed-in user and the login, register and logout mutations (SPEC §4), with the toasts of SPEC §8.
 * Every component may call it: the user lives in the shared query cache.
 */
export function useAuth() {
  const [, navigate] = useLocation();

  const userQuery = useQuery({ queryKey: queryKeys.user, queryFn: fetchCurrentUser });
  // Until the kept cache is read back (offline/query-persistence.ts), "no user yet" is not "signed out".
  const cacheRestored = useCacheRestored();

  const loginMutation = useMutation({
    mutationFn: (credentials: Credentials) => postCredentials('/api/login', credentials),
    onSuccess: (user) => {
      signedIn(user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' });
    },
  });

  const registerMutation = useMutation({
    mutationFn: (credentials: Credentials) => postCredentials('/api/register', credentials),
    onSuccess: (user) => {
      signedIn(user);
      toast({ title: 'Registration successful', description: `Welcome, ${user.username}!` });
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' });
    },
  });

  const logoutMutation = useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: async () => {
      // Forget first, then drop the user (which leaves the signed-in screens): nothing is left behind.
      await forgetAccountData();
      queryClient.setQueryData(queryKeys.user, null);
      navigate('/auth');
      toast({ title: 'Logged out', description: 'You have been logged out successfully.' });
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
    loginMutation,
    registerMutation,
    logoutMutation,
  };
}
