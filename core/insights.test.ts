import { describe, expect, it } from 'vitest';
import { CONDITIONS_NOT_WORKED_OUT } from './catch.ts';
import type { CatchConditions } from './catch-conditions.ts';
import {
  airTemperatureBand,
  computeInsights,
  type EffortMinutes,
  FAMILY_ALPHA,
  type InsightCatch,
  type InsightTrip,
  timeBand,
} from './insights.ts';
import { compareRates } from './rate-comparison.ts';

function conditions(sun: 'day' | 'dusk', moon: 'Full Moon' | 'New Moon'): CatchConditions {
  return {
    ...CONDITIONS_NOT_WORKED_OUT,
    status: 'complete',
    sun: { phase: sun, sunrise: null, sunset: null },
    moon: { phase: moon, illumination: moon === 'Full Moon' ? 1 : 0, age: moon === 'Full Moon' ? 15 : 0 },
  };
}

function fish(
  tripId: number | null,
  sun: 'day' | 'dusk',
  moon: 'Full Moon' | 'New Moon',
  extra = {},
): InsightCatch {
  return {
    fishType: 'Walleye',
    quantity: 1,
    tripId,
    baitUsed: null,
    waterTemperature: null,
    timeOfDay: null,
    isTestCatch: false,
    conditions: conditions(sun, moon),
    ...extra,
  };
}

/** Ten evening trips of 3 hours: 2 in daylight, 1 at dusk; half of each under a full moon, half under a new one. */
function eveningTrips(spotId: number | null = null): InsightTrip[] {
  const effort: EffortMinutes = {
    sunPhase: { day: 120, dusk: 60 },
    moonPhase: { 'Full Moon': 90, 'New Moon': 90 },
  };
  return Array.from({ length: 10 }, (_, index) => ({ id: index + 1, spotId, durationMinutes: 180, effort }));
}

/** 30 fish at dusk and 6 in daylight, caught evenly under both moons. */
function duskLog(): InsightCatch[] {
  const catches: InsightCatch[] = [];
  for (let i = 0; i < 30; i++)
    catches.push(fish((i % 10) + 1, 'dusk', i % 2 === 0 ? 'Full Moon' : 'New Moon'));
  for (let i = 0; i < 6; i++) catches.push(fish((i % 10) + 1, 'day', i % 2 === 0 ? 'Full Moon' : 'New Moon'));
  return catches;
}

