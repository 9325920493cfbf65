import type { User, UserSettings } from '#core/user.ts';
import { API_PATHS } from './endpoints.ts';
import { http } from './http.ts';

/**
 * Account self-service (docs/product.md#account; docs/decisions/019-account-self-service.md). Each needs a connection and a
 * signed-in session, and throws ApiError on a non-OK answer (400 WRONG_PASSWORD names the field in `errors`).
 */

/** POST /api/account/password: every other session ends; this one goes on under a new cookie. */
export async function changePassword(body: { currentPassword: string; newPassword: string }): Promise<void> {
  await http('/api/account/password', { method: 'POST', json: body });
}

/** POST /api/logout-all: every session of the account ends, this one too (its cookie is cleared). */
export async function logOutEverywhere(): Promise<void> {
  await http('/api/logout-all', { method: 'POST' });
}

/** DELETE /api/account: the account and everything in it are deleted for good. */
export async function deleteAccount(body: { password: string }): Promise<void> {
  await http('/api/account', { method: 'DELETE', json: body });
}

/** PATCH /api/user: changes the account's settings (its units, docs/product.md#units); answers with the updated user. */
export async function updateUserSettings(settings: UserSettings): Promise<User> {
  return (await (await http(API_PATHS.user, { method: 'PATCH', json: settings })).json()) as User;
}
