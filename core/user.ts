import { z } from 'zod';
import { UNIT_SYSTEMS } from './unit-names.ts';

/** Limits shared by the auth form and the server (docs/product.md#sign-in, docs/product.md#security). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 256;

const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[\p{L}\p{N}._-]+$/u, 'Username may only use letters, numbers, dots, dashes and underscores');

/** A password as registration takes it (and a new password at POST /api/account/password). */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** What the server accepts at /api/login and /api/register. */
export const credentialsSchema = z.object({ username: usernameSchema, password: passwordSchema });

/** The login form checks only the two minimums, as docs/product.md#sign-in says. */
export const loginFormSchema = z.object({
  username: z.string().min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`),
  password: z.string().min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Register form: confirmPassword is checked here and never sent. */
export const registerFormSchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    confirmPassword: z.string().min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** The signed-in user as the API returns it (its response schema, too). The password never leaves the server. */
export const userSchema = z.object({
  id: z.int(),
  username: z.string(),
  createdAt: z.string(),
  /** The units this angler reads and types in (docs/product.md#units); the API itself always speaks the stored (imperial) units. */
  units: z.enum(UNIT_SYSTEMS),
});
export type User = z.output<typeof userSchema>;

/** What PATCH /api/user accepts: the account's settings (today only the units). */
export const userSettingsSchema = z.strictObject(
  { units: z.enum(UNIT_SYSTEMS, { error: `Units must be one of: ${UNIT_SYSTEMS.join(', ')}` }) },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}` : undefined,
  },
);
export type UserSettings = z.infer<typeof userSettingsSchema>;
