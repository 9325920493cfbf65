// API load: autocannon against the real server process on loopback, and against a bare node:http server that
// serialises the same 100 catches from memory (the ceiling), with the same load in the same run.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { photoForm, photoLikeJpeg } from './images.ts';
import { type Started, sampleRss, startBareServer } from './processes.ts';
import { BENCH_PASSWORD, BENCH_USERS } from './seed.ts';

export interface LoadFigures {
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  requests: number;
  serverRssMb: number | null;
  /** requests/s relative to the bare node:http ceiling (GET /api/catches only). */
  ratioToCeiling?: number;
  note?: string;
}

/** One scenario's figures from autocannon's result and the server's peak RSS while it ran. */
function loadFigures(
  scenario: string,
  result: autocannon.Result,
  serverRssMb: number | null,
  note?: string,
): LoadFigures {
  return {
    scenario,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    serverRssMb,
    note,
  };
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  note?: string;
  /** Fewer connections than the run's default (uploads: see benchApi). */
  maxConnections?: number;
  /** Skip the warm-up: its unfinished requests would still be running when the measurement starts. */
  noWarmup?: boolean;
}

/** Concurrent uploads in the upload scenario. */
const UPLOAD_CONNECTIONS = 4;

export async function signIn(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login as ${username}: ${response.status}`);
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('login set no cookie');
  return cookie;
}

export async function runLoad(
  target: Started,
  scenario: Scenario,
  options: LoadOptions,
  log: (line: string) => void,
): Promise<LoadFigures> {
  const url = `${target.baseUrl}${scenario.path}`;
  // Keep to loopback, always.
  if (!url.startsWith('http://127.0.0.1:')) throw new Error(`refusing to load ${url}`);
  const base = {
    url,
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
    connections: Math.min(options.connections, scenario.maxConnections ?? options.connections),
    timeout: 30,
  };
  if (options.warmupSeconds > 0 && !scenario.noWarmup) {
    await autocannon({ ...base, duration: options.warmupSeconds });
  }
  const rss = sampleRss(target.child.pid);
  const result = await autocannon({ ...base, duration: options.durationSeconds });
  const serverRssMb = rss.stop();
  const figures = loadFigures(
    base.connections === options.connections
      ? scenario.name
      : `${scenario.name}, ${base.connections} connections`,
    result,
    serverRssMb,
    scenario.note,
  );
  log(
    `  ${figures.scenario}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50Ms} ms, ` +
      `p99 ${figures.p99Ms} ms, ${figures.errors} errors, RSS ${serverRssMb?.toFixed(0)} MB`,
  );
  return figures;
}

export async function benchApi(
  server: Started,
  workDir: string,
  options: LoadOptions,
  log: (line: string) => void,
): Promise<LoadFigures[]> {
  const readerCookie = await signIn(server.baseUrl, BENCH_USERS.reader.username);
  const writerCookie = await signIn(server.baseUrl, BENCH_USERS.writer.username);
  const photosCookie = await signIn(server.baseUrl, BENCH_USERS.photos.username);

  // The ceiling serves exactly what our server answers for the reader.
  const listResponse = await fetch(`${server.baseUrl}/api/catches`, { headers: { cookie: readerCookie } });
  const list = (await listResponse.json()) as unknown[];
  if (list.length !== BENCH_USERS.reader.catches) throw new Error(`reader has ${list.length} catches`);
  const catchesFile = path.join(workDir, 'catches-100.json');
  writeFileSync(catchesFile, JSON.stringify(list));
  const listBytes = Buffer.byteLength(JSON.stringify(list));

  const results: LoadFigures[] = [];
  const bare = await startBareServer(catchesFile);
  try {
    results.push(
      await runLoad(
        bare,
        {
          name: 'ceiling: bare node:http, same 100 catches JSON',
          method: 'GET',
          path: '/',
          note: `${(listBytes / 1024).toFixed(1)} KB JSON per answer`,
        },
        options,
        log,
      ),
    );
  } finally {
    await bare.stop();
  }
  const ceiling = results[0]?.requestsPerSecond ?? Number.NaN;

  const list100 = await runLoad(
    server,
    {
      name: 'GET /api/catches (100 catches, signed in)',
      method: 'GET',
      path: '/api/catches',
      headers: { cookie: readerCookie },
    },
    options,
    log,
  );
  list100.ratioToCeiling = list100.requestsPerSecond / ceiling;
  results.push(list100);

  results.push(
    await runLoad(
      server,
      {
        name: 'POST /api/login (argon2id)',
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: BENCH_USERS.login.username, password: BENCH_PASSWORD }),
        note: 'each login verifies an argon2id hash (19 MiB, t=2)',
      },
      options,
      log,
    ),
  );

  results.push(
    await runLoad(
      server,
      {
        name: 'POST /api/mobile-catch',
        method: 'POST',
        path: '/api/mobile-catch',
        headers: { 'content-type': 'application/json', cookie: writerCookie },
        body: JSON.stringify({
          fishType: 'Largemouth Bass',
          weight: 4.2,
          length: 18.5,
          locationName: 'Lake Okeechobee, US',
          latitude: 26.9451,
          longitude: -80.8345,
          notes: 'Benchmark catch',
          catchDate: '2026-05-01',
          timeOfDay: '06:30',
          waterTemperature: 72,
          depth: 8,
          lineSize: '12 lb mono',
          baitUsed: 'Spinnerbait',
        }),
        note: 'each one a committed SQLite write (WAL, synchronous=FULL)',
      },
      options,
      log,
    ),
  );

  const jpeg = await photoLikeJpeg(1600, 1200);
  const form = photoForm(jpeg);
  results.push(
    await runLoad(
      server,
      {
        name: 'POST /api/upload (1600×1200 JPEG)',
        method: 'POST',
        path: '/api/upload',
        headers: { 'content-type': form.contentType, cookie: photosCookie },
        body: form.body,
        note:
          `${(jpeg.length / 1024).toFixed(0)} KB in; WebP + thumbnail out, all metadata stripped, both fsynced. ` +
          `${UPLOAD_CONNECTIONS} connections, no warm-up: a 2-core machine re-encodes a few photos a second, so ` +
          `with ${options.connections} connections every upload would queue longer than the ${options.durationSeconds} s window`,
        maxConnections: UPLOAD_CONNECTIONS,
        noWarmup: true,
      },
      options,
      log,
    ),
  );
  // Uploads cut off when the window closed are still being encoded: let the server finish before what follows.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  return results;
}

/** Connections and total rate of the other anglers' GET /api/catches in the uploads scenario. */
const BROWSING_CONNECTIONS = 10;
const BROWSING_REQUESTS_PER_SECOND = 500;

export interface DuringUploadsFigures {
  /** GET /api/catches at the browsing rate alone, then the same while 4 connections upload photos. */
  alone: LoadFigures;
  duringUploads: LoadFigures;
  uploads: LoadFigures;
}

/**
 * Other anglers stay fast while photos are processed (decision 022): one user's GET /api/catches at a steady
 * BROWSING_REQUESTS_PER_SECOND over BROWSING_CONNECTIONS connections, first alone, then while another user's 4
 * connections upload 1600×1200 JPEGs back to back (each one decoded, re-encoded twice and fsynced). A steady rate,
 * not as fast as possible: the question is how long a request of someone else waits, not how many the server can
 * answer. Server RSS is the peak of the whole scenario.
 */
export async function benchGetDuringUploads(
  server: Started,
  options: LoadOptions,
  log: (line: string) => void,
): Promise<DuringUploadsFigures> {
  const readerCookie = await signIn(server.baseUrl, BENCH_USERS.reader.username);
  const photosCookie = await signIn(server.baseUrl, BENCH_USERS.photos.username);
  const jpeg = await photoLikeJpeg(1600, 1200);
  const form = photoForm(jpeg);
  const browse = {
    url: `${server.baseUrl}/api/catches`,
    headers: { cookie: readerCookie },
    connections: BROWSING_CONNECTIONS,
    overallRate: BROWSING_REQUESTS_PER_SECOND,
    duration: options.durationSeconds,
    timeout: 30,
  };
  const rate = `${BROWSING_REQUESTS_PER_SECOND} req/s over ${BROWSING_CONNECTIONS} connections`;
  await autocannon({ ...browse, duration: options.warmupSeconds });
  let rss = sampleRss(server.child.pid);
  const alone = loadFigures(`GET /api/catches at ${rate}, alone`, await autocannon(browse), rss.stop());

  rss = sampleRss(server.child.pid);
  const [browsing, uploading] = await Promise.all([
    autocannon(browse),
    autocannon({
      url: `${server.baseUrl}/api/upload`,
      method: 'POST',
      headers: { 'content-type': form.contentType, cookie: photosCookie },
      body: form.body,
      connections: UPLOAD_CONNECTIONS,
      duration: options.durationSeconds,
      timeout: 30,
    }),
  ]);
  // The uploads cut off by the end of the window are still being encoded: their memory counts too.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const peak = rss.stop();
  const result: DuringUploadsFigures = {
    alone,
    duringUploads: loadFigures(`GET /api/catches at ${rate}, while 4 connections upload`, browsing, peak),
    uploads: loadFigures(
      `POST /api/upload (1600×1200 JPEG), ${UPLOAD_CONNECTIONS} connections, meanwhile`,
      uploading,
      peak,
    ),
  };
  for (const row of [result.alone, result.duringUploads, result.uploads]) {
    log(
      `  ${row.scenario}: ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ` +
        `${row.errors} errors, RSS ${row.serverRssMb?.toFixed(0)} MB`,
    );
  }
  return result;
}

export interface BreakdownRow {
  step: string;
  microseconds: number;
}

/**
 * Where the time of one GET /api/catches goes, measured in this process on the same database file (the server
 * is idle meanwhile): the session lookup, the 100-row query, the JSON serialisation, and the whole request
 * through Fastify without a socket (app.inject). The ceiling does only the serialisation.
 */
export async function benchBreakdown(dataDir: string, cookie: string): Promise<BreakdownRow[]> {
  const { buildApp } = await import('../../server/app.ts');
  const { SessionRepository } = await import('../../server/auth/session.repository.ts');
  const { CatchRepository } = await import('../../server/catches/catch.repository.ts');
  const { openDatabase } = await import('../../server/db/database.ts');
  const { MemoryPhotoStore } = await import('../../server/photos/photo-store.ts');
  const database = await openDatabase({ engine: 'sqlite', file: path.join(dataDir, 'tightlines.db') });
  const app = await buildApp({
    database,
    photoStore: new MemoryPhotoStore(),
    geocoder: { nameAt: () => 'Nowhere', findPlaces: () => [] },
    weatherProvider: { current: () => Promise.reject(new Error('not used')) },
    rateLimits: {
      loginFailuresPerUsername: 10,
      loginFailuresPerIp: 100,
      registrationsPerIp: 30,
      uploadsPerUser: 60,
      globalPerMinute: 0,
      weatherLookupsPerUserPerHour: 60,
      weatherUpstreamPerMinute: 300,
      weatherUpstreamPerDay: 5000,
    },
    logLevel: 'warn',
  });
  await app.ready();
  try {
    const token = cookie.slice(cookie.indexOf('=') + 1);
    const sessions = new SessionRepository(database.db);
    const catches = new CatchRepository(database.db);
    const user = await sessions.findUser(token, 'cookie', new Date());
    if (!user) throw new Error('the breakdown needs a live session');
    const userId = user.id;
    const list = await catches.list(userId);
    const time = async (step: string, fn: () => unknown): Promise<BreakdownRow> => {
      for (let i = 0; i < 200; i++) await fn();
      const runs = 2000;
      const started = performance.now();
      for (let i = 0; i < runs; i++) await fn();
      return { step, microseconds: ((performance.now() - started) / runs) * 1000 };
    };
    return [
      await time('session lookup (SHA-256 + indexed join)', () =>
        sessions.findUser(token, 'cookie', new Date()),
      ),
      await time('list query: 100 rows through Kysely + node:sqlite + row mapping', () =>
        catches.list(userId),
      ),
      await time('JSON.stringify of the 100 catches (all the ceiling does)', () => JSON.stringify(list)),
      await time('the whole request through Fastify, no socket (app.inject)', () =>
        app.inject({ method: 'GET', url: '/api/catches', headers: { cookie } }),
      ),
    ];
  } finally {
    await app.close();
    await database.close();
  }
}
