import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

/** The preload of GET /api/user, as the browser must see it to hand its answer to the app's credentialed fetch. */
const USER_PRELOAD = '</api/user>; rel=preload; as=fetch; crossorigin=use-credentials';

/** How the server hands out the built web app (dist/web): SPA routes, hashed assets, honest 404s. */
describe('serving the web app', () => {
  let webRoot: string;
  let t: TestApp;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'tightlines-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Tightlines</title>');
    writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    // A source map left in the folder (vite.config.ts builds none) must still not be published.
    writeFileSync(
      path.join(webRoot, 'assets', 'index-abc123.js.map'),
      '{"version":3,"sources":["secret.ts"]}',
    );
    // A build manifest as Vite writes it (build.manifest): the shell, a shared vendor chunk, /auth's page and
    // the three tabs, which all need a shared 'forms' chunk.
    mkdirSync(path.join(webRoot, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index-abc123.js', imports: ['_vendor-v1.js'] },
      '_vendor-v1.js': { file: 'assets/vendor-v1.js' },
      '_forms-f1.js': { file: 'assets/forms-f1.js', imports: ['_vendor-v1.js', 'index.html'] },
      'src/features/auth/auth-page.tsx': {
        file: 'assets/auth-page-a1.js',
        imports: ['_forms-f1.js', 'index.html'],
      },
      // The Log tab is in a chunk vite.config.ts names ('catch-form'), keyed by its file.
      '_catch-form-l1.js': { file: 'assets/catch-form-l1.js', name: 'catch-form', imports: ['_forms-f1.js'] },
      'src/features/history/catch-history.tsx': { file: 'assets/history-h1.js', imports: ['_forms-f1.js'] },
      'src/features/tools/tools-tab.tsx': { file: 'assets/tools-t1.js', imports: ['_forms-f1.js'] },
    };
    writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify(manifest));
    t = await createTestApp('sqlite', { webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each(['/', '/history', '/profile', '/support'])(
    'GET %s is the app shell, revalidated every time',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Tightlines</title>');
    },
  );

  it('GET /auth names its page chunks as preload hints, beyond what index.html already loads', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toBe(
      '</assets/auth-page-a1.js>; rel=modulepreload, </assets/forms-f1.js>; rel=modulepreload, ' +
        USER_PRELOAD,
    );
  });

  it('GET / names the Log tab’s chunks (the tab a first visit opens on)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers.link).toBe(
      `</assets/catch-form-l1.js>; rel=modulepreload, </assets/forms-f1.js>; rel=modulepreload, ${USER_PRELOAD}`,
    );
  });

  it.each(['/profile', '/tools', '/logs', '/logs/map'])(
    'GET %s asks for the signed-in user with the page: its screen needs it first',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers.link).toBe(USER_PRELOAD);
    },
  );

  it('GET /logs/stats with a session cookie asks for the Stats answer with the page too', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/logs/stats' });
    expect(signedOut.headers.link).toBe(USER_PRELOAD);
    const withCookie = await t.app.inject({
      method: 'GET',
      url: '/logs/stats',
      cookies: { tightlines_session: 'a-token' },
    });
    expect(withCookie.headers.link).toBe(
      `${USER_PRELOAD}, </api/stats>; rel=preload; as=fetch; crossorigin=use-credentials`,
    );
  });

  it.each([
    ['/logs/insights', '/api/insights'],
    ['/logs/list', '/api/catches?limit=20'],
  ])('GET %s with a session cookie asks for %s with the page', async (url, data) => {
    const response = await t.app.inject({ method: 'GET', url, cookies: { tightlines_session: 'a-token' } });
    expect(response.headers.link).toContain(
      `${USER_PRELOAD}, <${data}>; rel=preload; as=fetch; crossorigin=use-credentials`,
    );
  });

  it.each(['/', '/logs', '/logs/map', '/tools'])(
    'GET %s with a session cookie names no data beyond the user: the browser alone knows the view it opens on, or it asks for nothing first',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, cookies: { tightlines_session: 'a-token' } });
      expect(String(response.headers.link).endsWith(USER_PRELOAD)).toBe(true);
    },
  );

  it('other pages get no preload hints: they do not ask who is signed in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/support' });
    expect(response.headers.link).toBeUndefined();
  });

  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves an asset that appeared after the start (assets go through one route, not one per file)', async () => {
    writeFileSync(path.join(webRoot, 'assets', 'chunk-late42.js'), 'console.log(2)');
    const response = await t.app.inject({ method: 'GET', url: '/assets/chunk-late42.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(2)');
  });

  it.each(['/assets/../index.html', '/assets/%2e%2e/index.html', '/assets/..%2f.vite/manifest.json'])(
    'never serves a file outside the assets through their route (%s)',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
      expect(response.body).not.toContain('"sources"');
      expect(response.body).not.toContain('index-abc123');
    },
  );

  it.each(['/assets/index-old999.js', '/missing.png', '/sw.js.map', '/assets/index-abc123.js.map'])(
    'a missing file (%s) is a 404, not the app shell (a stale tab must not run HTML as a script)',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(`No such page or file: GET ${url}`);
    },
  );

  it('an unknown API path is a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No such endpoint: GET /api/nope');
  });

  it('without a build, pages are 404s and the API still works', async () => {
    const apiOnly = await createTestApp('sqlite', { webRoot: path.join(webRoot, 'not-built') });
    try {
      expect((await apiOnly.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
      expect((await apiOnly.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    } finally {
      await apiOnly.close();
    }
  });
});
