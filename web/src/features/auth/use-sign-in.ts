import { useMutation } from '@tanstack/react-query';
import type { User } from '#core/user.ts';
import { type Credentials, logIn, register } from '@/api/endpoints';
import { errorMessage } from '@/api/http';
import { toast } from '@/hooks/use-toast';
import { queryClient, queryKeys } from '@/lib/query-client';
import { forgetDeviceCopy } from '@/offline/device-copy';
import { clearPendingLogout, sendPendingLogout } from '@/offline/pending-logout';

/** Sign-in and registration: a logout still queued from offline goes first. */
async function startSession(
  send: (credentials: Credentials) => Promise<User>,
  credentials: Credentials,
): Promise<User> {
  // The logout's answer clears the session cookie, which must never happen to the session this one starts.
  await sendPendingLogout();
  return send(credentials);
}

async function signedIn(user: User): Promise<void> {
  // The server ended any earlier session of this browser (rotation): no queued logout is left to send.
  await clearPendingLogout();
  // A different account must never see the previous one's catches, readings or photos.
  await forgetDeviceCopy();
  queryClient.setQueryData(queryKeys.user, user);
}

/** The login and register mutations of /auth (SPEC §4), with the toasts of SPEC §8 (use-auth.ts has the rest). */
export function useSignIn() {
  const loginMutation = useMutation({
    mutationFn: (credentials: Credentials) => startSession(logIn, credentials),
    onSuccess: async (user) => {
      await signedIn(user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' });
    },
  });

  const registerMutation = useMutation({
    mutationFn: (credentials: Credentials) => startSession(register, credentials),
    onSuccess: async (user) => {
      await signedIn(user);
      toast({ title: 'Registration successful', description: `Welcome, ${user.username}!` });
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' });
    },
  });

  return { loginMutation, registerMutation };
}
