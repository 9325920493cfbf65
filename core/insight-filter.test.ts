import { describe, expect, it } from 'vitest';
import { type FilterableCatch, type FilterableTrip, filterInsightLog } from './insight-filter.ts';

const NO_CONDITIONS = { weather: null, sun: null, moon: null, solunar: null, tide: null } as never;

function fish(id: number, fields: Partial<FilterableCatch> = {}): FilterableCatch & { id: number } {
  return {
    id,
    fishType: 'Walleye',
    quantity: 1,
    tripId: null,
    baitUsed: null,
    waterTemperature: null,
    timeOfDay: null,
    isTestCatch: false,
    conditions: NO_CONDITIONS,
    catchDate: '2026-06-01',
    caughtAt: '2026-06-01T12:00:00.000Z',
    spotId: null,
    ...fields,
  };
}

function trip(id: number, startedAt: string, spotId: number | null = null): FilterableTrip {
  return { id, spotId, durationMinutes: 120, effort: null, startedAt };
}

describe('the insight filter', () => {
  const trips = [trip(1, '2026-05-01T05:00:00.000Z', 7), trip(2, '2026-07-01T05:00:00.000Z')];
  const catches = [
    fish(1, { tripId: 1, fishType: 'Pike', catchDate: '2026-05-01' }),
    fish(2, { tripId: 2, fishType: 'Northern Pike', catchDate: '2026-07-01' }),
    fish(3, { fishType: 'walleye ', catchDate: '2026-05-20', spotId: 7 }),
    fish(4, { fishType: 'Perch', catchDate: null, caughtAt: '2026-08-02T10:00:00.000Z' }),
  ];
  const ids = (result: { catches: { id: number }[]; trips: { id: number }[] }) => ({
    catches: result.catches.map((item) => item.id),
    trips: result.trips.map((item) => item.id),
  });

  it('keeps everything without a filter', () => {
    expect(ids(filterInsightLog(catches, trips, {}))).toEqual({ catches: [1, 2, 3, 4], trips: [1, 2] });
  });

  it('keeps every trip for a species (its hours are time fished for it) and its fish by any of its names', () => {
    expect(ids(filterInsightLog(catches, trips, { species: 'pike' }))).toEqual({
      catches: [1, 2],
      trips: [1, 2],
    });
  });

  it('keeps the trips of the days asked and only the catches of those trips; a catch outside trips by its own day', () => {
    expect(ids(filterInsightLog(catches, trips, { from: '2026-05-01', to: '2026-06-30' }))).toEqual({
      catches: [1, 3],
      trips: [1],
    });
    expect(ids(filterInsightLog(catches, trips, { from: '2026-08-01' }))).toEqual({
      catches: [4],
      trips: [],
    });
  });

  it("keeps a spot's trips with their catches, and catches outside trips saved at the spot", () => {
    expect(ids(filterInsightLog(catches, trips, { spotId: 7 }))).toEqual({ catches: [1, 3], trips: [1] });
  });
});
