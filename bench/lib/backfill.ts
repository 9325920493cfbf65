// The conditions backfill of an imported log (docs/decisions/042-weather-at-a-catch.md): an angler imports 10,000
// catches made at 5 waters over 200 days, and the catch weather job (server/conditions/catch-weather-job.ts) fills
// the weather of every one, asking the provider once per ~1 km cell and UTC day at most (it keeps each answer in
// weather_hours). Measured against the real server and the project's fake Open-Meteo, which counts the calls.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { DEMO_WATERS } from '../../scripts/demo-species.ts';
import { argon2idHasher } from '../../server/auth/password-hasher.ts';
import { UserRepository } from '../../server/auth/user.repository.ts';
import { openDatabase } from '../../server/db/database.ts';
import type { Database } from '../../server/db/schema.ts';
import { weatherCell } from '../../server/weather/weather.service.ts';
import { signIn } from './api.ts';
import { rssMb, sampleRss, startTightlines } from './processes.ts';
import { ensureTideIndex, startFakeWeather } from './realistic-server.ts';
import type { BudgetCheck } from './report.ts';
import { BENCH_PASSWORD } from './seed.ts';

const USERNAME = 'bench_backfill';
const WATERS = 5;
const DAYS = 200;
const CATCHES = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The server's upstream budget is raised far above Open-Meteo's free tier for this part, so the time measured is
 * the job's own work, not the wait for the next minute's share (at the default 300 a minute, half of it for the
 * job, the same calls would take calls / 150 minutes).
 */
const UPSTREAM_PER_MINUTE = 1_000_000;

export interface BackfillFigures {
  catches: number;
  waters: number;
  days: number;
  /** Distinct (weather cell, UTC day) pairs of the catches' moments: how the job groups its calls. */
  cellDays: number;
  /** Calls the fake Open-Meteo received from the import until every catch had its conditions. */
  upstreamCalls: number;
  importMs: number;
  /** From the import's answer until no catch of the log was 'pending' any more. */
  backfillMs: number;
  /** Catches finished without their weather ('partial'). */
  partial: number;
  rssBeforeMb: number | null;
  peakRssMb: number | null;
  loadAverage: number;
}

/** The log as a JSON export: 10 catches a day at each water, spread over the daylight hours, up to yesterday. */
function exportFile(now: Date): string {
  const waters = DEMO_WATERS.slice(0, WATERS);
  const perCellDay = CATCHES / (WATERS * DAYS);
  const lastDay = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`) - DAY_MS;
  const catches = [];
  for (let day = 0; day < DAYS; day++) {
    const date = new Date(lastDay - day * DAY_MS).toISOString().slice(0, 10);
    for (const [w, water] of waters.entries()) {
      for (let i = 0; i < perCellDay; i++) {
        const hour = 6 + ((i * 13 + w * 3 + day) % 14);
        const minute = (i * 17 + day) % 60;
        const timeOfDay = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
        catches.push({
          fishType: water.fish[i % water.fish.length]?.name ?? 'Trout',
          length: 10 + (i % 12),
          locationName: water.name,
          // A few hundred metres around the water's point, as an angler walks its bank.
          latitude: Math.round((water.lat + ((i % 5) - 2) * 0.0005) * 1e6) / 1e6,
          longitude: Math.round((water.lon + ((i % 3) - 1) * 0.0005) * 1e6) / 1e6,
          catchDate: date,
          timeOfDay,
          createdAt: `${date}T${timeOfDay}:00.000Z`,
        });
      }
    }
  }
  return JSON.stringify({
    format: 'tightlines-export',
    version: 1,
    exportedAt: now.toISOString(),
    username: USERNAME,
    spots: [],
    trips: [],
    catches,
  });
}

interface LogState {
  pending: number;
  partial: number;
  cellDays: number;
}

/** The log's state in the database (read beside the server, as the job groups: cell of the position, UTC day). */
async function logState(db: Kysely<Database>): Promise<LogState> {
  const rows = await db
    .selectFrom('catches')
    .innerJoin('users', 'users.id', 'catches.user_id')
    .select(['catches.latitude', 'catches.longitude', 'catches.caught_at', 'catches.conditions_status'])
    .where('users.username', '=', USERNAME)
    .execute();
  const cellDays = new Set<string>();
  let pending = 0;
  let partial = 0;
  for (const row of rows) {
    if (row.conditions_status === 'pending') pending++;
    if (row.conditions_status === 'partial') partial++;
    if (row.latitude === null || row.longitude === null || row.caught_at === null) continue;
    const cell = weatherCell(Number(row.latitude), Number(row.longitude));
    cellDays.add(`${cell.latitude},${cell.longitude}|${row.caught_at.slice(0, 10)}`);
  }
  return {
    pending: rows.length === 0 ? Number.POSITIVE_INFINITY : pending,
    partial,
    cellDays: cellDays.size,
  };
}

export async function benchBackfill(workDir: string, log: (line: string) => void): Promise<BackfillFigures> {
  const { loadavg } = await import('node:os');
  const loadAverage = loadavg()[0] ?? Number.NaN;
  await ensureTideIndex(log);
  // A data directory of its own: the seeded logs' pending catches would call the provider too.
  const dataDir = path.join(workDir, 'backfill');
  mkdirSync(dataDir, { recursive: true });
  const dbFile = path.join(dataDir, 'tightlines.db');
  const database = await openDatabase({ engine: 'sqlite', file: dbFile });
  try {
    await new UserRepository(database.db).create(
      USERNAME,
      await argon2idHasher.hash(BENCH_PASSWORD),
      new Date(),
    );
  } finally {
    await database.close();
  }

  const weather = await startFakeWeather();
  const server = await startTightlines(dataDir, undefined, {
    ...weather.env,
    WEATHER_UPSTREAM_PER_MINUTE: String(UPSTREAM_PER_MINUTE),
    WEATHER_UPSTREAM_PER_DAY: String(UPSTREAM_PER_MINUTE),
  });
  const reader = await openDatabase({ engine: 'sqlite', file: dbFile });
  try {
    const cookie = await signIn(server.baseUrl, USERNAME);
    const file = exportFile(new Date());
    const rssBeforeMb = rssMb(server.child.pid);
    const callsBefore = weather.calls();
    const rss = sampleRss(server.child.pid);
    const started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([file]), 'export.json');
    const response = await fetch(`${server.baseUrl}/api/import`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    const summary = (await response.json()) as { created: number; rejectedCount?: number; message?: string };
    if (response.status !== 200 || summary.created !== CATCHES) {
      throw new Error(`import: ${response.status} ${JSON.stringify(summary).slice(0, 300)}`);
    }
    const imported = performance.now();
    log(`  imported ${summary.created} catches in ${((imported - started) / 1000).toFixed(1)} s`);
    let state = await logState(reader.db);
    const deadline = imported + 15 * 60_000;
    let lastLog = imported;
    while (state.pending > 0) {
      if (performance.now() > deadline)
        throw new Error(`${state.pending} catches still pending after 15 min`);
      if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      state = await logState(reader.db);
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        log(`  ${state.pending} pending, ${weather.calls() - callsBefore} upstream calls so far`);
      }
    }
    const backfillMs = performance.now() - imported;
    const figures: BackfillFigures = {
      catches: CATCHES,
      waters: WATERS,
      days: DAYS,
      cellDays: state.cellDays,
      upstreamCalls: weather.calls() - callsBefore,
      importMs: imported - started,
      backfillMs,
      partial: state.partial,
      rssBeforeMb,
      peakRssMb: rss.stop(),
      loadAverage,
    };
    log(
      `  every catch's conditions in ${(backfillMs / 1000).toFixed(1)} s: ${figures.upstreamCalls} upstream calls ` +
        `for ${figures.cellDays} (cell, day) pairs (${(figures.upstreamCalls / figures.cellDays).toFixed(2)} a pair), ` +
        `${figures.partial} partial, server RSS ${rssBeforeMb?.toFixed(0)} → peak ${figures.peakRssMb?.toFixed(0)} MB`,
    );
    return figures;
  } finally {
    await reader.close();
    await server.stop();
  }
}

