/**
 * Which part of the log insights are asked about (GET /api/insights?species=&from=&to=&spotId= and the Insights
 * view's filters), one rule for the server and the phone. The time fished is every kept trip's, whatever was caught:
 * a species' rate is its fish per hour fished. A catch made during a trip stands or falls with its trip, so the fish
 * and the hours they are measured against always come from the same trips.
 */
import type { InsightCatch, InsightTrip } from './insights.ts';
import { speciesKey } from './species-aliases.ts';

export interface InsightFilter {
  /** A species as typed; its other names count (core/species-aliases.ts). */
  species?: string | null;
  /** First and last day, YYYY-MM-DD, both included. */
  from?: string | null;
  to?: string | null;
  spotId?: number | null;
}

/** What the filter reads of a catch besides what insights read. */
export interface FilterableCatch extends InsightCatch {
  /** The day on the clocks where it was caught; null: none typed (then the day of `caughtAt`, UTC). */
  catchDate: string | null;
  caughtAt: string;
  spotId: number | null;
}

/** What the filter reads of a trip besides what insights read. */
export interface FilterableTrip extends InsightTrip {
  /** ISO 8601 UTC: a trip belongs to the UTC day it started on. */
  startedAt: string;
}

function withinDays(day: string, filter: InsightFilter): boolean {
  return (!filter.from || day >= filter.from) && (!filter.to || day <= filter.to);
}

/** The catches and trips `filter` keeps, ready for `computeInsights`. */
export function filterInsightLog<C extends FilterableCatch, T extends FilterableTrip>(
  catches: readonly C[],
  trips: readonly T[],
  filter: InsightFilter,
): { catches: C[]; trips: T[] } {
  const keptTrips = trips.filter(
    (trip) =>
      withinDays(trip.startedAt.slice(0, 10), filter) &&
      (filter.spotId == null || trip.spotId === filter.spotId),
  );
  const keptTripIds = new Set(keptTrips.map((trip) => trip.id));
  const knownTripIds = new Set(trips.map((trip) => trip.id));
  const species = filter.species?.trim() ? speciesKey(filter.species) : null;
  // Each typed name's key worked out once: a log repeats the same few names thousands of times.
  const keys = new Map<string, string>();
  const keyOf = (typed: string): string => {
    let key = keys.get(typed);
    if (key === undefined) {
      key = speciesKey(typed);
      keys.set(typed, key);
    }
    return key;
  };
  const keptCatches = catches.filter((item) => {
    if (species !== null && keyOf(item.fishType) !== species) return false;
    if (item.tripId !== null && knownTripIds.has(item.tripId)) return keptTripIds.has(item.tripId);
    return (
      withinDays(item.catchDate ?? item.caughtAt.slice(0, 10), filter) &&
      (filter.spotId == null || item.spotId === filter.spotId)
    );
  });
  return { catches: keptCatches, trips: keptTrips };
}
