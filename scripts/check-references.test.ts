import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findingsIn,
  formatAllowlist,
  headingAnchor,
  judge,
  namedPaths,
  outsideCitations,
  parseAllowlist,
} from './check-references.ts';

// A small repository of its own: one document with headings, one source file.
const root = mkdtempSync(path.join(tmpdir(), 'tightlines-references-'));
mkdirSync(path.join(root, 'docs'));
mkdirSync(path.join(root, 'server'));
writeFileSync(path.join(root, 'docs', 'product.md'), '# Product\n\n## Barometer\n\n### Sun and moon\n');
writeFileSync(path.join(root, 'server', 'app.ts'), 'export {};\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('outside citations', () => {
  it('finds sections, the specification and issues in prose', () => {
    expect(outsideCitations('Barometer rules of SPEC §4 and §9 (DESIGN § 7).')).toEqual(['§4', '§9', '§ 7']);
    expect(outsideCitations('As the spec says; see SPEC.md and DESIGN.md')).toEqual([
      'SPEC.md',
      'DESIGN.md',
      'the spec',
    ]);
    expect(outsideCitations('found by issue 9, Issue #12 and issues 13; fixed in #14.')).toEqual([
      'issue 9',
      'Issue #12',
      'issues 13',
      '#14',
    ]);
  });

  it('leaves colours, anchors, ids and ordinary words alone', () => {
    expect(
      outsideCitations(
        "color #0b5e78; docs/product.md#barometer; the account id as #{id}; the spectrum; 'Catch #' + id; an issue of trust",
      ),
    ).toEqual([]);
  });
});

describe('named paths', () => {
  it('reads backticked repository paths and any docs/ Markdown file, and not patterns or other code', () => {
    expect(
      namedPaths(
        'see `server/app.ts:12`, `web/src/**/*.test.tsx`, `server/db/migrations/NNN-name.ts`, `npm test`, ' +
          '`foo/bar.ts`, `README.md` and docs/product.md#barometer.',
      ),
    ).toEqual(['server/app.ts', 'README.md', 'docs/product.md#barometer']);
  });

  it('makes anchors as GitHub does', () => {
    expect(headingAnchor('Sun and moon')).toBe('sun-and-moon');
    expect(headingAnchor('Why `npm install` rewrote it')).toBe('why-npm-install-rewrote-it');
  });
});

describe('a file checked', () => {
  it('reports citations in comments, JSX comments included, and only the unambiguous ones in strings', () => {
    const source = [
      '// The rule of SPEC §4.',
      "const title = 'Welcome (issue 9)';",
      "const color = '#12'; // not a citation: code",
      'const a = <div>{/* as the spec says */}</div>;',
      "const b = 'as the spec says, in a string';",
    ].join('\n');
    expect(findingsIn(root, 'web/src/x.tsx', source)).toEqual([
      { file: 'web/src/x.tsx', line: 1, kind: 'cites', text: '§4' },
      { file: 'web/src/x.tsx', line: 4, kind: 'cites', text: 'the spec' },
      { file: 'web/src/x.tsx', line: 2, kind: 'cites', text: 'issue 9' },
    ]);
  });

  it('reports a path or a heading that does not exist, in comments and in documents', () => {
    const source = [
      '/**',
      ' * Built by `server/app.ts`; the rule is docs/product.md#barometer, the moon docs/product.md#sun-and-moon.',
      ' * Gone: `server/old-app.ts`, docs/product.md#tides and `docs/nowhere.md`.',
      ' */',
      "const path = 'server/not-checked-in-strings.ts';",
    ].join('\n');
    expect(
      findingsIn(root, 'server/x.ts', source).map(({ line, kind, text }) => `${line} ${kind} ${text}`),
    ).toEqual(['3 path server/old-app.ts', '3 path docs/nowhere.md', '3 path docs/product.md#tides']);
    const markdown = [
      'See `server/app.ts` and `server/gone.ts`.',
      '```',
      'server/  `also/not-a-path`',
      '```',
    ];
    expect(findingsIn(root, 'docs/x.md', markdown.join('\n'))).toEqual([
      { file: 'docs/x.md', line: 1, kind: 'path', text: 'server/gone.ts' },
    ]);
  });

  it('reads #-comments of shell scripts and configuration', () => {
    expect(findingsIn(root, '.ci/run', 'echo "#3 not a comment"\n# see issue 4\n')).toEqual([
      { file: '.ci/run', line: 2, kind: 'cites', text: 'issue 4' },
    ]);
  });
});

describe('the allowlist', () => {
  const findings = [
    { file: 'a.ts', line: 1, kind: 'cites' as const, text: '§1' },
    { file: 'a.ts', line: 2, kind: 'cites' as const, text: '§2' },
    { file: 'b.md', line: 3, kind: 'path' as const, text: 'server/gone.ts' },
  ];

  it('round-trips as counts per file and kind', () => {
    const allowed = parseAllowlist(formatAllowlist(findings));
    expect([...allowed]).toEqual([
      ['cites a.ts', 2],
      ['path b.md', 1],
    ]);
    expect(judge(findings, allowed)).toEqual({ errors: [], stale: [] });
  });

  it('fails on a new finding, in a listed file too', () => {
    const { errors } = judge(findings, parseAllowlist('cites 1 a.ts\n'));
    expect(errors).toEqual([
      'a.ts:1: cites outside the repository: §1',
      'a.ts:2: cites outside the repository: §2',
      '  (a.ts may have 1 of these; it has 2)',
      'b.md:3: names a path that does not exist: server/gone.ts',
    ]);
  });

  it('asks for a count to be lowered once findings are fixed', () => {
    const { errors, stale } = judge(
      findings.slice(1),
      parseAllowlist('cites 2 a.ts\npath 1 b.md\npath 4 c.ts'),
    );
    expect(errors).toEqual([]);
    expect(stale).toEqual(['cites a.ts: allowed 2, found 1', 'path c.ts: allowed 4, found 0']);
  });

  it('refuses a line it cannot read', () => {
    expect(() => parseAllowlist('cites a.ts 2')).toThrow('cannot read');
  });
});
