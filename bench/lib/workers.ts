// WEB_CONCURRENCY (docs/deploy.md#worker-processes-web_concurrency): GET /api/catches with 1 worker and with 2 (node:cluster), in the same run, on
// the same fresh PostgreSQL database (several workers need PostgreSQL). The database server is BENCH_DATABASE_URL,
// else TEST_DATABASE_URL; a database of its own is created there and dropped afterwards.
import { createTestPostgresDatabase } from '../../server/test-support/test-app.ts';
import { type LoadFigures, type LoadOptions, runLoad, signIn } from './api.ts';
import { startTightlines } from './processes.ts';
import { BENCH_USERS, seedBenchDatabase } from './seed.ts';

const WORKER_COUNTS = [1, 2] as const;

export async function benchWorkers(
  dataDir: string,
  options: LoadOptions,
  log: (line: string) => void,
): Promise<LoadFigures[]> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
  const database = await createTestPostgresDatabase('tl_bench_workers', serverUrl);
  try {
    await seedBenchDatabase({ engine: 'postgres', url: database.url });
    const results: LoadFigures[] = [];
    for (const workers of WORKER_COUNTS) {
      const server = await startTightlines(dataDir, undefined, {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: String(workers),
      });
      try {
        const cookie = await signIn(server.baseUrl, BENCH_USERS.reader.username);
        const figures = await runLoad(
          server,
          {
            name: `GET /api/catches (100), PostgreSQL, ${workers} worker${workers > 1 ? 's' : ''}`,
            method: 'GET',
            path: '/api/catches',
            headers: { cookie },
          },
          options,
          log,
        );
        // The RSS sampled is the process tree's: with workers, the primary and every worker.
        results.push(figures);
      } finally {
        await server.stop();
      }
    }
    return results;
  } finally {
    await database.drop();
  }
}
