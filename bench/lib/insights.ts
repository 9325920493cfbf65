// GET /api/insights of an angler with a long log (docs/decisions/044-insights.md): 10,000 catches with their
// conditions (weather, sun, moon, solunar, tide) in 1,000 trips with their effort, as the conditions and effort jobs
// freeze them. The route reads the whole log on every request, so this is its heaviest case.
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { CatchConditions } from '../../core/catch-conditions.ts';
import type { EffortMinutes } from '../../core/insights.ts';
import { generateDemoCatches } from '../../scripts/demo-catches.ts';
import { CatchRepository, type NewCatch } from '../../server/catches/catch.repository.ts';
import { openDatabase } from '../../server/db/database.ts';
import type { Database } from '../../server/db/schema.ts';
import { type BreakdownRow, type LoadFigures, type LoadOptions, runLoad, signIn } from './api.ts';
import type { Started } from './processes.ts';
import { BENCH_USERS } from './seed.ts';

/** A log's size: its catches, the trips they were caught in (the same number in each) and the spots fished. */
interface LogSize {
  catches: number;
  trips: number;
  spots: number;
}

export const INSIGHTS_LOG: LogSize = { catches: 10_000, trips: 1_000, spots: 5 };
/** The Lighthouse angler's log (bench/lib/lighthouse.ts): half a year of evenings, every screen has something. */
export const LIGHTHOUSE_LOG: LogSize = { catches: 300, trips: 60, spots: 5 };
/** Each trip fishes the evening, 16:00 to 20:00 UTC, every third day back from the seed's day. */
const TRIP_HOURS = 4;
const HOUR_MS = 3_600_000;

/** One connection: how long one angler waits for the answer, not how many the server answers at once. */
const INSIGHTS_CONNECTIONS = 1;
/** Questions not asked before, timed one after the other: what another filter on the same log costs. */
const NEW_QUESTIONS = 20;

export interface InsightsFigures {
  load: LoadFigures;
  /** GET /api/stats of the same angler: Stats' first paint on a first visit (decision 049). */
  stats?: LoadFigures;
  /** Where the time of one answer goes, in this process on the same database file. */
  breakdown: BreakdownRow[];
  /** Each of NEW_QUESTIONS requests in a row, each a question not asked before about the unchanged log, ms. */
  newQuestionMs: number[];
  /** What one answer said, to show the measured log is the one described. */
  catches: number;
  hoursFished: number;
  answerBytes: number;
}

/** The same sequence for every run: a small linear congruential generator. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const SUN_PHASES = ['day', 'dusk', 'night'] as const;
const MOON_PHASES = ['New Moon', 'Waxing Crescent', 'First Quarter', 'Full Moon', 'Last Quarter'] as const;
const TENDENCIES = ['rising', 'falling', 'steady'] as const;

/** Every part of a catch's conditions filled in, as a catch on the coast with its weather fetched has them. */
function fullConditions(next: () => number, caughtAt: Date): CatchConditions {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const change = Math.round((next() - 0.5) * 0.12 * 100) / 100;
  return {
    status: 'complete',
    weather: {
      airTemperature: Math.round((40 + next() * 50) * 10) / 10,
      description: 'Partly cloudy',
      condition: 'Clouds',
      windSpeed: Math.round(next() * 200) / 10,
      windDirection: Math.round(next() * 360),
      cloudCover: Math.round(next() * 100),
      precipitation: 0,
      humidity: Math.round(40 + next() * 60),
      pressure: Math.round((29.6 + next() * 0.8) * 100) / 100,
      pressureChange3h: change,
      pressureTendency: pick(TENDENCIES),
    },
    sun: {
      phase: pick(SUN_PHASES),
      sunrise: new Date(caughtAt.getTime() - 12 * HOUR_MS).toISOString(),
      sunset: new Date(caughtAt.getTime() + HOUR_MS).toISOString(),
    },
    moon: {
      phase: pick(MOON_PHASES),
      illumination: Math.round(next() * 100) / 100,
      age: Math.round(next() * 29),
    },
    solunar: { period: pick(['major', 'minor', null] as const) },
    tide: {
      stationId: '8443970',
      stationName: 'Boston, MA',
      distanceKm: 3.2,
      height: Math.round(next() * 100) / 10,
      stage: pick(['rising', 'falling'] as const),
      minutesSinceLastTurn: Math.round(next() * 360),
      minutesToNextTurn: Math.round(next() * 360),
      rangeFraction: Math.round(next() * 100) / 100,
    },
  };
}

