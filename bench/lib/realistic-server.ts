// What the benchmark's server runs with, as in production: the tide station index built (dist/tides/stations.idx,
// as `npm run build` writes it) and read, and the conditions jobs calling a weather provider, here the project's
// local Open-Meteo stand-in (server/test-support/fake-open-meteo.ts, also `npm run fake:weather`), which counts
// the calls. Without it the jobs' calls go to a closed port and fail at once, which is not how a server runs.
import { type FakeOpenMeteo, startFakeOpenMeteo } from '../../server/test-support/fake-open-meteo.ts';
import { signIn } from './api.ts';
import { onCleanup, rssMb, type Started } from './processes.ts';

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

/** A coastal position (Boston harbour): a tide question there reads the whole station index. */
const COAST = { lat: 42.355, lon: -71.05 };

/**
 * Brings a started server to how it runs in production: one tide question (the index is read at the first) and
 * the catch weather job's first provider call; then its RSS after a second's rest, MB.
 */
export async function settle(
  server: Started,
  weather: FakeWeather,
  username: string,
): Promise<number | null> {
  const cookie = await signIn(server.baseUrl, username);
  const tides = await fetch(`${server.baseUrl}/api/tides?lat=${COAST.lat}&lon=${COAST.lon}`, {
    headers: { cookie },
  });
  if (tides.status !== 200) throw new Error(`GET /api/tides: ${tides.status}`);
  await tides.body?.cancel();
  const deadline = Date.now() + 60_000;
  while (weather.calls() === 0) {
    if (Date.now() > deadline) throw new Error('the catch weather job made no call within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return rssMb(server.child.pid);
}
