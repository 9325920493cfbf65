import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** The universal app icon Xcode asks for, and the splash Capacitor's template shows (3 scales, one size). */
const ICON_SIZE = 1024;
const SPLASH_SIZE = 2732;
const SPLASH_FILES = ['splash-2732x2732.png', 'splash-2732x2732-1.png', 'splash-2732x2732-2.png'];

interface WebManifest {
  background_color: string;
  icons: { src: string; sizes: string; purpose?: string }[];
}

function manifestIcon(manifest: WebManifest, purpose: 'any' | 'maskable'): string {
  const icon = manifest.icons.find((candidate) => (candidate.purpose ?? 'any') === purpose);
  if (!icon) throw new Error(`The web manifest has no ${purpose} icon`);
  return icon.src.replace(/^\//, '');
}

/** Associated Domains: universal links for this host open the app (apple-app-site-association lists it). */
export function entitlements(origin: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>com.apple.developer.associated-domains</key>
	<array>
		<string>applinks:${new URL(origin).host}</string>
	</array>
</dict>
</plist>
`;
}

/**
 * The iOS project's own files that come from our web app and configuration (Capacitor's `cap sync` brings the
 * web build itself): the app icon from the manifest's full-bleed (maskable) icon, opaque as the App Store wants
 * it; the splash, the manifest's background colour with its icon in the middle; and App.entitlements for
 * `origin`'s universal links.
 */
export async function writeIosAppFiles(options: { webRoot: string; iosDir: string; origin: string }) {
  const { webRoot, iosDir, origin } = options;
  const manifest = JSON.parse(
    readFileSync(path.join(webRoot, 'manifest.webmanifest'), 'utf8'),
  ) as WebManifest;
  const app = path.join(iosDir, 'App', 'App');
  const assets = path.join(app, 'Assets.xcassets');
  await sharp(path.join(webRoot, manifestIcon(manifest, 'maskable')))
    .resize(ICON_SIZE, ICON_SIZE, { kernel: 'lanczos3' })
    .flatten({ background: manifest.background_color })
    .png({ compressionLevel: 9 })
    .toFile(path.join(assets, 'AppIcon.appiconset', 'AppIcon-512@2x.png'));
  const logo = await sharp(path.join(webRoot, manifestIcon(manifest, 'any')))
    .resize(512, 512)
    .png()
    .toBuffer();
  const splash = await sharp({
    create: { width: SPLASH_SIZE, height: SPLASH_SIZE, channels: 3, background: manifest.background_color },
  })
    .composite([{ input: logo, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
  for (const file of SPLASH_FILES) writeFileSync(path.join(assets, 'Splash.imageset', file), splash);
  writeFileSync(path.join(app, 'App.entitlements'), entitlements(origin));
}
