// WEB_CONCURRENCY=2 (docs/deploy.md#worker-processes-web_concurrency): the real server as a node:cluster primary with two workers on a fresh
// PostgreSQL database. The primary migrates before it forks (the workers start without racing the migrations),
// replaces a worker that dies, and on SIGTERM stops every worker and exits 0. PostgreSQL only: the configuration
// refuses several workers on SQLite (config.test.ts).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOnFreePort, waitForExit } from './test-support/child-processes.ts';
import { type ServerProcess, serverEnv, startServerProcess } from './test-support/server-process.ts';
import { createTestPostgresDatabase } from './test-support/test-app.ts';

const NO_POSTGRES = 'no PostgreSQL: TEST_DATABASE_URL is unset';
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

/** A GET on a connection of its own (node:cluster hands each new connection to the next worker). */
function getOnNewConnection(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}
if (!process.env.TEST_DATABASE_URL) console.warn(`WEB_CONCURRENCY test skipped: ${NO_POSTGRES}`);

/** The process ids of a process's children (the workers of a cluster primary). */
async function childrenOf(pid: number): Promise<number[]> {
  const { stdout } = await promisify(execFile)('ps', ['--ppid', String(pid), '-o', 'pid=']).catch(
    // ps exits 1 when there are none.
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  return stdout
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => n > 0);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `condition` until it holds; fails with `what` after `timeoutMs`. */
async function waitFor<T>(what: string, condition: () => Promise<T | null>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('WEB_CONCURRENCY=2 with node:cluster', () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let dataDir: string;
  let baseUrl: string;
  let server: ServerProcess | undefined;

  /** Worker pids that said they are up, from the log. */
  const workersUp = () =>
    [...(server?.output() ?? '').matchAll(/Tightlines worker (\d+) is up/g)].map((match) => Number(match[1]));

  beforeAll(async () => {
    const created = await createTestPostgresDatabase('tl_cluster');
    database = created;
    dataDir = await mkdtemp(path.join(tmpdir(), 'tightlines-cluster-'));
    server = await startOnFreePort((port) => {
      baseUrl = `http://127.0.0.1:${port}`;
      return startServerProcess(
        serverEnv(port, dataDir, {
          DATABASE_URL: created.url,
          WEB_CONCURRENCY: '2',
          LOG_LEVEL: 'info',
          METRICS_TOKEN: METRICS_TOKEN,
        }),
        baseUrl,
      );
    });
  }, 60_000);

  afterAll(async () => {
    const primary = server?.child;
    if (primary?.pid && primary.exitCode === null && primary.signalCode === null) {
      for (const pid of await childrenOf(primary.pid)) process.kill(pid, 'SIGKILL');
      primary.kill('SIGKILL');
      await server?.exited;
    }
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('migrates once in the primary, then serves from two workers, replaces one that dies, and stops on SIGTERM', async () => {
    const primary = server?.child;
    if (!primary?.pid || !server) throw new Error('the server did not start');
    const output = server.output;

    // Both workers came up on the fresh database: neither raced the other through the migrations.
    const workers = await waitFor('two workers up', async () => {
      const up = workersUp();
      return up.length === 2 ? up : null;
    });
    expect((await childrenOf(primary.pid)).sort()).toEqual([...workers].sort());
    // The primary forks only once its migrations are done, and says so before any worker is up.
    expect(output().indexOf('Tightlines: 2 workers on port')).toBeGreaterThanOrEqual(0);
    expect(output().indexOf('Tightlines: 2 workers on port')).toBeLessThan(output().indexOf('is up on'));
    expect(output()).not.toMatch(/already exists|migration .* failed/i);

    // It serves: an account and a catch through whichever worker takes each connection.
    const registered = await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'cluster_angler', password: 'river-trout-42' }),
    });
    expect(registered.status).toBe(201);
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';', 1)[0] as string;
    for (let i = 0; i < 6; i++) {
      const created = await fetch(`${baseUrl}/api/mobile-catch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ fishType: `Carp ${i}` }),
      });
      expect(created.status).toBe(201);
    }
    const listed = (await (
      await fetch(`${baseUrl}/api/catches`, { headers: { cookie } })
    ).json()) as unknown[];
    expect(listed).toHaveLength(6);

    // A scrape reaches one worker, and answers for both: each new connection may go to either worker, and each
    // says the six catches were created (before the primary gathered them, a worker counted only its own).
    for (let scrape = 0; scrape < 4; scrape++) {
      const metrics = await getOnNewConnection(`${baseUrl}/api/metrics`, {
        authorization: `Bearer ${METRICS_TOKEN}`,
      });
      expect(metrics.status).toBe(200);
      expect(metrics.body).toMatch(
        /^tightlines_http_requests_total\{method="POST",route="\/api\/mobile-catch",status="201"\} 6$/m,
      );
    }

    // A worker killed outright is replaced.
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, 'SIGKILL');
    const replacement = await waitFor('a replacement worker', async () => {
      const current = await childrenOf(primary.pid as number);
      const fresh = current.filter((pid) => pid !== survivor && pid !== victim);
      return current.length === 2 && current.includes(survivor) && fresh.length === 1 ? fresh[0] : null;
    });
    await waitFor('the replacement to serve', async () =>
      workersUp().includes(replacement as number) ? true : null,
    );
    expect(output()).toMatch(new RegExp(`worker ${victim} died \\(SIGKILL\\): starting another`));

    // SIGTERM: every worker drains and exits, then the primary exits 0.
    primary.kill('SIGTERM');
    expect(await waitForExit(primary, 30_000)).toBe(true);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(isRunning(survivor)).toBe(false);
    expect(isRunning(replacement as number)).toBe(false);
    expect(output().match(/"msg":"shutting down/g)).toHaveLength(2);
  }, 90_000);
});
