import cluster from 'node:cluster';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { runClusterPrimary } from './cluster-primary.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { DatabaseInUseError } from './db/server-lock.ts';
import {
  DATABASE_BUSY,
  DATABASE_UNAVAILABLE,
  outageOf,
  PHOTO_STORE_UNAVAILABLE,
  STORAGE_FULL,
} from './http/outage-errors.ts';
import type { buildProductionApp } from './production-app.ts';

/** What each outage means to the operator who starts the server (outage-errors.ts names them for users). */
const OUTAGE_AT_START: Record<string, string> = {
  [STORAGE_FULL.code]: 'the disk is full',
  [DATABASE_UNAVAILABLE.code]: 'the database cannot be reached',
  [DATABASE_BUSY.code]: 'the database is busy or locked',
  [PHOTO_STORE_UNAVAILABLE.code]: 'the photo store cannot be reached',
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** After the grace period, closing the database and exiting may take this much longer before we give up. */
const CLOSE_DATABASE_TIMEOUT_MS = 5000;

/** Reads the configuration, opens the database, and serves the API and the built web app (entry: main.ts). */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  let built: Awaited<ReturnType<typeof buildProductionApp>>;
  try {
    config = loadConfig();
    // WEB_CONCURRENCY > 1: this process migrates and supervises; the workers it forks run the code below.
    if (config.webConcurrency > 1 && cluster.isPrimary) return await runClusterPrimary(config);
    // Loaded here, not above: the primary of several workers never serves, so it never loads the app (issue 14).
    const { buildProductionApp } = await import('./production-app.ts');
    built = await buildProductionApp(config, fileURLToPath(new URL('../dist/web', import.meta.url)));
  } catch (error) {
    // Mistakes of the operator get one clear line, not a stack trace.
    if (error instanceof ConfigError || error instanceof DatabaseInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    // So do outages (a full disk, a database out of reach): the operator has to act, our code is not at fault.
    const outage = outageOf(error);
    if (outage) {
      console.error(
        `Tightlines failed to start: ${OUTAGE_AT_START[outage.code] ?? outage.code}: ${messageOf(error)}`,
      );
      process.exit(1);
    }
    throw error;
  }
  const { app, database } = built;

  // SIGTERM (and Ctrl-C) drain in-flight requests, then close the database cleanly. A request that is still running
  // after the grace period (an upload that never finishes) has its connection closed, so the process always exits.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    const cutOff = setTimeout(() => {
      app.log.warn('requests still running after the grace period: closing their connections');
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    const giveUp = setTimeout(() => {
      app.log.error('shutdown did not finish in time: exiting anyway');
      process.exit(1);
    }, config.shutdownGraceMs + CLOSE_DATABASE_TIMEOUT_MS);
    // Closing the server ends the connections idle at that moment; one whose request was still running becomes idle
    // once answered, and its client (a browser, the balancer) keeps it open: the drain waited out the whole grace
    // period for nothing. Each is closed as soon as it is idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      clearInterval(closeIdle);
      clearTimeout(cutOff);
      await database.close();
      clearTimeout(giveUp);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Written now rather than at exit (main.ts), so a server that is killed still leaves its cache for the next start.
  module.flushCompileCache();
  app.log.info(
    `Tightlines${cluster.isWorker ? ` worker ${process.pid}` : ''} is up on http://localhost:${config.port} (${config.database.engine}, data in ${config.dataDir})`,
  );
}

main().catch((error: unknown) => {
  console.error('Tightlines failed to start:', error);
  process.exit(1);
});
