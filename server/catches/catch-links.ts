import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

/**
 * How catches are linked to the angler's spots and trips (docs/decisions/043-trips-and-spots.md): by place, the
 * nearest spot whose radius holds the catch's position; by time, the trip whose [startedAt, endedAt] (open while it
 * runs) holds its moment. Moments are ISO 8601 UTC text on both engines, so they compare as text. Shared by the catch,
 * spot and trip repositories; every query is scoped to one user.
 */

type Db = Kysely<Database> | Transaction<Database>;

const EARTH_RADIUS_METERS = 6_371_000;
const METERS_PER_DEGREE_OF_LATITUDE = (Math.PI * EARTH_RADIUS_METERS) / 180;

/** The great-circle distance in metres between two positions (haversine). */
function distanceMeters(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
}

interface SpotArea {
  id: number;
  latitude: number;
  longitude: number;
  radiusMeters: number;
}

type Position = { latitude: number | null; longitude: number | null };

async function spotAreas(db: Db, userId: number): Promise<SpotArea[]> {
  // At most 1,000 spots an account: measured here, alike on both engines (no geometry in SQL).
  const rows = await db
    .selectFrom('spots')
    .select(['id', 'latitude', 'longitude', 'radius_meters'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    radiusMeters: Number(row.radius_meters),
  }));
}

/** The spot nearest to the position among those whose radius holds it; null for none. */
function nearestSpotHolding(spots: readonly SpotArea[], { latitude, longitude }: Position): number | null {
  if (latitude === null || longitude === null) return null;
  let nearest: { id: number; distance: number } | null = null;
  for (const spot of spots) {
    const distance = distanceMeters({ latitude, longitude }, spot);
    if (distance <= spot.radiusMeters && (nearest === null || distance < nearest.distance)) {
      nearest = { id: spot.id, distance };
    }
  }
  return nearest?.id ?? null;
}

/** The id of the user's spot nearest to the position among those whose radius holds it; null for none. */
export async function spotIdAt(db: Db, userId: number, position: Position): Promise<number | null> {
  if (position.latitude === null || position.longitude === null) return null;
  return nearestSpotHolding(await spotAreas(db, userId), position);
}

/**
 * The links of many catches at once (an import batch), by the same rules as `spotIdAt` and `tripIdAt`, with the
 * user's spots and trips read once: a query per catch would make a 10,000-row import 20,000 queries.
 */
export async function batchLinker(
  db: Db,
  userId: number,
): Promise<{ spotIdAt(position: Position): number | null; tripIdAt(moment: string | null): number | null }> {
  const spots = await spotAreas(db, userId);
  const trips = await db
    .selectFrom('trips')
    .select(['id', 'started_at', 'ended_at'])
    .where('user_id', '=', userId)
    .orderBy('started_at')
    .execute();
  return {
    spotIdAt: (position) => nearestSpotHolding(spots, position),
    tripIdAt(moment) {
      if (moment === null) return null;
      // Trips never overlap: only the last one started by the moment can hold it.
      let low = 0;
      let high = trips.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if ((trips[middle]?.started_at ?? '') <= moment) low = middle + 1;
        else high = middle;
      }
      const trip = trips[low - 1];
      if (trip === undefined || (trip.ended_at !== null && trip.ended_at < moment)) return null;
      return Number(trip.id);
    },
  };
}

/** The id of the user's trip that holds this moment (trips never overlap, so at most one); null for none. */
export async function tripIdAt(db: Db, userId: number, moment: string | null): Promise<number | null> {
  if (moment === null) return null;
  const trip = await db
    .selectFrom('trips')
    .select('id')
    .where('user_id', '=', userId)
    .where('started_at', '<=', moment)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', moment)]))
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return trip ? Number(trip.id) : null;
}

/** 404 naming `field` unless `id` is one of the user's own spots or trips: another angler's id is never a 403. */
export async function requireOwn(
  db: Db,
  table: 'spots' | 'trips',
  userId: number,
  id: number,
  field: string,
): Promise<void> {
  const own = await db
    .selectFrom(table)
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!own) {
    const what = table === 'spots' ? 'Spot' : 'Trip';
    throw new AppError(404, 'NOT_FOUND', `${what} not found`, { [field]: `${what} not found` });
  }
}

