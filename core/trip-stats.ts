/**
 * The effort figures Stats shows from the angler's trips (docs/decisions/043-trips-and-spots.md): hours fished, trips,
 * skunked trips and fish per hour. Effort exists only for time inside trips, so fish caught outside any trip count in
 * neither the hours nor the rate. Pure: the phone works them out from its kept trip list, so they show offline.
 */

const MINUTE_MS = 60_000;

/** A trip as these figures read it: the phone's copy, whose fish are known once the server has counted them. */
export interface TripForStats {
  startedAt: string;
  /** null while the trip runs. */
  endedAt: string | null;
  /** The fish the server counted in it; null while the trip waits to be sent (not counted yet). */
  catchCount: number | null;
}

export interface TripTotals {
  trips: number;
  /** Whole minutes inside trips: ended ones to their end, a running one to now. */
  minutesFished: number;
  /** Ended trips with no fish (a trip not counted yet is not one). */
  skunkedTrips: number;
  /** The fish caught in trips. */
  fishInTrips: number;
  /** Fish per hour fished; null with no whole minute fished. */
  fishPerHour: number | null;
}

/** Whole minutes from the start to the end, or to `now` while the trip runs (as the server counts them). */
export function tripMinutes(trip: { startedAt: string; endedAt: string | null }, now: number): number {
  const end = trip.endedAt === null ? now : Date.parse(trip.endedAt);
  return Math.max(0, Math.floor((end - Date.parse(trip.startedAt)) / MINUTE_MS));
}

/** The effort figures of `trips` at `now` (a running trip counts so far). */
export function tripTotals(trips: readonly TripForStats[], now: number): TripTotals {
  let minutesFished = 0;
  let skunkedTrips = 0;
  let fishInTrips = 0;
  for (const trip of trips) {
    minutesFished += tripMinutes(trip, now);
    fishInTrips += trip.catchCount ?? 0;
    if (trip.endedAt !== null && trip.catchCount === 0) skunkedTrips += 1;
  }
  return {
    trips: trips.length,
    minutesFished,
    skunkedTrips,
    fishInTrips,
    fishPerHour: minutesFished < 1 ? null : fishInTrips / (minutesFished / 60),
  };
}
