import type { Kysely, Transaction } from 'kysely';
import { CONDITIONS_NOT_WORKED_OUT } from '#core/catch.ts';
import type { CatchConditions, ConditionsStatus } from '#core/catch-conditions.ts';
import type { Database } from '../db/schema.ts';
import { readStoredConditions, type WorkedOutSky } from './catch-sky.ts';

/** A catch written before its moment was worked out (an old catch, or one the previous release saved). */
export interface CatchWithoutMoment {
  id: number;
  userId: number;
  catchDate: string | null;
  timeOfDay: string | null;
  createdAt: string;
  latitude: number | null;
  longitude: number | null;
}

/** A catch waiting for its weather, as read: the weather is written only while these are still its values. */
export interface CatchAwaitingWeather {
  id: number;
  userId: number;
  caughtAt: string;
  latitude: number | null;
  longitude: number | null;
  conditions: CatchConditions;
  attempts: number;
}

/**
 * The SQL of the catch weather job: the catches it works on (only their conditions columns are ever written
 * here, each write guarded by the values it was worked out from). The weather it reads is kept by
 * weather-hours.repository.ts.
 */
export class CatchWeatherRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Pending catches with no moment yet, oldest rows first. */
  async withoutMoment(limit: number): Promise<CatchWithoutMoment[]> {
    const rows = await this.db
      .selectFrom('catches')
      .select(['id', 'user_id', 'catch_date', 'time_of_day', 'created_at', 'latitude', 'longitude'])
      .where('conditions_status', '=', 'pending')
      .where('caught_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      userId: Number(row.user_id),
      catchDate: row.catch_date,
      timeOfDay: row.time_of_day,
      createdAt: row.created_at,
      latitude: row.latitude === null ? null : Number(row.latitude),
      longitude: row.longitude === null ? null : Number(row.longitude),
    }));
  }

  /**
   * Writes the moments and skies of catches read by withoutMoment, each unless it changed since, in one
   * transaction (one disk flush for the batch). How many were written.
   */
  async saveSkies(worked: readonly { read: CatchWithoutMoment; sky: WorkedOutSky }[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const changedUsers = new Set<number>();
      let written = 0;
      for (const { read, sky } of worked) {
        const result = await trx
          .updateTable('catches')
          .set({
            caught_at: sky.caughtAt,
            time_zone: sky.timeZone,
            conditions: JSON.stringify(sky.conditions),
            conditions_status: sky.conditions.status,
          })
          .where('id', '=', read.id)
          .where('conditions_status', '=', 'pending')
          .where('caught_at', 'is', null)
          .where('catch_date', 'is not distinct from', read.catchDate)
          .where('time_of_day', 'is not distinct from', read.timeOfDay)
          .where('created_at', '=', read.createdAt)
          .where('latitude', 'is not distinct from', read.latitude)
          .where('longitude', 'is not distinct from', read.longitude)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) {
          written++;
          changedUsers.add(read.userId);
        }
      }
      await bumpListVersions(trx, changedUsers);
      return written;
    });
  }

  /**
   * Pending catches whose moment has come and whose back-off is over, the newest moment first (a catch just
   * logged goes before an imported backlog; docs/decisions/042-weather-at-a-catch.md).
   */
  async awaitingWeather(now: Date, limit: number): Promise<CatchAwaitingWeather[]> {
    const rows = await this.db
      .selectFrom('catches')
      .select(['id', 'user_id', 'caught_at', 'latitude', 'longitude', 'conditions', 'conditions_attempts'])
      .where('conditions_status', '=', 'pending')
      .where('caught_at', 'is not', null)
      .where('caught_at', '<=', now.toISOString())
      .where((eb) =>
        eb.or([eb('conditions_retry_at', 'is', null), eb('conditions_retry_at', '<=', now.toISOString())]),
      )
      .orderBy('caught_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      userId: Number(row.user_id),
      caughtAt: row.caught_at as string,
      latitude: row.latitude === null ? null : Number(row.latitude),
      longitude: row.longitude === null ? null : Number(row.longitude),
      conditions: row.conditions ? readStoredConditions(row.conditions) : CONDITIONS_NOT_WORKED_OUT,
      attempts: Number(row.conditions_attempts),
    }));
  }

  /**
   * Writes the finished conditions of catches read by awaitingWeather, each unless its moment or position changed
   * since, in one transaction. How many were written.
   */
  async finish(
    finished: readonly { read: CatchAwaitingWeather; conditions: CatchConditions }[],
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const changedUsers = new Set<number>();
      let written = 0;
      for (const { read, conditions } of finished) {
        const result = await this.whileUnchanged(trx, read)
          .set({
            conditions: JSON.stringify(conditions),
            conditions_status: conditions.status,
            conditions_retry_at: null,
          })
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) {
          written++;
          changedUsers.add(read.userId);
        }
      }
      await bumpListVersions(trx, changedUsers);
      return written;
    });
  }

  /** Counts a failed attempt and says when to try again (the answer does not change: no version bump). */
  async postpone(read: CatchAwaitingWeather, retryAt: Date): Promise<void> {
    await this.whileUnchanged(this.db, read)
      .set({ conditions_attempts: read.attempts + 1, conditions_retry_at: retryAt.toISOString() })
      .execute();
  }

  /** Catches waiting for the job (the metrics' backlog). */
  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('catches')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('conditions_status', '=', 'pending')
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  private whileUnchanged(db: Kysely<Database> | Transaction<Database>, read: CatchAwaitingWeather) {
    return db
      .updateTable('catches')
      .where('id', '=', read.id)
      .where('conditions_status', '=', 'pending' satisfies ConditionsStatus)
      .where('caught_at', '=', read.caughtAt)
      .where('latitude', 'is not distinct from', read.latitude)
      .where('longitude', 'is not distinct from', read.longitude);
  }
}

/** The answers their catch lists give changed: each owner's list version moves (server/catches/catch-list-cache.ts). */
async function bumpListVersions(trx: Transaction<Database>, userIds: Set<number>): Promise<void> {
  if (userIds.size === 0) return;
  await trx
    .updateTable('users')
    .set((eb) => ({ catches_version: eb('catches_version', '+', 1) }))
    .where('id', 'in', [...userIds])
    .execute();
}
