// The native iOS app (Capacitor, web view origin capacitor://localhost) against the real app: CORS for that origin
// only, its bearer-token session, and the browser's cookie session keeping every CSRF rule it had.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#core/user.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { ApiClient, sessionCookieFrom } from '../test-support/api-client.ts';
import { createTestApp, RELAXED_RATE_LIMITS, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';
import { NATIVE_APP_ORIGINS, SESSION_TOKEN_HEADER } from './native-clients.ts';

const NATIVE_ORIGIN = 'capacitor://localhost';
/** What WKWebView adds to the app's fetches to our https origin. */
const NATIVE_HEADERS = { origin: NATIVE_ORIGIN, 'sec-fetch-site': 'cross-site' };
const FOREIGN_ORIGINS = [
  'https://evil.example',
  'capacitor://evil',
  'ionic://localhost',
  'http://localhost:81',
];

describe.each(TEST_ENGINES)('the native app’s origin (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  function nativeRequest(options: InjectOptions, token?: string): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...NATIVE_HEADERS, ...(options.headers as object) };
    if (token) headers.authorization = `Bearer ${token}`;
    return t.app.inject({ ...options, headers });
  }

  async function nativeRegister(username: string): Promise<string> {
    const response = await nativeRequest({
      method: 'POST',
      url: '/api/register',
      payload: { username, password: 'river-trout-42' },
    });
    expect(response.statusCode).toBe(201);
    const token = response.headers[SESSION_TOKEN_HEADER];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return token as string;
  }

  it('is the only origin on the allow-list', () => {
    expect(NATIVE_APP_ORIGINS).toEqual([NATIVE_ORIGIN]);
  });

  it('answers its preflight with CORS headers for exactly that origin and no credentials', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/catches',
      headers: {
        origin: NATIVE_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(NATIVE_ORIGIN);
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers.vary).toContain('Origin');
  });

  it.each(FOREIGN_ORIGINS)('gives %s no CORS header, on a preflight or an answer', async (origin) => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/catches',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).not.toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const read = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each(FOREIGN_ORIGINS)('still refuses state-changing requests from %s with 403', async (origin) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin, 'sec-fetch-site': 'cross-site' },
      payload: { username: 'foreign_angler', password: 'river-trout-42' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CROSS_SITE' });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('registers, reads the user, creates and lists catches with the bearer token, and sets no cookie', async () => {
    const register = await nativeRequest({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'native_angler', password: 'river-trout-42' },
    });
    expect(register.statusCode).toBe(201);
    expect(register.headers['set-cookie']).toBeUndefined();
    expect(register.headers['access-control-allow-origin']).toBe(NATIVE_ORIGIN);
    expect(String(register.headers['access-control-expose-headers'])).toContain(SESSION_TOKEN_HEADER);
    const token = register.headers[SESSION_TOKEN_HEADER] as string;

    const user = await nativeRequest({ method: 'GET', url: '/api/user' }, token);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ username: 'native_angler' });

    const created = await nativeRequest(
      { method: 'POST', url: '/api/mobile-catch', payload: { fishType: 'Brook Trout' } },
      token,
    );
    expect(created.statusCode).toBe(201);
    expect(created.headers['access-control-allow-origin']).toBe(NATIVE_ORIGIN);

    const list = await nativeRequest({ method: 'GET', url: '/api/catches' }, token);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { fishType: string }[]).map((c) => c.fishType)).toEqual(['Brook Trout']);
  });

  it('logs in with a new token each time (rotation), and the old one ends', async () => {
    await nativeRegister('native_rotating');
    const login = () =>
      nativeRequest({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'native_rotating', password: 'river-trout-42' },
      });
    const first = (await login()).headers[SESSION_TOKEN_HEADER] as string;
    const second = await nativeRequest(
      {
        method: 'POST',
        url: '/api/login',
        payload: { username: 'native_rotating', password: 'river-trout-42' },
      },
      first,
    );
    expect(second.statusCode).toBe(200);
    const secondToken = second.headers[SESSION_TOKEN_HEADER] as string;
    expect(secondToken).not.toBe(first);
    expect((await nativeRequest({ method: 'GET', url: '/api/user' }, first)).statusCode).toBe(401);
    expect((await nativeRequest({ method: 'GET', url: '/api/user' }, secondToken)).statusCode).toBe(200);
  });

  it('ends the token on logout', async () => {
    const token = await nativeRegister('native_leaving');
    const logout = await nativeRequest({ method: 'POST', url: '/api/logout' }, token);
    expect(logout.statusCode).toBe(204);
    expect(logout.headers['set-cookie']).toBeUndefined();
    const after = await nativeRequest({ method: 'GET', url: '/api/user' }, token);
    expect(after.statusCode).toBe(401);
    // The app must be able to read the 401 to know it is signed out.
    expect(after.headers['access-control-allow-origin']).toBe(NATIVE_ORIGIN);
    const write = await nativeRequest(
      { method: 'POST', url: '/api/mobile-catch', payload: { fishType: 'Pike' } },
      token,
    );
    expect(write.statusCode).toBe(401);
  });

  it('never reads a cookie on a native request, nor a bearer token on a browser’s', async () => {
    const browser = await ApiClient.register(t.app, 'cookie_angler');
    // A cookie riding along with the native origin does not sign it in...
    const withCookie = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { ...NATIVE_HEADERS, cookie: browser.cookie },
    });
    expect(withCookie.statusCode).toBe(401);
    // ...and a native token sent from our own page (or a script) is not a session there.
    const token = await nativeRegister('token_elsewhere');
    for (const headers of [{ origin: 'http://localhost:80' }, {}]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('refuses a token handed to the native app as a browser cookie, and a browser’s cookie as a bearer token', async () => {
    // The app's token, copied into a cookie of our own origin (a script on the phone, a leaked token)...
    const token = await nativeRegister('token_as_cookie');
    const asCookie = new ApiClient(t.app, `${SESSION_COOKIE}=${token}`);
    expect((await asCookie.get('/api/user')).statusCode).toBe(401);
    expect((await asCookie.post('/api/catches', { fishType: 'Smuggled' })).statusCode).toBe(401);
    // ...and the browser's cookie token, sent as a bearer token from the app's origin.
    const browser = await ApiClient.register(t.app, 'cookie_as_token');
    const cookieToken = browser.cookie.slice(browser.cookie.indexOf('=') + 1);
    expect((await nativeRequest({ method: 'GET', url: '/api/user' }, cookieToken)).statusCode).toBe(401);

    // Neither refusal ends the session for its rightful holder, nor does a logout sent the wrong way.
    expect((await asCookie.post('/api/logout')).statusCode).toBe(204);
    expect((await nativeRequest({ method: 'POST', url: '/api/logout' }, cookieToken)).statusCode).toBe(204);
    expect((await nativeRequest({ method: 'GET', url: '/api/user' }, token)).json()).toMatchObject({
      username: 'token_as_cookie',
    });
    expect((await browser.get('/api/user')).json()).toMatchObject({ username: 'cookie_as_token' });
  });

  it('binds a session started before transports were kept to the first way it is used', async () => {
    const token = await nativeRegister('older_session');
    const browser = await ApiClient.register(t.app, 'older_cookie');
    const cookieToken = browser.cookie.slice(browser.cookie.indexOf('=') + 1);
    const nativeUser = (await nativeRequest({ method: 'GET', url: '/api/user' }, token)).json() as User;
    // As migration 007 leaves every session that was live when it ran.
    await t.database.db
      .updateTable('sessions')
      .set({ transport: null as never })
      .where('user_id', 'in', [nativeUser.id, browser.user?.id ?? 0])
      .execute();

    expect((await nativeRequest({ method: 'GET', url: '/api/user' }, token)).statusCode).toBe(200);
    expect((await new ApiClient(t.app, `${SESSION_COOKIE}=${token}`).get('/api/user')).statusCode).toBe(401);
    expect((await browser.get('/api/user')).statusCode).toBe(200);
    expect((await nativeRequest({ method: 'GET', url: '/api/user' }, cookieToken)).statusCode).toBe(401);
    expect((await nativeRequest({ method: 'GET', url: '/api/user' }, token)).statusCode).toBe(200);
  });

  it('keeps the content-type rule for the native origin', async () => {
    const token = await nativeRegister('native_form');
    const response = await nativeRequest(
      {
        method: 'POST',
        url: '/api/mobile-catch',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'fishType=Forged',
      },
      token,
    );
    expect(response.statusCode).toBe(415);
  });

  it('leaves the browser’s cookie session as it was: same-origin works, a cross-site write is refused', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      payload: { username: 'browser_angler', password: 'river-trout-42' },
    });
    expect(register.statusCode).toBe(201);
    expect(register.headers[SESSION_TOKEN_HEADER]).toBeUndefined();
    expect(register.headers['access-control-allow-origin']).toBeUndefined();
    const cookie = sessionCookieFrom(register);
    expect(cookie).not.toBe('');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/mobile-catch',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { fishType: 'Forged Bass' },
    });
    expect(forged.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/mobile-catch',
      headers: { cookie, origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      payload: { fishType: 'Walleye' },
    });
    expect(own.statusCode).toBe(201);
  });
});

describe('the native app and the global per-IP limit', () => {
  it('can read the 429 (CORS headers on it too) and its Retry-After', async () => {
    const t = await createTestApp('sqlite', { rateLimits: { ...RELAXED_RATE_LIMITS, globalPerMinute: 2 } });
    try {
      const ask = () => t.app.inject({ method: 'GET', url: '/api/user', headers: NATIVE_HEADERS });
      const statuses: number[] = [];
      let last: LightMyRequestResponse | null = null;
      for (let i = 0; i < 3; i++) {
        last = await ask();
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
      expect(last?.headers['access-control-allow-origin']).toBe(NATIVE_ORIGIN);
      expect(String(last?.headers['access-control-expose-headers'])).toContain('Retry-After');
    } finally {
      await t.close();
    }
  });
});
