import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * `npm run lint:references` (part of `npm run check`): the repository stands on its own.
 * - No comment or document cites something the repository does not hold: a numbered section of an outside
 *   document (a section sign and a number), the product specification or the design by their file names or by
 *   a shorthand, or an issue of the tracker (the word issue and a number, or a hash and a number). Cite a section of
 *   docs/product.md or a decision record instead, or state the rule itself. Strings in code are held to the
 *   unambiguous forms only (a test's title, a generated report).
 * - Every repository path in backticks in a document (Markdown) or a code comment exists (or is a build's output,
 *   ignored by git), and so does every docs/ Markdown file a comment or document names, with its #heading if
 *   it names one (docs/product.md#barometer).
 *
 * Offenders known when the check came are listed in scripts/check-references.allowlist, as counts per file; a
 * file may have at most its count, and a count that is now too high must be lowered (`--update` rewrites the list
 * from the tree; review the diff: it should only shrink).
 */

const REPOSITORY = path.resolve(import.meta.dirname, '..');
export const ALLOWLIST = path.join(REPOSITORY, 'scripts', 'check-references.allowlist');

export type Kind = 'cites' | 'path';
export interface Finding {
  file: string;
  line: number;
  kind: Kind;
  text: string;
}

/** A citation of something outside the repository, in prose (a comment, a document). */
const OUTSIDE_CITATIONS: readonly RegExp[] = [
  /§\s*\d+/g,
  /\b(?:SPEC|DESIGN)\.md\b/g,
  /\bthe spec(?:ification)?\b(?!-)/gi,
  /\bissues?\s+#?\d+/gi,
  // A hash and a number as an issue or pull request, not a colour (#0b5e78) or an anchor; once per citation.
  /(?<![\w/&#])(?<!issues?\s+)#\d+(?![\w-])/gi,
];

/** The same, in a string of code (a test's title, a generated report): only the forms that cannot be anything else. */
const OUTSIDE_CITATIONS_IN_STRINGS: readonly RegExp[] = [
  /§\s*\d+/g,
  /\b(?:SPEC|DESIGN)\.md\b/g,
  /\bissues?\s+#?\d+/gi,
];

export function outsideCitations(text: string, patterns = OUTSIDE_CITATIONS): string[] {
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[0]));
}

/** The folders and root files a path in the prose may start with; anything else is not taken for a path. */
const TOP_LEVEL = /^(?:\.ci|android|bench|core|deploy|docs|e2e|ios|scripts|server|test-support|web)\//;
const ROOT_FILES = new Set([
  'README.md',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'vitest.config.ts',
  'biome.json',
  'knip.jsonc',
  'capacitor.config.ts',
  '.env.example',
  '.nvmrc',
]);
/** Made by a build or a run, not kept in the repository (.gitignore; Gradle's build/ folders). */
const GENERATED = /^(?:dist|data|node_modules|test-results)(?:\/|$)|\/build\//;

/**
 * The repository paths a piece of prose names: in backticks (a file, a folder, a file and its line), and any
 * Markdown file under docs/ with or without backticks, so that a comment's pointer to a section of
 * docs/product.md is checked however it is quoted.
 */
export function namedPaths(text: string): string[] {
  const found: string[] = [];
  for (const [, quoted = ''] of text.matchAll(/`([^`\s]+)`/g)) {
    const candidate = quoted.replace(/[.,;:)]+$/, '').replace(/:\d+(?::\d+)?$/, '');
    if (/[*<>{}$…]|NNN/.test(candidate)) continue; // a pattern, not a path
    if (TOP_LEVEL.test(candidate) || ROOT_FILES.has(candidate)) found.push(candidate);
  }
  for (const [doc = ''] of text.matchAll(/(?<![\w/.-])docs\/[\w./-]+\.md(?:#[\w-]+)?/g)) {
    if (!found.includes(doc)) found.push(doc);
  }
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) anchors.add(headingAnchor(heading[1] ?? ''));
  }
  return anchors;
}

/** Whether git ignores a path (a build's output, a signing key, a copy made by a tool): named, never kept. */
function ignoredByGit(root: string, file: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', file], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether a named path is there: the file or folder exists (or is a build's output), and its #anchor a heading. */
export function pathExists(root: string, named: string): boolean {
  const [file = '', anchor] = named.split('#');
  const clean = file.replace(/\/$/, '');
  if (GENERATED.test(clean)) return true;
  const full = path.join(root, clean);
  if (!existsSync(full)) return anchor === undefined && ignoredByGit(root, clean);
  if (anchor === undefined) return true;
  return anchorsOf(readFileSync(full, 'utf8')).has(anchor);
}

/** Every comment of a TypeScript file (JSX comments included) and every string, with the line each starts on. */
export function commentsAndStrings(fileName: string, text: string) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const comments = new Map<number, string>();
  const strings: { line: number; text: string }[] = [];
  const collect = (pos: number, end: number) => {
    if (!comments.has(pos)) comments.set(pos, text.slice(pos, end));
  };
  const visit = (node: ts.Node): void => {
    ts.forEachLeadingCommentRange(text, node.getFullStart(), collect);
    ts.forEachTrailingCommentRange(text, node.getEnd(), collect);
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      strings.push({ line: lineOf(source, node.getStart(source)), text: node.text });
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return {
    comments: [...comments].map(([pos, comment]) => ({ line: lineOf(source, pos), text: comment })),
    strings,
  };
}

function lineOf(source: ts.SourceFile, pos: number): number {
  return source.getLineAndCharacterOfPosition(pos).line + 1;
}

/** Comments of a file with #-comments (shell, HAProxy, .env.example) or /* *\/-comments (CSS). */
function simpleComments(file: string, text: string): { line: number; text: string }[] {
  const lines = text.split('\n');
  if (file.endsWith('.css')) {
    return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({
      line: text.slice(0, match.index).split('\n').length,
      text: match[0],
    }));
  }
  return lines.flatMap((line, index) => {
    const at = line.search(/(^|\s)#/);
    return at < 0 ? [] : [{ line: index + 1, text: line.slice(at) }];
  });
}

/** Split prose into its lines, keeping each one's number (a finding names the line it is on). */
function proseLines(start: number, text: string): { line: number; text: string }[] {
  return text.split('\n').map((line, index) => ({ line: start + index, text: line }));
}

/** What one file says that it must not: outside citations and missing paths. */
export function findingsIn(root: string, file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  const check = (line: number, prose: string, patterns = OUTSIDE_CITATIONS, paths = true) => {
    for (const cited of outsideCitations(prose, patterns))
      findings.push({ file, line, kind: 'cites', text: cited });
    if (!paths) return;
    for (const named of namedPaths(prose)) {
      if (!pathExists(root, named)) findings.push({ file, line, kind: 'path', text: named });
    }
  };
  if (/\.(?:ts|tsx|mts|js|mjs)$/.test(file)) {
    const { comments, strings } = commentsAndStrings(file, text);
    for (const comment of comments)
      for (const line of proseLines(comment.line, comment.text)) check(line.line, line.text);
    for (const string of strings) check(string.line, string.text, OUTSIDE_CITATIONS_IN_STRINGS, false);
  } else if (file.endsWith('.md')) {
    let inFence = false;
    for (const line of proseLines(1, text)) {
      if (line.text.startsWith('```')) inFence = !inFence;
      // Inside a code block only the citations count: a listing of folders is not a claim that each exists.
      check(line.line, line.text, OUTSIDE_CITATIONS, !inFence);
    }
  } else {
    for (const comment of simpleComments(file, text)) check(comment.line, comment.text);
  }
  return findings;
}

