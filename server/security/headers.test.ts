// Security headers on every page, asset and API answer: a strict Content-Security-Policy (no inline or eval'd
// scripts, nothing may frame us), nosniff, and the rest of helmet's set. The pages are the real build in
// dist/web (npm test builds it before running the tests).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { multipart, smallJpeg } from '../test-support/hostile-inputs.ts';
import { createTestApp, RELAXED_RATE_LIMITS, type TestApp } from '../test-support/test-app.ts';

const WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

/**
 * Without a build the pages cannot be checked: that is a failure, not a skip (a skipped security check reads as a
 * passed one in a summary nobody scrolls through).
 */
function assertBuilt(): void {
  if (!existsSync(path.join(WEB_ROOT, 'index.html'))) {
    throw new Error(
      `${WEB_ROOT}/index.html is missing, so the security headers of the real pages cannot be checked: ` +
        'run `npm run build` first (npm test does).',
    );
  }
}

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** The headers every answer must carry, page, asset or API. */
function expectSecurityHeaders(response: LightMyRequestResponse, what: string): void {
  const h = response.headers;
  const csp = directives(String(h['content-security-policy'] ?? ''));
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, `${what}: script-src`).toEqual(["'self'"]);
  expect(csp.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  for (const [name, values] of csp) {
    if (name.startsWith('script-src') || name === 'default-src') {
      expect(values, `${what}: ${name}`).not.toContain("'unsafe-inline'");
      expect(values, `${what}: ${name}`).not.toContain("'unsafe-eval'");
      expect(values, `${what}: ${name}`).not.toContain('*');
      expect(values, `${what}: ${name}`).not.toContain('data:');
    }
  }
  // Map tiles come through our own /api/tiles/ (decision 016): no map provider, no other host for images or calls.
  expect(csp.get('img-src'), `${what}: img-src`).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('connect-src'), `${what}: connect-src`).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(csp.get('base-uri'), `${what}: base-uri`).toEqual(["'self'"]);
  expect(csp.get('form-action'), `${what}: form-action`).toEqual(["'self'"]);
  expect(h['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(['DENY', 'SAMEORIGIN'], `${what}: X-Frame-Options`).toContain(h['x-frame-options']);
  expect(h['referrer-policy'], `${what}: Referrer-Policy`).toBe('no-referrer');
  expect(h['cross-origin-opener-policy'], `${what}: COOP`).toBe('same-origin');
  expect(h['cross-origin-resource-policy'], `${what}: CORP`).toBe('same-origin');
  // These answers go over plain http (app.inject): HSTS is only sent over HTTPS (see 'HSTS only over HTTPS').
  expect(h['strict-transport-security'], `${what}: no HSTS over plain http`).toBeUndefined();
  expect(h['x-powered-by'], `${what}: X-Powered-By`).toBeUndefined();
}

describe('security headers on every page of the built app', () => {
  let t: TestApp;
  let alice: ApiClient;
  let assets: string[];

  beforeAll(async () => {
    assertBuilt();
    t = await createTestApp('sqlite', { webRoot: WEB_ROOT });
    alice = await ApiClient.register(t.app, 'header_hank');
    assets = readdirSync(path.join(WEB_ROOT, 'assets'))
      .filter((name) => /\.(js|css|svg|woff2?|png|webp)$/.test(name))
      .map((name) => `/assets/${name}`);
  });
  afterAll(async () => {
    // Not set when there was no build to check.
    await t?.close();
  });

  it.each(['/', '/auth', '/profile', '/privacy-policy', '/no-such-page', '/deep/unknown/path?x=1'])(
    'GET %s (the app shell) carries them',
    async (url) => {
      for (const client of [new ApiClient(t.app), alice]) {
        const response = await client.get(url);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expectSecurityHeaders(response, `GET ${url}`);
      }
    },
  );

  it('carries them on every built asset and the favicon, compressed or not', async () => {
    expect(assets.length).toBeGreaterThan(0);
    for (const url of [...assets, '/favicon.svg']) {
      for (const encoding of ['identity', 'gzip', 'br']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode, url).toBe(200);
        expectSecurityHeaders(response, `GET ${url} (${encoding})`);
      }
    }
  });

  it('serves hashed assets as immutable and everything else for revalidation', async () => {
    const script = assets.find((url) => url.endsWith('.js'));
    if (!script) throw new Error('no built script');
    expect((await t.app.inject({ method: 'GET', url: script })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('publishes no source maps: none in the build, none referenced, none served', async () => {
    const files = readdirSync(WEB_ROOT, { recursive: true, encoding: 'utf8' });
    expect(files.filter((name) => name.endsWith('.map'))).toEqual([]);
    const code = files.filter((name) => /\.(js|css)$/.test(name));
    expect(code.length).toBeGreaterThan(0);
    for (const name of code) {
      expect(readFileSync(path.join(WEB_ROOT, name), 'utf8'), name).not.toMatch(/sourceMappingURL=/);
    }
    for (const name of code.slice(0, 5)) {
      expect((await t.app.inject({ method: 'GET', url: `/${name}.map` })).statusCode, name).toBe(404);
    }
  });

  it('index.html has no inline script or event handler, so the strict CSP leaves the app working', () => {
    const html = readFileSync(path.join(WEB_ROOT, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/[^"]+"/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  it('a missing script is never run as something else: a 404, or HTML that nosniff stops', async () => {
    // Today the single-page fallback answers it with index.html (200, text/html); with nosniff a browser refuses
    // to run that as a script. A 404 would be the tidier answer for a stale chunk after a deploy.
    const response = await t.app.inject({ method: 'GET', url: '/assets/no-such-chunk-abc123.js' });
    expectSecurityHeaders(response, 'GET a missing asset');
    if (response.statusCode === 200) {
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    } else {
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('security headers on API answers', () => {
  let t: TestApp;
  let alice: ApiClient;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    alice = await ApiClient.register(t.app, 'header_hank');
  });
  afterAll(async () => {
    await t.close();
  });

  it('carries them on successes and on every kind of error', async () => {
    const jpeg = multipart({ fileName: 'a.jpg', contentType: 'image/jpeg', data: await smallJpeg() });
    const upload = await alice.request({
      method: 'POST',
      url: '/api/upload',
      payload: jpeg.payload,
      headers: jpeg.headers,
    });
    expect(upload.statusCode).toBe(201);
    // One after the other: the last one signs Alice out.
    const answers: Array<[string, () => Promise<LightMyRequestResponse>, number]> = [
      ['GET /api/user', () => alice.get('/api/user'), 200],
      ['GET /api/catches', () => alice.get('/api/catches'), 200],
      ['GET photo', () => alice.get(upload.json().url), 200],
      ['GET thumbnail', () => alice.get(`${upload.json().url}?size=thumb`), 200],
      ['POST catch', () => alice.post('/api/mobile-catch', { fishType: 'Bass' }), 201],
      ['signed out', () => new ApiClient(t.app).get('/api/catches'), 401],
      ['bad input', () => alice.get('/api/catches?search=a&search=b'), 400],
      ['unknown API path', () => alice.get('/api/nope'), 404],
      // The test app's tile provider is port 9, where nothing listens.
      ['map tile, provider down', () => alice.get('/api/tiles/0/0/0'), 502],
      [
        'cross-site',
        () =>
          alice.request({ method: 'POST', url: '/api/logout', headers: { 'sec-fetch-site': 'cross-site' } }),
        403,
      ],
      [
        'form body',
        () =>
          alice.request({
            method: 'POST',
            url: '/api/mobile-catch',
            payload: 'a=b',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
        415,
      ],
      [
        'too large',
        () => alice.post('/api/mobile-catch', { fishType: 'x', notes: 'x'.repeat(2.2 * 1024 * 1024) }),
        413,
      ],
      ['POST /api/logout', () => alice.post('/api/logout'), 204],
    ];
    for (const [what, send, status] of answers) {
      const response = await send();
      expect(response.statusCode, what).toBe(status);
      expectSecurityHeaders(response, what);
      // Nothing a signed-in angler saw stays in the browser's HTTP cache (docs/product.md#api-rules).
      expect(response.headers['cache-control'], `${what}: Cache-Control`).toBe('no-store');
    }
  });

  it("the global limit's 429 is no-store too", async () => {
    const limited = await createTestApp('sqlite', {
      rateLimits: { ...RELAXED_RATE_LIMITS, globalPerMinute: 1 },
    });
    try {
      await limited.app.inject({ method: 'GET', url: '/api/user' });
      const response = await limited.app.inject({ method: 'GET', url: '/api/user' });
      expect(response.statusCode).toBe(429);
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await limited.close();
    }
  });
});

describe('HSTS only over HTTPS', () => {
  const HSTS = /^max-age=\d{8,}; includeSubDomains$/;

  it('is sent when the request came over HTTPS (a trusted proxy says so), never over plain http', async () => {
    const t = await createTestApp('sqlite', { trustProxy: ['127.0.0.1'] });
    try {
      const overHttps = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overHttps.headers['strict-transport-security']).toMatch(HSTS);
      const overHttp = await t.app.inject({ method: 'GET', url: '/api/user' });
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('an untrusted X-Forwarded-Proto does not turn it on', async () => {
    const t = await createTestApp('sqlite', { trustProxy: false });
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
