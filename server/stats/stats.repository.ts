import type { Kysely } from 'kysely';
import type { StatsCatch } from '#core/catch-stats.ts';
import { readCatchesVersion } from '../catches/catch-list-cache.ts';
import type { Database } from '../db/schema.ts';

/**
 * The SQL of Stats (docs/decisions/049-stats-and-insights-speed.md): the few columns of a user's catches that
 * core/catch-stats.ts reads, never the photo, notes, position or conditions, in the catch list's order (newest
 * saved first: a tie between two spellings of a name goes the same way as on the phone). Owner only.
 */
export class StatsRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** The stamp of the user's catches: every catch write bumps it (catch-list-cache.ts relies on it too). */
  catchesVersion(userId: number): Promise<number> {
    return readCatchesVersion(this.db, userId);
  }

  /** The user's catches as the stats read them, newest saved first as GET /api/catches lists them. */
  async catches(userId: number): Promise<StatsCatch[]> {
    const rows = await this.db
      .selectFrom('catches')
      .select([
        'id',
        'fish_type',
        'quantity',
        'released',
        'weight',
        'length',
        'bait_used',
        'location_name',
        'catch_date',
        'time_of_day',
        'created_at',
        'is_test_catch',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      fishType: row.fish_type,
      // Numbers pass through Number(): a driver that answers numeric strings cannot leak them into the sums.
      quantity: Number(row.quantity),
      // SQLite answers 0/1 for a boolean column.
      released: row.released === null ? null : row.released === true || row.released === 1,
      weight: row.weight === null ? null : Number(row.weight),
      length: row.length === null ? null : Number(row.length),
      baitUsed: row.bait_used,
      locationName: row.location_name,
      catchDate: row.catch_date,
      timeOfDay: row.time_of_day,
      createdAt: row.created_at,
      isTestCatch: row.is_test_catch === true || row.is_test_catch === 1,
    }));
  }
}
