import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { EffortMinutes } from '#core/insights.ts';
import type { TideStage } from '#core/tides.ts';
import { type TripSurroundings, tripEffort } from '#core/trip-effort.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { WeatherQuotaError } from '../weather/open-meteo.provider.ts';
import { weatherCell } from '../weather/weather.service.ts';
import type { WeatherBudget } from '../weather/weather-budget.ts';
import { BackgroundLoop } from './background-loop.ts';
import { catchTimeZone, WEATHER_RECORDS_BEGIN } from './catch-sky.ts';
import { hourOf, hourThreeBefore, keptWeatherAt } from './catch-weather.ts';
import {
  CATCH_WEATHER_BUDGET_SHARE,
  CATCH_WEATHER_INTERVAL_MS,
  CATCH_WEATHER_MAX_ATTEMPTS,
  weatherRetryAt,
} from './catch-weather-job.ts';
import { JobLease } from './job-lease.ts';
import type { PastWeatherProvider } from './past-weather.provider.ts';
import { type TripAwaitingEffort, TripEffortRepository } from './trip-effort.repository.ts';
import { hourKept, type KeptDay, WeatherHoursRepository } from './weather-hours.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The trip effort job (null without a past weather provider): trip saves and imports wake it. */
    tripEffort: TripEffortJob | null;
  }
}

/** How often the job looks for work when nobody wakes it: as often as the catch weather job. */
export const TRIP_EFFORT_INTERVAL_MS = CATCH_WEATHER_INTERVAL_MS;
/**
 * Provider failures for one trip before its weather is given up: its effort is frozen with the sky factors and the
 * tide only ('done'), as a catch's conditions are frozen 'partial' after as many.
 */
export const TRIP_EFFORT_MAX_ATTEMPTS = CATCH_WEATHER_MAX_ATTEMPTS;
/**
 * A trip over more UTC days than this gets no weather (one provider call asks for all its days): a trip left
 * running for a week is a forgotten one, and its hours say little about the weather fished in.
 */
const TRIP_WEATHER_MAX_DAYS = 8;
/** As the catch weather job's: far longer than a provider call (8 s timeout), renewed before each. */
const LEASE_MS = 60 * 1000;
/** Trips read per pass; a full batch is followed by another pass at once (budget allowing). */
const BATCH = 200;
const HOUR_MS = 60 * 60 * 1000;

export interface TripEffortPass {
  /** Whether this instance held the lease (else another one runs the job and this pass did nothing). */
  leased: boolean;
  /** Trips whose effort was frozen ('done'). */
  finished: number;
  /** Trips given their effort without the weather after a provider failure, to be tried again. */
  postponed: number;
  providerCalls: number;
  /** Stopped because the background jobs' share of the weather budget is spent: the rest waits 'pending'. */
  waitingForBudget: boolean;
}

/** The tide's stage over a span at a place (server/tides/tides.service.ts): predicted here, no provider call. */
interface TideStagePredictor {
  tideStagesOver(
    latitude: number,
    longitude: number,
    start: Date,
    end: Date,
  ): Promise<((moment: Date) => TideStage | null) | null>;
}

interface TripEffortJobDependencies {
  db: Kysely<Database>;
  provider: PastWeatherProvider;
  tides: TideStagePredictor;
  budget: WeatherBudget;
  clock: Clock;
  log: FastifyBaseLogger;
}

type Fetched = 'fetched' | 'budget' | 'lease' | 'failed' | 'quota';

/** The hours a trip's weather is read from: each of its hours and the 3 hours before the first (the tendency). */
interface WeatherNeed {
  cell: { latitude: number; longitude: number };
  cellKey: string;
  days: string[];
  hours: string[];
}

