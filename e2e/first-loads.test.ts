import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * What the built app's first screens load, read from Vite's build manifest (dist/web/.vite/manifest.json, as
 * server/http/route-preloads.ts reads it; `npm run build` first): chunk sizes are deterministic, so these hold on a
 * busy machine too. `npm run bench -- --only=frontend` measures the same loads in Chromium (decision 023).
 */
interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const WEB_ROOT = path.join(import.meta.dirname, '..', 'dist', 'web');
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync(path.join(WEB_ROOT, '.vite', 'manifest.json'), 'utf8'),
);

/** The chunks these modules load before they run: themselves and their static imports, all the way down. */
function chunksLoadedBy(...keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (moved or renamed?)`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => manifest[key]?.file ?? key).filter((file) => file.endsWith('.js'));
}

/** gzip (zlib level 6, what @fastify/compress sends), in KB as the bench reports it. */
const gzipKb = (files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(WEB_ROOT, file))).length, 0) / 1024;

/** A chunk's name as vite.config.ts's `codeSplitting.groups` gives it (assets/lazy-shared-AbC123.js → lazy-shared). */
const groupOf = (file: string) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');

const ENTRY = 'index.html';
// The shell's first screen: the entry (with the query cache's restore, offline/query-restore.ts) and the Log tab
// (web/src/routes/home.tsx loads it at once). The Log tab is in the 'catch-form' chunk with the form it shares with
// History's edit dialog (vite.config.ts), which the manifest keys by its file: found by name.
const LOG_TAB = Object.keys(manifest).find((key) => manifest[key]?.name === 'catch-form') ?? 'catch-form';
const AUTH_PAGE = 'src/features/auth/auth-page.tsx';

// The budget is 100 KB gzip (decision 023): met again on 2026-11-27 (102.8 → 99.9 KB, the levers of the
// decision's last section) after the Log form's place fields and photo offer had taken it over. Anything added to
// the Log tab's first screen must be weighed against it.
const SHELL_BUDGET_KB = 100;

describe('first loads of the built app', () => {
  it('the signed-in shell with the Log tab: within its budget', () => {
    expect(manifest[ENTRY]?.isEntry).toBe(true);
    // The chunk found by name is the one home.tsx loads the Log tab from.
    expect(manifest[ENTRY]?.dynamicImports).toContain(LOG_TAB);
    const files = chunksLoadedBy(ENTRY, LOG_TAB);
    expect(gzipKb(files), files.join(', ')).toBeLessThanOrEqual(SHELL_BUDGET_KB);
  });

  it('/auth loads none of what the signed-in screens share', () => {
    // Decision 023: a module /auth shares with a lazy screen falls into 'lazy-shared' unless a group of its own
    // takes it, and 'lazy-shared' brings the catch form, the dialogs and the outbox along.
    const groups = chunksLoadedBy(ENTRY, AUTH_PAGE).map(groupOf);
    for (const screensOnly of ['lazy-shared', 'catch-form', 'overlays', 'outbox', 'radix']) {
      expect(groups).not.toContain(screensOnly);
    }
  });
});
