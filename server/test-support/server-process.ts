import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const STARTUP_TIMEOUT_MS = 30_000;

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The environment of a test server: this port, this DATA_DIR, quiet logs, no global rate limit, no weather provider,
 * SQLite unless `extra` names a DATABASE_URL; `extra` overrides the rest.
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
    ...extra,
  };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  return env;
}

/** Runs `node server/main.ts` the way users do, with exactly `env`, and returns at once (see waitUntilServing). */
export function spawnServer(env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, output: () => output, exited };
}

/** Waits until the server answers GET /api/user (401); throws when it exits or does not come up in time. */
export async function waitUntilServing(server: ServerProcess, baseUrl: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`the server exited during start-up:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/user`, { signal: AbortSignal.timeout(1000) });
      if (response.status === 401) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.child.kill('SIGKILL');
      throw new Error(`the server did not come up within ${STARTUP_TIMEOUT_MS} ms:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts the real server and waits until it answers. */
export async function startServerProcess(env: NodeJS.ProcessEnv, baseUrl: string): Promise<ServerProcess> {
  const server = spawnServer(env);
  await waitUntilServing(server, baseUrl);
  return server;
}
