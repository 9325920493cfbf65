import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { APPLE_ASSOCIATION_PATH, ASSET_LINKS_PATH, STORE_LISTINGS_PATH } from './app-links.ts';

const FINGERPRINT_1 = Array.from({ length: 32 }, (_, i) =>
  i.toString(16).padStart(2, '0').toUpperCase(),
).join(':');
const FINGERPRINT_2 = 'FA:'.repeat(31).concat('CE');

/** Both files as the phones fetch them, from an app that also serves a web build (whose shell must not answer). */
describe.each([
  ['configured', true],
  ['not configured', false],
])('the deep-link association files, %s', (_name, configured) => {
  let webRoot: string;
  let t: TestApp;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'tightlines-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Tightlines</title>');
    const env = configured
      ? {
          ANDROID_PACKAGE: 'app.tightlines',
          // As keytool prints them, in lower case and with a space after the comma: both are tidied.
          ANDROID_CERT_SHA256: `${FINGERPRINT_1.toLowerCase()}, ${FINGERPRINT_2}`,
          APPLE_TEAM_ID: 'TEAMID1234',
          APPLE_BUNDLE_ID: 'app.tightlines',
          APP_STORE_URL: 'https://apps.apple.com/app/tightlines/id1234567890',
          GOOGLE_PLAY_URL: 'https://play.google.com/store/apps/details?id=app.tightlines',
        }
      : {};
    t = await createTestApp('sqlite', { webRoot, appLinks: loadConfig(env).appLinks });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.runIf(configured)('serves Android’s assetlinks.json as JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: ASSET_LINKS_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'app.tightlines',
          sha256_cert_fingerprints: [FINGERPRINT_1, FINGERPRINT_2],
        },
      },
    ]);
  });

  it.runIf(configured)(
    'serves Apple’s apple-app-site-association as JSON, though its name has no .json',
    async () => {
      const response = await t.app.inject({ method: 'GET', url: APPLE_ASSOCIATION_PATH });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        applinks: { details: [{ appIDs: ['TEAMID1234.app.tightlines'], components: [{ '/': '/*' }] }] },
      });
    },
  );

  it.runIf(!configured)('answers both with a JSON 404, never the web app’s HTML shell', async () => {
    for (const url of [ASSET_LINKS_PATH, APPLE_ASSOCIATION_PATH]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json().message, url).toMatch(/^Not configured on this server/);
      expect(response.json().code, url).toBe('NOT_FOUND');
    }
    // The shell still answers the app's own routes: the 404 above is not a broken web build.
    const page = await t.app.inject({ method: 'GET', url: '/history' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
  it('tells anyone, signed in or not, where the store listings are (null where there is none)', async () => {
    const response = await t.app.inject({ method: 'GET', url: STORE_LISTINGS_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual(
      configured
        ? {
            appStore: 'https://apps.apple.com/app/tightlines/id1234567890',
            googlePlay: 'https://play.google.com/store/apps/details?id=app.tightlines',
          }
        : { appStore: null, googlePlay: null },
    );
  });
});
