import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForExit } from '../../server/test-support/child-processes.ts';

/** The repository root (e2e/support/ is two levels down). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const STARTUP_TIMEOUT_MS = 60_000;
const SHUTDOWN_TIMEOUT_MS = 10_000;

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The fresh DATA_DIR (SQLite file and photos) of this server. */
  dataDir: string;
  /** Server log lines at level error or fatal (pino JSON, level ≥ 50) since start or the last call. */
  takeErrorLogs: () => string[];
  /** Everything the server printed, for failure messages. */
  output: () => string;
  /**
   * True when dist/web was rebuilt (or removed) since the server started: pages then ask for chunks that
   * no longer exist, so a concurrent `npm run build` explains a failure.
   */
  webBuildChanged: () => boolean;
  stop: () => Promise<void>;
}

const WEB_INDEX = path.join(REPO_ROOT, 'dist/web/index.html');

function assertBuilt(): void {
  if (!existsSync(WEB_INDEX)) {
    throw new Error(`The web app is not built (${WEB_INDEX} is missing): run npm run build first.`);
  }
}

function webBuildStamp(): number {
  try {
    return statSync(WEB_INDEX).mtimeMs;
  } catch {
    return -1;
  }
}

function assertNode24(): void {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    throw new Error(
      `The e2e suite runs the server with ${process.execPath} (Node ${process.versions.node}), ` +
        'but Tightlines needs Node 24: run it through npx vitest / npm test, not the system node.',
    );
  }
}

export interface ServerOptions {
  /** Extra environment variables for the server, e.g. WEATHER_API_URL of a local fake provider. */
  env?: Record<string, string>;
}

/**
 * Starts the real server the way users do (node server/main.ts) on a free port with a fresh temporary
 * DATA_DIR (SQLite), and waits until it answers GET /api/user with 401.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  assertBuilt();
  assertNode24();
  const buildStamp = webBuildStamp();
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tightlines-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_REGISTER_PER_IP: '1000',
    // Nothing leaves the machine: the weather provider points at a closed local port.
    WEATHER_API_URL: 'http://127.0.0.1:9',
    ...options.env,
  };
  // Always the embedded SQLite of DATA_DIR, whatever the developer's shell holds.
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;

  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  let pendingErrors: string[] = [];
  let partial = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    partial += text;
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const entry = JSON.parse(line) as { level?: number };
        if (typeof entry.level === 'number' && entry.level >= 50) pendingErrors.push(line);
      } catch {
        // Not a pino line (a crash trace): keep it only in `output`.
      }
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, SHUTDOWN_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, SHUTDOWN_TIMEOUT_MS);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The server exited during start-up (code ${child.exitCode}):\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/user`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 401) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The server did not answer GET /api/user with 401 within ${STARTUP_TIMEOUT_MS} ms:\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseUrl,
    dataDir,
    takeErrorLogs: () => {
      const taken = pendingErrors;
      pendingErrors = [];
      return taken;
    },
    output: () => output,
    webBuildChanged: () => webBuildStamp() !== buildStamp,
    stop,
  };
}
