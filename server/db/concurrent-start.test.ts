import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort, waitForExit } from '../test-support/child-processes.ts';
import {
  type ServerProcess,
  serverEnv,
  spawnServer,
  waitUntilServing,
} from '../test-support/server-process.ts';
import { openDatabase } from './database.ts';
import { migrations } from './migrations.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MIGRATION_COUNT = Object.keys(migrations('sqlite')).length;

/** What the migrations table of `file` says: every migration applied, each exactly once. */
function appliedMigrations(file: string): { total: number; distinct: number } {
  const sqlite = new DatabaseSync(file, { readOnly: true });
  try {
    const row = sqlite
      .prepare('select count(*) as total, count(distinct name) as distinct_names from kysely_migration')
      .get();
    return { total: Number(row?.total), distinct: Number(row?.distinct_names) };
  } finally {
    sqlite.close();
  }
}

/**
 * A process that opens (and migrates) the database the way the server and the scripts do, once told to: started
 * first and released together, several of them hit a new file within the same moment.
 */
function opener(file: string): {
  ready: Promise<void>;
  go(): void;
  exited: Promise<{ code: number | null; output: string }>;
} {
  const script = `
    const { openDatabase } = await import(${JSON.stringify(new URL('./database.ts', import.meta.url).href)});
    process.stdin.once('data', async () => {
      try {
        const database = await openDatabase({ engine: 'sqlite', file: ${JSON.stringify(file)} });
        await database.close();
        process.exit(0);
      } catch (error) {
        console.error(error.message);
        process.exit(1);
      }
    });
    console.log('ready');`;
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script],
    {
      cwd: REPO_ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve();
    });
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
  return { ready, go: () => child.stdin.end('go\n'), exited };
}

/** Resolves once the server answers ('serving') or exits ('exited'), whichever comes first. */
async function outcome(server: ServerProcess, port: number): Promise<'serving' | 'exited'> {
  try {
    await waitUntilServing(server, `http://127.0.0.1:${port}`);
    return 'serving';
  } catch {
    if (server.child.exitCode === null && server.child.signalCode === null) throw new Error(server.output());
    return 'exited';
  }
}

describe('several processes starting at once on one new SQLite file', () => {
  let dataDir: string;
  let file: string;
  const servers: ServerProcess[] = [];

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tightlines-concurrent-'));
    file = path.join(dataDir, 'tightlines.db');
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.child.kill('SIGKILL');
      await waitForExit(server.child, 10_000);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('three processes released at once: all open it, and the schema is migrated once', async () => {
    const processes = [1, 2, 3].map(() => opener(file));
    await Promise.all(processes.map((process) => process.ready));
    for (const process of processes) process.go();
    for (const result of await Promise.all(processes.map((process) => process.exited))) {
      expect(result.code, result.output).toBe(0);
    }
    expect(appliedMigrations(file)).toEqual({ total: MIGRATION_COUNT, distinct: MIGRATION_COUNT });
  });

  it('three servers: one serves, the others stop with the one-server message, none dies migrating', async () => {
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    servers.push(...ports.map((port) => spawnServer(serverEnv(port, dataDir))));
    const outcomes = await Promise.all(servers.map((server, i) => outcome(server, ports[i] ?? 0)));
    expect(outcomes.filter((result) => result === 'serving')).toHaveLength(1);
    for (const [i, server] of servers.entries()) {
      if (outcomes[i] === 'serving') continue;
      expect(server.child.exitCode, server.output()).toBe(1);
      expect(server.output()).toContain(`Another Tightlines server is already using ${file}`);
      expect(server.output()).not.toMatch(/already exists|migration/i);
    }
    expect(appliedMigrations(file)).toEqual({ total: MIGRATION_COUNT, distinct: MIGRATION_COUNT });
  });

  it('three connections of one process (tests, a script): each waits for the one migrating', async () => {
    const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ engine: 'sqlite', file })));
    try {
      for (const database of databases) {
        expect(await database.db.selectFrom('users').select('id').execute()).toEqual([]);
      }
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
    expect(appliedMigrations(file)).toEqual({ total: MIGRATION_COUNT, distinct: MIGRATION_COUNT });
  });
});
