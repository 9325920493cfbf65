// The iOS app (ios/, Capacitor with Swift Package Manager): the native web build is copied into it (`cap copy`,
// what `cap sync` does besides the plugin list), its configuration agrees with the server (the one native origin
// the API allows, the app id of apple-app-site-association) and its Info.plist and entitlements say what the
// App Store and universal links need.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import config from '../../capacitor.config.ts';
import { loadConfig } from '../../server/config/config.ts';
import { APPLE_ASSOCIATION_PATH } from '../../server/http/app-links.ts';
import { NATIVE_APP_ORIGINS } from '../../server/http/native-clients.ts';
import { createTestApp } from '../../server/test-support/test-app.ts';
import { APP_ID, APP_NAME, PLACEHOLDER_ORIGIN } from './identity.ts';
import { entitlements, writeIosAppFiles } from './ios.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const nativeWeb = path.join(root, 'dist/native');
const appDir = path.join(root, 'ios/App/App');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The string values of a flat plist's <key>…</key><string>…</string> pairs. */
function plistStrings(xml: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const match of xml.matchAll(/<key>([^<]+)<\/key>\s*<string>([^<]*)<\/string>/g)) {
    const [, key = '', value = ''] = match;
    values[key] = value;
  }
  return values;
}

function bundleText(dir: string): string {
  const assets = path.join(dir, 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(path.join(assets, name), 'utf8'))
    .join('\n');
}

