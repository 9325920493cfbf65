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

/** Why the server cannot listen where PORT and HOST say, in the operator's words. */
const LISTEN_ERRORS: Record<string, string> = {
  EADDRINUSE: 'is already in use (another server is listening there: stop it or choose another PORT)',
  EACCES: 'may not be used by this user (ports below 1024 need privileges: choose another PORT)',
  EADDRNOTAVAIL: 'is not an address of this machine (check HOST)',
};

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
    // Loaded here, not above: the primary of several workers never serves, so it never loads the app (decision 022).
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
  const { app, database, draining } = built;

  // SIGTERM (and Ctrl-C) first drain: for SHUTDOWN_DRAIN_SECONDS every request is still served, but readiness
  // answers 404 SHUTTING_DOWN (the balancer sends new requests elsewhere) and every answer closes its connection.
  // Then the listener closes, running requests get SHUTDOWN_GRACE_SECONDS to finish, and the database is closed.
  // A request still running after the grace period (an upload that never finishes) has its connection closed, so
  // the process always exits (docs/decisions/032-degrade-and-drain.md).
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    draining.start();
    app.log.info(
      { signal, drainMs: config.shutdownDrainMs, graceMs: config.shutdownGraceMs },
      'shutting down: draining (readiness fails, connections close after their answers)',
    );
    const giveUp = setTimeout(
      () => {
        app.log.error('shutdown did not finish in time: exiting anyway');
        process.exit(1);
      },
      config.shutdownDrainMs + config.shutdownGraceMs + CLOSE_DATABASE_TIMEOUT_MS,
    );
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    app.log.info('drained: closing the listener');
    const cutOff = setTimeout(() => {
      app.log.warn('requests still running after the grace period: closing their connections');
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    // Closing the server ends the connections idle at that moment; one whose request was still running becomes idle
    // once answered (with Connection: close, so the client lets it go too). Each is closed as soon as it is idle.
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

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const reason = LISTEN_ERRORS[(error as NodeJS.ErrnoException).code ?? ''];
    if (!reason) throw error;
    // The operator's to fix, like a bad setting: one line, no stack trace.
    console.error(`Tightlines failed to start: ${config.host}:${config.port} ${reason}`);
    await database.close();
    process.exit(1);
  }
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