describe('computeInsights', () => {
  it('finds that dusk matters and the moon does not, in a log built so', () => {
    const insights = computeInsights(duskLog(), eveningTrips());
    const sun = insights.effort.find((factor) => factor.factor === 'sunPhase');
    const moon = insights.effort.find((factor) => factor.factor === 'moonPhase');
    const dusk = sun?.buckets.find((bucket) => bucket.bucket === 'dusk');
    expect(dusk).toMatchObject({ catches: 30, hours: 10, rate: 3, restRate: 0.3, verdict: 'clear-effect' });
    expect(dusk?.ratio).toBeCloseTo(10, 10);
    expect(dusk?.low).toBeGreaterThan(1);
    expect(sun?.buckets.find((bucket) => bucket.bucket === 'day')?.verdict).toBe('clear-effect');
    for (const bucket of moon?.buckets ?? []) {
      expect(bucket).toMatchObject({ catches: 18, hours: 15, verdict: 'no-clear-effect' });
    }
    expect(insights).toMatchObject({ catches: 36, catchesInTrips: 36, hoursFished: 30, comparisons: 4 });
  });

  it('says insufficient-data for a small log, whatever the pattern', () => {
    const trips = eveningTrips().slice(0, 2);
    const catches = [fish(1, 'dusk', 'Full Moon'), fish(1, 'dusk', 'Full Moon'), fish(2, 'dusk', 'New Moon')];
    const insights = computeInsights(catches, trips);
    const verdicts = insights.effort.flatMap((factor) => factor.buckets.map((bucket) => bucket.verdict));
    expect(verdicts.length).toBeGreaterThan(0);
    expect(new Set(verdicts)).toEqual(new Set(['insufficient-data']));
    expect(insights.comparisons).toBe(0);
  });

  it('sums quantities, leaves test catches out, and measures only catches in trips against effort', () => {
    const catches = [
      ...duskLog(),
      fish(1, 'dusk', 'Full Moon', { quantity: 12 }),
      fish(1, 'dusk', 'Full Moon', { isTestCatch: true }),
      fish(null, 'day', 'New Moon', { baitUsed: 'Minnow ' }),
      fish(null, 'day', 'New Moon', { baitUsed: 'minnow', waterTemperature: 55 }),
    ];
    const insights = computeInsights(catches, eveningTrips());
    expect(insights).toMatchObject({ catches: 36 + 12 + 2, catchesInTrips: 48 });
    const sun = insights.effort.find((factor) => factor.factor === 'sunPhase');
    expect(sun?.buckets.find((bucket) => bucket.bucket === 'dusk')?.catches).toBe(42);
    const bait = insights.shares.find((factor) => factor.factor === 'bait');
    expect(bait).toEqual({
      factor: 'bait',
      catches: 2,
      buckets: [{ bucket: 'minnow', catches: 2, share: 1 }],
    });
    const water = insights.shares.find((factor) => factor.factor === 'waterTemperature');
    expect(water?.buckets).toEqual([{ bucket: '50-60', catches: 1, share: 1 }]);
  });

  it('counts a trip whose effort is not worked out on neither side, its spot included', () => {
    const trips = eveningTrips(7);
    trips.push({ id: 11, spotId: 7, durationMinutes: 600, effort: null });
    const catches = [...duskLog(), ...Array.from({ length: 20 }, () => fish(11, 'day', 'New Moon'))];
    const insights = computeInsights(catches, trips);
    const sun = insights.effort.find((factor) => factor.factor === 'sunPhase');
    expect(sun).toMatchObject({ catches: 36, hours: 30 });
    const spot = insights.effort.find((factor) => factor.factor === 'spot');
    expect(spot).toMatchObject({ catches: 36, hours: 30 });
  });

  it('measures a spot by the hours of the trips fished there', () => {
    const trips = [...eveningTrips(7), ...eveningTrips(8).map((trip) => ({ ...trip, id: trip.id + 10 }))];
    const catches = [...duskLog(), ...Array.from({ length: 4 }, (_, i) => fish(11 + i, 'dusk', 'New Moon'))];
    const spot = computeInsights(catches, trips).effort.find((factor) => factor.factor === 'spot');
    expect(spot?.buckets).toMatchObject([
      { bucket: '7', catches: 36, hours: 30, verdict: 'clear-effect' },
      { bucket: '8', catches: 4, hours: 30, verdict: 'clear-effect' },
    ]);
  });

  it('divides the error rate among every comparison made (Bonferroni)', () => {
    // 16 at dusk in 10 h against 14 in 20 h: p = 0.038 alone (clear at 95 %), not clear among 4 comparisons.
    const catches = [
      ...Array.from({ length: 14 }, (_, i) =>
        fish((i % 10) + 1, 'dusk', i % 2 === 0 ? 'Full Moon' : 'New Moon'),
      ),
      ...Array.from({ length: 16 }, (_, i) =>
        fish((i % 10) + 1, 'day', i % 2 === 0 ? 'Full Moon' : 'New Moon'),
      ),
    ];
    const insights = computeInsights(catches, eveningTrips());
    const dusk = insights.effort
      .find((factor) => factor.factor === 'sunPhase')
      ?.buckets.find((bucket) => bucket.bucket === 'dusk');
    expect(insights.comparisons).toBe(4);
    expect(dusk?.verdict).toBe('no-clear-effect');
    const alone = compareRates({ catches: 16, hours: 10, restCatches: 14, restHours: 20 }, FAMILY_ALPHA);
    expect(alone.pValue).toBeCloseTo(0.03759000245366639, 10);
    expect(alone.low).toBeGreaterThan(1);
  });
});

describe('buckets', () => {
  it('bands the clock in fours and the air by angler-sized steps', () => {
    expect([0, 3, 4, 17, 23].map(timeBand)).toEqual(['00-04', '00-04', '04-08', '16-20', '20-24']);
    expect([10, 32, 49.9, 65, 80, 95].map(airTemperatureBand)).toEqual([
      'below-32',
      '32-50',
      '32-50',
      '65-80',
      '80-plus',
      '80-plus',
    ]);
  });
});
