import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

/** The longest window any caller uses is far shorter than this; older rows are dead and swept. */
export const RATE_LIMIT_ROWS_KEPT_MS = 24 * 60 * 60 * 1000;

export interface RateLimitDecision {
  /** False when this hit went over the limit: refuse the request. */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
}

/**
 * Fixed-window counters kept in the database, so every app instance sees the same counts and a restart
 * does not reset an attacker's budget (docs/product.md#limits). A counter is a row per bucket key.
 */
export interface RateLimiter {
  /**
   * Counts one hit against `key` and says whether it is within `limit` for the window, in one statement:
   * a burst of concurrent requests can never all pass a check made before any of them was counted.
   * Call it before doing the work the limit protects.
   */
  consume(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>;
  /** Forgets `key` (a successful login clears that username's counter). */
  reset(key: string): Promise<void>;
}

export class DatabaseRateLimiter implements RateLimiter {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;

  constructor(db: Kysely<Database>, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  async consume(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const now = this.clock.now().getTime();
    const windowStartedBefore = now - windowMs;
    // Increment-and-read in one upsert (RETURNING works on SQLite ≥ 3.35 and PostgreSQL): on PostgreSQL the
    // row lock orders concurrent hits, on SQLite the single writer does; no count is lost and each caller
    // sees its own position in the window.
    const row = await this.db
      .insertInto('rate_limit_hits')
      .values({ bucket_key: key, window_started_at: now, hits: 1 })
      .onConflict((conflict) =>
        conflict.column('bucket_key').doUpdateSet((eb) => {
          const expired = eb('rate_limit_hits.window_started_at', '<=', windowStartedBefore);
          return {
            hits: eb
              .case()
              .when(expired)
              .then(1)
              .else(eb('rate_limit_hits.hits', '+', 1))
              .end(),
            window_started_at: eb
              .case()
              .when(expired)
              .then(now)
              .else(eb.ref('rate_limit_hits.window_started_at'))
              .end(),
          };
        }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    const count = Number(row.hits);
    return { allowed: count <= limit, count };
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('bucket_key', '=', key).execute();
  }

  /** Deletes counters whose window started long ago (the periodic sweep); returns how many. */
  async deleteExpired(): Promise<number> {
    const cutoff = this.clock.now().getTime() - RATE_LIMIT_ROWS_KEPT_MS;
    const result = await this.db
      .deleteFrom('rate_limit_hits')
      .where('window_started_at', '<=', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
