import type { Kysely } from 'kysely';
import type { EffortMinutes } from '#core/insights.ts';
import type { Database } from '../db/schema.ts';

/** A trip waiting for its effort, as read: the effort is written only while these are still its values. */
export interface TripAwaitingEffort {
  id: number;
  startedAt: string;
  endedAt: string;
  spotId: number | null;
  /** Where it was fished: its spot's position, else its first catch's with one; null for neither. */
  place: { latitude: number; longitude: number } | null;
  /** The zone its first catch was read in (the phone's, for a catch without a position); null without one. */
  firstCatchTimeZone: string | null;
  attempts: number;
}

type TripKey = Pick<TripAwaitingEffort, 'id' | 'startedAt' | 'endedAt' | 'spotId' | 'attempts'>;

/**
 * The SQL of the trip effort job (docs/decisions/044-insights.md): the ended trips waiting for their effort and
 * the writes of it. Only the effort columns are written here, each write guarded by the values it was worked out
 * from, so a trip edited meanwhile (pending again, attempts back to 0) is never given the old span's minutes.
 */
export class TripEffortRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Ended trips pending, whose back-off is over, the oldest end first, with their place. */
  async awaitingEffort(now: Date, limit: number): Promise<TripAwaitingEffort[]> {
    const rows = await this.db
      .selectFrom('trips')
      .leftJoin('spots', 'spots.id', 'trips.spot_id')
      .select([
        'trips.id',
        'trips.started_at',
        'trips.ended_at',
        'trips.spot_id',
        'trips.effort_attempts',
        'spots.latitude',
        'spots.longitude',
      ])
      .where('trips.effort_status', '=', 'pending')
      .where('trips.ended_at', 'is not', null)
      .where('trips.ended_at', '<=', now.toISOString())
      .where((eb) =>
        eb.or([
          eb('trips.effort_retry_at', 'is', null),
          eb('trips.effort_retry_at', '<=', now.toISOString()),
        ]),
      )
      .orderBy('trips.ended_at')
      .orderBy('trips.id')
      .limit(limit)
      .execute();
    const firstCatches = await this.firstCatches(rows.map((row) => Number(row.id)));
    return rows.map((row) => {
      const id = Number(row.id);
      const first = firstCatches.get(id);
      const spotPlace =
        row.latitude === null || row.longitude === null
          ? null
          : { latitude: Number(row.latitude), longitude: Number(row.longitude) };
      return {
        id,
        startedAt: row.started_at,
        endedAt: row.ended_at as string,
        spotId: row.spot_id === null ? null : Number(row.spot_id),
        place: spotPlace ?? first?.place ?? null,
        firstCatchTimeZone: first?.timeZone ?? null,
        attempts: Number(row.effort_attempts),
      };
    });
  }

  /**
   * Of each trip's catches, the first (by moment) with a position, and the zone of its first one: read in one
   * query for the batch (a trip holds tens of catches, not thousands).
   */
  private async firstCatches(tripIds: number[]) {
    const first = new Map<
      number,
      { place: { latitude: number; longitude: number } | null; timeZone: string | null }
    >();
    if (tripIds.length === 0) return first;
    const rows = await this.db
      .selectFrom('catches')
      .select(['id', 'trip_id', 'caught_at', 'latitude', 'longitude', 'time_zone'])
      .where('trip_id', 'in', tripIds)
      .execute();
    // By moment, then by id; a catch without a moment last (engines sort nulls differently: sorted here).
    const order = (row: (typeof rows)[number]) => [row.caught_at ?? '\uffff', Number(row.id)] as const;
    rows.sort((a, b) => {
      const [momentA, idA] = order(a);
      const [momentB, idB] = order(b);
      return momentA < momentB ? -1 : momentA > momentB ? 1 : idA - idB;
    });
    for (const row of rows) {
      const tripId = Number(row.trip_id);
      const found = first.get(tripId) ?? { place: null, timeZone: null };
      found.timeZone ??= row.time_zone;
      if (found.place === null && row.latitude !== null && row.longitude !== null) {
        found.place = { latitude: Number(row.latitude), longitude: Number(row.longitude) };
      }
      first.set(tripId, found);
    }
    return first;
  }

  /** Freezes a trip's effort ('done'), unless the trip changed since it was read. Whether it was written. */
  async finish(read: TripKey, effort: EffortMinutes): Promise<boolean> {
    const result = await this.whileUnchanged(read)
      .set({ effort: JSON.stringify(effort), effort_status: 'done', effort_retry_at: null })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Writes the effort known without the weather (the trip counts for the sky factors and the tide meanwhile),
   * counts a failed attempt and says when to ask the provider again; the trip stays 'pending'.
   */
  async postpone(read: TripKey, effort: EffortMinutes, retryAt: Date): Promise<void> {
    await this.whileUnchanged(read)
      .set({
        effort: JSON.stringify(effort),
        effort_attempts: read.attempts + 1,
        effort_retry_at: retryAt.toISOString(),
      })
      .execute();
  }

  /** Ended trips waiting for the job (the metrics' backlog); running ones are not waiting yet. */
  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('trips')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('effort_status', '=', 'pending')
      .where('ended_at', 'is not', null)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  private whileUnchanged(read: TripKey) {
    return this.db
      .updateTable('trips')
      .where('id', '=', read.id)
      .where('effort_status', '=', 'pending')
      .where('effort_attempts', '=', read.attempts)
      .where('started_at', '=', read.startedAt)
      .where('ended_at', '=', read.endedAt)
      .where('spot_id', 'is not distinct from', read.spotId);
  }
}
