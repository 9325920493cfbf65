// Child processes of the benchmark: the real server, the bare node:http ceiling. Every process started here is
// registered, so the run stops all of them whatever happens (error, Ctrl-C, the overall time limit).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForExit } from '../../server/test-support/child-processes.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const running = new Set<ChildProcess>();
const cleanups = new Set<() => Promise<void> | void>();

/** Registers something to stop at the end of the run (a browser, a Chrome for Lighthouse). */
export function onCleanup(cleanup: () => Promise<void> | void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Stops every process and resource this run started. Safe to call more than once. */
export async function stopEverything(): Promise<void> {
  for (const cleanup of [...cleanups]) {
    cleanups.delete(cleanup);
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
  await Promise.all([...running].map((child) => stopProcess(child)));
}

/** SIGTERM, then SIGKILL after 10 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 10_000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  }
  running.delete(child);
}

/** Resident set size of a process, in MB (Linux /proc), or null when it cannot be read. */
export function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every 200 ms until stopped; returns the peak. */
export function sampleRss(pid: number | undefined): { stop: () => number | null } {
  let peak: number | null = rssMb(pid);
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, 200);
  return {
    stop: () => {
      clearInterval(timer);
      const now = rssMb(pid);
      if (now !== null && (peak === null || now > peak)) peak = now;
      return peak;
    },
  };
}

export interface Started {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Spawns `node ARGS` from the repository root and waits until GET readyPath answers readyStatus. */
export async function startNodeProcess(options: {
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  readyStatus: number;
  label: string;
}): Promise<Started> {
  const child = spawn(process.execPath, options.args, {
    cwd: REPO_ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(child);
      throw new Error(`${options.label} exited during start-up:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}${options.readyPath}`, { signal: AbortSignal.timeout(1000) });
      await response.body?.cancel();
      if (response.status === options.readyStatus) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopProcess(child);
      throw new Error(`${options.label} did not start within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, baseUrl, output: () => output, stop: () => stopProcess(child) };
}

/**
 * The real Tightlines server (node server/main.ts) on loopback, with a benchmark-friendly configuration; with
 * `webRoot`, bench/page-server.ts (the same app) serving that web build instead of dist/web.
 */
export async function startTightlines(
  dataDir: string,
  webRoot?: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The per-IP flood ceiling would cap one load generator on one address; the benchmark measures the app.
    RATE_LIMIT_GLOBAL_PER_MINUTE: '0',
    RATE_LIMIT_UPLOADS_PER_USER: '1000000',
    RATE_LIMIT_LOGIN_PER_IP: '1000000',
    RATE_LIMIT_LOGIN_PER_USERNAME: '1000000',
    WEATHER_API_URL: 'http://127.0.0.1:9',
    ...extraEnv,
  };
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  return startNodeProcess({
    args: [
      '--disable-warning=ExperimentalWarning',
      ...(webRoot ? [path.join('bench', 'page-server.ts'), webRoot] : ['server/main.ts']),
    ],
    env,
    port,
    readyPath: '/api/user',
    readyStatus: 401,
    label: 'the Tightlines server',
  });
}

/** The ceiling: a bare node:http server answering every request with JSON.stringify of the given file's JSON. */
export async function startBareServer(jsonFile: string): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_OPTIONS;
  return startNodeProcess({
    args: [path.join('bench', 'bare-server.ts'), jsonFile, String(port)],
    env,
    port,
    readyPath: '/',
    readyStatus: 200,
    label: 'the bare node:http server',
  });
}
