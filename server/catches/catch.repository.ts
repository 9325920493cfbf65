import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Catch } from '../../core/catch.ts';
import type { CatchInput } from '../../core/catch-input.ts';
import type { CatchesTable, Database } from '../db/schema.ts';

export function photoUrl(photoId: string): string {
  return `/api/photos/${photoId}.webp`;
}

/** Inverse of photoUrl: the photo id inside one of our photo URLs. */
export function photoIdFromUrl(url: string): string | null {
  return /^\/api\/photos\/([0-9a-f-]{36})\.webp$/.exec(url)?.[1] ?? null;
}

function toCatch(row: Selectable<CatchesTable>): Catch {
  // Numbers pass through Number() so a driver that returns numeric strings can never leak them.
  const numberOrNull = (value: number | null) => (value === null ? null : Number(value));
  return {
    id: Number(row.id),
    fishType: row.fish_type,
    photo: row.photo_id ? photoUrl(row.photo_id) : null,
    weight: numberOrNull(row.weight),
    length: numberOrNull(row.length),
    locationName: row.location_name,
    latitude: numberOrNull(row.latitude),
    longitude: numberOrNull(row.longitude),
    notes: row.notes,
    createdAt: row.created_at,
    catchDate: row.catch_date,
    timeOfDay: row.time_of_day,
    waterTemperature: numberOrNull(row.water_temperature),
    depth: numberOrNull(row.depth),
    lineSize: row.line_size,
    baitUsed: row.bait_used,
    clientId: row.client_id,
  };
}

/** The table row for a new catch of this user. */
function toRow(userId: number, input: NewCatch): Insertable<CatchesTable> {
  return {
    user_id: userId,
    client_id: input.clientId ?? null,
    fish_type: input.fishType,
    weight: input.weight,
    length: input.length,
    location_name: input.locationName,
    latitude: input.latitude,
    longitude: input.longitude,
    notes: input.notes,
    created_at: input.createdAt.toISOString(),
    catch_date: input.catchDate,
    time_of_day: input.timeOfDay,
    water_temperature: input.waterTemperature,
    depth: input.depth,
    line_size: input.lineSize,
    bait_used: input.baitUsed,
    photo_id: input.photoId,
  };
}

/** Every catch write bumps its owner's version in the same transaction (catch-list-cache.ts relies on it). */
async function bumpCatchesVersion(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ catches_version: eb('catches_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** LIKE pattern that matches `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface NewCatch extends Omit<CatchInput, 'photo' | 'createdAt' | 'userId'> {
  photoId: string | null;
  createdAt: Date;
}

/** All catch SQL. Every query is scoped to one user: there is no way to reach another user's rows. */
export class CatchRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** The user's catches, newest first; `search` matches fish type, place, bait and notes, ignoring case. */
  async list(userId: number, search?: string): Promise<Catch[]> {
    let query = this.db.selectFrom('catches').selectAll().where('user_id', '=', userId);
    if (search) {
      const pattern = containsPattern(search);
      // ESCAPE spelled out: SQLite has no default escape character for LIKE.
      query = query.where((eb) =>
        eb.or(
          (['fish_type', 'location_name', 'bait_used', 'notes'] as const).map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(toCatch);
  }

  async findByClientId(userId: number, clientId: string): Promise<Catch | null> {
    const row = await this.db
      .selectFrom('catches')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row ? toCatch(row) : null;
  }

  /**
   * Saves a catch. With a clientId already used by this user, nothing is written and the first catch
   * comes back with `created: false`: a retried upload can never double a catch.
   */
  async create(userId: number, input: NewCatch): Promise<{ catch: Catch; created: boolean }> {
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('catches')
        .values(toRow(userId, input))
        .onConflict((conflict) => conflict.columns(['user_id', 'client_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) await bumpCatchesVersion(trx, userId);
      return inserted;
    });
    if (row) return { catch: toCatch(row), created: true };
    const existing = input.clientId ? await this.findByClientId(userId, input.clientId) : null;
    if (!existing) throw new Error('Catch insert was skipped but no catch holds its clientId');
    return { catch: existing, created: false };
  }

  /** Imports many catches in one transaction (demo data, benchmarks); no clientId deduplication. */
  async createMany(userId: number, inputs: readonly NewCatch[]): Promise<void> {
    if (inputs.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < inputs.length; start += 500) {
        const chunk = inputs.slice(start, start + 500).map((input) => toRow(userId, input));
        await trx.insertInto('catches').values(chunk).execute();
      }
      await bumpCatchesVersion(trx, userId);
    });
  }

  /** Deletes the user's catch; returns false when there is no such catch of theirs. */
  delete(userId: number, catchId: number): Promise<{ deleted: boolean; photoId: string | null }> {
    return this.deleteWhere(userId, 'id', catchId);
  }

  /** Deletes the user's catch saved with this device id (an offline delete of a catch that was still syncing). */
  deleteByClientId(userId: number, clientId: string): Promise<{ deleted: boolean; photoId: string | null }> {
    return this.deleteWhere(userId, 'client_id', clientId);
  }

  private async deleteWhere(
    userId: number,
    column: 'id' | 'client_id',
    value: number | string,
  ): Promise<{ deleted: boolean; photoId: string | null }> {
    const row = await this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('catches')
        .where('user_id', '=', userId)
        .where(column, '=', value)
        .returning(['photo_id'])
        .executeTakeFirst();
      if (removed) await bumpCatchesVersion(trx, userId);
      return removed;
    });
    return { deleted: row !== undefined, photoId: row?.photo_id ?? null };
  }

  /** Changes with every write of this user's catches: the key under which a listed history may be reused. */
  async version(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select('catches_version')
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(row?.catches_version ?? 0);
  }

  async isPhotoUsed(userId: number, photoId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('catches')
      .select('id')
      .where('user_id', '=', userId)
      .where('photo_id', '=', photoId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
