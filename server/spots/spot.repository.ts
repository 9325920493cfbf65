import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Spot, SpotChanges, SpotCreateInput } from '#core/spots.ts';
import { attachCatchesToSpot, catchLinksChanged } from '../catches/catch-links.ts';
import { type Clock, systemClock } from '../clock.ts';
import { DEFAULT_ACCOUNT_LIMITS } from '../config/settings.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

const SPOT_COLUMNS = [
  'id',
  'client_id',
  'name',
  'latitude',
  'longitude',
  'notes',
  'radius_meters',
  'created_at',
] as const;

type SpotRow = Pick<Selectable<Database['spots']>, (typeof SPOT_COLUMNS)[number]>;

/** What a spot's catches add to its answer. */
type SpotCatches = Pick<Spot, 'catchCount' | 'bestCatch'>;

const NO_CATCHES: SpotCatches = { catchCount: 0, bestCatch: null };

function toSpot(row: SpotRow, catches: SpotCatches = NO_CATCHES): Spot {
  return {
    id: Number(row.id),
    clientId: row.client_id,
    name: row.name,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    notes: row.notes,
    radiusMeters: Number(row.radius_meters),
    createdAt: row.created_at,
    ...catches,
  };
}

/** 409: the account keeps as many spots as it may (answered like the catch cap). */
function spotsFull(limit: number): AppError {
  return new AppError(
    409,
    'ACCOUNT_FULL',
    `Your spots are full: one account can keep ${limit.toLocaleString('en-US')} spots. ` +
      'Delete some spots to add new ones.',
  );
}

/**
 * All spot SQL (docs/decisions/043-trips-and-spots.md). Every query is scoped to one user. Each write also marks the
 * user's catch list as changed (catch-links.ts): the links its catches are answered with may have changed.
 */
export class SpotRepository {
  private readonly db: Kysely<Database>;
  private readonly maxSpots: number;
  private readonly clock: Clock;

  constructor(db: Kysely<Database>, options: { maxSpots?: number; clock?: Clock } = {}) {
    this.db = db;
    this.maxSpots = options.maxSpots ?? DEFAULT_ACCOUNT_LIMITS.spots;
    this.clock = options.clock ?? systemClock;
  }

