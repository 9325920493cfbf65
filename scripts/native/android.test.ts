// The Android app (android/, a Trusted Web Activity made by Bubblewrap's library): it is what
// `npm run native:android` makes from today's web manifest, its settings agree with the manifest and our
// configuration, and /.well-known/assetlinks.json names its package with the configured fingerprint.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/config.ts';
import { ASSET_LINKS_PATH } from '../../server/http/app-links.ts';
import { createTestApp } from '../../server/test-support/test-app.ts';
import { generateAndroidProject, SIGNING_KEY, twaManifestFor } from './android.ts';
import { APP_ID, PLACEHOLDER_ORIGIN } from './identity.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const androidDir = path.join(root, 'android');
const webRoot = path.join(root, 'dist/web');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const FINGERPRINT = Array.from({ length: 32 }, (_, i) =>
  (i * 7).toString(16).padStart(2, '0').toUpperCase(),
).join(':');

/** Every file under `dir`, relative, sorted. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('android/', () => {
  let generated: string;

  beforeAll(async () => {
    if (!existsSync(path.join(webRoot, 'manifest.webmanifest'))) {
      throw new Error('No web build in dist/web: run npm run build first');
    }
    generated = mkdtempSync(path.join(tmpdir(), 'tightlines-android-'));
    await generateAndroidProject({ webRoot, origin: PLACEHOLDER_ORIGIN, targetDir: generated, quiet: true });
  });
  afterAll(() => {
    rmSync(generated, { recursive: true, force: true });
  });

  it('is exactly what npm run native:android makes from the current web manifest', () => {
    const checkedIn = files(androidDir);
    expect(checkedIn).toEqual(files(generated));
    for (const file of checkedIn) {
      const ours = readFileSync(path.join(androidDir, file));
      const fresh = readFileSync(path.join(generated, file));
      expect(ours.equals(fresh), `${file} differs: run npm run build && npm run native:android`).toBe(true);
    }
  });

  it('is package app.tightlines, as the server’s example configuration and /domain-setup’s guide say', () => {
    const gradle = read('android/app/build.gradle');
    expect(gradle).toContain(`applicationId "${APP_ID}"`);
    expect(gradle).toContain(`namespace "${APP_ID}"`);
    expect(read('.env.example')).toMatch(
      new RegExp(`^# ANDROID_PACKAGE=${APP_ID.replace('.', '\\.')}$`, 'm'),
    );
    expect(read('web/src/routes/pages/domain-setup-page.tsx')).toContain(`"package_name": "${APP_ID}"`);
  });

  it('opens our origin: host, start URL and scope, and verifies its App Links there', () => {
    const twa = JSON.parse(read('android/twa-manifest.json'));
    const host = new URL(PLACEHOLDER_ORIGIN).host;
    expect(twa).toMatchObject({
      packageId: APP_ID,
      host,
      startUrl: '/',
      fullScopeUrl: `${PLACEHOLDER_ORIGIN}/`,
      webManifestUrl: `${PLACEHOLDER_ORIGIN}/manifest.webmanifest`,
      signingKey: SIGNING_KEY,
    });
    const gradle = read('android/app/build.gradle');
    expect(gradle).toContain(`hostName: '${host}'`);
    expect(gradle).toContain(`launchUrl: '/'`);
    const manifest = read('android/app/src/main/AndroidManifest.xml');
    expect(manifest).toMatch(
      /<intent-filter android:autoVerify="true">[\s\S]*android:scheme="https"\s+android:host="@string\/hostName"/,
    );
  });

  it('takes its name, colours and icons from our web manifest', () => {
    const web = JSON.parse(readFileSync(path.join(webRoot, 'manifest.webmanifest'), 'utf8'));
    const twa = JSON.parse(read('android/twa-manifest.json'));
    expect(twa.name).toBe(web.name);
    expect(twa.launcherName).toBe(web.short_name);
    expect(twa.themeColor.toLowerCase()).toBe(web.theme_color);
    expect(twa.backgroundColor.toLowerCase()).toBe(web.background_color);
    const any = web.icons.find(
      (icon: { purpose: string; sizes: string }) => icon.purpose === 'any' && icon.sizes === '512x512',
    );
    const maskable = web.icons.find((icon: { purpose: string }) => icon.purpose === 'maskable');
    expect(twa.iconUrl).toBe(new URL(any.src, PLACEHOLDER_ORIGIN).toString());
    expect(twa.maskableIconUrl).toBe(new URL(maskable.src, PLACEHOLDER_ORIGIN).toString());
    for (const density of ['mdpi', 'hdpi', 'xhdpi', 'xxhdpi', 'xxxhdpi']) {
      expect(existsSync(path.join(androidDir, `app/src/main/res/mipmap-${density}/ic_launcher.png`))).toBe(
        true,
      );
      expect(existsSync(path.join(androidDir, `app/src/main/res/drawable-${density}/splash.png`))).toBe(true);
    }
    expect(twaManifestFor(webRoot, PLACEHOLDER_ORIGIN).validate()).toBeNull();
  });

  it('is what /.well-known/assetlinks.json names, with the configured signing fingerprint', async () => {
    const packageName = /applicationId "([^"]+)"/.exec(read('android/app/build.gradle'))?.[1];
    expect(packageName).toBe(APP_ID);
    const t = await createTestApp('sqlite', {
      appLinks: loadConfig({ ANDROID_PACKAGE: packageName, ANDROID_CERT_SHA256: FINGERPRINT }).appLinks,
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: ASSET_LINKS_PATH });
      expect(response.statusCode).toBe(200);
      const [statement] = response.json();
      expect(statement.target.package_name).toBe(packageName);
      expect(statement.target.sha256_cert_fingerprints).toEqual([FINGERPRINT]);
      expect(statement.relation).toEqual(['delegate_permission/common.handle_all_urls']);
    } finally {
      await t.close();
    }
  });
});
