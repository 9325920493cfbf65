import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

/**
 * Fixed-window counters kept in the database, so every app instance sees the same counts and a restart
 * does not reset an attacker's budget (DESIGN §4). A counter is a row per bucket key.
 */
export interface RateLimiter {
  /** True when `key` has already used `limit` hits in the current window. */
  isLimited(key: string, limit: number, windowMs: number): Promise<boolean>;
  /** Counts one hit against `key`. */
  hit(key: string, windowMs: number): Promise<void>;
  /** Forgets `key` (a successful login clears that username's failures). */
  reset(key: string): Promise<void>;
}

export class DatabaseRateLimiter implements RateLimiter {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;

  constructor(db: Kysely<Database>, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  async isLimited(key: string, limit: number, windowMs: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('rate_limit_hits')
      .select(['hits', 'window_started_at'])
      .where('bucket_key', '=', key)
      .executeTakeFirst();
    if (!row) return false;
    const windowOver = this.clock.now().getTime() - Number(row.window_started_at) >= windowMs;
    return !windowOver && row.hits >= limit;
  }

  async hit(key: string, windowMs: number): Promise<void> {
    const now = this.clock.now().getTime();
    const windowStartedBefore = now - windowMs;
    // One statement, so concurrent hits on either engine cannot lose a count.
    await this.db
      .insertInto('rate_limit_hits')
      .values({ bucket_key: key, window_started_at: now, hits: 1 })
      .onConflict((conflict) =>
        conflict.column('bucket_key').doUpdateSet((eb) => ({
          hits: eb
            .case()
            .when('rate_limit_hits.window_started_at', '<=', windowStartedBefore)
            .then(1)
            .else(eb('rate_limit_hits.hits', '+', 1))
            .end(),
          window_started_at: eb
            .case()
            .when('rate_limit_hits.window_started_at', '<=', windowStartedBefore)
            .then(now)
            .else(eb.ref('rate_limit_hits.window_started_at'))
            .end(),
        })),
      )
      .execute();
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('bucket_key', '=', key).execute();
  }
}