  /** The user's spots by name, each with the fish caught there and its heaviest (test catches left out). */
  async list(userId: number): Promise<Spot[]> {
    const rows = await this.db
      .selectFrom('spots')
      .select(SPOT_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('name')
      .orderBy('id')
      .execute();
    const catches = await this.catchesOf(this.db, userId);
    return rows.map((row) => toSpot(row, catches.get(Number(row.id))));
  }

  /** One of the user's spots with its catches; null when there is no such spot of theirs. */
  private async find(
    db: Kysely<Database>,
    userId: number,
    where: 'id' | 'client_id',
    value: number | string,
  ) {
    const row = await db
      .selectFrom('spots')
      .select(SPOT_COLUMNS)
      .where('user_id', '=', userId)
      .where(where, '=', value)
      .executeTakeFirst();
    if (!row) return null;
    const catches = await this.catchesOf(db, userId, Number(row.id));
    return toSpot(row, catches.get(Number(row.id)));
  }

  /** The catch count (sum of quantities) and heaviest weighed fish of each spot, or of one. */
  private async catchesOf(
    db: Kysely<Database>,
    userId: number,
    spotId?: number,
  ): Promise<Map<number, SpotCatches>> {
    let query = db
      .selectFrom('catches')
      .select(['spot_id', 'id', 'fish_type', 'weight', 'quantity', 'is_test_catch'])
      .where('user_id', '=', userId)
      .where('spot_id', 'is not', null);
    if (spotId !== undefined) query = query.where('spot_id', '=', spotId);
    const byId = new Map<number, SpotCatches>();
    for (const row of await query.execute()) {
      // A sample from a test page counts in no figure (docs/decisions/028-test-catches.md).
      if (row.is_test_catch === true || row.is_test_catch === 1) continue;
      const id = Number(row.spot_id);
      const spot = byId.get(id) ?? { catchCount: 0, bestCatch: null };
      spot.catchCount += Number(row.quantity);
      const weight = row.weight === null ? null : Number(row.weight);
      if (weight !== null && (spot.bestCatch === null || weight > spot.bestCatch.weight)) {
        spot.bestCatch = { id: Number(row.id), fishType: row.fish_type, weight };
      }
      byId.set(id, spot);
    }
    return byId;
  }

  /**
   * Saves a spot and attaches the user's catches without a spot inside its radius. With a clientId already used
   * by this user, nothing is written and the first spot comes back with `created: false`.
   */
  async create(userId: number, input: SpotCreateInput): Promise<{ spot: Spot; created: boolean }> {
    const id = await this.db.transaction().execute(async (trx) => {
      await catchLinksChanged(trx, userId);
      const inserted = await trx
        .insertInto('spots')
        .values({
          user_id: userId,
          client_id: input.clientId ?? null,
          name: input.name,
          latitude: input.latitude,
          longitude: input.longitude,
          notes: input.notes,
          radius_meters: input.radiusMeters,
          created_at: this.clock.now().toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'client_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return null;
      // The user's row is locked (catchLinksChanged): the count cannot be raced by a parallel create.
      const { count } = await trx
        .selectFrom('spots')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      // Thrown inside the transaction, so the insert is rolled back.
      if (Number(count) > this.maxSpots) throw spotsFull(this.maxSpots);
      const spotId = Number(inserted.id);
      await attachCatchesToSpot(trx, userId, { id: spotId, ...input });
      return spotId;
    });
    if (id === null) {
      const existing = input.clientId ? await this.find(this.db, userId, 'client_id', input.clientId) : null;
      if (!existing) throw new Error('Spot insert was skipped but no spot holds its clientId');
      return { spot: existing, created: false };
    }
    const spot = await this.find(this.db, userId, 'id', id);
    if (!spot) throw new Error('A spot just created is gone');
    return { spot, created: true };
  }

  /**
   * Changes the user's spot; null when there is no such spot of theirs. A moved or widened spot attaches the
   * catches without a spot now inside its radius, as a new one does.
   */
  async update(userId: number, spotId: number, changes: SpotChanges): Promise<Spot | null> {
    const found = await this.db.transaction().execute(async (trx) => {
      await catchLinksChanged(trx, userId);
      const set = definedOnly({
        name: changes.name,
        latitude: changes.latitude,
        longitude: changes.longitude,
        notes: changes.notes,
        radius_meters: changes.radiusMeters,
      });
      const row = await trx
        .updateTable('spots')
        // An empty change still finds the spot (and answers it as it is).
        .set(Object.keys(set).length > 0 ? set : (eb) => ({ name: eb.ref('name') }))
        .where('user_id', '=', userId)
        .where('id', '=', spotId)
        .returning(SPOT_COLUMNS)
        .executeTakeFirst();
      if (!row) return false;
      const moved = [changes.latitude, changes.longitude, changes.radiusMeters].some(
        (value) => value !== undefined,
      );
      if (moved) {
        await attachCatchesToSpot(trx, userId, {
          id: spotId,
          latitude: Number(row.latitude),
          longitude: Number(row.longitude),
          radiusMeters: Number(row.radius_meters),
        });
      }
      return true;
    });
    return found ? this.find(this.db, userId, 'id', spotId) : null;
  }

  /** Deletes the user's spot; its catches and trips keep going without it. False when there is no such spot. */
  async delete(userId: number, spotId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await catchLinksChanged(trx, userId);
      await unlinkSpot(trx, userId, spotId);
      const removed = await trx
        .deleteFrom('spots')
        .where('user_id', '=', userId)
        .where('id', '=', spotId)
        .returning('id')
        .executeTakeFirst();
      return removed !== undefined;
    });
  }
}

/** The columns of a change that it sets: a field left out (undefined) stays as it is. */
export function definedOnly<T extends Record<string, unknown>>(set: T): Partial<T> {
  return Object.fromEntries(Object.entries(set).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Sets the spot of the user's catches and trips at this spot to none (the foreign keys would too; explicit is clearer). */
async function unlinkSpot(trx: Transaction<Database>, userId: number, spotId: number): Promise<void> {
  await trx
    .updateTable('catches')
    .set({ spot_id: null })
    .where('user_id', '=', userId)
    .where('spot_id', '=', spotId)
    .execute();
  await trx
    .updateTable('trips')
    .set({ spot_id: null })
    .where('user_id', '=', userId)
    .where('spot_id', '=', spotId)
    .execute();
}
