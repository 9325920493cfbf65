import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BufferedLog, ConsoleLog, TwaGenerator, TwaManifest } from '@bubblewrap/core';
import { APP_ID } from './identity.ts';

/** Where `bubblewrap build` (or Gradle's own signing config, docs/native.md) finds the upload key. */
export const SIGNING_KEY = { path: './android.keystore', alias: 'tightlines' };
const TEXT_FILE = /\.(gradle|xml|json|properties|java|kt|pro|txt)$/;

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

/** Serves the built web app (dist/web) on 127.0.0.1, the way Bubblewrap reads a site: manifest and icons. */
async function serveBuild(webRoot: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://local').pathname;
    const file = path.join(webRoot, path.normalize(pathname));
    if (!file.startsWith(webRoot) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      response.writeHead(404).end();
      return;
    }
    const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
    response.writeHead(200, { 'Content-Type': type }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Bubblewrap's HTTP client keeps its connections alive: close() alone would wait for them forever.
        server.closeAllConnections();
      }),
  };
}

function textFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => TEXT_FILE.test(file) && statSync(file).isFile());
}

/**
 * The Trusted Web Activity's settings, from our built web manifest as if it were served at `origin`: package
 * app.tightlines, start URL and scope the origin's root, name, colours and icons from the manifest.
 */
export function twaManifestFor(webRoot: string, origin: string): TwaManifest {
  const webManifest = JSON.parse(readFileSync(path.join(webRoot, 'manifest.webmanifest'), 'utf8'));
  const twa = TwaManifest.fromWebManifestJson(new URL('/manifest.webmanifest', origin), webManifest);
  twa.packageId = APP_ID;
  twa.signingKey = { ...SIGNING_KEY };
  twa.appVersionName = '1.0.0';
  twa.appVersionCode = 1;
  twa.generatorApp = 'tightlines scripts/native-android.ts (@bubblewrap/core)';
  // The service worker, the outbox and the cookie session run in Chrome as on the web: nothing else to delegate.
  twa.enableNotifications = false;
  twa.fallbackType = 'customtabs';
  return twa;
}

/**
 * Generates the Android project into `targetDir` with Bubblewrap's library, offline: the web manifest and icons
 * come from `webRoot` served on 127.0.0.1, and every URL in the result names `origin`. Writes twa-manifest.json
 * beside it, the file `bubblewrap update` and `bubblewrap build` read.
 */
export async function generateAndroidProject(options: {
  webRoot: string;
  origin: string;
  targetDir: string;
  quiet?: boolean;
}): Promise<void> {
  const { webRoot, origin, targetDir } = options;
  const twa = twaManifestFor(webRoot, origin);
  const local = await serveBuild(path.resolve(webRoot));
  try {
    // Bubblewrap downloads the icons and the web manifest it generates from: here, from the local copy.
    const toLocal = (url: string | undefined) => url?.replace(origin, local.origin);
    const generating = new TwaManifest({
      ...twa.toJson(),
      iconUrl: toLocal(twa.iconUrl),
      maskableIconUrl: toLocal(twa.maskableIconUrl),
      webManifestUrl: toLocal(twa.webManifestUrl?.toString()),
    });
    rmSync(targetDir, { recursive: true, force: true });
    const log = options.quiet ? new BufferedLog(new ConsoleLog('bubblewrap')) : new ConsoleLog('bubblewrap');
    await new TwaGenerator().createTwaProject(targetDir, generating, log);
    for (const file of textFiles(targetDir)) {
      const text = readFileSync(file, 'utf8');
      if (text.includes(local.origin)) writeFileSync(file, text.replaceAll(local.origin, origin));
    }
    await twa.saveToFile(path.join(targetDir, 'twa-manifest.json'));
  } finally {
    await local.close();
  }
}
