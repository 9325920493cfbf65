import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CatchConditions } from '#core/catch-conditions.ts';
import type { CatchTide } from '#core/tides.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { WeatherQuotaError } from '../weather/open-meteo.provider.ts';
import { weatherCell } from '../weather/weather.service.ts';
import type { WeatherBudget } from '../weather/weather-budget.ts';
import { BackgroundLoop } from './background-loop.ts';
import { workOutSky } from './catch-sky.ts';
import { type CatchAwaitingWeather, CatchWeatherRepository } from './catch-weather.repository.ts';
import { hourOf, hourThreeBefore, keptWeatherAt } from './catch-weather.ts';
import { JobLease } from './job-lease.ts';
import type { PastWeatherProvider } from './past-weather.provider.ts';
import { hourKept, type KeptDay, WeatherHoursRepository } from './weather-hours.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catch weather job (null without a past weather provider): the save path wakes it. */
    catchWeather: CatchWeatherJob | null;
  }
}

/** How often the job looks for work when nobody wakes it. */
export const CATCH_WEATHER_INTERVAL_MS = 30 * 1000;
/** The share of the server's weather budget (each window) the job may use: the rest stays for anglers' lookups. */
export const CATCH_WEATHER_BUDGET_SHARE = 0.5;
/** Provider failures for one catch before it is given up as 'partial'. */
export const CATCH_WEATHER_MAX_ATTEMPTS = 5;
/** The wait after the first failure; each further failure waits 4 times longer (1 min, 4, 16, 64). */
const FIRST_RETRY_MS = 60 * 1000;

/** When to ask the provider again after `attempts` failures before this one (the trip effort job waits alike). */
export function weatherRetryAt(now: Date, attempts: number): Date {
  return new Date(now.getTime() + FIRST_RETRY_MS * 4 ** attempts);
}
/**
 * The lease is renewed before every provider call and lasts far longer than a call may (8 s timeout), so a call
 * always ends before another instance could take over.
 */
const LEASE_MS = 60 * 1000;
/** Catches read per pass; a full batch is followed by another pass at once (budget allowing). */
const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CatchWeatherPass {
  /** Whether this instance held the lease (else another one runs the job and this pass did nothing). */
  leased: boolean;
  /** Catches whose moment and sky were worked out (the backfill of catches saved without them). */
  skies: number;
  /** Catches finished ('complete' or 'partial'). */
  finished: number;
  providerCalls: number;
  /** Stopped because the job's share of the weather budget is spent: the rest waits 'pending'. */
  waitingForBudget: boolean;
}

/** The tide at a place and moment (server/tides/tides.service.ts): predicted here, no provider call. */
interface TidePredictor {
  tideAt(latitude: number, longitude: number, moment: Date): Promise<CatchTide | null>;
}

interface CatchWeatherJobDependencies {
  db: Kysely<Database>;
  provider: PastWeatherProvider;
  /** Gives each finished catch near the coast its tide (null inland). */
  tides: TidePredictor;
  budget: WeatherBudget;
  clock: Clock;
  log: FastifyBaseLogger;
}

interface CellDay {
  cell: { latitude: number; longitude: number };
  cellKey: string;
  day: string;
  catches: CatchAwaitingWeather[];
}

type Fetched = 'fetched' | 'budget' | 'lease' | 'failed' | 'quota';

/**
 * Fills the weather of catches waiting for it ('pending'), in the background (docs/decisions/042-weather-at-a-catch.md):
 * one provider call per ~1 km cell and UTC day, kept in `weather_hours`; within a share of the weather budget; on
 * one instance at a time (a lease in `job_leases`); every state in the database, so a restart or another instance
 * continues where it stopped. Also works out the moment and sky of catches saved without them first.
 */
export class CatchWeatherJob {
  private readonly deps: CatchWeatherJobDependencies;
  private readonly repository: CatchWeatherRepository;
  private readonly weatherHours: WeatherHoursRepository;
  private readonly lease: JobLease;
  /** Provider calls made by this job since start, and how many failed (metrics). */
  readonly providerCalls = { ok: 0, failed: 0 };
  private readonly loop: BackgroundLoop<CatchWeatherPass>;

  constructor(deps: CatchWeatherJobDependencies) {
    this.deps = deps;
    this.repository = new CatchWeatherRepository(deps.db);
    this.weatherHours = new WeatherHoursRepository(deps.db);
    this.lease = new JobLease({
      db: deps.db,
      name: 'catch-weather',
      clock: deps.clock,
      lengthMs: LEASE_MS,
    });
    this.loop = new BackgroundLoop({
      pass: () => this.pass(),
      // A full batch done with budget left: more is waiting, go on at once.
      again: (pass) => pass.leased && !pass.waitingForBudget && pass.skies + pass.finished >= BATCH,
      lease: this.lease,
      log: deps.log,
      failure: 'catch weather pass failed',
    });
  }

  /** Catches waiting for the job (read at each metrics scrape). */
  pendingCount(): Promise<number> {
    return this.repository.pendingCount();
  }

  /** One pass; passes in this process never overlap. */
  runOnce(): Promise<CatchWeatherPass> {
    return this.loop.runOnce();
  }

  /**
   * Runs a pass after `firstPassDelayMs` (at once when woken sooner), then every `intervalMs` (sooner while work
   * and budget remain) until stop().
   */
  start(intervalMs = CATCH_WEATHER_INTERVAL_MS, firstPassDelayMs = 0): void {
    this.loop.start(intervalMs, firstPassDelayMs);
  }