/** The files the check reads: code, documents and commented configuration the repository keeps (not the native shells). */
export function filesToCheck(root: string): string[] {
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  return [...new Set(tracked)].filter(
    (file) =>
      existsSync(path.join(root, file)) &&
      !/^(?:android|ios)\//.test(file) &&
      file !== path.relative(root, ALLOWLIST) &&
      // Its samples are the very forms it must find.
      file !== 'scripts/check-references.test.ts' &&
      (/\.(?:ts|tsx|mts|js|mjs|md|css|sh|cfg|jsonc)$/.test(file) ||
        ['.ci/run', '.env.example'].includes(file)),
  );
}

export type Allowlist = Map<string, number>;

/** The allowlist: one "kind count file" a line; '#' starts a comment. */
export function parseAllowlist(text: string): Allowlist {
  const allowed: Allowlist = new Map();
  for (const raw of text.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    const match = /^(cites|path)\s+(\d+)\s+(\S+)$/.exec(line);
    if (!match) throw new Error(`check-references.allowlist: cannot read "${raw}"`);
    allowed.set(`${match[1]} ${match[3]}`, Number(match[2]));
  }
  return allowed;
}

export function formatAllowlist(findings: readonly Finding[]): string {
  const counts = new Map<string, number>();
  for (const { kind, file } of findings)
    counts.set(`${kind} ${file}`, (counts.get(`${kind} ${file}`) ?? 0) + 1);
  const lines = [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => {
      const [kind, file] = key.split(' ');
      return `${kind} ${count} ${file}`;
    });
  return [
    '# Offenders of scripts/check-references.ts when it came: "kind count file", at most that many findings of that',
    '# kind in that file. cites = a citation of something outside the repository; path = a named path that does not',
    '# exist. Lower a count when you fix one (npm run lint:references -- --update); never raise one.',
    ...lines,
    '',
  ].join('\n');
}

