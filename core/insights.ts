/**
 * What works for the angler, measured against the time they fished: for each factor (the sun's phase, the hour,
 * the barometer, the moon, the solunar period, the tide, the air, the spot), the catches and the hours fished in
 * each of its buckets, the catch rate, and a verdict from an exact rate comparison with the multiple comparisons
 * accounted for (core/rate-comparison.ts). Factors with no effort to measure against (bait, water temperature)
 * are shares of the catches and say so. Pure and O(catches + trips): the phone computes it offline from the kept
 * lists and the server answers the same figures.
 */
import type { z } from 'zod';
import type { Catch } from './catch.ts';
import type { CatchConditions, CatchMoon, CatchSolunar, CatchSun, CatchWeather } from './catch-conditions.ts';
import { compareCodeUnits } from './compare-text.ts';
import type { insightsSchema } from './insight-schema.ts';
import { compareRates } from './rate-comparison.ts';
import type { Trip } from './trips.ts';

/** Factors measured against the hours fished: each trip says how many of its minutes fell in each bucket. */
export const EFFORT_FACTORS = [
  'sunPhase',
  'timeOfDay',
  'pressureTendency',
  'moonPhase',
  'solunar',
  'tideStage',
  'airTemperature',
  'spot',
] as const;
export type EffortFactor = (typeof EFFORT_FACTORS)[number];

/** Factors only the catches tell of: no trip records the bait on the line or the water's temperature hour by hour. */
export const SHARE_FACTORS = ['bait', 'waterTemperature'] as const;
type ShareFactor = (typeof SHARE_FACTORS)[number];

/** A comparison needs this many catches (both sides together)… */
const MIN_CATCHES = 10;
/** …this many hours fished (both sides together)… */
const MIN_HOURS = 5;
/** …and at least this many hours on each side, or it says `insufficient-data`. */
const MIN_SIDE_HOURS = 1;
/** The family-wise error rate: Bonferroni divides it among every comparison made in one answer. */
export const FAMILY_ALPHA = 0.05;

/** Upper edges of the bands, °F (the API's unit): below 32, 32–50, 50–65, 65–80, 80 and above. */
const AIR_TEMPERATURE_EDGES = [32, 50, 65, 80];
/** Upper edges of the water temperature bands, °F. */
const WATER_TEMPERATURE_EDGES = [40, 50, 60, 70];
/** Hours of the local clock in bands of four: '00-04' … '20-24'. */
const TIME_BAND_HOURS = 4;

/**
 * The minutes of a trip in each bucket of each effort factor (worked out with the trip's conditions): the shape
 * of a trip's `effort` (core/trip-schema.ts).
 */
export type EffortMinutes = NonNullable<Trip['effort']>;

/** The parts of a catch's conditions insights read: a catch's whole `conditions` is one. */
export interface InsightConditions {
  weather: Pick<CatchWeather, 'airTemperature' | 'pressureTendency'> | null;
  sun: Pick<CatchSun, 'phase'> | null;
  moon: Pick<CatchMoon, 'phase'> | null;
  solunar: CatchSolunar | null;
  tide: Pick<NonNullable<CatchConditions['tide']>, 'stage'> | null;
}

/** What insights read of a catch: its fields as every catch answer carries them (a whole `Catch` is one). */
export type InsightCatch = Pick<
  Catch,
  'fishType' | 'quantity' | 'tripId' | 'baitUsed' | 'waterTemperature' | 'timeOfDay' | 'isTestCatch'
> & { conditions: InsightConditions };

/** What insights read of a trip: its spot, its length and the minutes in each bucket (null until worked out). */
export type InsightTrip = Pick<Trip, 'id' | 'spotId' | 'durationMinutes' | 'effort'>;

/** The answer, one shape with GET /api/insights (core/insight-schema.ts). */
export type Insights = z.output<typeof insightsSchema>;
type EffortFactorInsight = Insights['effort'][number];
type EffortBucket = EffortFactorInsight['buckets'][number];
type ShareFactorInsight = Insights['shares'][number];

/** The labels of the bands by upper edges, worked out once: 'below-32', '32-50', …, '80-plus'. */
function bandLabels(edges: readonly number[]): readonly string[] {
  return [
    `below-${edges[0]}`,
    ...edges.slice(1).map((edge, index) => `${edges[index]}-${edge}`),
    `${edges[edges.length - 1]}-plus`,
  ];
}

const AIR_TEMPERATURE_BANDS = bandLabels(AIR_TEMPERATURE_EDGES);
const WATER_TEMPERATURE_BANDS = bandLabels(WATER_TEMPERATURE_EDGES);

