import { describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { testCatch } from '#core/test-catch.ts';
import {
  CatchSearch,
  filterCatches,
  isCatchSortOrder,
  orderCatches,
  readCatchSort,
  sortCatches,
  writeCatchSort,
} from './catch-list-order.ts';

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

describe('sortCatches by catch date', () => {
  // createdAt (id order) deliberately disagrees with when the fish were caught: logged after the trip.
  const catches = [
    makeCatch(1, { catchDate: '2025-06-02', timeOfDay: '06:15' }),
    makeCatch(2, { catchDate: null, timeOfDay: '07:00' }),
    makeCatch(3, { catchDate: '2025-06-01', timeOfDay: '18:40' }),
    makeCatch(4, { catchDate: '2025-06-02', timeOfDay: '21:05' }),
    makeCatch(5, { catchDate: '2024-12-31', timeOfDay: '23:59' }),
    makeCatch(6, { catchDate: '2025-06-02', timeOfDay: null }),
    makeCatch(7, { catchDate: null, timeOfDay: null }),
    makeCatch(8, { catchDate: '2025-06-01', timeOfDay: '05:30' }),
  ];

  it('runs by catchDate then timeOfDay, missing dates last, newest first', () => {
    expect(ids(sortCatches(catches, 'caught-newest'))).toEqual([4, 1, 6, 3, 8, 5, 7, 2]);
  });

  it('runs by catchDate then timeOfDay, missing dates last, oldest first', () => {
    expect(ids(sortCatches(catches, 'caught-oldest'))).toEqual([5, 8, 3, 1, 4, 6, 2, 7]);
  });

  it('puts a day’s catch without a time after that day’s timed ones in both directions', () => {
    const day = [
      makeCatch(1, { catchDate: '2025-06-02', timeOfDay: null }),
      makeCatch(2, { catchDate: '2025-06-02', timeOfDay: '09:00' }),
      makeCatch(3, { catchDate: '2025-06-02', timeOfDay: '08:00' }),
    ];
    expect(ids(sortCatches(day, 'caught-newest'))).toEqual([2, 3, 1]);
    expect(ids(sortCatches(day, 'caught-oldest'))).toEqual([3, 2, 1]);
  });

  it('treats empty strings as missing', () => {
    const list = [makeCatch(1, { catchDate: '' }), makeCatch(2, { catchDate: '2020-01-01' })];
    expect(ids(sortCatches(list, 'caught-newest'))).toEqual([2, 1]);
    expect(ids(sortCatches(list, 'caught-oldest'))).toEqual([2, 1]);
  });

  it('breaks ties by createdAt in the same direction, then by id', () => {
    const same = '2025-04-29T10:00:00.000Z';
    const tied = [
      makeCatch(1, { catchDate: '2025-06-02', timeOfDay: '06:15' }),
      makeCatch(2, { catchDate: '2025-06-02', timeOfDay: '06:15' }),
      makeCatch(4, { catchDate: '2025-06-02', timeOfDay: '06:15', createdAt: same }),
      makeCatch(3, { catchDate: '2025-06-02', timeOfDay: '06:15', createdAt: same }),
    ];
    expect(ids(sortCatches(tied, 'caught-newest'))).toEqual([4, 3, 2, 1]);
    expect(ids(sortCatches(tied, 'caught-oldest'))).toEqual([1, 2, 3, 4]);
  });

  it('keeps search filtering on the sorted list', () => {
    expect(ids(orderCatches(catches, '', 'caught-oldest'))).toEqual([5, 8, 3, 1, 4, 6, 2, 7]);
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
  it('accepts only the four orders and the two by catch date', () => {
    expect(isCatchSortOrder('newest')).toBe(true);
    expect(isCatchSortOrder('lightest')).toBe(true);
    expect(isCatchSortOrder('caught-newest')).toBe(true);
    expect(isCatchSortOrder('caught-oldest')).toBe(true);
    expect(isCatchSortOrder('random')).toBe(false);
    expect(isCatchSortOrder(null)).toBe(false);
  });
});

describe('the remembered sort', () => {
  /** An in-memory Storage, optionally throwing like a browser in a strict privacy mode. */
  function memoryStorage(initial: Record<string, string> = {}, broken = false): Storage {
    const data = new Map(Object.entries(initial));
    return {
      getItem: (key: string) => {
        if (broken) throw new Error('SecurityError');
        return data.get(key) ?? null;
      },
      setItem: (key: string, value: string) => {
        if (broken) throw new Error('QuotaExceededError');
        data.set(key, value);
      },
    } as Storage;
  }

  it('reads what was written, under historySort', () => {
    const store = memoryStorage();
    expect(readCatchSort(store)).toBe('newest');
    writeCatchSort('caught-oldest', store);
    expect(store.getItem('historySort')).toBe('caught-oldest');
    expect(readCatchSort(store)).toBe('caught-oldest');
  });

  it('gives newest first for an unknown value, no storage or storage that throws', () => {
    expect(readCatchSort(memoryStorage({ historySort: 'by-colour' }))).toBe('newest');
    expect(readCatchSort(null)).toBe('newest');
    const broken = memoryStorage({}, true);
    expect(readCatchSort(broken)).toBe('newest');
    expect(() => writeCatchSort('heaviest', broken)).not.toThrow();
  });
});

describe('CatchSearch', () => {
  const catches = [
    makeCatch(1, { fishType: 'Walleye', locationName: 'Lake Fork', notes: 'Jig at dusk' }),
    makeCatch(2, { fishType: 'Rainbow Trout', baitUsed: 'PowerBait' }),
    makeCatch(3, { fishType: 'Wahoo', locationName: 'Walker Lake' }),
    makeCatch(4, { fishType: 'Bass' }),
  ];

  it('answers as filterCatches does, keystroke after keystroke, in the list order', () => {
    const search = new CatchSearch(catches);
    for (const query of [
      'w',
      'wa',
      'wal',
      'wall',
      'walleye',
      'wal',
      '',
      'LAKE',
      'lake f',
      ' dusk ',
      'zz',
      'z',
      'b',
    ]) {
      expect(ids(search.filter(query)), query).toEqual(ids(filterCatches(catches, query)));
    }
  });

  it('returns a copy for an empty query', () => {
    const search = new CatchSearch(catches);
    const all = search.filter('');
    expect(all).toEqual(catches);
    expect(all).not.toBe(catches);
  });
});
