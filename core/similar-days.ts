/**
 * 'Days like this': the angler's past trips whose conditions were closest to a trip's or a catch's, with what was
 * caught on them. Pure and O(trips × factors + catches), so the phone answers it offline from the kept lists.
 *
 * The rule:
 * - A trip's profile is, for each factor of its `effort` (core/insights.ts), the share of its minutes in each
 *   bucket; plus its spot, when it has one, as one bucket holding everything.
 * - A catch's profile is its own frozen conditions, one bucket per factor (read as insights read them,
 *   `effortBucketOf`), and the spot of its trip (its own spot when it is in no trip).
 * - Two profiles are compared over the factors known on both sides: each factor's distance is the total variation
 *   distance between its bucket shares (half the sum of the differences: 0 the same, 1 nothing in common), and the
 *   profiles' distance is the mean over those factors. Fewer than 2 shared factors: not comparable.
 * - Every bucket is its own: no factor is taken as ordered. The bands are wide (4 hours, 15 °F), and a trip that
 *   straddles a band's edge already shares minutes with both neighbours, which is the partial likeness an ordinal
 *   rule would add; a rule per factor would be harder to say in one sentence to the angler.
 */

import { compareCodeUnits } from './compare-text.ts';
import {
  EFFORT_FACTORS,
  type EffortFactor,
  type EffortMinutes,
  effortBucketOf,
  type InsightCatch,
} from './insights.ts';
import { speciesName } from './species-aliases.ts';

/** How many trips 'Days like this' lists unless asked otherwise. */
const SIMILAR_DAYS_LIMIT = 5;
/** Fewer factors known on both sides than this, and two profiles are not compared. */
const MIN_SHARED_FACTORS = 2;
/** A factor whose distance is at most this is one the two days matched on. */
const MATCHED_DISTANCE = 0.25;

/** What 'Days like this' reads of a trip. */
export interface SimilarDaysTrip {
  id: number;
  startedAt: string;
  endedAt: string | null;
  spotId: number | null;
  durationMinutes: number;
  effort: EffortMinutes | null;
}

/** What 'Days like this' reads of a catch. */
export interface SimilarDaysCatch extends InsightCatch {
  id: number;
  spotId: number | null;
}

/** For each factor known, the share of the time (or the one bucket of a catch) in each bucket; shares sum to 1. */
export type ConditionsProfile = Partial<Record<EffortFactor, Readonly<Record<string, number>>>>;

/** Minutes by bucket as shares of their total; null when there are none. */
function shares(minutes: Readonly<Record<string, number>>): Record<string, number> | null {
  const total = Object.values(minutes).reduce((sum, value) => sum + Math.max(0, value), 0);
  if (total <= 0) return null;
  const result: Record<string, number> = {};
  for (const [bucket, value] of Object.entries(minutes)) if (value > 0) result[bucket] = value / total;
  return result;
}

export function tripProfile(trip: Pick<SimilarDaysTrip, 'spotId' | 'effort'>): ConditionsProfile {
  const profile: ConditionsProfile = {};
  for (const factor of EFFORT_FACTORS) {
    if (factor === 'spot') continue;
    const minutes = trip.effort?.[factor];
    const shared = minutes ? shares(minutes) : null;
    if (shared) profile[factor] = shared;
  }
  if (trip.spotId !== null) profile.spot = { [String(trip.spotId)]: 1 };
  return profile;
}

/** A catch's profile: its conditions, one bucket each; the spot of `trip` when it is in one, else its own. */
export function catchProfile(
  item: SimilarDaysCatch,
  trip: Pick<SimilarDaysTrip, 'id' | 'spotId'> | null,
): ConditionsProfile {
  const spotId = trip ? trip.spotId : item.spotId;
  const at = { id: trip?.id ?? -1, spotId, durationMinutes: 0, effort: null };
  const profile: ConditionsProfile = {};
  for (const factor of EFFORT_FACTORS) {
    const bucket = effortBucketOf(factor, item, at);
    if (bucket !== null) profile[factor] = { [bucket]: 1 };
  }
  return profile;
}

/** Half the sum of the differences between two sets of shares: 0 the same, 1 nothing in common. */
function totalVariation(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): number {
  let sum = 0;
  for (const bucket of new Set([...Object.keys(a), ...Object.keys(b)])) {
    sum += Math.abs((a[bucket] ?? 0) - (b[bucket] ?? 0));
  }
  return Math.min(1, sum / 2);
}

interface FactorDistance {
  factor: EffortFactor;
  distance: number;
}

export interface ProfileDistance {
  /** The mean of the factors' distances: 0 the same conditions, 1 nothing in common. */
  distance: number;
  /** Every factor compared, closest first (ties in the order of EFFORT_FACTORS). */
  factors: FactorDistance[];
}

