import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_SYNC_TAG,
  EXPIRATION_DB,
  FLUSH_LOCK,
  FORGET_PHOTOS_MESSAGE,
  OUTBOX_CHANNEL,
  OUTBOX_DB,
  PHOTO_CACHES,
  QUERY_CACHE_DB,
  SESSION_CHANNEL,
  SESSION_DB,
} from './offline/storage-names.ts';

/**
 * The module boundaries of web/src, checked on the source text:
 * - only web/src/api/ talks to the API;
 * - the folders form layers, and no production file imports from a layer above its own;
 * - the client reaches the server over HTTP only: nothing under web/ (tests included) imports server/ code;
 * - the storage names the page and the service worker share are spelled once.
 *
 * web/src/api/ is the only place that talks to the API. Elsewhere in web/src no production file
 * calls fetch, or has a string that is an /api/ path (the query keys take theirs from API_PATHS). The service
 * worker (sw.ts) routes requests, so it may match /api paths. Tests (and their test-support/ folders) may name
 * paths they assert on. Comments and prose are not requests: a doc comment or a page's text may say
 * "GET /api/weather".
 */

const WEB_SRC = import.meta.dirname;
const REPOSITORY = resolve(WEB_SRC, '..', '..');
const ALLOWED = [/^api\//, /^sw\.ts$/, /\.test\.tsx?$/, /(^|\/)test-support\//];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every fetch call and every string (or piece of a template) that starts with an /api/ path, as "line: code". */
function apiCallsIn(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`${line}: ${node.getText(source)}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : null;
      if (name === 'fetch') report(node);
    }
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateLiteralToken(node)) &&
      node.text.startsWith('/api/')
    ) {
      report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the web API boundary', () => {
  it('finds fetch calls and /api/ strings, and not the same words in comments', () => {
    const sample = [
      '// GET /api/user with fetch("/api/user")',
      "const a = await fetch('/api/user');",
      'window.fetch(url);',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, on purpose.
      'const b = `/api/catches/${id}`;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, on purpose.
      'const c = `${base}/api/photos`;',
      "query.refetch(); client.fetchQuery({ queryKey: ['weather'] });",
      "import { http } from '@/api/http'; const text = 'Uploads through POST /api/upload';",
    ].join('\n');
    expect(apiCallsIn('sample.ts', sample)).toEqual([
      "2: fetch('/api/user')",
      "2: '/api/user'",
      '3: window.fetch(url)',
      '4: `/api/catches/${',
      '5: }/api/photos`',
    ]);
  });

  it('leaves calling the API to web/src/api/', () => {
    const offenders = sourceFiles(WEB_SRC).flatMap((path) => {
      const name = relative(WEB_SRC, path);
      if (ALLOWED.some((pattern) => pattern.test(name))) return [];
      return apiCallsIn(name, readFileSync(path, 'utf8')).map((hit) => `${name}:${hit}`);
    });
    expect(offenders).toEqual([]);
  });
});

/**
 * offline/ (the outbox, the sync engine, the kept cache, the worker's helpers) sits below the
 * screens: features/ and routes/ import it, never the reverse, so the service worker's bundle never pulls in a
 * screen and a screen's change never reaches the outbox. Tests (and test-support/) may build their fixtures
 * with a screen's code.
 */
const OFFLINE = join(WEB_SRC, 'offline');
const SCREENS = /^(features|routes)\//;