/** Attaches the user's catches without a trip whose moment falls in the trip's time (logged before it was entered). */
export async function attachCatchesToTrip(
  trx: Transaction<Database>,
  userId: number,
  trip: { id: number; startedAt: string; endedAt: string | null },
): Promise<void> {
  let update = trx
    .updateTable('catches')
    .set({ trip_id: trip.id })
    .where('user_id', '=', userId)
    .where('trip_id', 'is', null)
    .where('caught_at', '>=', trip.startedAt);
  if (trip.endedAt !== null) update = update.where('caught_at', '<=', trip.endedAt);
  await update.execute();
  // Touching trips: a catch at the very moment this trip starts belongs to it, not to the one that ends then.
  await trx
    .updateTable('catches')
    .set({ trip_id: trip.id })
    .where('user_id', '=', userId)
    .where('caught_at', '=', trip.startedAt)
    .where('trip_id', 'in', (eb) =>
      eb
        .selectFrom('trips')
        .select('id')
        .where('user_id', '=', userId)
        .where('ended_at', '=', trip.startedAt),
    )
    .execute();
}

/**
 * After a trip's time changed (and is stored): its catches that were in its old time but are not in the new one
 * are linked again by their moment (to another trip holding it, or none). A catch moved to the trip by hand from
 * outside its old time stays: that was the angler's choice, not the rule's.
 */
export async function relinkCatchesLeftOutside(
  trx: Transaction<Database>,
  userId: number,
  trip: { id: number; startedAt: string; endedAt: string | null },
  before: { startedAt: string; endedAt: string | null },
): Promise<void> {
  let query = trx
    .selectFrom('catches')
    .select(['id', 'caught_at'])
    .where('user_id', '=', userId)
    .where('trip_id', '=', trip.id)
    .where('caught_at', '>=', before.startedAt)
    .where((eb) =>
      eb.or([
        eb('caught_at', '<', trip.startedAt),
        ...(trip.endedAt === null ? [] : [eb('caught_at', '>', trip.endedAt)]),
      ]),
    );
  if (before.endedAt !== null) query = query.where('caught_at', '<=', before.endedAt);
  for (const left of await query.execute()) {
    const tripId = await tripIdAt(trx, userId, left.caught_at ?? null);
    await trx
      .updateTable('catches')
      .set({ trip_id: tripId })
      .where('user_id', '=', userId)
      .where('id', '=', left.id)
      .execute();
  }
}

/** Attaches the user's catches without a spot whose position lies in the spot's radius. */
export async function attachCatchesToSpot(
  trx: Transaction<Database>,
  userId: number,
  spot: { id: number; latitude: number; longitude: number; radiusMeters: number },
): Promise<void> {
  // A box around the circle narrows the rows in SQL; the distance decides.
  const latitudeSpan = spot.radiusMeters / METERS_PER_DEGREE_OF_LATITUDE;
  const candidates = await trx
    .selectFrom('catches')
    .select(['id', 'latitude', 'longitude'])
    .where('user_id', '=', userId)
    .where('spot_id', 'is', null)
    .where('latitude', '>=', spot.latitude - latitudeSpan)
    .where('latitude', '<=', spot.latitude + latitudeSpan)
    .where('longitude', 'is not', null)
    .execute();
  const inside = candidates
    .filter(
      (row) =>
        row.longitude !== null &&
        row.latitude !== null &&
        distanceMeters(spot, { latitude: Number(row.latitude), longitude: Number(row.longitude) }) <=
          spot.radiusMeters,
    )
    .map((row) => Number(row.id));
  for (let start = 0; start < inside.length; start += 500) {
    await trx
      .updateTable('catches')
      .set({ spot_id: spot.id })
      .where('user_id', '=', userId)
      .where('id', 'in', inside.slice(start, start + 500))
      .execute();
  }
}

/**
 * Marks the user's catch list as changed (server/catches/catch-list-cache.ts keys on the version): every write of a
 * spot or trip may change the links its catches are answered with. Also takes the user's row lock on PostgreSQL, so
 * the spot and trip writes of one account take turns (their caps and the trip overlap check cannot be raced).
 */
export async function catchLinksChanged(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ catches_version: eb('catches_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}
