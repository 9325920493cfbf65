// What the benchmark's server runs with, as in production: the tide station index built (dist/tides/stations.idx,
// as `npm run build` writes it) and read, and the conditions jobs calling a weather provider, here the project's
// local Open-Meteo stand-in (server/test-support/fake-open-meteo.ts, also `npm run fake:weather`), which counts
// the calls. Without it the jobs' calls go to a closed port and fail at once, which is not how a server runs.
import path from 'node:path';
import { openDatabase } from '../../server/db/database.ts';
import { type FakeOpenMeteo, startFakeOpenMeteo } from '../../server/test-support/fake-open-meteo.ts';
import { onCleanup, rssMb, type Started } from './processes.ts';
import { BENCH_USERS } from './seed.ts';

export interface FakeWeather {
  fake: FakeOpenMeteo;
  /** The server's environment pointing both Open-Meteo APIs at the fake. */
  env: NodeJS.ProcessEnv;
  /** Calls received so far (forecast and archive APIs). */
  calls: () => number;
}

/** Starts the fake Open-Meteo on loopback; it is closed at the end of the run. */
export async function startFakeWeather(): Promise<FakeWeather> {
  const fake = await startFakeOpenMeteo();
  onCleanup(() => fake.close());
  return {
    fake,
    env: { WEATHER_API_URL: fake.url, WEATHER_ARCHIVE_API_URL: fake.url },
    calls: () => fake.requestsTo('/v1/forecast').length + fake.requestsTo('/v1/archive').length,
  };
}

/** Builds dist/tides/stations.idx when missing or stale (as `npm run build` and `npm start` do). */
export async function ensureTideIndex(log: (line: string) => void): Promise<void> {
  const tideIndex = await import('../../server/tides/tide-index.ts');
  if (tideIndex.tideIndexFileIsCurrent()) return;
  log('Building the tide station index (missing or stale)...');
  tideIndex.writeTideIndexFile(await tideIndex.buildTideIndexInWorker());
}

/**
 * Brings a started server to how it runs in production, with no request of ours: the catch weather job's first
 * pass has finished a catch of `dataDir`'s database (its tide, so the station index, read; its weather asked of the
 * provider); then its RSS after a second's rest, MB.
 */
export async function settle(server: Started, dataDir: string): Promise<number | null> {
  const database = await openDatabase({ engine: 'sqlite', file: path.join(dataDir, 'tightlines.db') });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const finished = await database.db
        .selectFrom('catches')
        .innerJoin('users', 'users.id', 'catches.user_id')
        .select('catches.id')
        // The reader's catches are the ones seeded pending (bench/lib/seed.ts): one of them finished is the job's.
        .where('users.username', '=', BENCH_USERS.reader.username)
        .where('conditions_status', 'in', ['complete', 'partial'])
        .where('latitude', 'is not', null)
        .executeTakeFirst();
      if (finished) break;
      if (Date.now() > deadline) throw new Error('the catch weather job finished no catch within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await database.close();
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return rssMb(server.child.pid);
}
