import type { Kysely } from 'kysely';
import type { FilterableCatch, FilterableTrip } from '#core/insight-filter.ts';
import type { EffortMinutes, InsightConditions } from '#core/insights.ts';
import { tripDurationMinutes } from '#core/trips.ts';
import { requireOwn } from '../catches/catch-links.ts';
import { readCatchesVersion } from '../catches/catch-list-cache.ts';
import { type Clock, systemClock } from '../clock.ts';
import { readStoredConditions } from '../conditions/catch-sky.ts';
import type { Database } from '../db/schema.ts';

/** A trip as insights read it, its effort as stored (JSON, null until worked out). */
export type StoredTrip = Omit<FilterableTrip, 'effort'> & { effort: string | null };

/** Nothing known yet: the conditions of a catch not worked out. */
const NOTHING_KNOWN: InsightConditions = { weather: null, sun: null, moon: null, solunar: null, tide: null };

/**
 * The parts of a catch's stored conditions insights read, and no more: a log is kept in memory between questions
 * (insight-answers.ts), each catch in a few hundred bytes instead of its whole conditions.
 */
function insightConditions(json: string | null): InsightConditions {
  if (json === null) return NOTHING_KNOWN;
  const { weather, sun, moon, solunar, tide } = readStoredConditions(json);
  return {
    weather: weather && {
      airTemperature: weather.airTemperature,
      pressureTendency: weather.pressureTendency,
    },
    sun: sun && { phase: sun.phase },
    moon: moon && { phase: moon.phase },
    solunar: solunar && { period: solunar.period },
    tide: tide && { stage: tide.stage },
  };
}

/** A stored trip with its effort read. */
export function readEffort(trip: StoredTrip): FilterableTrip {
  return { ...trip, effort: trip.effort === null ? null : (JSON.parse(trip.effort) as EffortMinutes) };
}

/**
 * The SQL of insights (docs/decisions/044-insights.md): the few columns of every catch and trip of one user that
 * the filter and the figures read, never the photo, notes or place of a catch. Owner only: every query is scoped
 * to the user.
 */
export class InsightRepository {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;

  constructor(db: Kysely<Database>, options: { clock?: Clock } = {}) {
    this.db = db;
    this.clock = options.clock ?? systemClock;
  }

  /** 404 naming `spotId` unless the spot is the user's own, as for every id a request names. */
  async requireOwnSpot(userId: number, spotId: number): Promise<void> {
    await requireOwn(this.db, 'spots', userId, spotId, 'spotId');
  }

  /** The stamp of the user's catches: every catch write, and every write that moves a catch's links, bumps it. */
  catchesVersion(userId: number): Promise<number> {
    return readCatchesVersion(this.db, userId);
  }

  /**
   * The user's trips as insights read them, their duration to now while one runs, each effort still as its stored
   * JSON: a request whose answer is kept never needs it parsed (`readEffort`).
   */
  async trips(userId: number): Promise<StoredTrip[]> {
    const rows = await this.db
      .selectFrom('trips')
      .select(['id', 'spot_id', 'started_at', 'ended_at', 'effort'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    const now = this.clock.now();
    return rows.map((row) => ({
      id: Number(row.id),
      spotId: row.spot_id === null ? null : Number(row.spot_id),
      startedAt: row.started_at,
      durationMinutes: tripDurationMinutes(row.started_at, row.ended_at, now),
      effort: row.effort,
    }));
  }

  /** The user's catches. */
  async catches(userId: number): Promise<FilterableCatch[]> {
    const rows = await this.db
      .selectFrom('catches')
      .select((eb) => [
        'fish_type',
        'quantity',
        'trip_id',
        'spot_id',
        'bait_used',
        'water_temperature',
        'time_of_day',
        'catch_date',
        // A catch whose moment is not worked out yet is dated by when it was saved, as its answer is.
        eb.fn.coalesce('caught_at', 'created_at').as('caught_at'),
        'is_test_catch',
        'conditions',
      ])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => ({
      fishType: row.fish_type,
      // Numbers pass through Number(): a driver that answers numeric strings cannot leak them into the sums.
      quantity: Number(row.quantity),
      tripId: row.trip_id === null ? null : Number(row.trip_id),
      spotId: row.spot_id === null ? null : Number(row.spot_id),
      baitUsed: row.bait_used,
      waterTemperature: row.water_temperature === null ? null : Number(row.water_temperature),
      timeOfDay: row.time_of_day,
      catchDate: row.catch_date,
      caughtAt: row.caught_at,
      // SQLite answers 0/1 for a boolean column.
      isTestCatch: row.is_test_catch === true || row.is_test_catch === 1,
      conditions: insightConditions(row.conditions),
    }));
  }
}
