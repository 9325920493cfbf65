import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, sessionCookieFrom } from '../test-support/api-client.ts';
import { createTestApp, RELAXED_RATE_LIMITS, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session.repository.ts';

/** A fast stand-in for argon2id that counts how many passwords were really hashed and checked. */
function countingHasher(): PasswordHasher & { hashes: number; verifications: number } {
  return {
    hashes: 0,
    verifications: 0,
    async hash(password) {
      this.hashes++;
      return `plain:${password}`;
    },
    async verify(password, stored) {
      this.verifications++;
      // Yield like the real (thread-pool) hash does, so concurrent requests interleave here.
      await new Promise((resolve) => setImmediate(resolve));
      return stored === `plain:${password}`;
    },
  };
}

const statusCounts = (responses: Array<{ statusCode: number }>) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe.each(TEST_ENGINES)('accounts on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, cookie = '') =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

  describe('POST /api/register', () => {
    it('creates the account, signs it in and never returns the password', async () => {
      const response = await post('/api/register', { username: 'walleye_wanda', password: 'lake-erie-2026' });
      expect(response.statusCode).toBe(201);
      const user = response.json();
      expect(user).toEqual({
        id: expect.any(Number),
        username: 'walleye_wanda',
        createdAt: expect.any(String),
        units: 'imperial',
      });
      expect(response.body).not.toContain('lake-erie-2026');
      const cookie = response.cookies.find((c) => c.name === 'tightlines_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { cookie: sessionCookieFrom(response) },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(user);
    });

    it.each([
      [{ username: 'ab', password: 'secret-pass' }, 'Username must be at least 3 characters'],
      [{ username: 'abc', password: '12345' }, 'Password must be at least 6 characters'],
      [{ username: 'x'.repeat(33), password: 'secret-pass' }, 'Username must be at most 32 characters'],
      [{ username: 'angler', password: 'p'.repeat(257) }, 'Password must be at most 256 characters'],
      [
        { username: 'has space', password: 'secret-pass' },
        'Username may only use letters, numbers, dots, dashes and underscores',
      ],
      [{ password: 'secret-pass' }, 'Username is required'],
      [{ username: 'angler' }, 'Password is required'],
      [{ username: 123, password: 'secret-pass' }, 'Username is required'],
    ])('refuses %j with "%s"', async (payload, message) => {
      const response = await post('/api/register', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it('refuses the most common passwords with a clear message', async () => {
      const response = await post('/api/register', { username: 'angler', password: 'password' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'This password is too common. Please choose one that is harder to guess.',
      );
      expect(response.json().errors.password).toBeDefined();
    });

    it('welcomes a long passphrase', async () => {
      const response = await post('/api/register', {
        username: 'poet',
        password: 'the pike sleeps under lily pads '.repeat(8),
      });
      expect(response.statusCode).toBe(201);
    });

    it('treats usernames as taken case-insensitively (409)', async () => {
      expect(
        (await post('/api/register', { username: 'CarpKing', password: 'secret-pass' })).statusCode,
      ).toBe(201);
      const again = await post('/api/register', { username: 'carpking', password: 'other-pass' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Username already taken');
    });

    it('rate-limits registrations per IP', async () => {
      await t.close();
      t = await createTestApp(engine, { rateLimits: { ...RELAXED_RATE_LIMITS, registrationsPerIp: 2 } });
      expect((await post('/api/register', { username: 'one1', password: 'secret-pass' })).statusCode).toBe(
        201,
      );
      expect((await post('/api/register', { username: 'two2', password: 'secret-pass' })).statusCode).toBe(
        201,
      );
      const third = await post('/api/register', { username: 'three', password: 'secret-pass' });
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/Too many new accounts/);
    });
  });

  describe('POST /api/login', () => {
    beforeEach(async () => {
      await post('/api/register', { username: 'BassBoss', password: 'secret-pass' });
    });

    it('signs in with the right password, case-insensitive username', async () => {
      const response = await post('/api/login', { username: 'bassboss', password: 'secret-pass' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ username: 'BassBoss' });
      expect(sessionCookieFrom(response)).not.toBe('');
    });

    it('gives the same 401 for a wrong password and an unknown user (no enumeration)', async () => {
      const wrongPassword = await post('/api/login', { username: 'BassBoss', password: 'not-it-at-all' });
      const unknownUser = await post('/api/login', { username: 'nobody-here', password: 'secret-pass' });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownUser.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({
        message: 'Invalid username or password',
        code: 'BAD_CREDENTIALS',
      });
      expect(unknownUser.json()).toEqual(wrongPassword.json());
    });

    it('applies the spec minimums', async () => {
      expect((await post('/api/login', { username: 'ab', password: 'secret-pass' })).json().message).toBe(
        'Username must be at least 3 characters',
      );
      expect((await post('/api/login', { username: 'BassBoss', password: '123' })).json().message).toBe(
        'Password must be at least 6 characters',
      );
    });

    it('rotates the session: the old token stops working at a new login', async () => {
      const first = sessionCookieFrom(
        await post('/api/login', { username: 'BassBoss', password: 'secret-pass' }),
      );
      const second = sessionCookieFrom(
        await post('/api/login', { username: 'BassBoss', password: 'secret-pass' }, first),
      );
      expect(second).not.toBe(first);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: first } })).statusCode,
      ).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: second } })).statusCode,
      ).toBe(200);
    });

    it('locks a username after 10 failures in 15 minutes, even with the right password, then lets it in again', async () => {
      await t.close();
      t = await createTestApp(engine, {
        rateLimits: { ...RELAXED_RATE_LIMITS, loginFailuresPerUsername: 10 },
      });
      await post('/api/register', { username: 'BassBoss', password: 'secret-pass' });
      for (let attempt = 0; attempt < 10; attempt++) {
        expect(
          (await post('/api/login', { username: 'BassBoss', password: `guess-${attempt}` })).statusCode,
        ).toBe(401);
      }
      const locked = await post('/api/login', { username: 'BassBoss', password: 'secret-pass' });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(
        'Too many failed login attempts. Please wait 15 minutes and try again.',
      );
      t.clock.advance(15 * 60 * 1000);
      expect((await post('/api/login', { username: 'BassBoss', password: 'secret-pass' })).statusCode).toBe(
        200,
      );
    });

    it('limits failures per IP across usernames', async () => {
      await t.close();
      t = await createTestApp(engine, { rateLimits: { ...RELAXED_RATE_LIMITS, loginFailuresPerIp: 3 } });
      for (const name of ['aaa', 'bbb', 'ccc']) {
        expect((await post('/api/login', { username: name, password: 'whatever1' })).statusCode).toBe(401);
      }
      expect((await post('/api/login', { username: 'ddd', password: 'whatever1' })).statusCode).toBe(429);
    });
  });

  describe('the stand-in hash an unknown username is checked against', () => {
    const nobody = { username: 'nobody_here', password: 'whatever1' };

    it('is derived once the server listens, not while it starts, and only once', async () => {
      await t.close();
      const hasher = countingHasher();
      t = await createTestApp(engine, { hasher });
      expect(hasher.hashes).toBe(0);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await vi.waitFor(() => expect(hasher.hashes).toBe(1));
      expect((await post('/api/login', nobody)).statusCode).toBe(401);
      expect((await post('/api/login', nobody)).statusCode).toBe(401);
      expect(hasher).toMatchObject({ hashes: 1, verifications: 2 });
    });

    it('is derived by the first login that needs it when the app never listens', async () => {
      await t.close();
      const hasher = countingHasher();
      t = await createTestApp(engine, { hasher });
      expect((await post('/api/login', nobody)).statusCode).toBe(401);
      expect((await post('/api/login', nobody)).statusCode).toBe(401);
      expect(hasher).toMatchObject({ hashes: 1, verifications: 2 });
    });
  });

  describe('limits under concurrency', () => {
    it('a burst of 300 parallel wrong passwords for one account gets at most the limit checked', async () => {
      await t.close();
      const hasher = countingHasher();
      t = await createTestApp(engine, {
        hasher,
        rateLimits: { ...RELAXED_RATE_LIMITS, loginFailuresPerUsername: 10 },
      });
      await post('/api/register', { username: 'BurstTarget', password: 'secret-pass' });
      const burst = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          post('/api/login', { username: 'BurstTarget', password: `wrong-guess-${i}` }),
        ),
      );
      expect(statusCounts(burst)).toEqual({ 401: 10, 429: 290 });
      expect(hasher.verifications).toBe(10);
      // Still locked, even for the right password, until the window is over.
      expect(
        (await post('/api/login', { username: 'BurstTarget', password: 'secret-pass' })).statusCode,
      ).toBe(429);
      expect(hasher.verifications).toBe(10);
    });

    it('the per-IP login limit holds under a parallel burst across many usernames', async () => {
      await t.close();
      const hasher = countingHasher();
      t = await createTestApp(engine, {
        hasher,
        rateLimits: { ...RELAXED_RATE_LIMITS, loginFailuresPerIp: 20 },
      });
      const burst = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          post('/api/login', { username: `user${i}`, password: 'whatever1' }),
        ),
      );
      expect(statusCounts(burst)).toEqual({ 401: 20, 429: 80 });
      expect(hasher.verifications).toBe(20);
    });

    it('a successful login clears the username counter', async () => {
      await t.close();
      t = await createTestApp(engine, {
        hasher: countingHasher(),
        rateLimits: { ...RELAXED_RATE_LIMITS, loginFailuresPerUsername: 3 },
      });
      await post('/api/register', { username: 'ForgetfulFred', password: 'secret-pass' });
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 2; i++) {
          expect(
            (await post('/api/login', { username: 'ForgetfulFred', password: 'nope-nope' })).statusCode,
          ).toBe(401);
        }
        expect(
          (await post('/api/login', { username: 'ForgetfulFred', password: 'secret-pass' })).statusCode,
        ).toBe(200);
      }
    });

    it('a burst of 50 parallel registrations from one IP creates at most the limit', async () => {
      await t.close();
      t = await createTestApp(engine, {
        hasher: countingHasher(),
        rateLimits: { ...RELAXED_RATE_LIMITS, registrationsPerIp: 5 },
      });
      const burst = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          post('/api/register', { username: `newbie${i}`, password: 'secret-pass' }),
        ),
      );
      expect(statusCounts(burst)).toEqual({ 201: 5, 429: 45 });
    });

    it('one lockout per account whatever Unicode spelling of the name: NFKC + lower case, like the lookup', async () => {
      await t.close();
      t = await createTestApp(engine, {
        hasher: countingHasher(),
        rateLimits: { ...RELAXED_RATE_LIMITS, loginFailuresPerUsername: 10 },
      });
      await post('/api/register', { username: 'nfkcvictim', password: 'secret-pass' });
      // The fullwidth 'ｎ' (U+FF4E) is the same account for the lookup...
      expect(
        (await post('/api/login', { username: 'ｎfkcvictim', password: 'secret-pass' })).statusCode,
      ).toBe(200);
      for (let i = 0; i < 10; i++) {
        const spelling = i % 2 === 0 ? 'nfkcvictim' : 'ＮＦＫＣvictim';
        expect((await post('/api/login', { username: spelling, password: `guess-${i}-x` })).statusCode).toBe(
          401,
        );
      }
      // ...so it is the same locked counter too.
      for (const spelling of ['ｎfkcvictim', 'NFKCVICTIM', 'nfkcvictim']) {
        expect((await post('/api/login', { username: spelling, password: 'secret-pass' })).statusCode).toBe(
          429,
        );
      }
    });
  });

  describe('sessions', () => {
    it('logout ends the session on the server, not just the cookie', async () => {
      const client = await ApiClient.register(t.app, 'pike_pete');
      const logout = await client.post('/api/logout');
      expect(logout.statusCode).toBe(204);
      // The browser would drop the cookie; an attacker who copied it must not get in either.
      expect((await client.get('/api/user')).statusCode).toBe(401);
      expect((await client.get('/api/catches')).statusCode).toBe(401);
    });

    it('logout without a session is harmless', async () => {
      expect((await post('/api/logout', undefined)).statusCode).toBe(204);
    });

    it('GET /api/user is 401 when signed out or with a forged token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
      const forged = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { cookie: 'tightlines_session=forged' },
      });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ message: 'You must be logged in', code: 'NOT_SIGNED_IN' });
    });

    it('expires after 30 idle days and after 90 days in any case', async () => {
      const client = await ApiClient.register(t.app, 'idle_ida');
      // Each use renews the idle timer...
      t.clock.advance(SESSION_IDLE_MS - 60_000);
      expect((await client.get('/api/user')).statusCode).toBe(200);
      t.clock.advance(SESSION_IDLE_MS - 60_000);
      expect((await client.get('/api/user')).statusCode).toBe(200);
      // ...and 30 days without one end the session.
      t.clock.advance(SESSION_IDLE_MS);
      expect((await client.get('/api/user')).statusCode).toBe(401);

      const busy = await ApiClient.register(t.app, 'busy_bea');
      for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_MS; elapsed += 20 * 24 * 60 * 60 * 1000) {
        expect((await busy.get('/api/user')).statusCode).toBe(200);
        t.clock.advance(20 * 24 * 60 * 60 * 1000);
      }
      expect((await busy.get('/api/user')).statusCode).toBe(401);
    });

    it('survives an app restart on the same database (sessions live in the database)', async () => {
      const client = await ApiClient.register(t.app, 'durable_dan');
      const { buildApp } = await import('../app.ts');
      const second = await buildApp({
        database: t.database,
        photoStore: t.photoStore,
        geocoder: { nameAt: () => 'Anywhere', findPlaces: () => [] },
        weatherProvider: { current: () => Promise.reject(new Error('not used')) },
        rateLimits: RELAXED_RATE_LIMITS,
        clock: t.clock,
        logLevel: 'silent',
      });
      const me = await second.inject({ method: 'GET', url: '/api/user', headers: { cookie: client.cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json().username).toBe('durable_dan');
      await second.close();
    });
  });
});
