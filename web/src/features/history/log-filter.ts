import type { Catch } from '#core/catch.ts';
import type { InsightFilter } from '#core/insight-filter.ts';
import { nameKey } from '#core/names.ts';
import { speciesKey } from '#core/species-aliases.ts';

/**
 * History's filters (docs/product.md#search-and-sort): which catches the list, the map and Stats show, picked on the
 * phone from the kept list, so they work offline. Pure: one rule, `matchesLogFilter`, for every view.
 *
 * - species: a species' other names count as it (core/species-aliases.ts: 'Pike' finds Northern Pike too), while
 *   each catch keeps the name typed;
 * - when: the day a catch was caught (its catch date, else the UTC day of its moment, as insights read it:
 *   core/insight-filter.ts); a season is meteorological (three whole months) in the angler's hemisphere, winter
 *   running from December into the next year;
 * - spot: the catch's own spot, else its trip's;
 * - bait: as typed, case and spaces aside (core/names.ts);
 * - released: 'unsaid' finds the catches whose fate was not noted.
 */

export const SEASONS = ['spring', 'summer', 'autumn', 'winter'] as const;
export type Season = (typeof SEASONS)[number];
export type Hemisphere = 'north' | 'south';

export type LogPeriod =
  | { kind: 'all' }
  | { kind: 'year'; year: number }
  /** A season starting in `year` (winter 2024 is December 2024 to February 2025). */
  | { kind: 'season'; season: Season; year: number; hemisphere: Hemisphere }
  /** First and last day, YYYY-MM-DD, both included; either may be open. */
  | { kind: 'custom'; from: string | null; to: string | null };

export type ReleasedChoice = 'released' | 'kept' | 'unsaid';

export interface LogFilter {
  /** A species as typed; null: every species. */
  species: string | null;
  period: LogPeriod;
  spotId: number | null;
  tripId: number | null;
  bait: string | null;
  released: ReleasedChoice | null;
}

export const NO_FILTER: LogFilter = {
  species: null,
  period: { kind: 'all' },
  spotId: null,
  tripId: null,
  bait: null,
  released: null,
};

/** The first month (1-12) of each season in the northern hemisphere; the southern one is six months on. */
const NORTHERN_START: Record<Season, number> = { spring: 3, summer: 6, autumn: 9, winter: 12 };

const pad = (value: number) => String(value).padStart(2, '0');
const day = (year: number, month: number, date: number) =>
  `${String(year).padStart(4, '0')}-${pad(month)}-${pad(date)}`;

/** The first and last day of a season: three months from its first. */
export function seasonDays(
  season: Season,
  year: number,
  hemisphere: Hemisphere,
): { from: string; to: string } {
  const start = ((NORTHERN_START[season] + (hemisphere === 'south' ? 6 : 0) - 1) % 12) + 1;
  // Date.UTC's month is 0-based: month `start + 2` (1-based) ends the day before month `start + 3` begins.
  const end = new Date(Date.UTC(year, start - 1 + 3, 0));
  return {
    from: day(year, start, 1),
    to: day(end.getUTCFullYear(), end.getUTCMonth() + 1, end.getUTCDate()),
  };
}

/** The days a period covers; open ends are null. */
function periodDays(period: LogPeriod): { from: string | null; to: string | null } {
  switch (period.kind) {
    case 'all':
      return { from: null, to: null };
    case 'year':
      return { from: day(period.year, 1, 1), to: day(period.year, 12, 31) };
    case 'season':
      return seasonDays(period.season, period.year, period.hemisphere);
    case 'custom':
      return { from: period.from || null, to: period.to || null };
  }
}

/** The day a catch was caught, as insights read it (core/insight-filter.ts). */
export function catchDay(item: Pick<Catch, 'catchDate' | 'caughtAt'>): string {
  return item.catchDate ?? item.caughtAt.slice(0, 10);
}

// Each typed species name's key, worked out once: a log repeats the same few names thousands of times, and a filter
// reads every catch's on each change.
const speciesKeys = new Map<string, string>();
function speciesKeyOf(typed: string): string {
  let key = speciesKeys.get(typed);
  if (key === undefined) {
    key = speciesKey(typed);
    speciesKeys.set(typed, key);
  }
  return key;
}

/** What the filter reads of a trip. */
export interface FilterTrip {
  spotId: number | null;
}

/** Whether a catch is one the filter shows; `tripsById` lets a catch without a spot count at its trip's spot. */
export function matchesLogFilter(
  item: Pick<Catch, 'fishType' | 'catchDate' | 'caughtAt' | 'spotId' | 'tripId' | 'baitUsed' | 'released'>,
  filter: LogFilter,
  tripsById?: ReadonlyMap<number, FilterTrip>,
): boolean {
  if (filter.species !== null && speciesKeyOf(item.fishType) !== speciesKeyOf(filter.species)) return false;
  if (filter.period.kind !== 'all') {
    const { from, to } = periodDays(filter.period);
    const caught = catchDay(item);
    if ((from !== null && caught < from) || (to !== null && caught > to)) return false;
  }
  if (filter.spotId !== null) {
    const spotId =
      item.spotId ?? (item.tripId === null ? null : (tripsById?.get(item.tripId)?.spotId ?? null));
    if (spotId !== filter.spotId) return false;
  }
  if (filter.tripId !== null && item.tripId !== filter.tripId) return false;
  if (filter.bait !== null && nameKey(item.baitUsed ?? '') !== nameKey(filter.bait)) return false;
  if (filter.released !== null) {
    const fate: ReleasedChoice = item.released === null ? 'unsaid' : item.released ? 'released' : 'kept';
    if (fate !== filter.released) return false;
  }
  return true;
}

/** The catches the filter shows, in their order; the same list when nothing is filtered. */
export function filterLog<C extends Parameters<typeof matchesLogFilter>[0]>(
  catches: readonly C[],
  filter: LogFilter,
  tripsById?: ReadonlyMap<number, FilterTrip>,
): readonly C[] {
  return isFiltered(filter) ? catches.filter((item) => matchesLogFilter(item, filter, tripsById)) : catches;
}

export function isFiltered(filter: LogFilter): boolean {
  return (
    filter.species !== null ||
    filter.period.kind !== 'all' ||
    filter.spotId !== null ||
    filter.tripId !== null ||
    filter.bait !== null ||
    filter.released !== null
  );
}

/** Whether the filter picks a period of time (Stats' month chart then spans it: core/catch-stats.ts). */
export function picksPeriod(filter: LogFilter): boolean {
  const { from, to } = periodDays(filter.period);
  return from !== null || to !== null;
}

/**
 * The part of the filter insights understand (core/insight-filter.ts): species, days and spot. The trip, bait and
 * fate have no meaning for a rate per hour fished and are left out.
 */
export function toInsightFilter(filter: LogFilter): InsightFilter {
  const { from, to } = periodDays(filter.period);
  return { species: filter.species, from, to, spotId: filter.spotId };
}

/**
 * The angler's hemisphere for seasons: where most of their catches with a position were made; northern when none
 * has one.
 */
export function hemisphereOf(catches: readonly Pick<Catch, 'latitude'>[]): Hemisphere {
  let south = 0;
  let north = 0;
  for (const item of catches) {
    if (typeof item.latitude !== 'number') continue;
    if (item.latitude < 0) south += 1;
    else north += 1;
  }
  return south > north ? 'south' : 'north';
}