/** What fails: findings beyond a file's allowance, and allowances larger than what is left (to be lowered). */
export function judge(
  findings: readonly Finding[],
  allowed: Allowlist,
): { errors: string[]; stale: string[] } {
  const byKey = new Map<string, Finding[]>();
  for (const finding of findings) {
    const key = `${finding.kind} ${finding.file}`;
    byKey.set(key, [...(byKey.get(key) ?? []), finding]);
  }
  const errors: string[] = [];
  for (const [key, list] of byKey) {
    const allowance = allowed.get(key) ?? 0;
    if (list.length <= allowance) continue;
    const what =
      list[0]?.kind === 'cites' ? 'cites outside the repository' : 'names a path that does not exist';
    for (const { file, line, text } of list) errors.push(`${file}:${line}: ${what}: ${text}`);
    if (allowance > 0)
      errors.push(`  (${key.split(' ')[1]} may have ${allowance} of these; it has ${list.length})`);
  }
  const stale = [...allowed]
    .filter(([key, allowance]) => (byKey.get(key)?.length ?? 0) < allowance)
    .map(([key, allowance]) => `${key}: allowed ${allowance}, found ${byKey.get(key)?.length ?? 0}`);
  return { errors, stale };
}

export function findAll(root: string): Finding[] {
  return filesToCheck(root).flatMap((file) =>
    findingsIn(root, file, readFileSync(path.join(root, file), 'utf8')),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const findings = findAll(REPOSITORY);
  if (process.argv.includes('--update')) {
    writeFileSync(ALLOWLIST, formatAllowlist(findings));
    console.log(
      `check-references: wrote ${findings.length} findings to ${path.relative(REPOSITORY, ALLOWLIST)}`,
    );
  } else {
    const allowed = existsSync(ALLOWLIST) ? parseAllowlist(readFileSync(ALLOWLIST, 'utf8')) : new Map();
    const { errors, stale } = judge(findings, allowed);
    for (const error of errors) console.error(error);
    if (stale.length > 0) {
      console.error(
        'check-references: fewer findings than the allowlist allows; lower these counts (--update):',
      );
      for (const line of stale) console.error(`  ${line}`);
    }
    const allowedTotal = [...allowed.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `check-references: ${findings.length} known findings in the allowlist's ${allowed.size} entries (${allowedTotal} allowed), ${errors.length > 0 ? 'new ones above' : 'no new ones'}`,
    );
    process.exitCode = errors.length > 0 || stale.length > 0 ? 1 : 0;
  }
}