/**
 * Works out the minutes each ended trip spent in each insight bucket (core/trip-effort.ts) and freezes them with the
 * trip (docs/decisions/044-insights.md), in the background, the way the catch weather job fills a catch's conditions
 * (docs/decisions/042-weather-at-a-catch.md) and with its pieces: the weather of each moment is the reading a catch
 * then would get, from the same `weather_hours` kept per ~1 km cell and UTC day; the tide's stage is predicted at the
 * nearest station as a catch's is; the provider calls come out of the same share of the weather budget; one
 * instance at a time (its own lease in `job_leases`); every state in the trip's row.
 */
export class TripEffortJob {
  private readonly deps: TripEffortJobDependencies;
  private readonly repository: TripEffortRepository;
  private readonly weatherHours: WeatherHoursRepository;
  private readonly lease: JobLease;
  /** Provider calls made by this job since start, and how many failed (metrics). */
  readonly providerCalls = { ok: 0, failed: 0 };
  private readonly loop: BackgroundLoop<TripEffortPass>;

  constructor(deps: TripEffortJobDependencies) {
    this.deps = deps;
    this.repository = new TripEffortRepository(deps.db);
    this.weatherHours = new WeatherHoursRepository(deps.db);
    this.lease = new JobLease({
      db: deps.db,
      name: 'trip-effort',
      clock: deps.clock,
      lengthMs: LEASE_MS,
    });
    this.loop = new BackgroundLoop({
      pass: () => this.pass(),
      again: (pass) => pass.leased && !pass.waitingForBudget && pass.finished + pass.postponed >= BATCH,
      lease: this.lease,
      log: deps.log,
      failure: 'trip effort pass failed',
    });
  }

  /** Ended trips waiting for the job (read at each metrics scrape). */
  pendingCount(): Promise<number> {
    return this.repository.pendingCount();
  }

  /** One pass; passes in this process never overlap. */
  runOnce(): Promise<TripEffortPass> {
    return this.loop.runOnce();
  }

  /**
   * Runs a pass after `firstPassDelayMs` (at once when woken sooner), then every `intervalMs` (sooner while work
   * and budget remain) until stop().
   */
  start(intervalMs = TRIP_EFFORT_INTERVAL_MS, firstPassDelayMs = 0): void {
    this.loop.start(intervalMs, firstPassDelayMs);
  }

  /** A trip ended, changed or was imported: a pass within moments instead of at the next interval. */
  wake(): void {
    this.loop.wake();
  }

  /** No pass starts after this; waits for one under way, then gives the lease up for another instance. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async pass(): Promise<TripEffortPass> {
    const result: TripEffortPass = {
      leased: false,
      finished: 0,
      postponed: 0,
      providerCalls: 0,
      waitingForBudget: false,
    };
    if (!(await this.lease.hold())) return result;
    result.leased = true;
    const now = this.deps.clock.now();

    for (const trip of await this.repository.awaitingEffort(now, BATCH)) {
      const span = { start: Date.parse(trip.startedAt), end: Date.parse(trip.endedAt) };
      const surroundings = await this.skyAndTide(trip, span);
      const need = weatherNeed(trip, span);
      if (need === null) {
        if (await this.repository.finish(trip, tripEffort(span, surroundings))) result.finished++;
        continue;
      }
      const kept = new Map<string, KeptDay | null>();
      for (const day of need.days) kept.set(day, await this.weatherHours.keptDay(need.cellKey, day));
      if (!need.hours.every((hour) => hourKept(kept, hour))) {
        const fetched = await this.fetch(need, kept, now);
        if (fetched === 'budget') {
          result.waitingForBudget = true;
          break;
        }
        if (fetched === 'lease') break;
        result.providerCalls++;
        if (fetched === 'failed' || fetched === 'quota') {
          await this.failed(trip, tripEffort(span, surroundings), now, result);
          // The provider counts our calls: after a quota refusal, the rest waits for the next pass.
          if (fetched === 'quota') break;
          continue;
        }
      }
      const weatherAt = (moment: Date) => keptWeatherAt(kept, moment);
      if (await this.repository.finish(trip, tripEffort(span, { ...surroundings, weatherAt }))) {
        result.finished++;
      }
    }
    return result;
  }

  /** What is known of a trip without the provider: its place and zone, and the tide's stage (null inland). */
  private async skyAndTide(
    trip: TripAwaitingEffort,
    span: { start: number; end: number },
  ): Promise<TripSurroundings> {
    const { place } = trip;
    const timeZone = catchTimeZone(place ?? { latitude: null, longitude: null }, trip.firstCatchTimeZone);
    if (place === null) return { place, timeZone };
    let tideStageAt: ((moment: Date) => TideStage | null) | null = null;
    try {
      tideStageAt = await this.deps.tides.tideStagesOver(
        place.latitude,
        place.longitude,
        new Date(span.start),
        new Date(span.end),
      );
    } catch (error) {
      // A prediction that fails leaves the tide out, never the trip.
      this.deps.log.warn({ err: error }, 'trip effort: no tide could be predicted');
    }
    return { place, timeZone, ...(tideStageAt ? { tideStageAt } : {}) };
  }