/** Every module a file imports (import and export declarations, import() calls), as "line: specifier". */
function importsIn(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, specifier: ts.Expression | undefined) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`${line}: ${specifier.text}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) report(node, node.moduleSpecifier);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      report(node, node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Where an import of web/src points, relative to web/src ('@/x' or a relative path); null for packages, #core. */
function targetInWebSrc(importer: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (specifier.startsWith('.')) return relative(WEB_SRC, resolve(dirname(importer), specifier));
  return null;
}

describe('the offline layer boundary', () => {
  it('finds every kind of import, and not the same words in comments or strings', () => {
    const sample = [
      "import type { CatchPayload } from '../features/catches/catch-payload.ts';",
      "export { outbox } from './outbox.ts';",
      "const runtime = () => import('@/routes/auth-page');",
      "// import { x } from '../features/log/log-catch-form';",
      "const text = 'from ../features/history';",
    ].join('\n');
    expect(importsIn('sample.ts', sample)).toEqual([
      '1: ../features/catches/catch-payload.ts',
      '2: ./outbox.ts',
      '3: @/routes/auth-page',
    ]);
    const importer = join(OFFLINE, 'sync', 'loop.ts');
    expect(targetInWebSrc(importer, '../../features/log/x.ts')).toBe('features/log/x.ts');
    expect(targetInWebSrc(importer, '@/routes/home')).toBe('routes/home');
    expect(targetInWebSrc(importer, '#core/catch.ts')).toBeNull();
  });

  it('never imports a screen (features/, routes/) from offline/', () => {
    const offenders = sourceFiles(OFFLINE).flatMap((path) => {
      if (/\.test\.tsx?$|\/test-support\//.test(path)) return [];
      return importsIn(path, readFileSync(path, 'utf8')).flatMap((hit) => {
        const specifier = hit.slice(hit.indexOf(': ') + 2);
        const target = targetInWebSrc(path, specifier);
        return target !== null && SCREENS.test(target) ? [`${relative(WEB_SRC, path)}:${hit}`] : [];
      });
    });
    expect(offenders).toEqual([]);
  });
});

/**
 * The layers of web/src, lowest first. A production file imports from its own layer or a lower one, never from a
 * higher one: a UI primitive or a hook never depends on a screen's feature, and a change to a screen reaches nothing
 * below it. The entry files stand on top. A new folder must be given its layer here. Tests (and test-support/)
 * may build their fixtures from any layer.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['api'],
  ['lib', 'native'],
  ['hooks'],
  ['components'],
  ['offline'],
  ['features'],
  ['routes'],
  ['app.tsx', 'main.tsx', 'sw.ts', 'warm-tabs.ts'],
];

/** The layer of a path relative to web/src (its first segment), or -1 when no layer holds it. */
function layerOf(pathInWebSrc: string): number {
  const [first = ''] = pathInWebSrc.split(/[\\/]/);
  return LAYERS.findIndex((names) => names.includes(first));
}

/** The imports of one production file that reach a higher layer, as "line: specifier". */
function upwardImports(importer: string, text: string): string[] {
  const own = layerOf(relative(WEB_SRC, importer));
  return importsIn(importer, text).filter((hit) => {
    const target = targetInWebSrc(importer, hit.slice(hit.indexOf(': ') + 2));
    return target !== null && layerOf(target) > own;
  });
}

const isTestCode = (pathInWebSrc: string) => /\.test\.tsx?$|(^|\/)test-support\//.test(pathInWebSrc);

describe('the layers of web/src', () => {
  it('finds an import from a higher layer, and lets lower and same-layer imports be', () => {
    const importer = join(WEB_SRC, 'components', 'app-header.tsx');
    const sample = [
      "import { useAuth } from '@/features/auth/use-auth';",
      "import { Button } from './ui/button.tsx';",
      "import { cn } from '@/lib/cn';",
      "const menu = () => import('../routes/home.tsx');",
    ].join('\n');
    expect(upwardImports(importer, sample)).toEqual(['1: @/features/auth/use-auth', '4: ../routes/home.tsx']);
    expect(layerOf('app.tsx')).toBeGreaterThan(layerOf('routes/home.tsx'));
  });

  it('gives every folder and file of web/src a layer', () => {
    const unplaced = sourceFiles(WEB_SRC)
      .map((path) => relative(WEB_SRC, path))
      .filter((name) => !isTestCode(name) && !name.endsWith('.d.ts') && layerOf(name) === -1);
    expect(unplaced).toEqual([]);
  });

  it('never imports from a higher layer', () => {
    const offenders = sourceFiles(WEB_SRC).flatMap((path) => {
      const name = relative(WEB_SRC, path);
      if (isTestCode(name)) return [];
      return upwardImports(path, readFileSync(path, 'utf8')).map((hit) => `${name}:${hit}`);
    });
    expect(offenders).toEqual([]);
  });
});

/**
 * The client talks to the server over HTTP only, and the tree says so: nothing under web/, tests and their
 * test-support/ included, imports the server's code (or the e2e, bench and scripts folders). Wiring that spans
 * both tiers (a real server app for the sync engine's tests, the fake network to it) lives in the repository's
 * top-level test-support/, which tests on either side may import and production code never does.
 */
const TIERS_BEYOND_THE_CLIENT = ['server', 'e2e', 'bench', 'scripts'].map((name) => join(REPOSITORY, name));
const SHARED_TEST_SUPPORT = join(REPOSITORY, 'test-support');

/** Where a relative import of a file under web/ lands that it must not: another tier, or (outside tests) shared test wiring. */
function crossTierImports(importer: string, text: string): string[] {
  const isTest = isTestCode(relative(WEB_SRC, importer));
  return importsIn(importer, text).filter((hit) => {
    const specifier = hit.slice(hit.indexOf(': ') + 2);
    if (!specifier.startsWith('.')) return false;
    const target = resolve(dirname(importer), specifier);
    const inside = (folder: string) => target === folder || target.startsWith(`${folder}/`);
    return TIERS_BEYOND_THE_CLIENT.some(inside) || (!isTest && inside(SHARED_TEST_SUPPORT));
  });
}

describe('the client tier', () => {
  it('finds an import of server code, and of the shared test wiring outside tests', () => {
    const sample = (up: string) =>
      [
        `import { ApiClient } from '${up}server/test-support/api-client.ts';`,
        `import { startRealServer } from '${up}test-support/real-server.ts';`,
        "import type { Catch } from '#core/catch.ts';",
        "import { createOutbox } from '../offline/outbox.ts';",
      ].join('\n');
    const helper = join(WEB_SRC, 'test-support', 'offline-device.ts');
    expect(crossTierImports(helper, sample('../../../'))).toEqual([
      '1: ../../../server/test-support/api-client.ts',
    ]);
    const screen = join(WEB_SRC, 'features', 'log', 'log-catch-form.tsx');
    expect(crossTierImports(screen, sample('../../../../'))).toEqual([
      '1: ../../../../server/test-support/api-client.ts',
      '2: ../../../../test-support/real-server.ts',
    ]);
  });

  it('imports no server code anywhere under web/, tests included', () => {
    const offenders = sourceFiles(join(REPOSITORY, 'web')).flatMap((path) =>
      crossTierImports(path, readFileSync(path, 'utf8')).map((hit) => `${relative(REPOSITORY, path)}:${hit}`),
    );
    expect(offenders).toEqual([]);
  });
});

/**
 * The names the page and the service worker share (databases, caches, channels, the sync tag,
 * the lock, the worker's message) are spelled once, in offline/storage-names.ts; everyone else imports them.
 */
const STORAGE_NAMES = new Set<string>([
  OUTBOX_DB.name,
  QUERY_CACHE_DB.name,
  SESSION_DB.name,
  EXPIRATION_DB.name,
  ...Object.values(PHOTO_CACHES),
  OUTBOX_CHANNEL,
  SESSION_CHANNEL,
  BACKGROUND_SYNC_TAG,
  FLUSH_LOCK,
  FORGET_PHOTOS_MESSAGE,
]);

/** Where a string is the module an import names ('workbox-expiration' is a package, not our database). */
function isModuleSpecifier(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword)
  );
}

/** Every string literal (or whole template without substitutions) in a file but module names, as "line: text". */
function stringsIn(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isModuleSpecifier(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${line}: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the offline storage names', () => {
  it('are spelled only in offline/storage-names.ts', () => {
    const sample = [
      "import { ExpirationPlugin } from 'workbox-expiration';",
      "// caches.open('photo-thumbs')",
      "const a = caches.open('photo-thumbs');",
    ].join('\n');
    expect(stringsIn('sample.ts', sample)).toEqual(['3: photo-thumbs']);
    const offenders = sourceFiles(WEB_SRC).flatMap((path) => {
      const name = relative(WEB_SRC, path);
      if (name === join('offline', 'storage-names.ts') || /\.test\.tsx?$|(^|\/)test-support\//.test(name))
        return [];
      return stringsIn(name, readFileSync(path, 'utf8'))
        .filter((hit) => STORAGE_NAMES.has(hit.slice(hit.indexOf(': ') + 2)))
        .map((hit) => `${name}:${hit}`);
    });
    expect(offenders).toEqual([]);
  });
});
