import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Rolling deploys (docs/deploy.md#rolling-a-new-release): while instances are replaced one by one, a page the previous release served
 * still asks for that release's hashed files (/assets/index-OLD.js), and its service worker, updating, may ask for
 * them too. `vite build` empties dist/web, so without this those requests would get 404 from every new instance.
 *
 * `npm run build` therefore stashes the previous build's assets before Vite runs ("stash") and puts back, after it,
 * those the new build no longer has ("restore"), for KEEP_PREVIOUS_ASSETS_DAYS after the release that last had
 * them was replaced. When each file was retired is kept in dist/retired-assets.json (a file's own mtime says when
 * it was built, not until when it was served). They are served like any asset, but never precached: the service
 * worker's list is made by Vite before they are back.
 */
export const KEEP_PREVIOUS_ASSETS_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const COMPRESSED_TWIN = /\.(br|gz)$/;

const root = fileURLToPath(new URL('..', import.meta.url));
export const BUILD_PATHS = {
  assets: path.join(root, 'dist', 'web', 'assets'),
  stash: path.join(root, 'dist', 'previous-assets'),
  ledger: path.join(root, 'dist', 'retired-assets.json'),
};
export type BuildPaths = typeof BUILD_PATHS;

/**
 * Moves the current build's assets aside. With none (a first build, or the last one failed after its stash), a
 * stash already there is left for the next restore.
 */
export function stashPreviousAssets(paths: BuildPaths = BUILD_PATHS): void {
  if (!existsSync(paths.assets)) return;
  rmSync(paths.stash, { recursive: true, force: true });
  renameSync(paths.assets, paths.stash);
}

/**
 * Copies back every stashed file the new build does not have and that was retired less than `keepMs` ago; records
 * when each was retired (now, for the files of the build just replaced). Returns what it kept and what it dropped.
 */
export function restorePreviousAssets(
  now = Date.now(),
  keepMs = KEEP_PREVIOUS_ASSETS_DAYS * DAY_MS,
  paths: BuildPaths = BUILD_PATHS,
): { kept: string[]; dropped: string[] } {
  const kept: string[] = [];
  const dropped: string[] = [];
  if (!existsSync(paths.stash)) return { kept, dropped };
  const retiredAt: Record<string, number> = existsSync(paths.ledger)
    ? (JSON.parse(readFileSync(paths.ledger, 'utf8')) as Record<string, number>)
    : {};
  const ledger: Record<string, number> = {};
  for (const name of readdirSync(paths.stash)) {
    // The .br/.gz twins are not Vite's: scripts/precompress.ts writes them again for every file kept here.
    if (COMPRESSED_TWIN.test(name)) continue;
    const target = path.join(paths.assets, name);
    if (existsSync(target) || !statSync(path.join(paths.stash, name)).isFile()) continue;
    const retired = retiredAt[name] ?? now;
    if (now - retired >= keepMs) {
      dropped.push(name);
      continue;
    }
    cpSync(path.join(paths.stash, name), target, { preserveTimestamps: true });
    ledger[name] = retired;
    kept.push(name);
  }
  writeFileSync(paths.ledger, `${JSON.stringify(ledger, null, 2)}\n`);
  rmSync(paths.stash, { recursive: true, force: true });
  return { kept, dropped };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const step = process.argv[2];
  if (step === 'stash') {
    stashPreviousAssets();
  } else if (step === 'restore') {
    const { kept, dropped } = restorePreviousAssets();
    console.log(
      `Kept ${kept.length} files of previous builds for rolling deploys, dropped ${dropped.length} retired more than ${KEEP_PREVIOUS_ASSETS_DAYS} days ago`,
    );
  } else {
    console.error('usage: node scripts/keep-previous-assets.ts stash|restore');
    process.exit(2);
  }
}
