import { describe, expect, it } from 'vitest';
import { CONDITIONS_NOT_WORKED_OUT } from './catch.ts';
import type { CatchConditions } from './catch-conditions.ts';
import type { EffortMinutes } from './insights.ts';
import {
  catchProfile,
  profileDistance,
  type SimilarDaysCatch,
  type SimilarDaysTrip,
  similarDays,
  tripProfile,
} from './similar-days.ts';

const DUSK_FALLING: EffortMinutes = {
  sunPhase: { dusk: 60, night: 60 },
  pressureTendency: { falling: 120 },
  moonPhase: { 'Waxing Gibbous': 120 },
};
const DAY_RISING: EffortMinutes = {
  sunPhase: { day: 120 },
  pressureTendency: { rising: 120 },
  moonPhase: { 'New Moon': 120 },
};

function trip(
  id: number,
  effort: EffortMinutes | null,
  extra: Partial<SimilarDaysTrip> = {},
): SimilarDaysTrip {
  const startedAt = new Date(Date.UTC(2026, 5, id, 18)).toISOString();
  return {
    id,
    startedAt,
    endedAt: new Date(Date.parse(startedAt) + 120 * 60_000).toISOString(),
    spotId: null,
    durationMinutes: 120,
    effort,
    ...extra,
  };
}

function fish(id: number, tripId: number | null, extra: Partial<SimilarDaysCatch> = {}): SimilarDaysCatch {
  // A whole catch's conditions, as the phone keeps them; insights read a part of them.
  const conditions: CatchConditions = {
    ...CONDITIONS_NOT_WORKED_OUT,
    status: 'complete',
    sun: { phase: 'dusk', sunrise: null, sunset: null },
    moon: { phase: 'Waxing Gibbous', illumination: 0.8, age: 11 },
    weather: null,
  };
  return {
    id,
    fishType: 'Walleye',
    quantity: 1,
    tripId,
    spotId: null,
    baitUsed: null,
    waterTemperature: null,
    timeOfDay: '19:30',
    isTestCatch: false,
    conditions,
    ...extra,
  };
}

describe('profileDistance', () => {
  it('is 0 for identical profiles and 1 for disjoint ones', () => {
    const dusk = tripProfile({ spotId: 3, effort: DUSK_FALLING });
    expect(profileDistance(dusk, dusk)?.distance).toBe(0);
    const day = tripProfile({ spotId: 4, effort: DAY_RISING });
    const apart = profileDistance(dusk, day);
    expect(apart?.distance).toBe(1);
    expect(apart?.factors.map((item) => item.factor)).toEqual([
      'sunPhase',
      'pressureTendency',
      'moonPhase',
      'spot',
    ]);
  });

  it('takes the total variation of the shares, averaged over the factors', () => {
    // Half dusk, half night against all dusk: 0.5 apart on the sun; the same pressure: 0.
    const a = tripProfile({
      spotId: null,
      effort: { sunPhase: { dusk: 30, night: 30 }, solunar: { none: 60 } },
    });
    const b = tripProfile({ spotId: null, effort: { sunPhase: { dusk: 90 }, solunar: { none: 90 } } });
    expect(profileDistance(a, b)).toEqual({
      distance: 0.25,
      factors: [
        { factor: 'solunar', distance: 0 },
        { factor: 'sunPhase', distance: 0.5 },
      ],
    });
  });

  it('ignores factors known on one side only', () => {
    const a = tripProfile({ spotId: null, effort: { ...DUSK_FALLING, airTemperature: { '50-65': 60 } } });
    const b = tripProfile({ spotId: 9, effort: { ...DUSK_FALLING, tideStage: { rising: 60 } } });
    expect(profileDistance(a, b)?.distance).toBe(0);
    expect(profileDistance(a, b)?.factors).toHaveLength(3);
  });

  it('is not comparable with fewer than 2 shared factors', () => {
    const a = tripProfile({ spotId: null, effort: { sunPhase: { dusk: 60 }, tideStage: { rising: 60 } } });
    const b = tripProfile({ spotId: null, effort: { sunPhase: { dusk: 60 }, solunar: { none: 60 } } });
    expect(profileDistance(a, b)).toBeNull();
    // The spot alone (a trip not worked out yet) is one factor.
    expect(profileDistance(tripProfile({ spotId: 1, effort: null }), a)).toBeNull();
  });
});

