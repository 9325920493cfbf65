import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type BuildPaths, restorePreviousAssets, stashPreviousAssets } from './keep-previous-assets.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('previous builds’ assets stay servable for a while (rolling deploys)', () => {
  let dir: string;
  let paths: BuildPaths;

  function setUp(): void {
    dir = mkdtempSync(path.join(tmpdir(), 'tightlines-assets-'));
    paths = {
      assets: path.join(dir, 'web', 'assets'),
      stash: path.join(dir, 'previous-assets'),
      ledger: path.join(dir, 'retired-assets.json'),
    };
  }

  /** What `vite build` does to the assets folder: empties it and writes this build's files. */
  function viteBuild(files: string[]): void {
    rmSync(paths.assets, { recursive: true, force: true });
    mkdirSync(paths.assets, { recursive: true });
    for (const name of files) writeFileSync(path.join(paths.assets, name), `contents of ${name}`);
  }

  function release(files: string[], now: number) {
    stashPreviousAssets(paths);
    viteBuild(files);
    return restorePreviousAssets(now, 7 * DAY, paths);
  }

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the replaced release’s files beside the new ones, then drops them 7 days after they were retired', () => {
    setUp();
    const day0 = Date.parse('2026-06-01T00:00:00Z');
    expect(release(['index-AAA.js', 'vendor-VVV.js'], day0)).toEqual({ kept: [], dropped: [] });
    // scripts/precompress.ts writes twins after the build; they are made again for whatever is kept.
    writeFileSync(path.join(paths.assets, 'index-AAA.js.br'), 'brotli');

    // Release 2, ten days later: its predecessor's index (built on day 0, live until now) stays; vendor is shared.
    expect(release(['index-BBB.js', 'vendor-VVV.js'], day0 + 10 * DAY)).toEqual({
      kept: ['index-AAA.js'],
      dropped: [],
    });
    expect(readdirSync(paths.assets).sort()).toEqual(['index-AAA.js', 'index-BBB.js', 'vendor-VVV.js']);
    expect(readFileSync(path.join(paths.assets, 'index-AAA.js'), 'utf8')).toBe('contents of index-AAA.js');

    // Release 3, 3 days later: both older indexes stay (retired 3 days and 0 days ago).
    expect(release(['index-CCC.js', 'vendor-VVV.js'], day0 + 13 * DAY).kept.sort()).toEqual([
      'index-AAA.js',
      'index-BBB.js',
    ]);

    // Release 4, 5 days later: index-AAA was retired 8 days ago and goes; index-BBB (5 days) and CCC stay.
    const fourth = release(['index-DDD.js', 'vendor-VVV.js'], day0 + 18 * DAY);
    expect(fourth.dropped).toEqual(['index-AAA.js']);
    expect(readdirSync(paths.assets).sort()).toEqual([
      'index-BBB.js',
      'index-CCC.js',
      'index-DDD.js',
      'vendor-VVV.js',
    ]);
    expect(existsSync(paths.stash)).toBe(false);
  });

  it('a build that failed after the stash loses nothing: the next one restores from it', () => {
    setUp();
    const day0 = Date.parse('2026-06-01T00:00:00Z');
    release(['index-AAA.js'], day0);
    stashPreviousAssets(paths);
    // vite build failed: no assets folder was written. The next build stashes nothing new and restores the old.
    rmSync(paths.assets, { recursive: true, force: true });
    expect(release(['index-BBB.js'], day0 + DAY).kept).toEqual(['index-AAA.js']);
  });
});
