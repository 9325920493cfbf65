import type { Kysely } from 'kysely';
import { CONDITIONS_NOT_WORKED_OUT } from '#core/catch.ts';
import type { FilterableCatch, FilterableTrip } from '#core/insight-filter.ts';
import type { EffortMinutes } from '#core/insights.ts';
import { tripDurationMinutes } from '#core/trips.ts';
import { requireOwn } from '../catches/catch-links.ts';
import { type Clock, systemClock } from '../clock.ts';
import { readStoredConditions } from '../conditions/catch-sky.ts';
import type { Database } from '../db/schema.ts';

/** An angler's whole log as insights read it: what core/insight-filter.ts and core/insights.ts take, nothing more. */
export interface InsightLog {
  catches: FilterableCatch[];
  trips: FilterableTrip[];
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

  async log(userId: number): Promise<InsightLog> {
    const [catchRows, tripRows] = await Promise.all([
      this.db
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
        .execute(),
      this.db
        .selectFrom('trips')
        .select(['id', 'spot_id', 'started_at', 'ended_at', 'effort'])
        .where('user_id', '=', userId)
        .execute(),
    ]);
    const now = this.clock.now();
    const catches = catchRows.map(
      (row): FilterableCatch => ({
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
        conditions:
          row.conditions === null ? CONDITIONS_NOT_WORKED_OUT : readStoredConditions(row.conditions),
      }),
    );
    const trips = tripRows.map(
      (row): FilterableTrip => ({
        id: Number(row.id),
        spotId: row.spot_id === null ? null : Number(row.spot_id),
        startedAt: row.started_at,
        durationMinutes: tripDurationMinutes(row.started_at, row.ended_at, now),
        effort: row.effort === null ? null : (JSON.parse(row.effort) as EffortMinutes),
      }),
    );
    return { catches, trips };
  }
}