describe('catchProfile', () => {
  it('reads the catch one bucket a factor, with its trip’s spot', () => {
    const profile = catchProfile(fish(1, 7, { spotId: 2 }), { id: 7, spotId: 5 });
    expect(profile).toEqual({
      sunPhase: { dusk: 1 },
      timeOfDay: { '16-20': 1 },
      moonPhase: { 'Waxing Gibbous': 1 },
      spot: { '5': 1 },
    });
    expect(catchProfile(fish(1, null, { spotId: 2 }), null).spot).toEqual({ '2': 1 });
  });
});

describe('similarDays', () => {
  it('lists the nearest ended trips first, with what was caught on them', () => {
    const target = trip(10, DUSK_FALLING);
    const near = trip(1, { ...DUSK_FALLING, sunPhase: { dusk: 120 } });
    const far = trip(2, DAY_RISING);
    const same = trip(3, DUSK_FALLING);
    const running = trip(4, DUSK_FALLING, { endedAt: null });
    const catches = [
      fish(1, 3, { quantity: 3 }),
      fish(2, 3, { fishType: 'pike' }),
      fish(3, 3, { fishType: 'Northern Pike', isTestCatch: true }),
      fish(4, 10),
    ];
    const answer = similarDays({ trip: target }, [target, near, far, same, running], catches);
    expect(answer.targetComparable).toBe(true);
    expect(answer.tripsWithConditions).toBe(3);
    expect(answer.days.map((day) => [day.trip.id, day.distance])).toEqual([
      [3, 0],
      [1, 0.5 / 3],
      [2, 1],
    ]);
    const [first] = answer.days;
    expect(first?.caught).toEqual([
      { species: 'Walleye', count: 3 },
      { species: 'Northern Pike', count: 1 },
    ]);
    expect(first?.fish).toBe(4);
    expect(first?.fishPerHour).toBe(2);
    expect(first?.matched).toEqual(['sunPhase', 'pressureTendency', 'moonPhase']);
    expect(answer.days[1]?.mainBuckets).toEqual({
      sunPhase: 'dusk',
      pressureTendency: 'falling',
      moonPhase: 'Waxing Gibbous',
    });
    expect(answer.days[2]?.caught).toEqual([]);
    expect(answer.days[2]?.fish).toBe(0);
  });

  it('never lists the catch’s own trip, and keeps to the limit', () => {
    const own = trip(5, DUSK_FALLING);
    const others = [trip(6, DUSK_FALLING), trip(7, DUSK_FALLING), trip(8, DAY_RISING)];
    const answer = similarDays({ catch: fish(1, 5) }, [own, ...others], [], 2);
    expect(answer.days.map((day) => day.trip.id)).toEqual([6, 7]);
    // Sun and moon compared (the trips know no hour, the catch no pressure), the closer first.
    expect(answer.days[0]?.factors).toEqual([
      { factor: 'moonPhase', distance: 0 },
      { factor: 'sunPhase', distance: 0.5 },
    ]);
    expect(answer.days[0]?.distance).toBe(0.25);
  });

  it('breaks ties by the earlier trip, then the lower id', () => {
    const a = trip(20, DUSK_FALLING, { startedAt: '2026-06-02T18:00:00.000Z' });
    const b = trip(21, DUSK_FALLING, { startedAt: '2026-06-01T18:00:00.000Z' });
    const c = trip(19, DUSK_FALLING, { startedAt: '2026-06-02T18:00:00.000Z' });
    const answer = similarDays({ trip: trip(1, DUSK_FALLING) }, [a, b, c], []);
    expect(answer.days.map((day) => day.trip.id)).toEqual([21, 19, 20]);
  });

  it('says when nothing can be compared', () => {
    const pending = [trip(1, null, { spotId: 2 }), trip(2, null)];
    expect(similarDays({ trip: trip(3, DUSK_FALLING) }, pending, [])).toEqual({
      targetComparable: true,
      tripsWithConditions: 0,
      days: [],
    });
    const bare = fish(1, null, { timeOfDay: null, conditions: CONDITIONS_NOT_WORKED_OUT });
    const answer = similarDays({ catch: bare }, [trip(4, DUSK_FALLING)], []);
    expect(answer.targetComparable).toBe(false);
    expect(answer.days).toEqual([]);
  });
});
