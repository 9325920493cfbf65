// The one way tests, the e2e suite and the benchmark run the real server (or another Node program) as a child
// process: spawn it from the repository root, collect what it prints, wait until it answers, stop it.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { waitForExit } from './child-processes.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const STARTUP_TIMEOUT_MS = 30_000;
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** The real server, as users start it. */
const SERVER_ARGS = ['--disable-warning=ExperimentalWarning', 'server/main.ts'];

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed so far (the tail only, with `maxOutputChars`). */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL when it has not exited within 10 s. Safe to call when it already exited. */
  stop: () => Promise<void>;
}

export interface SpawnOptions {
  /** Called with every chunk the process prints on stdout or stderr. */
  onOutput?: (text: string) => void;
  /** Keep about this many of the last characters printed (a long benchmark run); everything by default. */
  maxOutputChars?: number;
  /** Where to run it: the repository root by default (another release's tree for a rollback test). */
  cwd?: string;
}

/**
 * The environment of a test server: this port, this DATA_DIR, quiet logs, no global rate limit, no weather provider,
 * no drain at SIGTERM, SQLite unless `extra` names a DATABASE_URL; `extra` overrides the rest (an undefined value
 * removes the variable).
 */
export function serverEnv(port: number, dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '0',
    WEATHER_API_URL: 'http://127.0.0.1:9',
    WEATHER_ARCHIVE_API_URL: 'http://127.0.0.1:9',
    // Nothing listens on port 9: tests that show map tiles pass their fake tile server's address.
    MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
    MAP_TILE_ATTRIBUTION: '© Test Tiles',
    // No balancer to tell: SIGTERM closes the listener at once (tests of the drain set their own).
    SHUTDOWN_DRAIN_SECONDS: '0',
    ...extra,
  };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return env;
}

/** SIGTERM, then SIGKILL when the child has not exited within `timeoutMs`. */
export async function stopProcess(child: ChildProcess, timeoutMs = SHUTDOWN_TIMEOUT_MS): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (!(await waitForExit(child, timeoutMs))) {
    child.kill('SIGKILL');
    await waitForExit(child, timeoutMs);
  }
}

/** Runs `node ARGS` from the repository root (or `options.cwd`) with exactly `env`, and returns at once (see waitUntilAnswering). */
export function spawnNode(args: string[], env: NodeJS.ProcessEnv, options: SpawnOptions = {}): ServerProcess {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    if (options.maxOutputChars !== undefined && output.length > 2 * options.maxOutputChars) {
      output = output.slice(-options.maxOutputChars);
    }
    options.onOutput?.(text);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, output: () => output, exited, stop: () => stopProcess(child) };
}

/** Runs `node server/main.ts` the way users do, with exactly `env`, and returns at once (see waitUntilServing). */
export function spawnServer(env: NodeJS.ProcessEnv, options: SpawnOptions = {}): ServerProcess {
  return spawnNode(SERVER_ARGS, env, options);
}

/**
 * Resolves once the child's output pipes have closed, so its last words are in `output`, or after `timeoutMs`: a
 * grandchild that inherited the pipes can hold them open after the child exited.
 */
function outputClosed(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.stdout?.closed !== false && child.stderr?.closed !== false) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    child.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Waits until GET `url` answers `status`; throws when the process exits first, or stops it and throws when it does
 * not answer within `timeoutMs`.
 */
export async function waitUntilAnswering(
  server: ServerProcess,
  url: string,
  { status = 401, timeoutMs = STARTUP_TIMEOUT_MS, label = 'the server' } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      await outputClosed(server.child, 1000);
      throw new Error(`${label} exited during start-up (code ${server.child.exitCode}):\n${server.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.body?.cancel();
      if (response.status === status) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(
        `${label} did not answer GET ${url} with ${status} within ${timeoutMs} ms:\n${server.output()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the server answers GET /api/user (401, nobody signed in). */
export function waitUntilServing(server: ServerProcess, baseUrl: string, timeoutMs?: number): Promise<void> {
  return waitUntilAnswering(server, `${baseUrl}/api/user`, { timeoutMs });
}

/** Starts the real server and waits until it answers. */
export async function startServerProcess(env: NodeJS.ProcessEnv, baseUrl: string): Promise<ServerProcess> {
  const server = spawnServer(env);
  await waitUntilServing(server, baseUrl);
  return server;
}