describe('ios/', () => {
  beforeAll(() => {
    if (!existsSync(path.join(nativeWeb, 'index.html'))) {
      throw new Error('No native web build in dist/native: run npm run build:native first');
    }
    // What `cap sync ios` does first: the web build into App/public and the configuration beside it.
    const cap = path.join(root, 'node_modules/@capacitor/cli/bin/capacitor');
    execFileSync(process.execPath, [cap, 'copy', 'ios'], { cwd: root, stdio: 'pipe' });
  });

  it('bundles the native web build', () => {
    const indexHtml = readFileSync(path.join(nativeWeb, 'index.html'));
    expect(readFileSync(path.join(appDir, 'public/index.html')).equals(indexHtml)).toBe(true);
    const copied = readdirSync(path.join(appDir, 'public/assets')).sort();
    expect(copied).toEqual(readdirSync(path.join(nativeWeb, 'assets')).sort());
  });

  it('calls the API at TIGHTLINES_ORIGIN with the Keychain transport; the web build has neither', () => {
    const native = bundleText(nativeWeb);
    expect(native).toContain(PLACEHOLDER_ORIGIN);
    expect(native).toContain('SecureStorage');
    const web = bundleText(path.join(root, 'dist/web'));
    expect(web).not.toContain(PLACEHOLDER_ORIGIN);
    expect(web).not.toContain('SecureStorage');
  });

  it('loads from the one native origin the API allows', () => {
    const copiedConfig = JSON.parse(readFileSync(path.join(appDir, 'capacitor.config.json'), 'utf8'));
    expect(copiedConfig).toMatchObject({ appId: APP_ID, appName: APP_NAME, webDir: 'dist/native' });
    const scheme = config.server?.iosScheme ?? 'capacitor';
    const hostname = config.server?.hostname ?? 'localhost';
    expect(copiedConfig.server).toMatchObject({ iosScheme: scheme, hostname });
    expect(NATIVE_APP_ORIGINS).toEqual([`${scheme}://${hostname}`]);
    // No remote URL: the app runs the bundled build, not a web page from a server.
    expect(copiedConfig.server.url).toBeUndefined();
  });

  it('is bundle app.tightlines everywhere, as APPLE_BUNDLE_ID and /domain-setup’s TEAMID.app.tightlines say', () => {
    expect(config.appId).toBe(APP_ID);
    const project = read('ios/App/App.xcodeproj/project.pbxproj');
    const bundleIds = [...project.matchAll(/PRODUCT_BUNDLE_IDENTIFIER = ([^;]+);/g)].map((m) => m[1]);
    expect(bundleIds).toEqual([APP_ID, APP_ID]);
    expect(read('.env.example')).toMatch(
      new RegExp(`^# APPLE_BUNDLE_ID=${APP_ID.replace('.', '\\.')}$`, 'm'),
    );
    expect(read('web/src/routes/pages/domain-setup-page.tsx')).toContain(`"TEAMID.${APP_ID}"`);
  });

  it('is the app /.well-known/apple-app-site-association names', async () => {
    const t = await createTestApp('sqlite', {
      appLinks: loadConfig({ APPLE_TEAM_ID: 'TEAMID1234', APPLE_BUNDLE_ID: config.appId }).appLinks,
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: APPLE_ASSOCIATION_PATH });
      expect(response.json().applinks.details[0].appIDs).toEqual([`TEAMID1234.${APP_ID}`]);
    } finally {
      await t.close();
    }
  });

  it('uses Swift Package Manager only, with the Keychain plugin', () => {
    expect(existsSync(path.join(root, 'ios/App/Podfile'))).toBe(false);
    expect(read('ios/App/App.xcodeproj/project.pbxproj')).toContain('CapApp-SPM');
    const swiftPackage = read('ios/App/CapApp-SPM/Package.swift');
    const capacitorVersion = JSON.parse(read('node_modules/@capacitor/ios/package.json')).version;
    expect(swiftPackage).toContain(`capacitor-swift-pm.git", exact: "${capacitorVersion}"`);
    expect(swiftPackage).toContain('node_modules/@aparajita/capacitor-secure-storage');
    // docs/native.md's `xcodebuild -exportArchive` reads this: an App Store Connect export.
    expect(plistStrings(read('ios/App/ExportOptions.plist'))).toMatchObject({
      method: 'app-store-connect',
      signingStyle: 'automatic',
    });
  });

  it('has the Info.plist and entitlements the App Store and universal links need', () => {
    const info = plistStrings(read('ios/App/App/Info.plist'));
    expect(info.CFBundleIdentifier).toBe('$(PRODUCT_BUNDLE_IDENTIFIER)');
    expect(info.CFBundleDisplayName).toBe(APP_NAME);
    for (const key of [
      'NSCameraUsageDescription',
      'NSLocationWhenInUseUsageDescription',
      'NSPhotoLibraryUsageDescription',
    ]) {
      expect(info[key], key).toMatch(/^Tightlines .{20,}/);
    }
    const project = read('ios/App/App.xcodeproj/project.pbxproj');
    expect(project.match(/CODE_SIGN_ENTITLEMENTS = App\/App\.entitlements;/g)).toHaveLength(2);
    const written = read('ios/App/App/App.entitlements');
    expect(written).toBe(entitlements(PLACEHOLDER_ORIGIN));
    expect(written).toContain(`<string>applinks:${new URL(PLACEHOLDER_ORIGIN).host}</string>`);
  });

  it('has an opaque 1024 px app icon and the splash from our manifest', async () => {
    const icon = await sharp(
      path.join(appDir, 'Assets.xcassets/AppIcon.appiconset/AppIcon-512@2x.png'),
    ).metadata();
    expect([icon.width, icon.height, icon.hasAlpha]).toEqual([1024, 1024, false]);
    const splash = sharp(path.join(appDir, 'Assets.xcassets/Splash.imageset/splash-2732x2732.png'));
    const { width, height } = await splash.metadata();
    expect([width, height]).toEqual([2732, 2732]);
    const corner = await splash.extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    const web = JSON.parse(readFileSync(path.join(nativeWeb, 'manifest.webmanifest'), 'utf8'));
    const hex = `#${[...corner.subarray(0, 3)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
    expect(hex).toBe(web.background_color);
  });

  it('has the icon, splash and entitlements npm run native:ios writes from the current manifest', async () => {
    const fresh = mkdtempSync(path.join(tmpdir(), 'tightlines-ios-'));
    try {
      const assets = ['AppIcon.appiconset', 'Splash.imageset'];
      for (const folder of assets)
        mkdirSync(path.join(fresh, 'App/App/Assets.xcassets', folder), { recursive: true });
      await writeIosAppFiles({ webRoot: nativeWeb, iosDir: fresh, origin: PLACEHOLDER_ORIGIN });
      const written = readdirSync(path.join(fresh, 'App/App'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(path.join(fresh, 'App/App'), path.join(entry.parentPath, entry.name)));
      expect(written).toHaveLength(5);
      for (const file of written) {
        const same = readFileSync(path.join(fresh, 'App/App', file)).equals(
          readFileSync(path.join(appDir, file)),
        );
        expect(same, `ios/App/App/${file} differs: run npm run native:ios`).toBe(true);
      }
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
