import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's modules in three layers, each importing only its own and those below:
 *  1. the foundation: settings (config/), the database (db/), HTTP plumbing (http/), the shared limits
 *     (rate-limit/), metrics (metrics/) and the clock. It knows no feature: what it needs from one is handed to it
 *     (a callback, a name, a setting's shape defined in config/settings.ts);
 *  2. the features: one folder each, with their routes and repositories;
 *  3. the composition root: the files at the top of server/ that build the app from the other two.
 * Tests and test-support/ may reach anything. Among the features, server/catches depends on server/photos (a catch
 * shows a photo; deleting it releases the photo), never the reverse: photos must stay usable, and testable,
 * without knowing what a catch is.
 */

const PHOTOS_DIR = path.join(import.meta.dirname, 'photos');
const CATCHES_DIR = path.join(import.meta.dirname, 'catches');

/** Every module a TypeScript source names: import/export … from, side-effect imports, import(), import type. */
function importedSpecifiers(source: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** The files of `file`'s imports that resolve into `directory`. */
function importsInto(file: string, source: string, directory: string): string[] {
  return importedSpecifiers(source)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier))
    .filter((target) => target.startsWith(`${directory}${path.sep}`));
}

describe('server/photos does not import server/catches', () => {
  it('the scanner sees every form of import', () => {
    const file = path.join(PHOTOS_DIR, 'example.ts');
    const source = [
      "import { CatchRepository } from '../catches/catch.repository.ts';",
      "import type {\n  Catch,\n} from '../catches/a.ts';",
      "export { x } from '../catches/b.ts';",
      "import '../catches/c.ts';",
      "const lazy = await import('../catches/d.ts');",
      "import { PhotoStore } from './photo-store.ts';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsInto(file, source, CATCHES_DIR).map((target) => path.basename(target))).toEqual([
      'catch.repository.ts',
      'a.ts',
      'b.ts',
      'c.ts',
      'd.ts',
    ]);
  });

  it('no file under server/photos (tests included) imports from server/catches', () => {
    const files = readdirSync(PHOTOS_DIR, { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.ts'),
    );
    expect(files.length).toBeGreaterThan(5);
    const offenders = files.flatMap((name) => {
      const file = path.join(PHOTOS_DIR, name);
      return importsInto(file, readFileSync(file, 'utf8'), CATCHES_DIR).map(
        (target) => `${name} → ${path.relative(PHOTOS_DIR, target)}`,
      );
    });
    expect(offenders).toEqual([]);
  });
});

const SERVER_DIR = import.meta.dirname;
const FOUNDATION = ['config', 'db', 'http', 'rate-limit', 'metrics', 'clock.ts', 'index-file.ts'];
const FEATURES = [
  'account',
  'auth',
  'catches',
  'conditions',
  'export',
  'health',
  'insights',
  'maintenance',
  'photos',
  'places',
  'spots',
  'stats',
  'tides',
  'tiles',
  'trips',
  'weather',
];
/** Folders of tests only, at the top like the root's files. */
const TESTS_ONLY = ['test-support', 'scale-out', 'security', 'durability'];

/** 1, 2 or 3 for a file of server/ (relative path), null for a test. */
function layerOf(relative: string): number | null {
  const [top = ''] = relative.split(path.sep);
  if (relative.endsWith('.test.ts') || TESTS_ONLY.includes(top)) return null;
  if (FOUNDATION.includes(top)) return 1;
  if (FEATURES.includes(top)) return 2;
  return 3;
}

describe('server/ has no upward imports', () => {
  it('knows every folder of server/ (a new one must be placed in a layer)', () => {
    const folders = readdirSync(SERVER_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((name) => ![...FOUNDATION, ...FEATURES, ...TESTS_ONLY].includes(name))).toEqual([]);
  });

  it('the foundation imports no feature and no root file; a feature imports no root file', () => {
    const files = readdirSync(SERVER_DIR, { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.ts'),
    );
    const offenders = files.flatMap((name) => {
      const layer = layerOf(name);
      if (layer === null) return [];
      const file = path.join(SERVER_DIR, name);
      return importedSpecifiers(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => path.relative(SERVER_DIR, path.resolve(path.dirname(file), specifier)))
        .filter((target) => !target.startsWith('..') && (layerOf(target) ?? 0) > layer)
        .map((target) => `${name} → ${target}`);
    });
    // Before: config/config.ts → catches, photos and tiles (for setting shapes), http/openapi.ts → auth.
    expect(offenders).toEqual([]);
  });
});

const DB_DIR = path.join(SERVER_DIR, 'db');
const MIGRATIONS_DIR = path.join(DB_DIR, 'migrations');

/** The non-test TypeScript files under `directory`, relative to it. */
function sourceFilesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
  );
}

/**
 * server/db is the foundation the features stand on: it knows no feature (catches, photos, auth…), so it never
 * changes because one does. The migrations go further: each is frozen as it shipped, so it imports only Kysely and
 * the engine's name, never today's table types or a feature's rules (it keeps its own copy of any rule it applies).
 */
describe('server/db imports no feature folder; a migration imports nothing that can change under it', () => {
  it('no source file under server/db imports from outside server/db (core/ by its #core alias only)', () => {
    const files = sourceFilesUnder(DB_DIR);
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.flatMap((name) => {
      const file = path.join(DB_DIR, name);
      return importedSpecifiers(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => path.resolve(path.dirname(file), specifier))
        .filter((target) => !target.startsWith(`${DB_DIR}${path.sep}`))
        .map((target) => `db/${name} → ${path.relative(SERVER_DIR, target)}`);
    });
    expect(offenders).toEqual([]);
  });

  it('a migration file imports only kysely and server/db/engine.ts', () => {
    const files = sourceFilesUnder(MIGRATIONS_DIR);
    expect(files.length).toBeGreaterThanOrEqual(6);
    const offenders = files.flatMap((name) =>
      importedSpecifiers(readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'))
        .filter((specifier) => specifier !== 'kysely' && specifier !== '../engine.ts')
        .map((specifier) => `db/migrations/${name} → ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no import circle among the files of server/db (types included)', () => {
    const importsOf = new Map(
      sourceFilesUnder(DB_DIR).map((name) => {
        const file = path.join(DB_DIR, name);
        const targets = importedSpecifiers(readFileSync(file, 'utf8'))
          .filter((specifier) => specifier.startsWith('.'))
          .map((specifier) => path.resolve(path.dirname(file), specifier));
        return [file, targets];
      }),
    );
    const circles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (trail.includes(file)) {
        circles.push(
          [...trail.slice(trail.indexOf(file)), file].map((f) => path.relative(SERVER_DIR, f)).join(' → '),
        );
        return;
      }
      for (const target of importsOf.get(file) ?? []) visit(target, [...trail, file]);
    };
    for (const file of importsOf.keys()) visit(file, []);
    expect(circles).toEqual([]);
  });
});
