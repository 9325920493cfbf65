import type { Kysely, Selectable } from 'kysely';
import type { EffortMinutes } from '#core/insights.ts';
import {
  endsBeforeStart,
  TRIP_ENDS_BEFORE_START,
  type Trip,
  type TripChanges,
  type TripCreateInput,
  tripDurationMinutes,
} from '#core/trips.ts';
import {
  attachCatchesToTrip,
  catchLinksChanged,
  relinkCatchesLeftOutside,
  requireOwn,
} from '../catches/catch-links.ts';
import { type Clock, systemClock } from '../clock.ts';
import { DEFAULT_ACCOUNT_LIMITS } from '../config/settings.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { definedOnly } from '../spots/spot.repository.ts';

const TRIP_COLUMNS = [
  'id',
  'client_id',
  'started_at',
  'ended_at',
  'spot_id',
  'notes',
  'fish_lost',
  'bites_missed',
  'created_at',
  'effort',
] as const;

type TripRow = Pick<Selectable<Database['trips']>, (typeof TRIP_COLUMNS)[number]>;

const TRIP_OVERLAPS = 'Another trip covers this time: trips cannot overlap';
const TRIP_ALREADY_RUNNING = 'Another trip is still running: end it first';

/** Fish per species of one trip, test catches left out. */
type SpeciesCounts = Map<string, number>;

/** A trip's answer: its fields, and the effort and catch figures worked out from them and its catches. */
function toTrip(row: TripRow, species: SpeciesCounts | undefined, now: Date): Trip {
  const durationMinutes = tripDurationMinutes(row.started_at, row.ended_at, now);
  const counts = [...(species ?? new Map<string, number>())].sort(
    ([nameA, countA], [nameB, countB]) => countB - countA || nameA.localeCompare(nameB),
  );
  const catchCount = counts.reduce((sum, [, count]) => sum + count, 0);
  return {
    id: Number(row.id),
    clientId: row.client_id,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    spotId: row.spot_id === null ? null : Number(row.spot_id),
    notes: row.notes,
    fishLost: Number(row.fish_lost),
    bitesMissed: Number(row.bites_missed),
    createdAt: row.created_at,
    durationMinutes,
    catchCount,
    // Under a minute there is no rate worth showing.
    catchesPerHour:
      durationMinutes < 1 ? null : Math.round((catchCount / (durationMinutes / 60)) * 100) / 100,
    species: counts.map(([name]) => name),
    skunked: row.ended_at !== null && catchCount === 0,
    effort: row.effort === null ? null : (JSON.parse(row.effort) as EffortMinutes),
  };
}

function tripsFull(limit: number): AppError {
  return new AppError(
    409,
    'ACCOUNT_FULL',
    `Your trips are full: one account can keep ${limit.toLocaleString('en-US')} trips. ` +
      'Delete some trips to log new ones.',
  );
}

/** The 400 of a trip the rules refuse (docs/decisions/043-trips-and-spots.md), naming the field. */
function refused(field: 'startedAt' | 'endedAt', message: string): AppError {
  return new AppError(400, 'INVALID_INPUT', message, { [field]: message });
}

/**
 * What a trip's effort is worked out from changed: it is cleared and left to the effort job ('pending'), which
 * works out ended trips only (docs/decisions/044-insights.md). The old minutes are not kept until redone: they were
 * counted over another span or place, and a trip without effort is simply not measured meanwhile.
 */
const EFFORT_TO_REDO = {
  effort: null,
  effort_status: 'pending',
  effort_attempts: 0,
  effort_retry_at: null,
} as const;

/**
 * All trip SQL (docs/decisions/043-trips-and-spots.md). Every query is scoped to one user. Each write also marks the
 * user's catch list as changed and takes the user's row lock (catch-links.ts), so the overlap check and the cap
 * cannot be raced by a parallel write of the same account.
 */
export class TripRepository {
  private readonly db: Kysely<Database>;
  private readonly maxTrips: number;
  private readonly clock: Clock;
  private readonly onEffortPending: () => void;

  constructor(
    db: Kysely<Database>,
    options: {
      maxTrips?: number;
      clock?: Clock;
      /**
       * Called after a write that left an ended trip's effort to work out (server/conditions/trip-effort-job.ts
       * wakes). It must return at once; what it throws is ignored, the write has landed.
       */
      onEffortPending?: () => void;
    } = {},
  ) {
    this.db = db;
    this.maxTrips = options.maxTrips ?? DEFAULT_ACCOUNT_LIMITS.trips;
    this.clock = options.clock ?? systemClock;
    this.onEffortPending = options.onEffortPending ?? (() => {});
  }

