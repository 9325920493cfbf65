/**
 * The history state /auth is opened with after the account was deleted: /auth then says so for as long as the
 * angler is on it (a toast alone is gone after five seconds). History state, not the address, so the line does
 * not come back from a bookmark or a shared link.
 */
export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

export function isAccountDeletedState(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { accountDeleted?: unknown }).accountDeleted === true
  );
}