  /** A catch was saved with its weather due: a pass within moments instead of at the next interval. */
  wake(): void {
    this.loop.wake();
  }

  /** No pass starts after this; waits for one under way, then gives the lease up for another instance. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async pass(): Promise<CatchWeatherPass> {
    const result: CatchWeatherPass = {
      leased: false,
      skies: 0,
      finished: 0,
      providerCalls: 0,
      waitingForBudget: false,
    };
    if (!(await this.lease.hold())) return result;
    result.leased = true;
    const now = this.deps.clock.now();

    const withoutMoment = await this.repository.withoutMoment(BATCH);
    result.skies = await this.repository.saveSkies(
      withoutMoment.map((read) => ({ read, sky: workOutSky(read, null, now) })),
    );

    const groups = new Map<string, CellDay>();
    const noPosition: CatchAwaitingWeather[] = [];
    for (const read of await this.repository.awaitingWeather(now, BATCH)) {
      if (read.latitude === null || read.longitude === null) {
        noPosition.push(read);
        continue;
      }
      const cell = weatherCell(read.latitude, read.longitude);
      const cellKey = `${cell.latitude},${cell.longitude}`;
      const day = read.caughtAt.slice(0, 10);
      const key = `${cellKey}|${day}`;
      let group = groups.get(key);
      if (!group) {
        group = { cell, cellKey, day, catches: [] };
        groups.set(key, group);
      }
      group.catches.push(read);
    }
    result.finished += await this.finish(noPosition.map((read) => ({ read, weather: null })));

    for (const group of groups.values()) {
      const kept = new Map<string, KeptDay | null>();
      const before = previousDay(group.day);
      for (const day of [before, group.day])
        kept.set(day, await this.weatherHours.keptDay(group.cellKey, day));
      if (!group.catches.every((read) => readingsKept(read, kept))) {
        const fetched = await this.fetch(group, before, kept, now);
        if (fetched === 'fetched') result.providerCalls++;
        if (fetched === 'budget') {
          result.waitingForBudget = true;
          break;
        }
        if (fetched === 'lease') break;
        if (fetched === 'failed' || fetched === 'quota') {
          result.providerCalls++;
          result.finished += await this.failed(group.catches, now);
          // The provider counts our calls: after a quota refusal, the rest waits for the next pass.
          if (fetched === 'quota') break;
          continue;
        }
      }
      result.finished += await this.finish(
        group.catches.map((read) => {
          return { read, weather: keptWeatherAt(kept, new Date(read.caughtAt)) };
        }),
      );
    }
    return result;
  }

  /** One provider call for the cell's day and the day before (the 3-hour tendency of the first hours needs it). */
  private async fetch(
    group: CellDay,
    before: string,
    kept: Map<string, KeptDay | null>,
    now: Date,
  ): Promise<Fetched> {
    if (!this.deps.budget.takeShare(CATCH_WEATHER_BUDGET_SHARE)) return 'budget';
    // Renewed right before the call: another instance cannot take over while it runs.
    if (!(await this.lease.hold())) return 'lease';
    try {
      const { hours } = await this.deps.provider.hours(
        group.cell.latitude,
        group.cell.longitude,
        before,
        group.day,
        now,
      );
      this.providerCalls.ok++;
      await this.weatherHours.keepAnswer(group.cellKey, [before, group.day], hours, now.toISOString(), kept);
      return 'fetched';
    } catch (error) {
      this.providerCalls.failed++;
      this.deps.log.warn({ err: error, day: group.day }, 'catch weather: the provider failed');
      return error instanceof WeatherQuotaError ? 'quota' : 'failed';
    }
  }

  /**
   * Writes the conditions with the weather found, or without it ('partial'), each unless the catch changed
   * meanwhile. How many were written.
   */
  private async finish(
    finished: { read: CatchAwaitingWeather; weather: CatchConditions['weather'] }[],
  ): Promise<number> {
    if (finished.length === 0) return 0;
    const written = [];
    for (const { read, weather } of finished) {
      written.push({
        read,
        conditions: {
          ...read.conditions,
          weather,
          tide: await this.tideOf(read),
          status: weather ? ('complete' as const) : ('partial' as const),
        },
      });
    }
    return this.repository.finish(written);
  }

  /** The tide at the catch, when it has a position; a prediction that fails leaves it out, never the catch. */
  private async tideOf(read: CatchAwaitingWeather): Promise<CatchTide | null> {
    if (read.latitude === null || read.longitude === null) return null;
    try {
      return await this.deps.tides.tideAt(read.latitude, read.longitude, new Date(read.caughtAt));
    } catch (error) {
      this.deps.log.warn({ err: error }, 'catch weather: no tide could be predicted');
      return null;
    }
  }

  /**
   * A failed attempt for each catch: tried again after a growing wait, given up ('partial') after the last one.
   * How many were given up.
   */
  private async failed(catches: CatchAwaitingWeather[], now: Date): Promise<number> {
    const givenUp = catches.filter((read) => read.attempts + 1 >= CATCH_WEATHER_MAX_ATTEMPTS);
    for (const read of catches) {
      if (givenUp.includes(read)) continue;
      await this.repository.postpone(read, weatherRetryAt(now, read.attempts));
    }
    return this.finish(givenUp.map((read) => ({ read, weather: null })));
  }
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** Whether the kept days answer a catch's hour and the hour 3 before, so no call is needed for it. */
function readingsKept(read: CatchAwaitingWeather, kept: Map<string, KeptDay | null>): boolean {
  const moment = new Date(read.caughtAt);
  return hourKept(kept, hourOf(moment)) && hourKept(kept, hourThreeBefore(moment));
}
