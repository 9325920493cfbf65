// Start-up (decision 022): how long `npm start` of a built app takes to give its first answer, as an operator starts it
// (npm, scripts/start.ts checking the build, then the server), and how much CPU the whole process tree used by
// then. The CPU time hardly depends on what else the machine runs; the wall clock does, so both are reported.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { freePort, waitForExit } from '../../server/test-support/child-processes.ts';
import { REPO_ROOT, serverEnv } from '../../server/test-support/server-process.ts';
import { cpuMs, onCleanup, rssMb } from './processes.ts';

interface StartupRun {
  /** Spawn of `npm start` → the first answer of GET /api/user (401), ms. */
  wallMs: number;
  /** CPU time of npm, scripts/start.ts and the server together at that moment, ms. */
  cpuMs: number | null;
  /** RSS of that process tree then, MB (npm and sh included). */
  rssMb: number | null;
}

export interface StartupFigures {
  runs: StartupRun[];
  /** Load average (1 min) when the runs started. */
  loadAverage: number;
  /** The first start (not counted) rebuilt the web app: dist/web was older than its sources. */
  rebuiltFirst: boolean;
}

/** npm as the benchmark itself was started (npm sets npm_execpath), else the npm on the PATH. */
function npmCommand(): { command: string; args: string[] } {
  const cli = process.env.npm_execpath;
  return cli && existsSync(cli)
    ? { command: process.execPath, args: [cli, 'start'] }
    : { command: 'npm', args: ['start'] };
}

/** Whether any process of the group led by `pid` is still alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the process group of a `npm start` (npm, its shell and the server), SIGKILL after 10 s. npm may exit before
 * the server has finished its shutdown (its conditions job ends the pass under way) and let go of the database's
 * lock: it waits for the whole group, so the next start finds the lock free.
 */
async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || !groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  if (groupAlive(pid)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await waitForExit(child, 10_000);
}

async function startOnce(
  dataDir: string,
  extraEnv: NodeJS.ProcessEnv,
): Promise<{ run: StartupRun; output: string }> {
  const port = await freePort();
  const { command, args } = npmCommand();
  const started = performance.now();
  // Its own process group, so npm, sh and node stop together.
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: serverEnv(port, dataDir, extraEnv),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const forget = onCleanup(() => stopGroup(child));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/user`, {
          signal: AbortSignal.timeout(1000),
        });
        await response.body?.cancel();
        if (response.status === 401) break;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error(`npm start did not answer:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const wallMs = performance.now() - started;
    return { run: { wallMs, cpuMs: cpuMs(child.pid), rssMb: rssMb(child.pid) }, output };
  } finally {
    await stopGroup(child);
    forget();
  }
}

/**
 * `npm start` on a copy of the seeded data directory, `runs` times after one start that is not counted (it warms
 * the disk cache, and rebuilds the web app if dist/web is stale, which would not be "a built app").
 */
export async function benchStartup(
  seededDataDir: string,
  runs: number,
  log: (line: string) => void,
  /** The server's environment beyond serverEnv's (the weather provider the conditions jobs call). */
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<StartupFigures> {
  const dataDir = path.join(seededDataDir, 'startup');
  mkdirSync(dataDir, { recursive: true });
  for (const file of readdirSync(seededDataDir)) {
    if (file.startsWith('tightlines.db')) cpSync(path.join(seededDataDir, file), path.join(dataDir, file));
  }
  const { loadavg } = await import('node:os');
  const loadAverage = loadavg()[0] ?? Number.NaN;
  const first = await startOnce(dataDir, extraEnv);
  const rebuiltFirst = first.output.includes('Building the web app');
  const measured: StartupRun[] = [];
  for (let i = 0; i < runs; i++) {
    const { run } = await startOnce(dataDir, extraEnv);
    measured.push(run);
    log(
      `  npm start → first answer: ${run.wallMs.toFixed(0)} ms, CPU ${run.cpuMs?.toFixed(0)} ms, ` +
        `RSS ${run.rssMb?.toFixed(0)} MB`,
    );
  }
  return { runs: measured, loadAverage, rebuiltFirst };
}