/** The band a value falls in, by upper edges (NaN falls in the last); `labels` from `bandLabels(edges)`. */
function band(value: number, edges: readonly number[], labels: readonly string[]): string {
  let index = 0;
  while (index < edges.length && !(value < (edges[index] as number))) index++;
  return labels[index] as string;
}

function timeBandOfHour(hour: number): string {
  const from = Math.floor(hour / TIME_BAND_HOURS) * TIME_BAND_HOURS;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(from)}-${pad(from + TIME_BAND_HOURS)}`;
}

/** Each hour's band, worked out once: insights ask for one per catch. */
const TIME_BANDS = Array.from({ length: 24 }, (_, hour) => timeBandOfHour(hour));

/** The four-hour band of a local clock hour: '16-20'. */
export function timeBand(hour: number): string {
  return TIME_BANDS[hour] ?? timeBandOfHour(hour);
}

/** The air temperature band of a reading in °F. */
export function airTemperatureBand(fahrenheit: number): string {
  return band(fahrenheit, AIR_TEMPERATURE_EDGES, AIR_TEMPERATURE_BANDS);
}

/**
 * The bucket a catch falls in for an effort factor, read from what was frozen with it; null where unknown. The
 * spot is its trip's, as the trip's minutes are counted at the trip's spot.
 */
export function effortBucketOf(factor: EffortFactor, item: InsightCatch, trip: InsightTrip): string | null {
  const { weather, sun, moon, solunar, tide } = item.conditions;
  switch (factor) {
    case 'sunPhase':
      return sun?.phase ?? null;
    case 'timeOfDay':
      return item.timeOfDay === null ? null : timeBand(Number(item.timeOfDay.slice(0, 2)));
    case 'pressureTendency':
      return weather?.pressureTendency ?? null;
    case 'moonPhase':
      return moon?.phase ?? null;
    case 'solunar':
      return solunar === null ? null : (solunar.period ?? 'none');
    case 'tideStage':
      return tide?.stage ?? null;
    case 'airTemperature':
      return weather === null ? null : airTemperatureBand(weather.airTemperature);
    case 'spot':
      return trip.spotId === null ? null : String(trip.spotId);
  }
}

/** The bucket of a share factor; `baitKeys` keeps each typed bait's key, as a log repeats a few baits thousands of times. */
function shareBucketOf(
  factor: ShareFactor,
  item: InsightCatch,
  baitKeys: Map<string, string | null>,
): string | null {
  if (factor === 'bait') {
    const typed = item.baitUsed;
    if (!typed) return null;
    let key = baitKeys.get(typed);
    if (key === undefined) {
      key = typed.trim().toLowerCase() || null;
      baitKeys.set(typed, key);
    }
    return key;
  }
  return item.waterTemperature === null
    ? null
    : band(item.waterTemperature, WATER_TEMPERATURE_EDGES, WATER_TEMPERATURE_BANDS);
}

/**
 * Whether a trip counts for the spot: at a spot, and ended with its effort worked out, as for every other factor
 * (a running trip's or a fresh one's hours would count for the spot alone and tilt it against the others).
 */
function measuresSpot(trip: InsightTrip): boolean {
  return trip.spotId !== null && trip.effort !== null;
}

/** A trip's minutes in each bucket of a factor; the spot's are all its minutes, at its spot. */
function tripMinutes(factor: EffortFactor, trip: InsightTrip): Readonly<Record<string, number>> | null {
  if (factor === 'spot') return measuresSpot(trip) ? { [String(trip.spotId)]: trip.durationMinutes } : null;
  return trip.effort?.[factor] ?? null;
}

/** Whether a trip has minutes for a factor: its catches count for that factor only then. */
function measures(factor: EffortFactor, trip: InsightTrip): boolean {
  return factor === 'spot' ? measuresSpot(trip) : trip.effort?.[factor] != null;
}

function addTo(tally: Map<string, number>, key: string, amount: number): void {
  tally.set(key, (tally.get(key) ?? 0) + amount);
}

interface Tallies {
  factor: EffortFactor;
  catches: Map<string, number>;
  minutes: Map<string, number>;
}

/** Whether a bucket's comparison with the rest has enough behind it to tell anything. */
function canCompare(hours: number, totalCatches: number, totalHours: number): boolean {
  return (
    totalCatches >= MIN_CATCHES &&
    totalHours >= MIN_HOURS &&
    hours >= MIN_SIDE_HOURS &&
    totalHours - hours >= MIN_SIDE_HOURS
  );
}

/**
 * The insights of `catches` (already filtered to a species, a spot, a date range, as asked) against the effort of
 * `trips`. A trip whose effort is not worked out yet counts for neither side of a factor it lacks.
 */
export function computeInsights(catches: readonly InsightCatch[], trips: readonly InsightTrip[]): Insights {
  // One pass over the trips and one over the catches for every factor at once: the log may hold 10,000 catches.
  const tripsById = new Map<number, InsightTrip>();
  const tallies: Tallies[] = EFFORT_FACTORS.map((factor) => ({
    factor,
    catches: new Map(),
    minutes: new Map(),
  }));
  for (const trip of trips) {
    tripsById.set(trip.id, trip);
    for (const { factor, minutes } of tallies) {
      const byBucket = tripMinutes(factor, trip);
      if (byBucket === null) continue;
      for (const bucket in byBucket) addTo(minutes, bucket, byBucket[bucket] as number);
    }
  }
  const shareTallies = SHARE_FACTORS.map((factor) => ({ factor, catches: new Map<string, number>() }));
  const baitKeys = new Map<string, string | null>();
  let fishCaught = 0;
  let caughtInTrips = 0;
  for (const item of catches) {
    if (item.isTestCatch === true) continue;
    fishCaught += item.quantity;
    for (const { factor, catches: caught } of shareTallies) {
      const bucket = shareBucketOf(factor, item, baitKeys);
      if (bucket !== null) addTo(caught, bucket, item.quantity);
    }
    const trip = item.tripId === null ? undefined : tripsById.get(item.tripId);
    if (trip === undefined) continue;
    caughtInTrips += item.quantity;
    for (const { factor, catches: caught } of tallies) {
      if (!measures(factor, trip)) continue;
      const bucket = effortBucketOf(factor, item, trip);
      if (bucket !== null) addTo(caught, bucket, item.quantity);
    }
  }

  const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);
  let comparisons = 0;
  for (const { catches: caught, minutes } of tallies) {
    const totalCatches = sum(caught.values());
    const totalHours = sum(minutes.values()) / 60;
    for (const bucket of new Set([...minutes.keys(), ...caught.keys()])) {
      if (canCompare((minutes.get(bucket) ?? 0) / 60, totalCatches, totalHours)) comparisons++;
    }
  }
  const alpha = FAMILY_ALPHA / Math.max(1, comparisons);

  const effort = tallies.map(({ factor, catches: caught, minutes }): EffortFactorInsight => {
    const totalCatches = sum(caught.values());
    const totalHours = sum(minutes.values()) / 60;
    const buckets = [...new Set([...minutes.keys(), ...caught.keys()])].map((bucket): EffortBucket => {
      const bucketCatches = caught.get(bucket) ?? 0;
      const hours = (minutes.get(bucket) ?? 0) / 60;
      const restHours = totalHours - hours;
      const restCatches = totalCatches - bucketCatches;
      const base = {
        bucket,
        catches: bucketCatches,
        hours,
        rate: hours > 0 ? bucketCatches / hours : null,
        restRate: restHours > 0 ? restCatches / restHours : null,
      };
      if (!canCompare(hours, totalCatches, totalHours)) {
        return { ...base, ratio: null, low: null, high: null, verdict: 'insufficient-data' };
      }
      const result = compareRates({ catches: bucketCatches, hours, restCatches, restHours }, alpha);
      const clear = result.low > 1 || result.high < 1;
      return {
        ...base,
        ratio: result.ratio,
        low: result.low,
        high: result.high,
        verdict: clear ? 'clear-effect' : 'no-clear-effect',
      };
    });
    buckets.sort((a, b) => b.hours - a.hours || compareCodeUnits(a.bucket, b.bucket));
    return { factor, catches: totalCatches, hours: totalHours, buckets };
  });

  const shares = shareTallies.map(({ factor, catches: caught }): ShareFactorInsight => {
    const total = sum(caught.values());
    const buckets = [...caught]
      .map(([bucket, count]) => ({ bucket, catches: count, share: count / total }))
      .sort((a, b) => b.catches - a.catches || compareCodeUnits(a.bucket, b.bucket));
    return { factor, catches: total, buckets };
  });

  return {
    catches: fishCaught,
    catchesInTrips: caughtInTrips,
    hoursFished: sum(trips.map((trip) => trip.durationMinutes)) / 60,
    comparisons,
    effort,
    shares,
  };
}
