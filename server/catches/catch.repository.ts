import { setImmediate } from 'node:timers/promises';
import {
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import { type Catch, CONDITIONS_NOT_WORKED_OUT } from '#core/catch.ts';
import { catchMoment } from '#core/catch-conditions.ts';
import type { CatchCreateInput, CatchUpdateInput } from '#core/catch-schema.ts';
import { photoUrl } from '#core/photo-url.ts';
import { type Clock, systemClock } from '../clock.ts';
import { catchTimeZone, readStoredConditions, workOutSky } from '../conditions/catch-sky.ts';
import { type AccountLimits, DEFAULT_ACCOUNT_LIMITS } from '../config/settings.ts';
import { compiledOnce } from '../db/compiled-query.ts';
import type { CatchesTable, Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { batchLinker, requireOwn, spotIdAt, tripIdAt } from './catch-links.ts';
import { catchSearchText, catchTextBytes, searchTextPattern } from './catch-text.ts';

/** The columns a Catch is made of (not search_text, a second copy of the text only search reads). */
const CATCH_COLUMNS = [
  'id',
  'client_id',
  'fish_type',
  'weight',
  'length',
  'location_name',
  'latitude',
  'longitude',
  'notes',
  'created_at',
  'catch_date',
  'time_of_day',
  'water_temperature',
  'depth',
  'line_size',
  'bait_used',
  'photo_id',
  'is_test_catch',
  'caught_at',
  'conditions',
  'conditions_status',
  'released',
  'quantity',
  'spot_id',
  'trip_id',
] as const;

type CatchRow = Pick<Selectable<CatchesTable>, (typeof CATCH_COLUMNS)[number]>;

/**
 * The moment and conditions of a stored catch. A row never worked out (saved before migration 010, or by the
 * release before it during a rolling deploy) is answered at once from what is cheap: its moment in the zone of its
 * position (else UTC) and `CONDITIONS_NOT_WORKED_OUT`; the conditions job works it out later. The status column is
 * the one truth of where working out stands (the job moves it), the JSON holds the rest.
 */
function conditionsOf(row: CatchRow): Pick<Catch, 'caughtAt' | 'conditions'> {
  if (row.conditions === null) {
    const place = {
      latitude: row.latitude === null ? null : Number(row.latitude),
      longitude: row.longitude === null ? null : Number(row.longitude),
    };
    const zone = catchTimeZone(place, null);
    const moment = catchMoment(
      { catchDate: row.catch_date, timeOfDay: row.time_of_day, createdAt: row.created_at },
      zone,
    );
    return { caughtAt: moment?.toISOString() ?? row.created_at, conditions: CONDITIONS_NOT_WORKED_OUT };
  }
  const stored = readStoredConditions(row.conditions);
  return {
    caughtAt: row.caught_at ?? row.created_at,
    conditions: { ...stored, status: row.conditions_status },
  };
}

/** Numbers pass through Number() so a driver that returns numeric strings can never leak them. */
function numberOrNull(value: number | null): number | null {
  return value === null ? null : Number(value);
}

function toCatch(row: CatchRow): Catch {
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
    // SQLite answers 0/1 for a boolean column: JSON must carry true/false from both engines.
    isTestCatch: row.is_test_catch === true || row.is_test_catch === 1,
    ...conditionsOf(row),
    released: row.released === null ? null : row.released === true || row.released === 1,
    quantity: Number(row.quantity),
    spotId: row.spot_id === null ? null : Number(row.spot_id),
    tripId: row.trip_id === null ? null : Number(row.trip_id),
  };
}

/** What the columns of a catch's moment and conditions are read from. */
interface MomentFields {
  catchDate: string | null;
  timeOfDay: string | null;
  createdAt: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The moment and conditions columns of a catch whose date, time or position is as `fields` says, worked out now
 * without any provider (docs/decisions/041-catch-conditions.md): 'pending' while the weather is due, for the
 * conditions job. The attempts and retry time start again: a moment or place that changed is a new question.
 */
function workedOutColumns(fields: MomentFields, phoneTimeZone: string | null, now: Date) {
  const sky = workOutSky(fields, phoneTimeZone, now);
  return {
    caught_at: sky.caughtAt,
    time_zone: sky.timeZone,
    conditions: JSON.stringify(sky.conditions),
    conditions_status: sky.conditions.status,
    conditions_attempts: 0,
    conditions_retry_at: null,
  };
}

/** Rows whose sky is worked out between two turns of the event loop (the sky takes a few milliseconds each). */
const ROWS_BETWEEN_TURNS = 10;

/**
 * The rows of many new catches, letting other requests in every few rows: an import of 500 rows at a time would
 * otherwise hold the server for a second or more while their skies are worked out.
 */
async function toRows(userId: number, inputs: readonly NewCatch[], now: Date) {
  const rows: Insertable<CatchesTable>[] = [];
  for (const [index, input] of inputs.entries()) {
    if (index > 0 && index % ROWS_BETWEEN_TURNS === 0) await setImmediate();
    rows.push(toRow(userId, input, now));
  }
  return rows;
}

/** The table row for a new catch of this user; `now` is when it is saved. */
function toRow(userId: number, input: NewCatch, now: Date): Insertable<CatchesTable> {
  const createdAt = input.createdAt.toISOString();
  const moment = {
    catchDate: input.catchDate ?? null,
    timeOfDay: input.timeOfDay ?? null,
    createdAt,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
  };
  // Conditions an import file carried are kept exactly as they were (no provider asked again, no sky worked out);
  // only the zone is, the file does not carry it.
  const kept = input.keptConditions;
  const conditions = kept
    ? {
        caught_at: kept.caughtAt,
        time_zone: catchTimeZone(moment, input.timeZone ?? null),
        conditions: JSON.stringify(kept.conditions),
        conditions_status: kept.conditions.status,
        // Every row of a many-row insert names the same columns (SQLite has no DEFAULT in a VALUES list).
        conditions_attempts: 0,
        conditions_retry_at: null,
      }
    : workedOutColumns(moment, input.timeZone ?? null, now);
  return {
    ...conditions,
    search_text: catchSearchText(input),
    user_id: userId,
    client_id: input.clientId ?? null,
    fish_type: input.fishType,
    weight: input.weight,
    length: input.length,
    location_name: input.locationName,
    latitude: input.latitude,
    longitude: input.longitude,
    notes: input.notes,
    created_at: createdAt,
    catch_date: input.catchDate,
    time_of_day: input.timeOfDay,
    water_temperature: input.waterTemperature,
    depth: input.depth,
    line_size: input.lineSize,
    bait_used: input.baitUsed,
    photo_id: input.photoId,
    is_test_catch: input.isTestCatch ?? false,
    released: input.released ?? null,
    quantity: input.quantity ?? 1,
    spot_id: input.spotId ?? null,
    trip_id: input.tripId ?? null,
  };
}

function megabytesOrKilobytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** 409: the account holds as much as it may; deleting catches makes room. */
function accountFull(limits: AccountLimits, which: 'catches' | 'textBytes'): AppError {
  const message =
    which === 'catches'
      ? `Your log is full: one account can keep ${limits.catches.toLocaleString('en-US')} catches. ` +
        'Delete some catches to log new ones.'
      : `Your log is full: one account can keep ${megabytesOrKilobytes(limits.textBytes)} of notes and ` +
        'names. Delete some catches or shorten their notes to log new ones.';
  return new AppError(409, 'ACCOUNT_FULL', message);
}

/**
 * Every catch write changes its owner's counters in the same transaction: the version (catch-list-cache.ts relies
 * on it), the catch count and the text bytes (the account quota). With `limits`, the update only happens while the
 * new totals stay within them, and otherwise says which one would be exceeded: check and count in one statement,
 * so parallel writes cannot overshoot.
 */
async function changeAccountUsage(
  trx: Transaction<Database>,
  userId: number,
  change: { catches: number; textBytes: number },
  limits?: AccountLimits,
): Promise<'catches' | 'textBytes' | null> {
  let update = trx
    .updateTable('users')
    .set((eb) => ({
      catches_version: eb('catches_version', '+', 1),
      catch_count: eb('catch_count', '+', change.catches),
      catch_text_bytes: eb('catch_text_bytes', '+', change.textBytes),
    }))
    .where('id', '=', userId);
  // Only what grows is checked: an edit that keeps or shortens the text passes even on an account over its limits
  // (limits lowered by configuration), and an edit is never refused for the catch count it does not change.
  if (limits && change.catches > 0)
    update = update.where('catch_count', '<=', limits.catches - change.catches);
  if (limits && change.textBytes > 0) {
    update = update.where('catch_text_bytes', '<=', limits.textBytes - change.textBytes);
  }
  const result = await update.executeTakeFirst();
  if (!limits || Number(result.numUpdatedRows) > 0) return null;
  const usage = await trx
    .selectFrom('users')
    .select(['catch_count', 'catch_text_bytes'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return change.catches > 0 && Number(usage.catch_count) + change.catches > limits.catches
    ? 'catches'
    : 'textBytes';
}

/** The text bytes a stored row counts for (a delete gives them back). */
function textBytesOfRow(
  row: Pick<Selectable<CatchesTable>, 'fish_type' | 'location_name' | 'notes' | 'line_size' | 'bait_used'>,
) {
  return catchTextBytes({
    fishType: row.fish_type,
    locationName: row.location_name,
    notes: row.notes,
    lineSize: row.line_size,
    baitUsed: row.bait_used,
  });
}

/** Where the list stands for one user: the cache key's version, and how big the whole list is. */
export interface CatchListState {
  version: number;
  count: number;
  textBytes: number;
}

/**
 * A catch to insert: the checked create payload with the photo resolved to its id and the time settled. A field
 * left out is stored as null, as the API does with a missing one (so demo data and tests name only what they set).
 */
export interface NewCatch extends Partial<Omit<CatchCreateInput, 'photo' | 'createdAt' | 'userId'>> {
  fishType: string;
  photoId: string | null;
  createdAt: Date;
  /** The moment and conditions an import file carried: stored as they are instead of being worked out. */
  keptConditions?: Pick<Catch, 'caughtAt' | 'conditions'>;
}

/**
 * A change to a saved catch: the checked PATCH fields with the photo resolved to its id. Only the fields present
 * are written (a concurrent edit of other fields keeps its values); null clears an optional one.
 */
export interface CatchChanges extends Omit<CatchUpdateInput, 'photo'> {
  photoId?: string | null;
}

/** The column of each field a change may write (tsc refuses a field of CatchChanges without one). */
const CHANGE_COLUMNS = {
  fishType: 'fish_type',
  weight: 'weight',
  length: 'length',
  locationName: 'location_name',
  latitude: 'latitude',
  longitude: 'longitude',
  notes: 'notes',
  waterTemperature: 'water_temperature',
  depth: 'depth',
  catchDate: 'catch_date',
  timeOfDay: 'time_of_day',
  lineSize: 'line_size',
  baitUsed: 'bait_used',
  photoId: 'photo_id',
  released: 'released',
  quantity: 'quantity',
  spotId: 'spot_id',
  tripId: 'trip_id',
} as const satisfies Record<keyof CatchChanges, keyof CatchesTable>;

/** The SET of an update: the columns of the fields present in `changes`, and nothing else. */
function changedColumns(changes: CatchChanges): Updateable<CatchesTable> {
  const set: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(CHANGE_COLUMNS)) {
    const value = changes[field as keyof CatchChanges];
    if (value !== undefined) set[column] = value;
  }
  return set as Updateable<CatchesTable>;
}

/**
 * The date, time and position of a catch after an edit, when the edit changes one of them (its conditions are then
 * worked out again); null when it changes none, and the moment and conditions stay exactly as stored.
 */
function momentAfterEdit(before: CatchRow, changes: CatchChanges): MomentFields | null {
  const pick = <T>(changed: T | undefined, stored: T) => (changed !== undefined ? changed : stored);
  const after: MomentFields = {
    catchDate: pick(changes.catchDate, before.catch_date),
    timeOfDay: pick(changes.timeOfDay, before.time_of_day),
    createdAt: before.created_at,
    latitude: pick(changes.latitude, numberOrNull(before.latitude)),
    longitude: pick(changes.longitude, numberOrNull(before.longitude)),
  };
  const unchanged =
    after.catchDate === before.catch_date &&
    after.timeOfDay === before.time_of_day &&
    after.latitude === numberOrNull(before.latitude) &&
    after.longitude === numberOrNull(before.longitude);
  return unchanged ? null : after;
}

/** Which table a link field of a catch points into. */
const LINK_TABLES = { spotId: 'spots', tripId: 'trips' } as const;

/**
 * The spot or trip a new catch is linked to (docs/decisions/043-trips-and-spots.md): a link left out is worked out,
 * null is kept as "none", an id must be the angler's own (else 404 naming the field, and nothing is written).
 */
async function linkOnCreate(
  trx: Transaction<Database>,
  userId: number,
  field: keyof typeof LINK_TABLES,
  given: number | null | undefined,
  workOut: () => Promise<number | null>,
): Promise<number | null> {
  if (given === undefined) return workOut();
  if (given !== null) await requireOwn(trx, LINK_TABLES[field], userId, given, field);
  return given;
}

/**
 * The link columns an edit writes: a link it names (checked as the angler's own), else, when the edit moved the
 * catch in place or time, the link worked out again; nothing for a link neither named nor affected.
 */
async function linksAfterEdit(
  trx: Transaction<Database>,
  userId: number,
  changes: CatchChanges,
  moved: {
    place: { latitude: number | null; longitude: number | null } | null;
    moment: string | null | undefined;
  },
): Promise<Updateable<CatchesTable>> {
  const links: Updateable<CatchesTable> = {};
  if (changes.spotId !== undefined) {
    if (changes.spotId !== null) await requireOwn(trx, 'spots', userId, changes.spotId, 'spotId');
  } else if (moved.place) {
    links.spot_id = await spotIdAt(trx, userId, moved.place);
  }
  if (changes.tripId !== undefined) {
    if (changes.tripId !== null) await requireOwn(trx, 'trips', userId, changes.tripId, 'tripId');
  } else if (moved.moment !== undefined) {
    links.trip_id = await tripIdAt(trx, userId, moved.moment);
  }
  return links;
}

/** The outcome of an edit: the catch as it is now, and the photo it no longer shows (to release after the commit). */
export interface CatchUpdate {
  catch: Catch;
  replacedPhotoId: string | null;
}

/** What a CatchRepository is built with besides the database. */
export interface CatchRepositoryOptions {
  limits?: AccountLimits;
  /** When a catch is saved: the moment its conditions are worked out at (a future catch gets no weather). */
  clock?: Clock;
  /**
   * Called after each commit that left a catch with its conditions 'pending' (a create, an import batch, an edit of
   * its moment or place): the wake-up of the job that asks the weather provider (docs/decisions/041-catch-conditions.md).
   * It must return at once; what it throws is ignored, the save has landed.
   */
  onConditionsPending?: () => void;
}

/** All catch SQL. Every query is scoped to one user: there is no way to reach another user's rows. */
export class CatchRepository {
  private readonly db: Kysely<Database>;
  private readonly limits: AccountLimits;
  private readonly clock: Clock;
  private readonly onConditionsPending: () => void;
  /** The read every GET /api/catches starts with, compiled once (compiled-query.ts). */
  private readonly listStateOf;

  constructor(db: Kysely<Database>, options: CatchRepositoryOptions = {}) {
    this.db = db;
    this.limits = options.limits ?? DEFAULT_ACCOUNT_LIMITS;
    this.clock = options.clock ?? systemClock;
    this.onConditionsPending = options.onConditionsPending ?? (() => {});
    this.listStateOf = compiledOnce(
      db as Kysely<unknown>,
      (userId: number) =>
        db
          .selectFrom('users')
          .select(['catches_version', 'catch_count', 'catch_text_bytes'])
          .where('id', '=', userId),
      [-1],
    );
  }

  /** Tells the conditions job, after a commit, when one of `statuses` written is 'pending'. */
  private conditionsWritten(statuses: readonly (string | undefined)[]): void {
    if (!statuses.includes('pending')) return;
    try {
      this.onConditionsPending();
    } catch {
      // The save has landed, and the catch stays pending for the job's next run.
    }
  }

  /** The user's catches, newest first; `search` matches fish type, place, bait and notes, ignoring case. */
  async list(userId: number, search?: string): Promise<Catch[]> {
    const all: Catch[] = [];
    for await (const page of this.pages(userId, search, 1000)) all.push(...page);
    return all;
  }

  /**
   * The same list a page of `pageSize` rows at a time (keyset on createdAt, id): a big history is never held
   * in memory at once, and each query is short, so other requests are served between pages. The pages are not one
   * snapshot: a catch written meanwhile may or may not appear, as if the list had been read a moment earlier or
   * later; every catch written before the first page is in it.
   */
  async *pages(userId: number, search: string | undefined, pageSize: number): AsyncGenerator<Catch[]> {
    let after: { createdAt: string; id: number } | null = null;
    for (;;) {
      let query = this.db.selectFrom('catches').select(CATCH_COLUMNS).where('user_id', '=', userId);
      if (search) {
        // ESCAPE spelled out: SQLite has no default escape character for LIKE.
        query = query.where(sql<boolean>`search_text like ${searchTextPattern(search)} escape '\\'`);
      }
      if (after) {
        const { createdAt, id } = after;
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', createdAt),
            eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
          ]),
        );
      }
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).execute();
      if (rows.length > 0) yield rows.map(toCatch);
      const last = rows.at(-1);
      if (!last || rows.length < pageSize) return;
      after = { createdAt: last.created_at, id: Number(last.id) };
    }
  }

  async findByClientId(userId: number, clientId: string): Promise<Catch | null> {
    const row = await this.db
      .selectFrom('catches')
      .select(CATCH_COLUMNS)
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
      const values = toRow(userId, input, this.clock.now());
      values.spot_id = await linkOnCreate(trx, userId, 'spotId', input.spotId, () =>
        spotIdAt(trx, userId, { latitude: input.latitude ?? null, longitude: input.longitude ?? null }),
      );
      values.trip_id = await linkOnCreate(trx, userId, 'tripId', input.tripId, () =>
        tripIdAt(trx, userId, values.caught_at ?? null),
      );
      const inserted = await trx
        .insertInto('catches')
        .values(values)
        .onConflict((conflict) => conflict.columns(['user_id', 'client_id']).doNothing())
        .returning(CATCH_COLUMNS)
        .executeTakeFirst();
      if (inserted) {
        const change = { catches: 1, textBytes: catchTextBytes(input) };
        const exceeded = await changeAccountUsage(trx, userId, change, this.limits);
        // Thrown inside the transaction, so the insert is rolled back.
        if (exceeded) throw accountFull(this.limits, exceeded);
      }
      return inserted;
    });
    if (row) {
      this.conditionsWritten([row.conditions_status]);
      return { catch: toCatch(row), created: true };
    }
    const existing = input.clientId ? await this.findByClientId(userId, input.clientId) : null;
    if (!existing) throw new Error('Catch insert was skipped but no catch holds its clientId');
    return { catch: existing, created: false };
  }

  /** Imports many catches in one transaction (demo data, benchmarks); no clientId deduplication, no quota. */
  async createMany(userId: number, inputs: readonly NewCatch[]): Promise<void> {
    if (inputs.length === 0) return;
    const rows = await toRows(userId, inputs, this.clock.now());
    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += 500) {
        await trx
          .insertInto('catches')
          .values(rows.slice(start, start + 500))
          .execute();
      }
      const textBytes = inputs.reduce((sum, input) => sum + catchTextBytes(input), 0);
      await changeAccountUsage(trx, userId, { catches: inputs.length, textBytes });
    });
    this.conditionsWritten(rows.map((row) => row.conditions_status));
  }

  /** Which of these clientIds the user's catches already hold (an import skips them). */
  async existingClientIds(userId: number, clientIds: readonly string[]): Promise<Set<string>> {
    if (clientIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('catches')
      .select('client_id')
      .where('user_id', '=', userId)
      .where('client_id', 'in', clientIds)
      .execute();
    return new Set(rows.map((row) => row.client_id).filter((id) => id !== null));
  }

  /** The user's catches without a clientId logged at one of these times (an import compares them by content). */
  async withoutClientIdAt(userId: number, createdAts: readonly string[]): Promise<Catch[]> {
    if (createdAts.length === 0) return [];
    const rows = await this.db
      .selectFrom('catches')
      .select(CATCH_COLUMNS)
      .where('user_id', '=', userId)
      .where('client_id', 'is', null)
      .where('created_at', 'in', createdAts)
      .execute();
    return rows.map(toCatch);
  }

  /**
   * Imports a batch in one transaction, within the account limits (409 ACCOUNT_FULL and nothing written otherwise).
   * A clientId the user already holds is skipped, as by create. Returns the clientIds actually inserted.
   */
  async importMany(
    userId: number,
    inputs: readonly (NewCatch & { clientId: string })[],
  ): Promise<Set<string>> {
    if (inputs.length === 0) return new Set();
    const values = await toRows(userId, inputs, this.clock.now());
    const inserted = await this.db.transaction().execute(async (trx) => {
      // A link the file left out (a CSV, a file from before trips and spots) is worked out as for a new catch.
      const linker = await batchLinker(trx, userId);
      for (const [index, input] of inputs.entries()) {
        const row = values[index];
        if (row === undefined) continue;
        if (input.spotId === undefined) {
          row.spot_id = linker.spotIdAt({
            latitude: input.latitude ?? null,
            longitude: input.longitude ?? null,
          });
        }
        if (input.tripId === undefined) row.trip_id = linker.tripIdAt(row.caught_at ?? null);
      }
      const rows = await trx
        .insertInto('catches')
        .values(values)
        .onConflict((conflict) => conflict.columns(['user_id', 'client_id']).doNothing())
        .returning([
          'client_id',
          'fish_type',
          'location_name',
          'notes',
          'line_size',
          'bait_used',
          'conditions_status',
        ])
        .execute();
      const textBytes = rows.reduce((sum, row) => sum + textBytesOfRow(row), 0);
      const exceeded = await changeAccountUsage(
        trx,
        userId,
        { catches: rows.length, textBytes },
        this.limits,
      );
      if (exceeded) throw accountFull(this.limits, exceeded);
      return rows;
    });
    this.conditionsWritten(inserted.map((row) => row.conditions_status));
    return new Set(inserted.map((row) => row.client_id).filter((id) => id !== null));
  }

  /** Changes the user's catch (the PATCH of decision 021); null when there is no such catch of theirs. */
  update(userId: number, catchId: number, changes: CatchChanges): Promise<CatchUpdate | null> {
    return this.updateWhere(userId, 'id', catchId, changes);
  }

  /** Changes the user's catch saved with this device id (an offline edit of a catch whose server id is unknown). */
  updateByClientId(userId: number, clientId: string, changes: CatchChanges): Promise<CatchUpdate | null> {
    return this.updateWhere(userId, 'client_id', clientId, changes);
  }

  /**
   * search_text and the account's text bytes depend on the fields not sent and on the old values, so the catch is
   * read first, and the UPDATE only lands on the row as it was read (its text and photo compared). A write that got
   * in between (PostgreSQL; on SQLite transactions take turns on the one connection) makes it match nothing: then
   * the row is locked by a no-op UPDATE, the one row lock both engines share (no FOR UPDATE in SQLite), and read and
   * updated again, which cannot miss.
   */
  private async updateWhere(
    userId: number,
    column: 'id' | 'client_id',
    value: number | string,
    changes: CatchChanges,
  ): Promise<CatchUpdate | null> {
    const set = changedColumns(changes);
    const find = (db: Kysely<Database>) =>
      db
        .selectFrom('catches')
        .select([...CATCH_COLUMNS, 'time_zone'])
        .where('user_id', '=', userId)
        .where(column, '=', value)
        .executeTakeFirst();
    // Nothing to change: no write, so the list cache's version stays.
    if (Object.keys(set).length === 0) {
      const row = await find(this.db);
      return row ? { catch: toCatch(row), replacedPhotoId: null } : null;
    }
    return this.db.transaction().execute(async (trx) => {
      for (let locked = false; ; locked = true) {
        if (locked) {
          await trx
            .updateTable('catches')
            .set((eb) => ({ notes: eb.ref('notes') }))
            .where('user_id', '=', userId)
            .where(column, '=', value)
            .execute();
        }
        const before = await find(trx);
        if (!before) return null;
        const text = {
          fishType: changes.fishType ?? before.fish_type,
          locationName: changes.locationName !== undefined ? changes.locationName : before.location_name,
          notes: changes.notes !== undefined ? changes.notes : before.notes,
          lineSize: changes.lineSize !== undefined ? changes.lineSize : before.line_size,
          baitUsed: changes.baitUsed !== undefined ? changes.baitUsed : before.bait_used,
        };
        const moment = momentAfterEdit(before, changes);
        // The stored zone stands in for the phone's: a catch edited to have no position keeps its clocks.
        const workedOut = moment && workedOutColumns(moment, before.time_zone, this.clock.now());
        const placeMoved =
          moment &&
          (moment.latitude !== numberOrNull(before.latitude) ||
            moment.longitude !== numberOrNull(before.longitude));
        const links = await linksAfterEdit(trx, userId, changes, {
          place: placeMoved ? { latitude: moment.latitude, longitude: moment.longitude } : null,
          moment: workedOut && workedOut.caught_at !== before.caught_at ? workedOut.caught_at : undefined,
        });
        const updated = await trx
          .updateTable('catches')
          .set({
            ...set,
            ...links,
            search_text: catchSearchText(text),
            ...workedOut,
          })
          .where('id', '=', before.id)
          .where('user_id', '=', userId)
          .where('fish_type', '=', before.fish_type)
          .where('location_name', 'is not distinct from', before.location_name)
          .where('notes', 'is not distinct from', before.notes)
          .where('line_size', 'is not distinct from', before.line_size)
          .where('bait_used', 'is not distinct from', before.bait_used)
          .where('photo_id', 'is not distinct from', before.photo_id)
          // The conditions were worked out from these: a concurrent edit of them reads the catch again.
          .where('catch_date', 'is not distinct from', before.catch_date)
          .where('time_of_day', 'is not distinct from', before.time_of_day)
          .where('latitude', 'is not distinct from', before.latitude)
          .where('longitude', 'is not distinct from', before.longitude)
          .returning(CATCH_COLUMNS)
          .executeTakeFirst();
        if (!updated) {
          if (locked) throw new Error('A locked catch changed between its read and its update');
          continue;
        }
        const textBytes = catchTextBytes(text) - textBytesOfRow(before);
        const exceeded = await changeAccountUsage(trx, userId, { catches: 0, textBytes }, this.limits);
        // Thrown inside the transaction, so the update is rolled back.
        if (exceeded) throw accountFull(this.limits, exceeded);
        const replacedPhotoId = before.photo_id !== updated.photo_id ? before.photo_id : null;
        if (moment) this.conditionsWritten([updated.conditions_status]);
        return { catch: toCatch(updated), replacedPhotoId };
      }
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
        .returning(['photo_id', 'fish_type', 'location_name', 'notes', 'line_size', 'bait_used'])
        .executeTakeFirst();
      if (removed)
        await changeAccountUsage(trx, userId, { catches: -1, textBytes: -textBytesOfRow(removed) });
      return removed;
    });
    return { deleted: row !== undefined, photoId: row?.photo_id ?? null };
  }

  /** The version changes with every write of this user's catches: the key under which a listed history may be reused. */
  async listState(userId: number): Promise<CatchListState> {
    const [row] = await this.listStateOf(userId);
    return {
      version: Number(row?.catches_version ?? 0),
      count: Number(row?.catch_count ?? 0),
      textBytes: Number(row?.catch_text_bytes ?? 0),
    };
  }
}
