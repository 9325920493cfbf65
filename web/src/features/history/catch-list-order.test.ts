import { describe, expect, it } from 'vitest';
import type { Catch } from '../../../../core/catch.ts';
import { testCatch } from '../../../../core/test-catch.ts';
import { filterCatches, isCatchSortOrder, orderCatches, sortCatches } from './catch-list-order.ts';

function makeCatch(id: number, overrides: Partial<Catch> = {}): Catch {
  return testCatch({ id, createdAt: new Date(Date.UTC(2025, 0, id)).toISOString(), ...overrides });
}

const ids = (list: Catch[]) => list.map((c) => c.id);

describe('filterCatches', () => {
  const catches = [
    makeCatch(1, { fishType: 'Largemouth Bass', locationName: 'Lake Fork' }),
    makeCatch(2, { fishType: 'Rainbow Trout', baitUsed: 'PowerBait' }),
    makeCatch(3, { fishType: 'Walleye', notes: 'Caught at dusk near the LAKE inlet' }),
    makeCatch(4, { fishType: 'Catfish', locationName: null, baitUsed: null, notes: null }),
  ];

  it('returns everything for an empty or blank query', () => {
    expect(ids(filterCatches(catches, ''))).toEqual([1, 2, 3, 4]);
    expect(ids(filterCatches(catches, '   '))).toEqual([1, 2, 3, 4]);
  });

  it('matches fish type, location, bait and notes case-insensitively', () => {
    expect(ids(filterCatches(catches, 'bass'))).toEqual([1]);
    expect(ids(filterCatches(catches, 'LAKE'))).toEqual([1, 3]);
    expect(ids(filterCatches(catches, 'powerbait'))).toEqual([2]);
    expect(ids(filterCatches(catches, ' dusk '))).toEqual([3]);
    expect(ids(filterCatches(catches, 'pike'))).toEqual([]);
  });

  it('does not match across two fields', () => {
    expect(ids(filterCatches(catches, 'bass lake'))).toEqual([]);
  });

  it('does not change the input', () => {
    const copy = filterCatches(catches, '');
    expect(copy).not.toBe(catches);
  });
});

describe('sortCatches', () => {
  const catches = [
    makeCatch(1, { weight: 2.5 }),
    makeCatch(3, { weight: null }),
    makeCatch(2, { weight: 7.1 }),
    makeCatch(4, { weight: 0.5 }),
  ];

  it('sorts newest and oldest by createdAt', () => {
    expect(ids(sortCatches(catches, 'newest'))).toEqual([4, 3, 2, 1]);
    expect(ids(sortCatches(catches, 'oldest'))).toEqual([1, 2, 3, 4]);
  });

  it('breaks createdAt ties by id like the server', () => {
    const same = '2025-04-29T10:00:00.000Z';
    const tied = [makeCatch(5, { createdAt: same }), makeCatch(9, { createdAt: same })];
    expect(ids(sortCatches(tied, 'newest'))).toEqual([9, 5]);
    expect(ids(sortCatches(tied, 'oldest'))).toEqual([5, 9]);
  });

  it('sorts by weight with a missing weight counting as 0', () => {
    expect(ids(sortCatches(catches, 'heaviest'))).toEqual([2, 1, 4, 3]);
    expect(ids(sortCatches(catches, 'lightest'))).toEqual([3, 4, 1, 2]);
  });

  it('breaks weight ties newest first', () => {
    const tied = [makeCatch(1, { weight: 3 }), makeCatch(2, { weight: 3 }), makeCatch(3, { weight: 0 })];
    expect(ids(sortCatches(tied, 'heaviest'))).toEqual([2, 1, 3]);
    expect(ids(sortCatches(tied, 'lightest'))).toEqual([3, 2, 1]);
  });

  it('returns a copy', () => {
    const before = ids(catches);
    sortCatches(catches, 'oldest');
    expect(ids(catches)).toEqual(before);
  });
});

describe('orderCatches', () => {
  it('filters then sorts', () => {
    const catches = [
      makeCatch(1, { fishType: 'Trout', weight: 1 }),
      makeCatch(2, { fishType: 'Bass', weight: 5 }),
      makeCatch(3, { fishType: 'Brook Trout', weight: 2 }),
    ];
    expect(ids(orderCatches(catches, 'trout', 'heaviest'))).toEqual([3, 1]);
  });

  it('handles 10,000 catches', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      makeCatch(i + 1, { fishType: i % 3 ? 'Bass' : 'Trout', weight: (i * 7) % 50, notes: `note ${i}` }),
    );
    const result = orderCatches(many, 'trout', 'heaviest');
    expect(result).toHaveLength(3334);
    expect(result[0]?.weight).toBe(49);
    expect(orderCatches(many, 'note 9999', 'newest').map((c) => c.id)).toEqual([10_000]);
  });
});

describe('isCatchSortOrder', () => {
  it('accepts only the four orders', () => {
    expect(isCatchSortOrder('newest')).toBe(true);
    expect(isCatchSortOrder('lightest')).toBe(true);
    expect(isCatchSortOrder('random')).toBe(false);
  });
});
