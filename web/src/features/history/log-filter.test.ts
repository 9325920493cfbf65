import { describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { testCatch } from '#core/test-catch.ts';
import {
  filterLog,
  hemisphereOf,
  isFiltered,
  type LogFilter,
  matchesLogFilter,
  NO_FILTER,
  picksPeriod,
  seasonDays,
  toInsightFilter,
} from './log-filter.ts';

let nextId = 1;
const aCatch = (fields: Partial<Catch>): Catch =>
  testCatch({ id: nextId++, fishType: 'Walleye', catchDate: '2024-06-15', ...fields });
const only = (fields: Partial<LogFilter>): LogFilter => ({ ...NO_FILTER, ...fields });

describe('the log filter', () => {
  it('shows every catch when nothing is filtered, the same list', () => {
    const catches = [aCatch({}), aCatch({ fishType: 'Carp', released: true })];
    expect(isFiltered(NO_FILTER)).toBe(false);
    expect(filterLog(catches, NO_FILTER)).toBe(catches);
  });

  it('finds a species by any of its names, each catch keeping the name typed', () => {
    const pike = aCatch({ fishType: 'Pike' });
    const northern = aCatch({ fishType: 'northern pike ' });
    const walleye = aCatch({ fishType: 'Walleye' });
    const found = filterLog([pike, northern, walleye], only({ species: 'Northern Pike' }));
    expect(found.map((item) => item.fishType)).toEqual(['Pike', 'northern pike ']);
    expect(filterLog([pike, northern, walleye], only({ species: 'jackfish' }))).toHaveLength(2);
    // 'Walleyed Pike' is a walleye, not a pike.
    expect(matchesLogFilter(aCatch({ fishType: 'Walleyed Pike' }), only({ species: 'Pike' }))).toBe(false);
  });

  it('picks a year by the day caught: its catch date, else the UTC day of its moment', () => {
    const filter = only({ period: { kind: 'year', year: 2024 } });
    expect(matchesLogFilter(aCatch({ catchDate: '2024-01-01' }), filter)).toBe(true);
    expect(matchesLogFilter(aCatch({ catchDate: '2024-12-31' }), filter)).toBe(true);
    expect(matchesLogFilter(aCatch({ catchDate: '2023-12-31' }), filter)).toBe(false);
    expect(matchesLogFilter(aCatch({ catchDate: '2025-01-01' }), filter)).toBe(false);
    expect(matchesLogFilter(aCatch({ catchDate: null, caughtAt: '2024-03-02T23:30:00.000Z' }), filter)).toBe(
      true,
    );
    expect(picksPeriod(filter)).toBe(true);
    expect(picksPeriod(NO_FILTER)).toBe(false);
  });

  it('picks meteorological seasons, winter running into the next year, and February 29th', () => {
    expect(seasonDays('spring', 2024, 'north')).toEqual({ from: '2024-03-01', to: '2024-05-31' });
    expect(seasonDays('summer', 2024, 'north')).toEqual({ from: '2024-06-01', to: '2024-08-31' });
    expect(seasonDays('autumn', 2024, 'north')).toEqual({ from: '2024-09-01', to: '2024-11-30' });
    expect(seasonDays('winter', 2023, 'north')).toEqual({ from: '2023-12-01', to: '2024-02-29' });
    expect(seasonDays('winter', 2024, 'north')).toEqual({ from: '2024-12-01', to: '2025-02-28' });
    // Six months on south of the equator.
    expect(seasonDays('summer', 2024, 'south')).toEqual({ from: '2024-12-01', to: '2025-02-28' });
    expect(seasonDays('winter', 2024, 'south')).toEqual({ from: '2024-06-01', to: '2024-08-31' });

    const winter = only({ period: { kind: 'season', season: 'winter', year: 2023, hemisphere: 'north' } });
    expect(matchesLogFilter(aCatch({ catchDate: '2023-11-30' }), winter)).toBe(false);
    expect(matchesLogFilter(aCatch({ catchDate: '2023-12-01' }), winter)).toBe(true);
    expect(matchesLogFilter(aCatch({ catchDate: '2024-02-29' }), winter)).toBe(true);
    expect(matchesLogFilter(aCatch({ catchDate: '2024-03-01' }), winter)).toBe(false);
  });

  it('picks custom days, both ends included, either open', () => {
    const between = only({ period: { kind: 'custom', from: '2024-06-10', to: '2024-06-20' } });
    expect(matchesLogFilter(aCatch({ catchDate: '2024-06-10' }), between)).toBe(true);
    expect(matchesLogFilter(aCatch({ catchDate: '2024-06-20' }), between)).toBe(true);
    expect(matchesLogFilter(aCatch({ catchDate: '2024-06-21' }), between)).toBe(false);
    const since = only({ period: { kind: 'custom', from: '2024-06-10', to: null } });
    expect(matchesLogFilter(aCatch({ catchDate: '2030-01-01' }), since)).toBe(true);
    expect(matchesLogFilter(aCatch({ catchDate: '2024-06-09' }), since)).toBe(false);
  });

  it("picks a spot by the catch's own spot, else its trip's", () => {
    const trips = new Map([[7, { spotId: 3 }]]);
    const filter = only({ spotId: 3 });
    expect(matchesLogFilter(aCatch({ spotId: 3 }), filter, trips)).toBe(true);
    expect(matchesLogFilter(aCatch({ spotId: null, tripId: 7 }), filter, trips)).toBe(true);
    expect(matchesLogFilter(aCatch({ spotId: null, tripId: 7 }), filter)).toBe(false);
    expect(matchesLogFilter(aCatch({ spotId: 4, tripId: 7 }), filter, trips)).toBe(false);
    expect(matchesLogFilter(aCatch({ spotId: null }), filter, trips)).toBe(false);
  });

  it('picks a trip and a bait (case and spaces aside)', () => {
    expect(matchesLogFilter(aCatch({ tripId: 7 }), only({ tripId: 7 }))).toBe(true);
    expect(matchesLogFilter(aCatch({ tripId: null }), only({ tripId: 7 }))).toBe(false);
    expect(matchesLogFilter(aCatch({ baitUsed: ' Jig  and Minnow' }), only({ bait: 'jig and minnow' }))).toBe(
      true,
    );
    expect(matchesLogFilter(aCatch({ baitUsed: null }), only({ bait: 'Jig' }))).toBe(false);
  });

  it('picks released, kept or not said', () => {
    const released = aCatch({ released: true });
    const kept = aCatch({ released: false });
    const unsaid = aCatch({ released: null });
    const all = [released, kept, unsaid];
    expect(filterLog(all, only({ released: 'released' }))).toEqual([released]);
    expect(filterLog(all, only({ released: 'kept' }))).toEqual([kept]);
    expect(filterLog(all, only({ released: 'unsaid' }))).toEqual([unsaid]);
  });

  it('needs every filter set to match', () => {
    const filter = only({ species: 'Pike', released: 'released', period: { kind: 'year', year: 2024 } });
    expect(matchesLogFilter(aCatch({ fishType: 'Pike', released: true }), filter)).toBe(true);
    expect(matchesLogFilter(aCatch({ fishType: 'Pike', released: false }), filter)).toBe(false);
    expect(
      matchesLogFilter(aCatch({ fishType: 'Pike', released: true, catchDate: '2022-05-01' }), filter),
    ).toBe(false);
  });

  it('turns into the filter insights take: species, days and spot', () => {
    const filter = only({
      species: 'Pike',
      period: { kind: 'season', season: 'summer', year: 2024, hemisphere: 'north' },
      spotId: 3,
      tripId: 9,
      bait: 'Jig',
      released: 'kept',
    });
    expect(toInsightFilter(filter)).toEqual({
      species: 'Pike',
      from: '2024-06-01',
      to: '2024-08-31',
      spotId: 3,
    });
    expect(toInsightFilter(NO_FILTER)).toEqual({ species: null, from: null, to: null, spotId: null });
  });

  it("takes the angler's hemisphere from where most catches with a position were made", () => {
    expect(hemisphereOf([])).toBe('north');
    expect(
      hemisphereOf([{ latitude: -33.9 }, { latitude: -37.8 }, { latitude: 51.5 }, { latitude: null }]),
    ).toBe('south');
    expect(hemisphereOf([{ latitude: -33.9 }, { latitude: 51.5 }])).toBe('north');
  });
});
