import type { User } from '#core/user.ts';
import { http } from './http.ts';

/** Sign-in and registration (/auth): not in the shell's first bundle (decision 023). */

/** What sign-in and registration send: only these two fields, never a confirmPassword (docs/product.md#sign-in). */
export interface Credentials {
  username: string;
  password: string;
}

/** POST /api/login: starts a session (docs/product.md#security). */
export async function logIn({ username, password }: Credentials): Promise<User> {
  return (await (await http('/api/login', { method: 'POST', json: { username, password } })).json()) as User;
}

/** POST /api/register: creates the account and starts its session (docs/product.md#security). */
export async function register({ username, password }: Credentials): Promise<User> {
  return (await (
    await http('/api/register', { method: 'POST', json: { username, password } })
  ).json()) as User;
}