/** A trip's 240 minutes split among the buckets of every factor, as the effort job counts them. */
function tripEffort(next: () => number): EffortMinutes {
  const minutes = TRIP_HOURS * 60;
  // Two neighbouring buckets share the trip's minutes.
  const split = (buckets: readonly string[]): Record<string, number> => {
    const index = Math.floor(next() * buckets.length);
    const first = Math.round(next() * minutes);
    return {
      [buckets[index] as string]: first,
      [buckets[(index + 1) % buckets.length] as string]: minutes - first,
    };
  };
  return {
    sunPhase: split(SUN_PHASES),
    timeOfDay: { '16-20': minutes },
    pressureTendency: split(TENDENCIES),
    moonPhase: { [MOON_PHASES[Math.floor(next() * MOON_PHASES.length)] as string]: minutes },
    solunar: split(['none', 'minor', 'major']),
    tideStage: split(['rising', 'falling']),
    airTemperature: split(['50-65', '65-80', '80-plus']),
  };
}

/**
 * Writes an angler's log straight into the benchmark's SQLite file (before the server starts): `size.spots` spots,
 * `size.trips` ended trips with their effort, and `size.catches` catches in them with their conditions. By default
 * the insights angler's (INSIGHTS_LOG), also measured by History, Stats and Insights in the browser
 * (bench/lib/frontend.ts). Only when a part needs it: it adds a few seconds to the seeding.
 */
export async function seedInsightsLog(
  file: string,
  now = new Date(),
  username: string = BENCH_USERS.insights.username,
  size: LogSize = INSIGHTS_LOG,
): Promise<{ seedMs: number }> {
  const started = performance.now();
  const database = await openDatabase({ engine: 'sqlite', file });
  try {
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    await writeLog(database.db, Number(user.id), now, size);
  } finally {
    await database.close();
  }
  return { seedMs: performance.now() - started };
}

async function writeLog(db: Kysely<Database>, userId: number, now: Date, size: LogSize): Promise<void> {
  const next = random(2026);
  const created = now.toISOString();
  const spots = await db
    .insertInto('spots')
    .values(
      Array.from({ length: size.spots }, (_, index) => ({
        user_id: userId,
        name: `Bench spot ${index + 1}`,
        latitude: 42.35 + index * 0.01,
        longitude: -71.05,
        radius_meters: 150,
        created_at: created,
      })),
    )
    .returning('id')
    .execute();
  const spotIds = spots.map((spot) => Number(spot.id));

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const trips = Array.from({ length: size.trips }, (_, index) => {
    const start = new Date(today - (index + 1) * 3 * 24 * HOUR_MS + 16 * HOUR_MS);
    const spotId = spotIds[index % spotIds.length] as number;
    return { start, spotId, effort: tripEffort(next) };
  });
  const tripIds: number[] = [];
  for (let from = 0; from < trips.length; from += 200) {
    const rows = await db
      .insertInto('trips')
      .values(
        trips.slice(from, from + 200).map((trip) => ({
          user_id: userId,
          started_at: trip.start.toISOString(),
          ended_at: new Date(trip.start.getTime() + TRIP_HOURS * HOUR_MS).toISOString(),
          spot_id: trip.spotId,
          fish_lost: 0,
          bites_missed: 0,
          created_at: created,
          effort: JSON.stringify(trip.effort),
          effort_status: 'done',
        })),
      )
      .returning('id')
      .execute();
    tripIds.push(...rows.map((row) => Number(row.id)));
  }

  const catches = generateDemoCatches(size.catches, now, 4040).map((demo, index): NewCatch => {
    const tripIndex = Math.floor(index / (size.catches / size.trips));
    const trip = trips[tripIndex] as (typeof trips)[number];
    const caughtAt = new Date(trip.start.getTime() + next() * TRIP_HOURS * HOUR_MS);
    return {
      ...demo,
      catchDate: caughtAt.toISOString().slice(0, 10),
      timeOfDay: caughtAt.toISOString().slice(11, 16),
      createdAt: caughtAt,
      quantity: 1 + Math.floor(next() ** 4 * 5),
      spotId: trip.spotId,
      tripId: tripIds[tripIndex] as number,
      keptConditions: { caughtAt: caughtAt.toISOString(), conditions: fullConditions(next, caughtAt) },
    };
  });
  await new CatchRepository(db).createMany(userId, catches);
}

