import { COMMON_PASSWORDS } from './common-password-list.ts';

/**
 * True for one of the most common passwords (compared case-insensitively, so 'Password1' counts as 'password1').
 * Registration refuses them with a clear message on top of the 6-character minimum (DESIGN §6).
 */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
