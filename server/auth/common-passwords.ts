import { AppError } from '../http/app-error.ts';
import { COMMON_PASSWORDS } from './common-password-list.ts';

/**
 * True for one of the most common passwords (compared case-insensitively, so 'Password1' counts as 'password1').
 * Registration refuses them with a clear message on top of the 6-character minimum (docs/product.md#security).
 */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** Refuses a common password with 400 COMMON_PASSWORD, naming `field` (registration, a password change). */
export function refuseCommonPassword(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  const message = 'This password is too common. Please choose one that is harder to guess.';
  throw new AppError(400, 'COMMON_PASSWORD', message, { [field]: message });
}
