import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * server/catches depends on server/photos (a catch shows a photo; deleting it releases the photo), never the
 * reverse (issue 10, item 5): photos must stay usable, and testable, without knowing what a catch is.
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
