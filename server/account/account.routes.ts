import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changePasswordSchema, deleteAccountSchema } from '#core/account.ts';
import type { User } from '#core/user.ts';
import { refuseCommonPassword } from '../auth/common-passwords.ts';
import { countPasswordAttempt, passwordGuessKey } from '../auth/password-attempts.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import type { SessionRepository } from '../auth/session.repository.ts';
import { forgetSessionToken, requireUser, startSession } from '../auth/session.ts';
import type { UserRepository } from '../auth/user.repository.ts';
import type { Clock } from '../clock.ts';
import type { RateLimits } from '../config/config.ts';
import { AppError, notSignedIn } from '../http/app-error.ts';
import { routeContract } from '../http/route-contract.ts';
import { parseInput } from '../http/validation.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.repository.ts';
import type { AccountRepository } from './account.repository.ts';

export interface AccountDependencies {
  accounts: AccountRepository;
  users: UserRepository;
  sessions: SessionRepository;
  hasher: PasswordHasher;
  rateLimiter: RateLimiter;
  rateLimits: RateLimits;
  clock: Clock;
}

/**
 * Every rate-limit counter keyed to an account, deleted with it. A new per-account counter adds its key here
 * (the per-IP counters are not the account's and stay).
 */
function rateLimitKeysOf(user: User): string[] {
  return [passwordGuessKey(user.username), `upload-user:${user.id}`];
}

/**
 * Account self-service (docs/product.md#account, docs/decisions/019-account-self-service.md): change the password, sign out
 * everywhere, delete the account. The two that act on the password ask for it again and count as login attempts.
 */
export async function accountRoutes(app: FastifyInstance, deps: AccountDependencies): Promise<void> {
  const { accounts, users, sessions, hasher, rateLimiter, rateLimits, clock } = deps;

  /** Checks the account's own password (counted like a login); 400 WRONG_PASSWORD naming `field` otherwise. */
  async function verifyPassword(request: FastifyRequest, user: User, password: string, field: string) {
    const counterKey = await countPasswordAttempt(
      rateLimiter,
      rateLimits,
      user.username,
      request.ip,
      'account',
    );
    const stored = await users.findPasswordHash(user.id);
    // The account was deleted since the session was read: the session is no longer valid.
    if (stored === null) throw notSignedIn();
    if (!(await hasher.verify(password, stored))) {
      const message = field === 'currentPassword' ? 'Current password is incorrect' : 'Password is incorrect';
      throw new AppError(400, 'WRONG_PASSWORD', message, { [field]: message });
    }
    await rateLimiter.reset(counterKey);
  }

  const passwordContract = routeContract({
    summary: 'Change the password: every other session ends, this one is rotated',
    body: changePasswordSchema,
    response: { 204: null },
  });
  app.post('/api/account/password', passwordContract, async (request, reply) => {
    const user = requireUser(request);
    const { currentPassword, newPassword } = parseInput(changePasswordSchema, request.body);
    refuseCommonPassword(newPassword, 'newPassword');
    await verifyPassword(request, user, currentPassword, 'currentPassword');
    if (!(await users.setPasswordHash(user.id, await hasher.hash(newPassword)))) throw notSignedIn();
    // Every session ends, this one too; this device goes on in a new one (rotation: the old token is dead).
    await sessions.deleteAllOf(user.id);
    await startSession(request, reply, sessions, user.id, clock.now());
    return reply.status(204).send();
  });

  const logoutAllContract = routeContract({
    summary: 'Sign out every device, this one too',
    response: { 204: null },
  });
  app.post('/api/logout-all', logoutAllContract, async (request, reply) => {
    const user = requireUser(request);
    await sessions.deleteAllOf(user.id);
    forgetSessionToken(request, reply);
    return reply.status(204).send();
  });

  const deleteAccountContract = routeContract({
    summary: 'Delete the account with every catch, photo and session (the password asked again)',
    body: deleteAccountSchema,
    response: { 204: null },
  });
  app.delete('/api/account', deleteAccountContract, async (request, reply) => {
    const user = requireUser(request);
    const { password } = parseInput(deleteAccountSchema, request.body);
    await verifyPassword(request, user, password, 'password');
    // The photo files go after the grace period (photos/photo-removal.ts): the photo store is not asked now.
    if (!(await accounts.delete(user.id, rateLimitKeysOf(user), clock.now()))) throw notSignedIn();
    forgetSessionToken(request, reply);
    return reply.status(204).send();
  });
}
