import type { Catch } from '#core/catch.ts';
import { readLocalChoice, writeLocalChoice } from '../../lib/local-choice.ts';

/**
 * Client-side search and sort of the catch list (docs/product.md#search-and-sort). Pure and allocation-light so it
 * answers within a frame on 10,000 catches and works offline on the cached list.
 */

export type CatchSortOrder =
  | 'newest'
  | 'oldest'
  | 'heaviest'
  | 'lightest'
  | 'caught-newest'
  | 'caught-oldest';

/** Four orders by when a catch was logged and by weight, then two by when it was caught (docs/product.md#search-and-sort). */
export const CATCH_SORT_OPTIONS: ReadonlyArray<{ value: CatchSortOrder; label: string; short: string }> = [
  { value: 'newest', label: 'Newest First', short: 'Newest' },
  { value: 'oldest', label: 'Oldest First', short: 'Oldest' },
  { value: 'heaviest', label: 'Heaviest First', short: 'Heaviest' },
  { value: 'lightest', label: 'Lightest First', short: 'Lightest' },
  { value: 'caught-newest', label: 'Catch Date (newest)', short: 'Caught, newest' },
  { value: 'caught-oldest', label: 'Catch Date (oldest)', short: 'Caught, oldest' },
];

/** What the sort button says: the order in use, 'Sort: Newest' (its name keeps 'Sort' for speech and tests). */
export function sortButtonLabel(order: CatchSortOrder): string {
  return `Sort: ${CATCH_SORT_OPTIONS.find((option) => option.value === order)?.short ?? 'Newest'}`;
}

const DEFAULT_CATCH_SORT: CatchSortOrder = 'newest';

/** The local storage key that keeps History's sort across visits, like the active tab. */
const CATCH_SORT_STORAGE_KEY = 'historySort';

export function isCatchSortOrder(value: unknown): value is CatchSortOrder {
  return CATCH_SORT_OPTIONS.some((option) => option.value === value);
}

/** The sort kept in local storage, or newest first. */
export function readCatchSort(store?: Storage | null): CatchSortOrder {
  return readLocalChoice(CATCH_SORT_STORAGE_KEY, isCatchSortOrder, DEFAULT_CATCH_SORT, store);
}

export function writeCatchSort(order: CatchSortOrder, store?: Storage | null): void {
  writeLocalChoice(CATCH_SORT_STORAGE_KEY, order, store);
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

/**
 * Search over one (sorted) list, what History's search box runs on every keystroke (decision 023): each catch's
 * lower-cased text is looked up once, at the first search, into an array beside the list, and a query that extends the previous one
 * (typing on: 'wa' after 'w') only looks again at what the previous one matched. Same answers as filterCatches,
 * in the list's order.
 */
export class CatchSearch<T extends Searchable> {
  private texts: string[] | null = null;
  private last: { needle: string; positions: number[] } | null = null;

  constructor(private readonly catches: readonly T[]) {}

  /** Looks up every catch's text now (History calls it once the list is painted), not at the first keystroke. */
  prepare(): void {
    this.texts ??= this.catches.map(searchText);
  }

  filter(query: string): T[] {
    const needle = query.trim().toLowerCase();
    if (needle === '') return this.catches.slice();
    // Not with the list: the first render of a long list does not wait for it.
    this.prepare();
    const texts = this.texts ?? [];
    const last = this.last;
    const positions: number[] = [];
    if (last && needle.includes(last.needle)) {
      // Whatever contains the longer query contains the shorter one: only the previous matches can match.
      for (const position of last.positions) {
        if (texts[position]?.includes(needle)) positions.push(position);
      }
    } else {
      texts.forEach((text, position) => {
        if (text.includes(needle)) positions.push(position);
      });
    }
    this.last = { needle, positions };
    return positions.map((position) => this.catches[position] as T);
  }
}

type Sortable = Pick<Catch, 'id' | 'createdAt' | 'weight' | 'catchDate' | 'timeOfDay'>;

function timeOf(item: Sortable): number {
  const time = Date.parse(item.createdAt);
  return Number.isNaN(time) ? 0 : time;
}

function weightOf(item: Sortable): number {
  return typeof item.weight === 'number' && Number.isFinite(item.weight) ? item.weight : 0;
}

/**
 * `a` against `b` for a sort by when a catch was caught: `direction` 1 runs oldest first, -1 newest first. The
 * values are fixed-width 'yyyy-MM-dd' and 'HH:mm' strings, which sort in time order; a missing one sorts last
 * whichever way the list runs (docs/product.md#search-and-sort).
 */
function compareMissingLast(a: string | null, b: string | null, direction: 1 | -1): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -direction : direction;
}

/**
 * A sorted copy. Newest/oldest by createdAt (ties by id, matching the server's order); heaviest/lightest
 * by weight, a missing weight counting as 0 (docs/product.md#search-and-sort), ties newest first. By catch date: catchDate then
 * timeOfDay, a missing date (or a missing time on the same day) last in both directions, ties (and undated
 * catches) by createdAt in the same direction.
 */
export function sortCatches<T extends Sortable>(catches: readonly T[], order: CatchSortOrder): T[] {
  // Decorate once, so the comparator does not re-parse dates O(n log n) times.
  const rows = catches.map((item) => ({
    item,
    time: timeOf(item),
    weight: weightOf(item),
    // Empty strings count as missing too.
    caughtDate: item.catchDate || null,
    caughtTime: item.timeOfDay || null,
  }));
  type Row = (typeof rows)[number];
  const newest = (a: Row, b: Row) => b.time - a.time || b.item.id - a.item.id;
  // A time of day without a date says nothing about when: undated catches keep their createdAt order.
  const caught = (a: Row, b: Row, direction: 1 | -1) =>
    compareMissingLast(a.caughtDate, b.caughtDate, direction) ||
    (a.caughtDate === null ? 0 : compareMissingLast(a.caughtTime, b.caughtTime, direction));
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
    case 'caught-newest':
      rows.sort((a, b) => caught(a, b, -1) || newest(a, b));
      break;
    case 'caught-oldest':
      rows.sort((a, b) => caught(a, b, 1) || -newest(a, b));
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
