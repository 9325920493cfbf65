// Cross-site request forgery on every state-changing route, session handling (rotation, fixation, logout,
// cookie attributes, hashed storage) and brute force on one username. The per-route basics live in
// server/http/http-guards.test.ts and server/auth/auth.routes.test.ts; this suite tries every route and the
// variations an attacker would.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { ApiClient, sessionCookieFrom } from '../test-support/api-client.ts';
import { multipart, smallJpeg } from '../test-support/hostile-inputs.ts';
import { createTestApp, RELAXED_RATE_LIMITS, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

/** app.inject() talks to host localhost:80, so this is our own origin. */
const OWN_ORIGIN = 'http://localhost:80';

interface ForgeryTarget {
  name: string;
  request: (ctx: { catchId: number; clientId: string; jpeg: Buffer }) => InjectOptions;
}

/** Every state-changing route, with a body the server would accept from our own page. */
const STATE_CHANGING: ForgeryTarget[] = [
  {
    name: 'POST /api/register',
    request: () => ({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'forged_user', password: 'forged-pass-123' },
    }),
  },
  {
    name: 'POST /api/login',
    request: () => ({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'attacker', password: 'attacker-pass-1' },
    }),
  },
  { name: 'POST /api/logout', request: () => ({ method: 'POST', url: '/api/logout' }) },
  ...['/api/catches', '/api/mobile-catch', '/api/emergency-catch'].map(
    (url): ForgeryTarget => ({
      name: `POST ${url}`,
      request: () => ({ method: 'POST', url, payload: { fishType: 'Forged Bass' } }),
    }),
  ),
  ...['/api/upload', '/api/upload-photo'].map(
    (url): ForgeryTarget => ({
      name: `POST ${url}`,
      request: ({ jpeg }) => {
        const body = multipart({ fileName: 'forged.jpg', contentType: 'image/jpeg', data: jpeg });
        return { method: 'POST', url, payload: body.payload, headers: body.headers };
      },
    }),
  ),
  {
    name: 'PATCH /api/catches/:id',
    request: ({ catchId }) => ({
      method: 'PATCH',
      url: `/api/catches/${catchId}`,
      payload: { notes: 'Forged' },
    }),
  },
  {
    name: 'PATCH /api/catches/client/:clientId',
    request: ({ clientId }) => ({
      method: 'PATCH',
      url: `/api/catches/client/${clientId}`,
      payload: { notes: 'Forged' },
    }),
  },
  {
    name: 'DELETE /api/catches/:id',
    request: ({ catchId }) => ({ method: 'DELETE', url: `/api/catches/${catchId}` }),
  },
  {
    name: 'DELETE /api/catches/client/:clientId',
    request: ({ clientId }) => ({ method: 'DELETE', url: `/api/catches/client/${clientId}` }),
  },
];

