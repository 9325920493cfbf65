import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAgainWithMemorySettings, turnOnCompileCache } from '../server/launch.ts';

/**
 * `npm start`: build the web app only when dist/ is missing or older than its sources, and the place
 * and tide station indexes only when missing or stale, so a built app is up in a second, then start the server.
 * The process first takes the server's memory settings (server/launch.ts: before anything else is loaded, so the
 * restart costs only Node's own start-up), and what it needs only to build is loaded only when something is built.
 */
startAgainWithMemorySettings(fileURLToPath(import.meta.url));
turnOnCompileCache();

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist', 'web', 'index.html');
const SOURCES = ['web', 'core', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestModification(target: string): number {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  }
  return newest;
}

function builtAt(): number {
  try {
    return statSync(builtIndex).mtimeMs;
  } catch {
    return 0;
  }
}

const sourcesChangedAt = Math.max(...SOURCES.map((source) => newestModification(path.join(root, source))));
if (builtAt() < sourcesChangedAt) {
  console.log('Building the web app (sources changed since the last build)...');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const { restorePreviousAssets, stashPreviousAssets } = await import('./keep-previous-assets.ts');
  const { precompressWebBuild } = await import('./precompress.ts');
  // As `npm run build` does: the previous build's hashed files stay servable for rolling deploys.
  stashPreviousAssets();
  const build = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
  restorePreviousAssets();
  precompressWebBuild(path.join(root, 'dist', 'web'));
}

// The server would build the same index in memory at its first reverse geocoding; built here, it is kept.
const { placeIndexFileIsCurrent, writePlaceIndexFile } = await import('../server/places/place-index.ts');
if (!placeIndexFileIsCurrent()) {
  console.log('Building the place index (missing or older than its sources)...');
  writePlaceIndexFile();
}

// Likewise the tide station index, built in a worker thread: the tide database package it reads would otherwise
// stay in this process, which becomes the server, for good (docs/decisions/035-tides.md).
const tideIndex = await import('../server/tides/tide-index.ts');
if (!tideIndex.tideIndexFileIsCurrent()) {
  console.log('Building the tide station index (missing or older than its sources)...');
  tideIndex.writeTideIndexFile(await tideIndex.buildTideIndexInWorker());
}

await import('../server/main.ts');
