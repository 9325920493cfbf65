// Child processes of the benchmark: the real server, the bare node:http ceiling. Every process started here is
// registered, so the run stops all of them whatever happens (error, Ctrl-C, the overall time limit).
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../server/test-support/child-processes.ts';
import {
  REPO_ROOT,
  serverEnv,
  spawnNode,
  stopProcess as stopChild,
  waitUntilAnswering,
} from '../../server/test-support/server-process.ts';

export { REPO_ROOT };

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

/** SIGTERM, then SIGKILL after 10 s; forgets the process. */
async function stopProcess(child: ChildProcess): Promise<void> {
  await stopChild(child);
  running.delete(child);
}

/** Resident set size of a process, in MB (Linux /proc), or null when it cannot be read. */
function rssMb(pid: number | undefined): number | null {
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
async function startNodeProcess(options: {
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  readyStatus: number;
  label: string;
}): Promise<Started> {
  const server = spawnNode(options.args, options.env, { maxOutputChars: 100_000 });
  running.add(server.child);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilAnswering(server, `${baseUrl}${options.readyPath}`, {
      status: options.readyStatus,
      timeoutMs: 60_000,
      label: options.label,
    });
  } catch (error) {
    running.delete(server.child);
    throw error;
  }
  return { child: server.child, baseUrl, output: server.output, stop: () => stopProcess(server.child) };
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
  // serverEnv turns off the per-IP flood ceiling, which would cap one load generator on one address: the benchmark
  // measures the app.
  const env = serverEnv(port, dataDir, {
    RATE_LIMIT_UPLOADS_PER_USER: '1000000',
    RATE_LIMIT_LOGIN_PER_IP: '1000000',
    RATE_LIMIT_LOGIN_PER_USERNAME: '1000000',
    ...extraEnv,
  });
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
