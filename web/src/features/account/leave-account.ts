import { ApiError } from '@/api/http';
import { announceSignOut, forgetDeviceCopy } from '@/offline/device-copy';
import { clearPendingLogout } from '@/offline/pending-logout';

/**
 * This device leaves an account the server has already signed out (Sign out everywhere) or deleted: no logout is
 * left to send, other tabs leave too, and the device forgets the account's copy, as at every end of a session
 * (docs/decisions/009-offline-sign-out.md).
 */
export async function leaveAccountOnThisDevice(): Promise<void> {
  await clearPendingLogout();
  announceSignOut();
  await forgetDeviceCopy();
}

/** What a failed account request tells the angler: the server's message, or that it needs a connection. */
export function accountErrorMessage(error: unknown): string {
  return error instanceof ApiError
    ? error.serverMessage
    : 'This needs a connection. Please try again when you are online.';
}
