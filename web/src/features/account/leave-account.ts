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