  /** One provider call for all the trip's UTC days (and the day before, for the tendency of its first hours). */
  private async fetch(need: WeatherNeed, kept: Map<string, KeptDay | null>, now: Date): Promise<Fetched> {
    if (!this.deps.budget.takeShare(CATCH_WEATHER_BUDGET_SHARE)) return 'budget';
    // Renewed right before the call: another instance cannot take over while it runs.
    if (!(await this.lease.hold())) return 'lease';
    const firstDay = need.days[0] as string;
    const lastDay = need.days[need.days.length - 1] as string;
    try {
      const { hours } = await this.deps.provider.hours(
        need.cell.latitude,
        need.cell.longitude,
        firstDay,
        lastDay,
        now,
      );
      this.providerCalls.ok++;
      await this.weatherHours.keepAnswer(need.cellKey, need.days, hours, now.toISOString(), kept);
      return 'fetched';
    } catch (error) {
      this.providerCalls.failed++;
      this.deps.log.warn({ err: error, firstDay, lastDay }, 'trip effort: the weather provider failed');
      return error instanceof WeatherQuotaError ? 'quota' : 'failed';
    }
  }

  /**
   * A failed attempt: the effort without the weather is written at once (the trip counts for the sky factors and
   * the tide while the weather is retried), and frozen so after the last attempt.
   */
  private async failed(
    trip: TripAwaitingEffort,
    withoutWeather: EffortMinutes,
    now: Date,
    result: TripEffortPass,
  ): Promise<void> {
    if (trip.attempts + 1 >= TRIP_EFFORT_MAX_ATTEMPTS) {
      if (await this.repository.finish(trip, withoutWeather)) result.finished++;
      return;
    }
    await this.repository.postpone(trip, withoutWeather, weatherRetryAt(now, trip.attempts));
    result.postponed++;
  }
}

/**
 * The cell, UTC days and hours whose readings a trip's weather is read from; null when it gets no weather: no
 * place, no time, before the provider's records, or too many days.
 */
function weatherNeed(trip: TripAwaitingEffort, span: { start: number; end: number }): WeatherNeed | null {
  if (trip.place === null || span.end <= span.start || span.start < Date.parse(WEATHER_RECORDS_BEGIN))
    return null;
  const first = Date.parse(hourThreeBefore(new Date(span.start)));
  // The slices' moments lie strictly inside the span: the last hour read is the one holding the moment before its end.
  const last = Date.parse(hourOf(new Date(span.end - 1)));
  const hours: string[] = [];
  for (let hour = first; hour <= last; hour += HOUR_MS) hours.push(new Date(hour).toISOString());
  const days = [...new Set(hours.map((hour) => hour.slice(0, 10)))];
  if (days.length > TRIP_WEATHER_MAX_DAYS + 1) return null;
  const cell = weatherCell(trip.place.latitude, trip.place.longitude);
  return { cell, cellKey: `${cell.latitude},${cell.longitude}`, days, hours };
}
