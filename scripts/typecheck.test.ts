import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const REPOSITORY = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'tightlines-typecheck-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A one-file TypeScript project; `source` is its only file. */
function project(name: string, source: string): string {
  writeFileSync(path.join(dir, `${name}.ts`), source);
  const config = path.join(dir, `${name}.tsconfig.json`);
  writeFileSync(
    config,
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, files: [`${name}.ts`] }),
  );
  return config;
}

function runTypecheck(...projects: string[]) {
  const bin = path.join(REPOSITORY, 'node_modules', '.bin');
  return spawnSync(process.execPath, [path.join(REPOSITORY, 'scripts', 'typecheck.ts'), ...projects], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
  });
}

// Each run starts two tsc processes: seconds on a quiet machine, much longer on a busy one.
const BUSY_MACHINE_TIMEOUT = 180_000;

describe('npm run typecheck', () => {
  it(
    'runs the second project when the first has errors, reports each, and fails',
    () => {
      const broken = project('broken', "export const weight: number = 'heavy';\n");
      const clean = project('clean', 'export const weight: number = 2.5;\n');
      const run = runTypecheck(broken, clean);
      expect(run.status).toBe(1);
      expect(run.stdout).toContain(`tsc -p ${broken}: errors`);
      expect(run.stdout).toContain("Type 'string' is not assignable to type 'number'");
      expect(run.stdout).toContain(`tsc -p ${clean}: no errors`);
    },
    BUSY_MACHINE_TIMEOUT,
  );

  it(
    'fails when only the second project has errors',
    () => {
      const clean = project('clean-first', 'export const weight: number = 2.5;\n');
      const broken = project('broken-second', 'export const length: string = 14;\n');
      const run = runTypecheck(clean, broken);
      expect(run.status).toBe(1);
      expect(run.stdout).toContain(`tsc -p ${clean}: no errors`);
      expect(run.stdout).toContain("Type 'number' is not assignable to type 'string'");
    },
    BUSY_MACHINE_TIMEOUT,
  );
});
