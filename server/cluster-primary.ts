import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config/config.ts';
import { openDatabase } from './db/database.ts';
import { answerClusterMetrics } from './metrics/cluster-metrics.ts';

/** A worker stops by itself at most this long after its drain and grace (serve.ts); then the primary stops waiting. */
const WORKER_EXIT_MARGIN_MS = 10_000;

/**
 * WEB_CONCURRENCY > 1: this process serves nothing itself. It brings the database schema up to date first, so the
 * workers never race each other through the migrations, then forks the workers (each runs server/main.ts and
 * listens on the same port: node:cluster hands the connections out). On SIGTERM or SIGINT it passes the signal on,
 * waits while every worker drains its requests and exits, then exits 0 (1 when a worker failed to stop cleanly).
 * A worker that dies while serving is replaced; one that dies before it ever listened (a bad setting, an
 * unreachable bucket) stops the whole server, since a new one would fail the same way.
 */
export async function runClusterPrimary(config: AppConfig): Promise<void> {
  const database = await openDatabase(config.database);
  await database.close();

  const listening = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;

  const liveWorkers = () => Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);

  const stop = (signal: NodeJS.Signals, code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    console.info(`Tightlines: ${signal}: stopping ${liveWorkers().length} workers`);
    for (const worker of liveWorkers()) worker.process.kill(signal);
    setTimeout(
      () => {
        console.error('Tightlines: workers still running after the grace period: killing them');
        for (const worker of liveWorkers()) worker.process.kill('SIGKILL');
        process.exit(1);
      },
      config.shutdownDrainMs + config.shutdownGraceMs + WORKER_EXIT_MARGIN_MS,
    ).unref();
  };

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => listening.add(worker));
    worker.once('exit', (code, signal) => {
      const served = listening.delete(worker);
      if (stopping) {
        if (code !== 0) exitCode = 1;
        if (liveWorkers().length === 0) process.exit(exitCode);
        return;
      }
      if (!served) {
        console.error(
          `Tightlines: worker ${worker.process.pid} exited during start-up (${signal ?? code}): stopping`,
        );
        stop('SIGTERM', 1);
        return;
      }
      console.error(`Tightlines: worker ${worker.process.pid} died (${signal ?? code}): starting another`);
      fork();
    });
  };

  answerClusterMetrics();
  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));
  for (let i = 0; i < config.webConcurrency; i++) fork();
  console.info(
    `Tightlines: ${config.webConcurrency} workers on port ${config.port} (primary ${process.pid})`,
  );
}
