import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startOnFreePort } from '../../server/test-support/child-processes.ts';
import { type FakeTileServer, startFakeTileServer } from '../../server/test-support/fake-tile-server.ts';
import {
  REPO_ROOT,
  serverEnv,
  spawnServer,
  waitUntilServing,
} from '../../server/test-support/server-process.ts';

export { REPO_ROOT };

const STARTUP_TIMEOUT_MS = 60_000;

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
  // Maps show tiles from a local fake provider (a test that watches the provider passes its own MAP_TILE_URL).
  const fakeTiles = options.env?.MAP_TILE_URL ? null : await startFakeTileServer();
  try {
    return await startOnFreePort((port) => startServerOn(port, options, fakeTiles));
  } catch (error) {
    await fakeTiles?.close();
    throw error;
  }
}

async function startServerOn(
  port: number,
  options: ServerOptions,
  fakeTiles: FakeTileServer | null,
): Promise<RunningServer> {
  const buildStamp = webBuildStamp();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tightlines-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = serverEnv(port, dataDir, {
    ...(fakeTiles
      ? { MAP_TILE_URL: fakeTiles.template, MAP_TILE_ATTRIBUTION: '© Fake Tiles contributors' }
      : {}),
    // The default global limit, as users run it.
    RATE_LIMIT_GLOBAL_PER_MINUTE: process.env.RATE_LIMIT_GLOBAL_PER_MINUTE,
    RATE_LIMIT_REGISTER_PER_IP: '1000',
    ...options.env,
    // Always the embedded SQLite of DATA_DIR, whatever the developer's shell holds.
    DATABASE_URL: undefined,
  });

  let pendingErrors: string[] = [];
  let partial = '';
  const collectErrors = (text: string) => {
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
  const server = spawnServer(env, { onOutput: collectErrors });

  const stopServer = async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilServing(server, baseUrl, STARTUP_TIMEOUT_MS);
  } catch (error) {
    // The fake tile server stays for the next try; startServer closes it when none is left.
    await stopServer();
    throw error;
  }

  return {
    baseUrl,
    dataDir,
    takeErrorLogs: () => {
      const taken = pendingErrors;
      pendingErrors = [];
      return taken;
    },
    output: server.output,
    webBuildChanged: () => webBuildStamp() !== buildStamp,
    stop: async () => {
      await stopServer();
      await fakeTiles?.close();
    },
  };
}