  private effortPending(): void {
    try {
      this.onEffortPending();
    } catch {
      // The write has landed, and the trip stays pending for the job's next pass.
    }
  }

  /** The user's trips, newest first, with their figures. */
  async list(userId: number): Promise<Trip[]> {
    const rows = await this.db
      .selectFrom('trips')
      .select(TRIP_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const species = await this.speciesOf(this.db, userId);
    const now = this.clock.now();
    return rows.map((row) => toTrip(row, species.get(Number(row.id)), now));
  }

  private async find(
    db: Kysely<Database>,
    userId: number,
    where: 'id' | 'client_id',
    value: number | string,
  ) {
    const row = await db
      .selectFrom('trips')
      .select(TRIP_COLUMNS)
      .where('user_id', '=', userId)
      .where(where, '=', value)
      .executeTakeFirst();
    if (!row) return null;
    const species = await this.speciesOf(db, userId, Number(row.id));
    return toTrip(row, species.get(Number(row.id)), this.clock.now());
  }

  /** The fish (sum of quantities) per species of each trip, or of one; test catches count in no figure. */
  private async speciesOf(db: Kysely<Database>, userId: number, tripId?: number) {
    let query = db
      .selectFrom('catches')
      .select((eb) => ['trip_id', 'fish_type', 'is_test_catch', eb.fn.sum<number>('quantity').as('fish')])
      .where('user_id', '=', userId)
      .where('trip_id', 'is not', null)
      .groupBy(['trip_id', 'fish_type', 'is_test_catch']);
    if (tripId !== undefined) query = query.where('trip_id', '=', tripId);
    const byTrip = new Map<number, SpeciesCounts>();
    for (const row of await query.execute()) {
      if (row.is_test_catch === true || row.is_test_catch === 1) continue;
      const id = Number(row.trip_id);
      const species = byTrip.get(id) ?? new Map<string, number>();
      species.set(row.fish_type, (species.get(row.fish_type) ?? 0) + Number(row.fish));
      byTrip.set(id, species);
    }
    return byTrip;
  }

  /**
   * 400 naming startedAt when (startedAt, endedAt) (open: to any time) overlaps another trip of the user: an angler
   * fishes one trip at a time. Touching is not overlapping (the next trip may start the minute one ends); a catch
   * at that very moment belongs to the trip it starts (catch-links.ts takes the last trip started).
   */
  private async refuseOverlap(
    db: Kysely<Database>,
    userId: number,
    trip: { startedAt: string; endedAt: string | null },
    exceptId: number | null,
  ): Promise<void> {
    let query = db
      .selectFrom('trips')
      .select(['id', 'ended_at'])
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', trip.startedAt)]))
      .limit(1);
    if (trip.endedAt !== null) query = query.where('started_at', '<', trip.endedAt);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    const other = await query.executeTakeFirst();
    if (!other) return;
    const bothOpen = other.ended_at === null && trip.endedAt === null;
    throw refused('startedAt', bothOpen ? TRIP_ALREADY_RUNNING : TRIP_OVERLAPS);
  }

  /**
   * Saves a trip and attaches the user's catches without a trip in its time. With a clientId already used by this
   * user, nothing is written and the first trip comes back with `created: false`.
   */
  async create(userId: number, input: TripCreateInput): Promise<{ trip: Trip; created: boolean }> {
    if (input.clientId) {
      // A repeat is answered before the rules: the first trip is the one that overlaps it.
      const existing = await this.find(this.db, userId, 'client_id', input.clientId);
      if (existing) return { trip: existing, created: false };
    }
    const id = await this.db.transaction().execute(async (trx) => {
      await catchLinksChanged(trx, userId);
      if (input.clientId) {
        // A repeat sent while the first was still on its way passed the check above; the lock just taken waited
        // for the first to commit, so it is seen now and answered as a repeat, never refused as an overlap.
        const repeat = await trx
          .selectFrom('trips')
          .select('id')
          .where('user_id', '=', userId)
          .where('client_id', '=', input.clientId)
          .executeTakeFirst();
        if (repeat) return null;
      }
      if (input.spotId !== null) await requireOwn(trx, 'spots', userId, input.spotId, 'spotId');
      await this.refuseOverlap(trx, userId, input, null);
      const inserted = await trx
        .insertInto('trips')
        .values({
          user_id: userId,
          client_id: input.clientId ?? null,
          started_at: input.startedAt,
          ended_at: input.endedAt,
          spot_id: input.spotId,
          notes: input.notes,
          fish_lost: input.fishLost,
          bites_missed: input.bitesMissed,
          created_at: this.clock.now().toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'client_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return null;
      const { count } = await trx
        .selectFrom('trips')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      // Thrown inside the transaction, so the insert is rolled back.
      if (Number(count) > this.maxTrips) throw tripsFull(this.maxTrips);
      const tripId = Number(inserted.id);
      await attachCatchesToTrip(trx, userId, { id: tripId, ...input });
      return tripId;
    });
    if (id === null) {
      const existing = input.clientId ? await this.find(this.db, userId, 'client_id', input.clientId) : null;
      if (!existing) throw new Error('Trip insert was skipped but no trip holds its clientId');
      return { trip: existing, created: false };
    }
    // A new trip is 'pending' by the column's default; one saved already ended is the job's to work out.
    if (input.endedAt !== null) this.effortPending();
    const trip = await this.find(this.db, userId, 'id', id);
    if (!trip) throw new Error('A trip just created is gone');
    return { trip, created: true };
  }

  /**
   * Changes the user's trip; null when there is no such trip of theirs. The rules are checked on the trip as it
   * will be; a trip whose time changed attaches the catches without a trip now in it.
   */
  async update(userId: number, tripId: number, changes: TripChanges): Promise<Trip | null> {
    let wakeEffortJob = false;
    const found = await this.db.transaction().execute(async (trx) => {
      await catchLinksChanged(trx, userId);
      const before = await trx
        .selectFrom('trips')
        .select(['started_at', 'ended_at', 'spot_id'])
        .where('user_id', '=', userId)
        .where('id', '=', tripId)
        .executeTakeFirst();
      if (!before) return false;
      const after = {
        startedAt: changes.startedAt ?? before.started_at,
        endedAt: changes.endedAt !== undefined ? changes.endedAt : before.ended_at,
      };
      if (endsBeforeStart(after.startedAt, after.endedAt)) throw refused('endedAt', TRIP_ENDS_BEFORE_START);
      if (changes.spotId !== undefined && changes.spotId !== null) {
        await requireOwn(trx, 'spots', userId, changes.spotId, 'spotId');
      }
      const timeChanged = after.startedAt !== before.started_at || after.endedAt !== before.ended_at;
      if (timeChanged) await this.refuseOverlap(trx, userId, after, tripId);
      // Ending it, or changing its span or its spot (so its place), changes the minutes of its effort.
      const spotChanged =
        changes.spotId !== undefined &&
        changes.spotId !== (before.spot_id === null ? null : Number(before.spot_id));
      const effortToRedo = timeChanged || spotChanged;
      const set = {
        ...definedOnly({
          started_at: changes.startedAt,
          ended_at: changes.endedAt,
          spot_id: changes.spotId,
          notes: changes.notes,
          fish_lost: changes.fishLost,
          bites_missed: changes.bitesMissed,
        }),
        ...(effortToRedo ? EFFORT_TO_REDO : {}),
      };
      if (Object.keys(set).length > 0) {
        await trx
          .updateTable('trips')
          .set(set)
          .where('user_id', '=', userId)
          .where('id', '=', tripId)
          .execute();
      }
      if (timeChanged) {
        const trip = { id: tripId, ...after };
        await relinkCatchesLeftOutside(trx, userId, trip, {
          startedAt: before.started_at,
          endedAt: before.ended_at,
        });
        await attachCatchesToTrip(trx, userId, trip);
      }
      // Running again: pending, but the job waits for its new end.
      wakeEffortJob = effortToRedo && after.endedAt !== null;
      return true;
    });
    if (wakeEffortJob) this.effortPending();
    return found ? this.find(this.db, userId, 'id', tripId) : null;
  }

  /**
   * The trips' effort is worked out again (an import attached their catches after making them, so their place may
   * have come with the catches). Ended trips of the user only; running ones are worked out when they end.
   */
  async redoEffort(userId: number, tripIds: readonly number[]): Promise<void> {
    let redone = 0;
    for (let start = 0; start < tripIds.length; start += 500) {
      const result = await this.db
        .updateTable('trips')
        .set(EFFORT_TO_REDO)
        .where('user_id', '=', userId)
        .where('id', 'in', tripIds.slice(start, start + 500))
        .where('ended_at', 'is not', null)
        .executeTakeFirst();
      redone += Number(result.numUpdatedRows);
    }
    if (redone > 0) this.effortPending();
  }

  /** Deletes the user's trip; its catches stay, without a trip. False when there is no such trip of theirs. */
  async delete(userId: number, tripId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await catchLinksChanged(trx, userId);
      await trx
        .updateTable('catches')
        .set({ trip_id: null })
        .where('user_id', '=', userId)
        .where('trip_id', '=', tripId)
        .execute();
      const removed = await trx
        .deleteFrom('trips')
        .where('user_id', '=', userId)
        .where('id', '=', tripId)
        .returning('id')
        .executeTakeFirst();
      return removed !== undefined;
    });
  }
}