/** What a browser on another site attaches to a forged request. */
const CROSS_SITE_MARKERS: Array<[string, Record<string, string>]> = [
  ['a foreign Origin', { origin: 'https://evil.example' }],
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['both', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
  ['Origin: null (sandboxed frame, data: URL)', { origin: 'null' }],
  ['a sibling subdomain (same-site)', { origin: 'http://evil.localhost:80', 'sec-fetch-site': 'same-site' }],
  ['our host over another scheme', { origin: 'https://localhost:80' }],
  ['our host on another port', { origin: 'http://localhost:8080' }],
];

describe.each(TEST_ENGINES)('CSRF on every state-changing route on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  let target: Catch;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
    await ApiClient.register(t.app, 'attacker', 'attacker-pass-1');
    target = await alice.createCatch({ fishType: 'Keeper', clientId: randomUUID() });
    jpeg = await smallJpeg();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Alice's session, her catches and the photo store: what a forgery must not change. */
  async function snapshot() {
    const user = await alice.get('/api/user');
    const catches = await alice.get('/api/catches');
    return { user: user.statusCode, catches: catches.body, photos: t.photoStore.size() };
  }

  const ctx = () => ({ catchId: target.id, clientId: target.clientId ?? '', jpeg });

  describe.each(CROSS_SITE_MARKERS)('with %s', (_label, markers) => {
    it.each(STATE_CHANGING)('refuses $name with 403 and changes nothing', async ({ request }) => {
      const before = await snapshot();
      const options = request(ctx());
      const response = await alice.request({ ...options, headers: { ...options.headers, ...markers } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site request refused', code: 'CROSS_SITE' });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await snapshot()).toEqual(before);
    });
  });

  describe.each([
    ['text/plain', '{"fishType":"Forged","username":"forged_user","password":"forged-pass-123"}'],
    ['text/plain;charset=UTF-8', '{"fishType":"Forged"}'],
    ['application/x-www-form-urlencoded', 'fishType=Forged&username=forged_user&password=forged-pass-123'],
  ])('with a %s body (what a plain HTML form sends) and no Origin', (contentType, payload) => {
    it.each(STATE_CHANGING)('refuses $name with 415 and changes nothing', async ({ request }) => {
      const before = await snapshot();
      const { method, url } = request(ctx());
      const response = await alice.request({
        method,
        url,
        payload,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe('Send JSON (application/json) or a multipart form');
      expect(await snapshot()).toEqual(before);
    });
  });

  it('refuses the same forms with 403 when the browser labels them cross-site', async () => {
    const before = await snapshot();
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await alice.request({
        method: 'POST',
        url: '/api/mobile-catch',
        payload: 'fishType=Forged',
        headers: {
          'content-type': contentType,
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        },
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('no forged registration or login took effect', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'forged_user', password: 'forged-pass-123' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('a method override header does not turn a POST into a DELETE', async () => {
    const response = await alice.request({
      method: 'POST',
      url: `/api/catches/${target.id}`,
      payload: {},
      headers: { 'x-http-method-override': 'DELETE', 'x-method-override': 'DELETE' },
    });
    expect(response.statusCode).toBe(404);
    expect((await alice.get('/api/catches')).json()).toHaveLength(1);
  });

  it('accepts the same requests from our own page (the guard is not refusing everything)', async () => {
    const headers = { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin' };
    const created = await alice.request({
      method: 'POST',
      url: '/api/mobile-catch',
      payload: { fishType: 'Legit' },
      headers,
    });
    expect(created.statusCode).toBe(201);
    const body = multipart({ fileName: 'ok.jpg', contentType: 'image/jpeg', data: jpeg });
    const upload = await alice.request({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
    expect(upload.statusCode).toBe(201);
    const edited = await alice.request({
      method: 'PATCH',
      url: `/api/catches/${created.json().id}`,
      payload: { notes: 'Legit edit' },
      headers,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().notes).toBe('Legit edit');
    const removed = await alice.request({
      method: 'DELETE',
      url: `/api/catches/${created.json().id}`,
      headers,
    });
    expect(removed.statusCode).toBe(204);
  });
});

describe.each(TEST_ENGINES)('sessions on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await ApiClient.register(t.app, 'victim', 'victim-pass-99');
    await ApiClient.register(t.app, 'attacker', 'attacker-pass-1');
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, password: string, cookie = '') =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      headers: cookie ? { cookie } : {},
    });
  const whoIs = async (cookie: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    return response.statusCode === 200 ? (response.json().username as string) : response.statusCode;
  };

  it('sets an HttpOnly, SameSite=Lax, path-wide cookie holding a 256-bit random token', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await login('victim', 'victim-pass-99');
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toBeDefined();
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe('Lax');
      expect(cookie?.path).toBe('/');
      expect(cookie?.secure).toBeFalsy(); // plain http in tests; see the next test for https
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      tokens.add(cookie?.value ?? '');
    }
    expect(tokens.size).toBe(3);
  });

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const proxied = await createTestApp(engine, { trustProxy: ['127.0.0.1'] });
    try {
      await ApiClient.register(proxied.app, 'secure_sam', 'secure-pass-77');
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'secure_sam', password: 'secure-pass-77' },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('stores only a hash of the token: the sessions table does not contain it', async () => {
    const cookie = sessionCookieFrom(await login('victim', 'victim-pass-99'));
    const token = cookie.slice(SESSION_COOKIE.length + 1);
    const rows = await t.database.db.selectFrom('sessions').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('rotates at login: a token planted before sign-in (fixation) never becomes the victim’s session', async () => {
    // An attacker who can plant a cookie plants either a made-up token or one of their own real sessions.
    const madeUp = `${SESSION_COOKIE}=${'A'.repeat(43)}`;
    const attackersOwn = sessionCookieFrom(await login('attacker', 'attacker-pass-1'));
    for (const planted of [madeUp, attackersOwn]) {
      const response = await login('victim', 'victim-pass-99', planted);
      expect(response.statusCode).toBe(200);
      const issued = sessionCookieFrom(response);
      expect(issued).not.toBe('');
      expect(issued).not.toBe(planted);
      expect(await whoIs(issued)).toBe('victim');
      expect(await whoIs(planted)).toBe(401);
    }
  });

  it('rotates at registration too', async () => {
    const before = sessionCookieFrom(await login('attacker', 'attacker-pass-1'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'newcomer', password: 'newcomer-pass-5' },
      headers: { cookie: before },
    });
    expect(response.statusCode).toBe(201);
    const issued = sessionCookieFrom(response);
    expect(issued).not.toBe(before);
    expect(await whoIs(issued)).toBe('newcomer');
    expect(await whoIs(before)).toBe(401);
  });

  it('after logout the token is dead on every route, the cookie is cleared, other devices stay signed in', async () => {
    const phone = sessionCookieFrom(await login('victim', 'victim-pass-99'));
    const laptop = sessionCookieFrom(await login('victim', 'victim-pass-99'));
    const client = new ApiClient(t.app, laptop);
    const saved = await client.createCatch({ fishType: 'Before Logout' });

    const logout = await client.post('/api/logout');
    expect(logout.statusCode).toBe(204);
    const cleared = logout.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    const expiresAt = cleared?.expires ? new Date(cleared.expires).getTime() : Number.POSITIVE_INFINITY;
    expect(expiresAt <= Date.now() || cleared?.maxAge === 0).toBe(true);

    // Someone who copied the cookie before logout gets nothing.
    const jpeg = multipart({ fileName: 'a.jpg', contentType: 'image/jpeg', data: await smallJpeg() });
    const afterLogout = [
      await client.get('/api/user'),
      await client.get('/api/catches'),
      await client.post('/api/mobile-catch', { fishType: 'After Logout' }),
      await client.delete(`/api/catches/${saved.id}`),
      await client.request({
        method: 'POST',
        url: '/api/upload',
        payload: jpeg.payload,
        headers: jpeg.headers,
      }),
      await client.get(`/api/photos/${randomUUID()}.webp`),
      await client.get('/api/reverse-geocode?lat=39.1&lon=-120.0'),
      await client.get('/api/weather?lat=39.1&lon=-120.0'),
    ];
    for (const response of afterLogout) expect(response.statusCode).toBe(401);

    expect(await whoIs(phone)).toBe('victim');
    const list = (await new ApiClient(t.app, phone).get('/api/catches')).json() as Catch[];
    expect(list.map((item) => item.fishType)).toEqual(['Before Logout']);
  });

  it('refuses forged, truncated and oversized tokens with 401, never a 5xx', async () => {
    const real = sessionCookieFrom(await login('victim', 'victim-pass-99'));
    const token = real.slice(SESSION_COOKIE.length + 1);
    for (const value of [
      token.slice(0, -1),
      `${token}A`,
      token.toUpperCase(),
      '',
      "' OR 1=1 --",
      'x'.repeat(4000),
      '%00%ff%fe',
    ]) {
      expect(await whoIs(`${SESSION_COOKIE}=${value}`)).toBe(401);
    }
  });
});

describe.each(TEST_ENGINES)('brute force on one username on %s', (engine) => {
  let t: TestApp;
  const attempt = (username: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, headers });

  beforeAll(async () => {
    t = await createTestApp(engine, {
      rateLimits: { ...RELAXED_RATE_LIMITS, loginFailuresPerUsername: 10, loginFailuresPerIp: 40 },
    });
    await ApiClient.register(t.app, 'TroutTina', 'correct-horse-7');
    await ApiClient.register(t.app, 'other_angler', 'other-pass-42');
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    // Each test starts in a fresh 15-minute window.
    t.clock.advance(16 * 60 * 1000);
  });

  it('locks the username after 10 failures, whatever case or spacing the attacker types', async () => {
    const variants = ['TroutTina', 'trouttina', 'TROUTTINA', ' trouttina ', 'troutTina'];
    for (let i = 0; i < 10; i++) {
      const response = await attempt(variants[i % variants.length] ?? 'TroutTina', `guess-${i}-password`);
      expect(response.statusCode).toBe(401);
    }
    const locked = await attempt('trouttina', 'correct-horse-7');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      message: 'Too many failed login attempts. Please wait 15 minutes and try again.',
      code: 'RATE_LIMITED',
    });
    // Other accounts are not locked out by the attack on this one.
    expect((await attempt('other_angler', 'other-pass-42')).statusCode).toBe(200);
  });

  it('a spoofed X-Forwarded-For does not reset the counter (no proxy is trusted by default)', async () => {
    for (let i = 0; i < 10; i++) {
      await attempt('TroutTina', `guess-${i}-password`, { 'x-forwarded-for': `203.0.113.${i}` });
    }
    const locked = await attempt('TroutTina', 'correct-horse-7', { 'x-forwarded-for': '198.51.100.7' });
    expect(locked.statusCode).toBe(429);
  });

  it('locks an unknown username the same way, so the 429 does not reveal which names exist', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt('nobody_here', `guess-${i}-pw`)).statusCode).toBe(401);
    const locked = await attempt('nobody_here', 'guess-x-pw');
    const real = await (async () => {
      for (let i = 0; i < 10; i++) await attempt('TroutTina', `guess-${i}-password`);
      return attempt('TroutTina', 'guess-x-pw');
    })();
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(real.json());
  });

  it('the attacker signing in to their own account does not clear the victim’s counter', async () => {
    for (let i = 0; i < 10; i++) await attempt('TroutTina', `guess-${i}-password`);
    expect((await attempt('other_angler', 'other-pass-42')).statusCode).toBe(200);
    expect((await attempt('TroutTina', 'correct-horse-7')).statusCode).toBe(429);
  });

  it('password spraying across many usernames from one address is limited per IP', async () => {
    for (let i = 0; i < 40; i++) await attempt(`spray_${i}`, 'Summer2026!');
    const response = await attempt('TroutTina', 'correct-horse-7');
    expect(response.statusCode).toBe(429);
  });
});
