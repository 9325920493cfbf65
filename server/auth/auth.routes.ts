import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  credentialsSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  userSchema,
  userSettingsSchema,
} from '#core/user.ts';
import type { Clock } from '../clock.ts';
import type { RateLimits } from '../config/config.ts';
import { AppError, notSignedIn, tooManyRequests } from '../http/app-error.ts';
import { logAsUser } from '../http/request-log.ts';
import { routeContract } from '../http/route-contract.ts';
import { parseInput } from '../http/validation.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.repository.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import { countPasswordAttempt } from './password-attempts.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { SessionRepository } from './session.repository.ts';
import { endSession, forgetSessionToken, requireUser, startSession } from './session.ts';
import type { UserRepository } from './user.repository.ts';

const REGISTER_WINDOW_MS = 10 * 60 * 1000;

/** Login checks only lengths: a stricter rule here would tell an attacker which names can exist. */
const loginSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
    .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`),
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});

export interface AuthDependencies {
  users: UserRepository;
  sessions: SessionRepository;
  hasher: PasswordHasher;
  rateLimiter: RateLimiter;
  rateLimits: RateLimits;
  clock: Clock;
}

export async function authRoutes(app: FastifyInstance, deps: AuthDependencies): Promise<void> {
  const { users, sessions, hasher, rateLimiter, rateLimits, clock } = deps;
  // Verifying against this when the username is unknown makes both failures take the same time. Derived once the
  // server listens, not before its first answer (argon2id: ~30 ms of a core and 19 MiB, docs/decisions/050-start-up-time.md), or by the
  // first login that needs it, whichever comes first.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => {
    dummyHash ??= hasher.hash('no-such-user-placeholder');
    return dummyHash;
  };
  app.addHook('onListen', async () => {
    void dummy();
  });

  const registerContract = routeContract({
    summary: 'Create an account and sign in (sets the session cookie)',
    signedIn: false,
    body: credentialsSchema,
    response: { 201: userSchema },
  });
  app.post('/api/register', registerContract, async (request, reply) => {
    const ipKey = `register-ip:${request.ip}`;
    const attempt = await rateLimiter.consume(ipKey, rateLimits.registrationsPerIp, REGISTER_WINDOW_MS);
    if (!attempt.allowed) {
      throw tooManyRequests('Too many new accounts from this network. Please try again later.');
    }

    const { username, password } = parseInput(credentialsSchema, request.body);
    refuseCommonPassword(password, 'password');
    const user = await users.create(username, await hasher.hash(password), clock.now());
    if (!user) {
      throw new AppError(409, 'USERNAME_TAKEN', 'Username already taken', {
        username: 'Username already taken',
      });
    }
    logAsUser(request, user.id);
    // A sign-in always starts a fresh session (rotation).
    await endSession(request, sessions);
    await startSession(request, reply, sessions, user.id, clock.now());
    return reply.status(201).send(user);
  });

  const loginContract = routeContract({
    summary: 'Sign in (sets the session cookie)',
    signedIn: false,
    body: loginSchema,
    response: { 200: userSchema },
  });
  app.post('/api/login', loginContract, async (request, reply) => {
    const { username, password } = parseInput(loginSchema, request.body);
    // Every attempt is counted before the password is checked (password-attempts.ts).
    const usernameCounterKey = await countPasswordAttempt(
      rateLimiter,
      rateLimits,
      username,
      request.ip,
      'login',
    );

    const found = await users.findByUsername(username);
    const passwordMatches = await hasher.verify(password, found?.passwordHash ?? (await dummy()));
    if (!found || !passwordMatches) {
      throw new AppError(401, 'BAD_CREDENTIALS', 'Invalid username or password');
    }
    logAsUser(request, found.id);
    await rateLimiter.reset(usernameCounterKey);
    await endSession(request, sessions);
    await startSession(request, reply, sessions, found.id, clock.now());
    const { passwordHash: _hash, ...user } = found;
    return user;
  });

  const logoutContract = routeContract({
    summary: 'Sign out this device',
    signedIn: false,
    response: { 204: null },
  });
  app.post('/api/logout', logoutContract, async (request, reply) => {
    await endSession(request, sessions);
    forgetSessionToken(request, reply);
    return reply.status(204).send();
  });

  const userContract = routeContract({ summary: 'The signed-in user', response: { 200: userSchema } });
  app.get('/api/user', userContract, async (request) => requireUser(request));

  /** The account's settings, stored with it so every device of the angler follows (docs/product.md#units). */
  const settingsContract = routeContract({
    summary: "Change the account's settings",
    body: userSettingsSchema,
    response: { 200: userSchema },
  });
  app.patch('/api/user', settingsContract, async (request) => {
    const { id } = requireUser(request);
    const { units } = parseInput(userSettingsSchema, request.body);
    // The account may have been deleted since the session was read: the session is then no longer valid.
    const updated = await users.setUnits(id, units);
    if (!updated) throw notSignedIn();
    return updated;
  });
}
