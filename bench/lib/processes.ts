// Child processes of the benchmark: the real server, the bare node:http ceiling. Every process started here is
// registered, so the run stops all of them whatever happens (error, Ctrl-C, the overall time limit).
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { freePort, startOnFreePort } from '../../server/test-support/child-processes.ts';
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

/** Every live process below `pid` (children, grandchildren…), from the parent ids in /proc/PID/stat. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name (2nd field) may hold spaces and parentheses: the fields after it start at the last ')'.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // it ended meanwhile
    }
  }
  const found: number[] = [];
  const visit = (id: number) => {
    for (const child of children.get(id) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

function processRssKb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) : null;
  } catch {
    return null;
  }
}

/**
 * Resident set size of a process and every process it started (workers, helpers), in MB (Linux /proc), or null
 * when it cannot be read. Pages the processes share (the node binary) are counted once per process, so with
 * several processes this is an upper bound.
 */
export function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const own = processRssKb(pid);
  if (own === null) return null;
  let kb = own;
  for (const child of descendants(pid)) kb += processRssKb(child) ?? 0;
  return kb / 1024;
}

/** CPU time (user + system) a process and its live descendants have used so far, ms (Linux /proc). */
export function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  // utime and stime are in clock ticks; Linux reports them at USER_HZ = 100 on every architecture we run on.
  const ticksOf = (id: number): number | null => {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  };
  const own = ticksOf(pid);
  if (own === null) return null;
  let ticks = own;
  for (const child of descendants(pid)) ticks += ticksOf(child) ?? 0;
  return ticks * 10;
}

/** Samples a process tree's RSS (rssMb) every 200 ms until stopped; returns the peak. */
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

/**
 * Resolves once something accepts TCP connections on 127.0.0.1:port (no request is sent), polling every 10 ms;
 * rejects when `alive` says the process that should listen is gone, or after `timeoutMs`.
 */
async function waitUntilListening(port: number, alive: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`the process that should listen on port ${port} exited`);
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (accepted) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface Started {
  child: ChildProcess;
  baseUrl: string;
  /** Spawn → accepting connections, ms (wall clock, so it depends on the machine's load). */
  listeningMs: number;
  /** RSS (process tree) one second after it started listening, before any request was sent to it, MB. */
  rssAfterStartMb: number | null;
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
  const started = performance.now();
  const server = spawnNode(options.args, options.env, { maxOutputChars: 100_000 });
  running.add(server.child);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  let rssAfterStartMb: number | null = null;
  let listeningMs = Number.NaN;
  try {
    // Memory at rest: once it listens, a second to settle, and not one request yet (the probe below is the first).
    const alive = () => server.child.exitCode === null && server.child.signalCode === null;
    if (
      await waitUntilListening(options.port, alive).then(
        () => true,
        () => false,
      )
    ) {
      listeningMs = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      rssAfterStartMb = rssMb(server.child.pid);
    }
    // Says why when it exited or never listened.
    await waitUntilAnswering(server, `${baseUrl}${options.readyPath}`, {
      status: options.readyStatus,
      timeoutMs: 60_000,
      label: options.label,
    });
  } catch (error) {
    running.delete(server.child);
    throw error;
  }
  return {
    child: server.child,
    baseUrl,
    listeningMs,
    rssAfterStartMb,
    output: server.output,
    stop: () => stopProcess(server.child),
  };
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
  return startOnFreePort((port) =>
    startNodeProcess({
      args: [
        '--disable-warning=ExperimentalWarning',
        ...(webRoot ? [path.join('bench', 'page-server.ts'), webRoot] : ['server/main.ts']),
      ],
      // serverEnv turns off the per-IP flood ceiling, which would cap one load generator on one address: the
      // benchmark measures the app.
      env: serverEnv(port, dataDir, {
        RATE_LIMIT_UPLOADS_PER_USER: '1000000',
        RATE_LIMIT_LOGIN_PER_IP: '1000000',
        RATE_LIMIT_LOGIN_PER_USERNAME: '1000000',
        ...extraEnv,
      }),
      port,
      readyPath: '/api/user',
      readyStatus: 401,
      label: 'the Tightlines server',
    }),
  );
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
