import type { Catch } from '../../../../core/catch.ts';

/**
 * Client-side search and sort of the catch list (SPEC §2, §5). Pure and allocation-light so it
 * answers within a frame on 10,000 catches and works offline on the cached list.
 */

export type CatchSortOrder = 'newest' | 'oldest' | 'heaviest' | 'lightest';

export const CATCH_SORT_OPTIONS: ReadonlyArray<{ value: CatchSortOrder; label: string }> = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'heaviest', label: 'Heaviest First' },
  { value: 'lightest', label: 'Lightest First' },
];

export const DEFAULT_CATCH_SORT: CatchSortOrder = 'newest';

export function isCatchSortOrder(value: string): value is CatchSortOrder {
  return CATCH_SORT_OPTIONS.some((option) => option.value === value);
}

type Searchable = Pick<Catch, 'fishType' | 'locationName' | 'baitUsed' | 'notes'>;

// Lower-cased search text per catch object; catches from the query cache are immutable, so this is safe.
const searchTextCache = new WeakMap<object, string>();

function searchText(item: Searchable): string {
  let text = searchTextCache.get(item);
  if (text === undefined) {
    // A separator that no typed query contains, so a match cannot span two fields.
    text = [item.fishType, item.locationName, item.baitUsed, item.notes]
      .filter((part): part is string => typeof part === 'string' && part !== '')
      .join('\u0000')
      .toLowerCase();
    searchTextCache.set(item, text);
  }
  return text;
}

/** Catches whose fish type, location, bait or notes contain the query, case-insensitively. */
export function filterCatches<T extends Searchable>(catches: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return catches.slice();
  return catches.filter((item) => searchText(item).includes(needle));
}

type Sortable = Pick<Catch, 'id' | 'createdAt' | 'weight'>;

function timeOf(item: Sortable): number {
  const time = Date.parse(item.createdAt);
  return Number.isNaN(time) ? 0 : time;
}

function weightOf(item: Sortable): number {
  return typeof item.weight === 'number' && Number.isFinite(item.weight) ? item.weight : 0;
}

/**
 * A sorted copy. Newest/oldest by createdAt (ties by id, matching the server's order); heaviest/lightest
 * by weight, a missing weight counting as 0 (SPEC §5), ties newest first.
 */
export function sortCatches<T extends Sortable>(catches: readonly T[], order: CatchSortOrder): T[] {
  // Decorate once, so the comparator does not re-parse dates O(n log n) times.
  const rows = catches.map((item) => ({ item, time: timeOf(item), weight: weightOf(item) }));
  const newest = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    b.time - a.time || b.item.id - a.item.id;
  switch (order) {
    case 'newest':
      rows.sort(newest);
      break;
    case 'oldest':
      rows.sort((a, b) => -newest(a, b));
      break;
    case 'heaviest':
      rows.sort((a, b) => b.weight - a.weight || newest(a, b));
      break;
    case 'lightest':
      rows.sort((a, b) => a.weight - b.weight || newest(a, b));
      break;
  }
  return rows.map((row) => row.item);
}

/**
 * What the history list shows: sorted, then filtered (filtering keeps the order). The history component runs the
 * two steps in separate memos, so a keystroke only filters the already sorted list.
 */
export function orderCatches<T extends Searchable & Sortable>(
  catches: readonly T[],
  query: string,
  order: CatchSortOrder,
): T[] {
  return filterCatches(sortCatches(catches, order), query);
}