/** The insights angler's whole log, measured against a running server, and where one answer's time goes. */
export async function benchInsights(
  server: Started,
  dataDir: string,
  options: LoadOptions,
  log: (line: string) => void,
): Promise<InsightsFigures> {
  const cookie = await signIn(server.baseUrl, BENCH_USERS.insights.username);
  const first = await fetch(`${server.baseUrl}/api/insights`, { headers: { cookie } });
  const body = await first.text();
  if (first.status !== 200) throw new Error(`GET /api/insights: ${first.status} ${body}`);
  const answer = JSON.parse(body) as { catches: number; hoursFished: number };
  if (answer.hoursFished !== INSIGHTS_LOG.trips * TRIP_HOURS)
    throw new Error(`the insights angler has ${answer.hoursFished} hours fished`);
  const load = await runLoad(
    server,
    {
      name: 'GET /api/insights at 10,000 catches / 1,000 trips',
      method: 'GET',
      path: '/api/insights',
      headers: { cookie },
      note:
        `one connection (one angler waiting for the answer); ${answer.catches.toLocaleString('en-US')} fish in ` +
        `${INSIGHTS_LOG.catches.toLocaleString('en-US')} catches with their conditions, ` +
        `${INSIGHTS_LOG.trips.toLocaleString('en-US')} trips with their effort; ` +
        `${(Buffer.byteLength(body) / 1024).toFixed(1)} KB JSON per answer`,
    },
    { ...options, connections: INSIGHTS_CONNECTIONS },
    log,
  );
  const statsAnswer = await fetch(`${server.baseUrl}/api/stats`, { headers: { cookie } });
  const statsBody = await statsAnswer.text();
  if (statsAnswer.status !== 200) throw new Error(`GET /api/stats: ${statsAnswer.status} ${statsBody}`);
  const stats = await runLoad(
    server,
    {
      name: 'GET /api/stats at 10,000 catches',
      method: 'GET',
      path: '/api/stats',
      headers: { cookie },
      note:
        `one connection; the Stats view's figures of the same log, kept per catches' version ` +
        `(server/stats/stats.routes.ts); ${(Buffer.byteLength(statsBody) / 1024).toFixed(1)} KB JSON per answer`,
    },
    { ...options, connections: INSIGHTS_CONNECTIONS },
    log,
  );
  const newQuestionMs: number[] = [];
  for (let day = 1; day <= NEW_QUESTIONS; day++) {
    // A range of days not asked before: no kept answer, only the catches kept read.
    const started = performance.now();
    const response = await fetch(
      `${server.baseUrl}/api/insights?from=2000-01-${String(day).padStart(2, '0')}`,
      {
        headers: { cookie },
      },
    );
    await response.arrayBuffer();
    newQuestionMs.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`GET /api/insights?from=…: ${response.status}`);
  }
  const sorted = [...newQuestionMs].sort((a, b) => a - b);
  log(
    `  a new question about the same log (${NEW_QUESTIONS} in a row): median ${sorted[Math.floor(NEW_QUESTIONS / 2)]?.toFixed(0)} ms, ` +
      `slowest ${sorted[NEW_QUESTIONS - 1]?.toFixed(0)} ms`,
  );
  const breakdown = await insightsBreakdown(dataDir);
  for (const row of breakdown) log(`  ${row.step}: ${row.microseconds.toFixed(0)} µs`);
  return {
    load,
    stats,
    breakdown,
    newQuestionMs,
    catches: answer.catches,
    hoursFished: answer.hoursFished,
    answerBytes: Buffer.byteLength(body),
  };
}

/**
 * Where the time of one answer goes: what every request reads (the version, the trips), what a question not asked
 * before adds (the filter, the figures), and what the first question after the catches changed adds (reading them).
 */
async function insightsBreakdown(dataDir: string): Promise<BreakdownRow[]> {
  const { InsightRepository, readEffort } = await import('../../server/insights/insight.repository.ts');
  const { filterInsightLog } = await import('../../core/insight-filter.ts');
  const { computeInsights } = await import('../../core/insights.ts');
  const database = await openDatabase({ engine: 'sqlite', file: path.join(dataDir, 'tightlines.db') });
  try {
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', BENCH_USERS.insights.username)
      .executeTakeFirstOrThrow();
    const userId = Number(user.id);
    const repository = new InsightRepository(database.db);
    const catches = await repository.catches(userId);
    const stored = await repository.trips(userId);
    const trips = stored.map(readEffort);
    const kept = filterInsightLog(catches, trips, {});
    const insights = computeInsights(kept.catches, kept.trips);
    const time = async (step: string, fn: () => unknown): Promise<BreakdownRow> => {
      for (let i = 0; i < 5; i++) await fn();
      const runs = 30;
      const started = performance.now();
      for (let i = 0; i < runs; i++) await fn();
      return { step, microseconds: ((performance.now() - started) / runs) * 1000 };
    };
    return [
      await time("every request: the catches' version", () => repository.catchesVersion(userId)),
      await time('every request: the 1,000 trips (their effort as stored)', () => repository.trips(userId)),
      await time("a new question: the trips' effort parsed", () => stored.map(readEffort)),
      await time('after a change: the 10,000 catches read, conditions parsed', () =>
        repository.catches(userId),
      ),
      await time('a new question: filterInsightLog, no filter', () => filterInsightLog(catches, trips, {})),
      await time("a new question: filterInsightLog, species 'Pike'", () =>
        filterInsightLog(catches, trips, { species: 'Pike' }),
      ),
      await time('a new question: computeInsights of the whole log', () =>
        computeInsights(kept.catches, kept.trips),
      ),
      await time('JSON.stringify of the answer', () => JSON.stringify(insights)),
    ];
  } finally {
    await database.close();
  }
}
