import type { User } from '#core/user.ts';
import { errorMessage } from '@/api/http';
import { type Credentials, logIn, register } from '@/api/sign-in-endpoints';
import { useAction } from '@/hooks/use-action';
import { toast } from '@/hooks/use-toast';
import { queryClient, queryKeys } from '@/lib/query-client';
import { forgetDeviceCopy } from '@/offline/device-copy';
import { clearPendingLogout, sendPendingLogout } from '@/offline/pending-logout';

/**
 * Why a sign-in could not even reach the server. On a first visit nothing of the account is on the phone yet, so
 * there is nothing to do offline but say so (instead of 'Logging in...' waiting for the network for ever).
 */
const NO_CONNECTION_TO_SIGN_IN =
  "No connection: logging in and registering need the internet. Try again when you're back online.";

class NoConnectionError extends Error {
  constructor() {
    super(NO_CONNECTION_TO_SIGN_IN);
    this.name = 'NoConnectionError';
  }
}

/**
 * The sign-in failed for want of a connection: the form says so itself, not in a toast. On a first visit the toast's
 * code may not be on the phone yet, and would only show once the network is back, saying 'Login failed' when it no
 * longer would.
 */
export function noConnectionMessage(error: unknown): string | null {
  return error instanceof NoConnectionError ? error.message : null;
}

/** Sign-in and registration: a logout still queued from offline goes first. */
async function startSession(
  send: (credentials: Credentials) => Promise<User>,
  credentials: Credentials,
): Promise<User> {
  if (navigator.onLine === false) throw new NoConnectionError();
  // The logout's answer clears the session cookie, which must never happen to the session this one starts.
  await sendPendingLogout();
  try {
    return await send(credentials);
  } catch (error) {
    // fetch's own TypeError: the server was not reached (the browser may still believe it is online).
    throw error instanceof TypeError ? new NoConnectionError() : error;
  }
}

async function signedIn(user: User): Promise<void> {
  // The server ended any earlier session of this browser (rotation): no queued logout is left to send.
  await clearPendingLogout();
  // A different account must never see the previous one's catches, readings or photos.
  await forgetDeviceCopy();
  queryClient.setQueryData(queryKeys.user, user);
}

/** The login and register mutations of /auth, with their toasts (docs/product.md#sign-in; use-auth.ts has the rest). */
export function useSignIn() {
  // Both run offline too (no 'Logging in...' spinning until the network is back): NoConnection says why they fail.
  const loginMutation = useAction({
    run: (credentials: Credentials) => startSession(logIn, credentials),
    onSuccess: async (user: User) => {
      await signedIn(user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    },
    onError: (error) => {
      if (noConnectionMessage(error)) return;
      toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' });
    },
  });

  const registerMutation = useAction({
    run: (credentials: Credentials) => startSession(register, credentials),
    onSuccess: async (user: User) => {
      await signedIn(user);
      toast({ title: 'Registration successful', description: `Welcome, ${user.username}!` });
    },
    onError: (error) => {
      if (noConnectionMessage(error)) return;
      toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' });
    },
  });

  return { loginMutation, registerMutation };
}
