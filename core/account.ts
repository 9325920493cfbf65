import { z } from 'zod';
import { PASSWORD_MAX, passwordSchema } from './user.ts';

/**
 * Account self-service (docs/product.md#account, decision 019): what POST /api/account/password and DELETE /api/account accept, and the
 * forms that send them. The new password follows the registration rules (same schema, same messages).
 */

/** The account's current password, asked again before a change that cannot be undone. Only its length is checked. */
const currentPasswordSchema = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .min(1, `${what} is required`)
    .max(PASSWORD_MAX, `${what} must be at most ${PASSWORD_MAX} characters`);

/** POST /api/account/password */
export const changePasswordSchema = z.object({
  currentPassword: currentPasswordSchema('Current password'),
  newPassword: passwordSchema,
});

/** DELETE /api/account */
export const deleteAccountSchema = z.object({ password: currentPasswordSchema('Password') });
/** Profile's Change password form: the confirmation is checked here and never sent. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: currentPasswordSchema('Current password'),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