/** The distance between two profiles over the factors both know; null with fewer than MIN_SHARED_FACTORS. */
export function profileDistance(a: ConditionsProfile, b: ConditionsProfile): ProfileDistance | null {
  const factors: FactorDistance[] = [];
  for (const factor of EFFORT_FACTORS) {
    const left = a[factor];
    const right = b[factor];
    if (left && right) factors.push({ factor, distance: totalVariation(left, right) });
  }
  if (factors.length < MIN_SHARED_FACTORS) return null;
  const distance = factors.reduce((sum, item) => sum + item.distance, 0) / factors.length;
  // Stable: equal distances keep the order of EFFORT_FACTORS.
  factors.sort((x, y) => x.distance - y.distance);
  return { distance, factors };
}

export interface CaughtSpecies {
  species: string;
  count: number;
}

export interface SimilarDay {
  trip: SimilarDaysTrip;
  distance: number;
  factors: FactorDistance[];
  /** The factors the two days matched on (distance at most MATCHED_DISTANCE), closest first. */
  matched: EffortFactor[];
  /** For each factor compared, the trip's bucket with the most time (its conditions in a word each). */
  mainBuckets: Partial<Record<EffortFactor, string>>;
  /** The fish caught, by species (other names counted as one), most first; test catches left out. */
  caught: CaughtSpecies[];
  fish: number;
  /** Fish per hour fished; null for a trip under a minute. */
  fishPerHour: number | null;
}

/** What a similar day is asked for: a trip, or a catch (with the trip it belongs to looked up by its id). */
export type SimilarDaysTarget = { trip: SimilarDaysTrip } | { catch: SimilarDaysCatch };

export interface SimilarDaysAnswer {
  /** The target's own profile knows fewer than MIN_SHARED_FACTORS factors: nothing can be compared with it. */
  targetComparable: boolean;
  /** Some other ended trip has its conditions (a profile of MIN_SHARED_FACTORS factors or more). */
  tripsWithConditions: number;
  days: SimilarDay[];
}

function mainBucket(buckets: Readonly<Record<string, number>>): string {
  return Object.entries(buckets).sort((a, b) => b[1] - a[1] || compareCodeUnits(a[0], b[0]))[0]?.[0] ?? '';
}

function caughtOn(tripId: number, catches: readonly SimilarDaysCatch[]): CaughtSpecies[] {
  const bySpecies = new Map<string, number>();
  for (const item of catches) {
    if (item.tripId !== tripId || item.isTestCatch) continue;
    const species = speciesName(item.fishType);
    bySpecies.set(species, (bySpecies.get(species) ?? 0) + item.quantity);
  }
  return [...bySpecies]
    .map(([species, count]) => ({ species, count }))
    .sort((a, b) => b.count - a.count || compareCodeUnits(a.species, b.species));
}

/**
 * The `limit` ended trips whose conditions were closest to the target's, closest first; equal distances put the
 * earlier trip first, then the lower id. The target trip (a catch's own trip) is never one of them.
 */
export function similarDays(
  target: SimilarDaysTarget,
  trips: readonly SimilarDaysTrip[],
  catches: readonly SimilarDaysCatch[],
  limit = SIMILAR_DAYS_LIMIT,
): SimilarDaysAnswer {
  let ownTripId: number | null;
  let profile: ConditionsProfile;
  if ('trip' in target) {
    ownTripId = target.trip.id;
    profile = tripProfile(target.trip);
  } else {
    ownTripId = target.catch.tripId;
    const own = ownTripId === null ? null : (trips.find((trip) => trip.id === ownTripId) ?? null);
    profile = catchProfile(target.catch, own);
  }

  const candidates = trips
    .filter((trip) => trip.endedAt !== null && trip.id !== ownTripId)
    .map((trip) => ({ trip, profile: tripProfile(trip) }))
    .filter((candidate) => Object.keys(candidate.profile).length >= MIN_SHARED_FACTORS);
  const targetComparable = Object.keys(profile).length >= MIN_SHARED_FACTORS;

  const compared = candidates.flatMap((candidate) => {
    const found = profileDistance(profile, candidate.profile);
    return found ? [{ ...candidate, ...found }] : [];
  });
  compared.sort(
    (a, b) =>
      a.distance - b.distance ||
      Date.parse(a.trip.startedAt) - Date.parse(b.trip.startedAt) ||
      a.trip.id - b.trip.id,
  );

  const days = compared.slice(0, limit).map(({ trip, profile: theirs, distance, factors }): SimilarDay => {
    const caught = caughtOn(trip.id, catches);
    const fish = caught.reduce((sum, item) => sum + item.count, 0);
    const mainBuckets: Partial<Record<EffortFactor, string>> = {};
    for (const { factor } of factors) {
      const buckets = theirs[factor];
      if (buckets) mainBuckets[factor] = mainBucket(buckets);
    }
    return {
      trip,
      distance,
      factors,
      matched: factors.filter((item) => item.distance <= MATCHED_DISTANCE).map((item) => item.factor),
      mainBuckets,
      caught,
      fish,
      fishPerHour: trip.durationMinutes >= 1 ? fish / (trip.durationMinutes / 60) : null,
    };
  });
  return { targetComparable, tripsWithConditions: candidates.length, days };
}