const BUDGET = `Conditions backfill of an imported ${CATCHES.toLocaleString('en-US')}-catch log (${WATERS} waters, ${DAYS} days) ≤ 1 upstream call per cell and day`;

/** The budget row of this part (bench/README.md's table). */
export function backfillBudgets(figures: BackfillFigures | undefined): BudgetCheck[] {
  if (!figures) return [{ budget: BUDGET, measured: '–', met: null, verdict: 'not measured' }];
  const perCellDay = figures.upstreamCalls / figures.cellDays;
  const met = perCellDay <= 1;
  return [
    {
      budget: BUDGET,
      measured:
        `${perCellDay.toFixed(2)} (${figures.upstreamCalls} calls, ${figures.cellDays} pairs, ` +
        `done in ${(figures.backfillMs / 1000).toFixed(0)} s)`,
      met,
      verdict: met ? 'met' : `missed by ${(perCellDay - 1).toFixed(2)}`,
    },
  ];
}

/** This part's section of bench/results.md. */
export function backfillSection(figures: BackfillFigures | undefined): string[] {
  if (!figures) return [];
  const f = figures;
  return [
    `## Conditions backfill (${f.catches.toLocaleString('en-US')} imported catches)`,
    '',
    `POST /api/import of a JSON log of ${f.catches.toLocaleString('en-US')} catches at ${f.waters} waters over ` +
      `${f.days} days (10 a day at each, within a few hundred metres of its point) into an empty account, on a ` +
      'server of its own whose weather provider is the fake Open-Meteo (server/test-support/fake-open-meteo.ts), ' +
      `with the upstream budget raised to ${UPSTREAM_PER_MINUTE.toLocaleString('en-US')} a minute so the time is ` +
      "the job's own (at the default 300 a minute, half of it the job's, the calls alone take " +
      `${(f.upstreamCalls / 150).toFixed(1)} min). Load average ${f.loadAverage.toFixed(2)} when it began.`,
    '',
    '| what | figure |',
    '|---|---:|',
    `| import | ${(f.importMs / 1000).toFixed(1)} s |`,
    `| distinct (weather cell, UTC day) pairs of the catches | ${f.cellDays} |`,
    `| upstream calls until every catch had its conditions | ${f.upstreamCalls} |`,
    `| calls per cell and day (budget ≤ 1) | ${(f.upstreamCalls / f.cellDays).toFixed(2)} |`,
    `| import answered → no catch pending | ${(f.backfillMs / 1000).toFixed(1)} s |`,
    `| catches finished without weather (partial) | ${f.partial} |`,
    `| server RSS before the import → peak until done | ${f.rssBeforeMb?.toFixed(0) ?? '?'} → ${f.peakRssMb?.toFixed(0) ?? '?'} MB |`,
    '',
  ];
}
