import { type Catch, DEFAULT_LOCATION_NAME } from './catch.ts';
import { type NamedCount, NameTally, nameKey } from './names.ts';
import { speciesName } from './species-aliases.ts';
import type { StatsSummary } from './stats-schema.ts';

/**
 * Personal bests and statistics of an angler's log (docs/product.md#stats, decision 011), computed on the phone from the catch list,
 * so they work offline. One pass over the catches (O(n)): instant at 10,000.
 *
 * Rules (docs/decisions/011-sun-moon-stats-species.md):
 * - species (and baits and places) are grouped case- and space-insensitively ('bass', 'Bass ', 'BASS') and shown
 *   in their most common spelling; on a tie, the spelling met first (History's list is newest first); a species'
 *   other names count as it and show its name ('Pike' is Northern Pike: core/species-aliases.ts), while each catch
 *   keeps the name typed;
 * - a weight or length counts only when it is a positive number (a missing one is no measurement, never 0);
 * - a catch is a personal best when it is the heaviest or the longest of its species; on a tie the one caught
 *   first (catch date and time, else when it was saved; then the lower id) keeps the record;
 * - counts are of fish: an entry of "12 perch" counts 12 in the totals, the species, the months, the baits and the
 *   places, and in the released share; its weight and length are one fish's, so it is one candidate for a personal
 *   best and its weight counts once (docs/decisions/043-trips-and-spots.md);
 * - months are the phone's calendar months, from the catch date, else from when the catch was saved; the chart spans
 *   the log up to this month, at least the last MONTHS_SHOWN months, or, when the catches are those of a chosen
 *   period (History's date filter), the months from their first catch to their last; `chartBuckets` groups a long
 *   span by quarter or year so it stays readable on a phone;
 * - a sample saved from a test page counts nowhere (docs/decisions/028-test-catches.md): `countsAsFishing`.
 */

/** How many baits and places the stats list. */
export const TOP_LIST_SIZE = 5;
/** The chart's shortest span of the whole log, ending with the current month. */
export const MONTHS_SHOWN = 12;
/**
 * The most bars a phone's chart shows readably, text at 200 % included (390 px: about 26 px a bar, room for a
 * two-digit count): up to this many months it shows months, then quarters while they fit, then years.
 */
export const MOST_BARS = 12;

/**
 * What the stats read of a catch: History's catches on the phone, and the few columns the server reads for
 * GET /api/stats (server/stats), so both work the figures out with this one function.
 */
export type StatsCatch = Pick<
  Catch,
  | 'id'
  | 'fishType'
  | 'quantity'
  | 'released'
  | 'weight'
  | 'length'
  | 'baitUsed'
  | 'locationName'
  | 'catchDate'
  | 'timeOfDay'
  | 'createdAt'
  | 'isTestCatch'
>;

interface SpeciesStats<C extends StatsCatch = Catch> {
  /** The most common spelling of the species in the log. */
  name: string;
  /** Fish caught: the quantities of its catches summed. */
  count: number;
  /** The heaviest catch of the species, null when none was weighed. */
  heaviest: C | null;
  /** The longest catch of the species, null when none was measured. */
  longest: C | null;
}

export interface RecordsHeld {
  heaviest: boolean;
  longest: boolean;
}

export interface MonthCount {
  year: number;
  /** 1 (January) to 12. */
  month: number;
  /** Fish caught that month. */
  count: number;
}

/** Of the fish whose fate the angler noted (Kept or Released), how many went back. */
export interface ReleasedShare {
  released: number;
  /** Fish noted as kept or released; those not said count in neither. */
  noted: number;
}

export interface CatchStats<C extends StatsCatch = Catch> {
  /** Fish caught: the quantities of every catch but the test catches, summed. */
  totalCatches: number;
  /** Samples saved from a test page (entries), left out of everything else here. */
  testCatches: number;
  speciesCount: number;
  /** Sum of the known weights (lbs). */
  totalWeight: number;
  heaviest: C | null;
  longest: C | null;
  /** Most caught first (ties: alphabetical). */
  species: SpeciesStats<C>[];
  /** The chart's calendar months, oldest first, months without a catch included (see the rules above). */
  months: MonthCount[];
  topBaits: NamedCount[];
  /** Named places only (not the form's 'Unknown Location'). */
  topPlaces: NamedCount[];
  /** Ids of the catches that are the heaviest or longest of their species. */
  personalBests: ReadonlySet<number>;
  /** Which record each of those holds, so a badge can say it: by weight, by length or both. */
  recordsHeld: ReadonlyMap<number, RecordsHeld>;
  released: ReleasedShare;
}

const CATCH_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^\d{2}:\d{2}$/;
const UNKNOWN_PLACE = nameKey(DEFAULT_LOCATION_NAME);

/** A positive, finite measurement, else null. */
function measurement(value: number | null): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * Whether a catch tells about the angler's fishing: every catch but a sample saved from a test page. Stats and
 * personal bests count only these, and so must anything else that sums up the log (insights).
 */
function countsAsFishing(item: Pick<Catch, 'isTestCatch'>): boolean {
  return item.isTestCatch !== true;
}

const pad = (value: number) => String(value).padStart(2, '0');

// Catches from the query cache are immutable: each one's moment is worked out once.
const caughtAtCache = new WeakMap<StatsCatch, string>();

/**
 * When the catch was caught, as a sortable local 'yyyy-MM-ddTHH:mm' string: its catch date and time of day
 * (midnight when no time), else when it was saved on the device.
 */
function caughtAt(item: StatsCatch): string {
  let moment = caughtAtCache.get(item);
  if (moment === undefined) {
    moment = computeCaughtAt(item);
    caughtAtCache.set(item, moment);
  }
  return moment;
}

function computeCaughtAt(item: StatsCatch): string {
  if (item.catchDate && CATCH_DATE.test(item.catchDate)) {
    return `${item.catchDate}T${item.timeOfDay && TIME_OF_DAY.test(item.timeOfDay) ? item.timeOfDay : '00:00'}`;
  }
  const saved = new Date(item.createdAt);
  if (Number.isNaN(saved.getTime())) return '';
  return `${saved.getFullYear()}-${pad(saved.getMonth() + 1)}-${pad(saved.getDate())}T${pad(saved.getHours())}:${pad(saved.getMinutes())}`;
}

/** Whether `a` was caught before `b` (ties on every clock: the lower id, i.e. the one saved first). */
function caughtBefore(a: StatsCatch, b: StatsCatch): boolean {
  const at = caughtAt(a);
  const bt = caughtAt(b);
  if (at !== bt) return at !== '' && (bt === '' || at < bt);
  const saved = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (saved !== 0 && !Number.isNaN(saved)) return saved < 0;
  return a.id < b.id;
}

/** Whether `candidate` takes the record from `holder`: bigger, or equal and caught first. */
function beats(
  candidate: StatsCatch,
  value: number,
  holder: StatsCatch | null,
  holderValue: number | null,
): boolean {
  if (holder === null || holderValue === null) return true;
  return value > holderValue || (value === holderValue && caughtBefore(candidate, holder));
}

/** The catch's calendar month as a running index (year × 12 + month - 1), or null when it has no date. */
function monthIndex(item: StatsCatch): number | null {
  const date = item.catchDate ? CATCH_DATE.exec(item.catchDate) : null;
  if (date) return Number(date[1]) * 12 + Number(date[2]) - 1;
  const saved = new Date(item.createdAt);
  return Number.isNaN(saved.getTime()) ? null : saved.getFullYear() * 12 + saved.getMonth();
}

interface Best<C extends StatsCatch> {
  holder: C | null;
  value: number | null;
}

interface SpeciesAccumulator<C extends StatsCatch> {
  heaviest: Best<C>;
  longest: Best<C>;
}

function consider<C extends StatsCatch>(record: Best<C>, item: C, value: number | null): void {
  if (value !== null && beats(item, value, record.holder, record.value)) {
    record.holder = item;
    record.value = value;
  }
}

/**
 * Everything the Stats view and the 'Personal best' badges show, for the catches as of `now`. `chosenPeriod`: the
 * catches are those of a period the angler chose, and the chart spans their months only.
 */
export function computeCatchStats<C extends StatsCatch>(
  catches: readonly C[],
  now: Date,
  { chosenPeriod = false }: { chosenPeriod?: boolean } = {},
): CatchStats<C> {
  const speciesNames = new NameTally(speciesName);
  const baits = new NameTally();
  const places = new NameTally();
  const bySpecies = new Map<string, SpeciesAccumulator<C>>();
  const heaviest: Best<C> = { holder: null, value: null };
  const longest: Best<C> = { holder: null, value: null };
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  const fishByMonth = new Map<number, number>();
  let totalWeight = 0;
  let totalFish = 0;
  let testCatches = 0;
  const released: ReleasedShare = { released: 0, noted: 0 };

  for (const item of catches) {
    if (!countsAsFishing(item)) {
      testCatches += 1;
      continue;
    }
    const fish = item.quantity;
    totalFish += fish;
    if (item.released !== null) {
      released.noted += fish;
      if (item.released) released.released += fish;
    }
    const weight = measurement(item.weight);
    const length = measurement(item.length);
    if (weight !== null) totalWeight += weight;
    consider(heaviest, item, weight);
    consider(longest, item, length);

    const key = speciesNames.add(item.fishType, fish);
    if (key !== null) {
      let species = bySpecies.get(key);
      if (!species) {
        species = { heaviest: { holder: null, value: null }, longest: { holder: null, value: null } };
        bySpecies.set(key, species);
      }
      consider(species.heaviest, item, weight);
      consider(species.longest, item, length);
    }

    baits.add(item.baitUsed, fish);
    places.add(item.locationName, fish);

    const month = monthIndex(item);
    if (month !== null) fishByMonth.set(month, (fishByMonth.get(month) ?? 0) + fish);
  }

  places.delete(UNKNOWN_PLACE);
  const personalBests = new Set<number>();
  const recordsHeld = new Map<number, RecordsHeld>();
  const hold = (id: number, record: keyof RecordsHeld) => {
    personalBests.add(id);
    const held = recordsHeld.get(id) ?? { heaviest: false, longest: false };
    held[record] = true;
    recordsHeld.set(id, held);
  };
  const species: SpeciesStats<C>[] = speciesNames.top().map(({ name, count }) => {
    const records = bySpecies.get(nameKey(name));
    const best = { heaviest: records?.heaviest.holder ?? null, longest: records?.longest.holder ?? null };
    if (best.heaviest) hold(best.heaviest.id, 'heaviest');
    if (best.longest) hold(best.longest.id, 'longest');
    return { name, count, ...best };
  });

  return {
    totalCatches: totalFish,
    testCatches,
    speciesCount: speciesNames.size,
    totalWeight,
    heaviest: heaviest.holder,
    longest: longest.holder,
    species,
    months: chartMonths(fishByMonth, thisMonth, chosenPeriod),
    topBaits: baits.top(TOP_LIST_SIZE),
    topPlaces: places.top(TOP_LIST_SIZE),
    personalBests,
    recordsHeld,
    released,
  };
}

function chartMonths(
  fishByMonth: ReadonlyMap<number, number>,
  thisMonth: number,
  chosenPeriod: boolean,
): MonthCount[] {
  const logged = [...fishByMonth.keys()];
  let first: number;
  let last: number;
  if (chosenPeriod && logged.length > 0) {
    first = Math.min(...logged);
    last = Math.max(...logged);
  } else {
    // A catch dated in the future (a typo) is not charted: the whole log's chart ends this month.
    last = thisMonth;
    first = Math.min(thisMonth - (MONTHS_SHOWN - 1), ...logged);
  }
  const months: MonthCount[] = [];
  for (let index = first; index <= last; index += 1) {
    months.push({
      year: Math.floor(index / 12),
      month: (index % 12) + 1,
      count: fishByMonth.get(index) ?? 0,
    });
  }
  return months;
}

/**
 * The figures the Stats view shows, without the catches behind the records: what GET /api/stats answers (the
 * server's `computeCatchStats` over the same catches), and what the view draws from the phone's own stats, so the
 * two can be compared figure by figure (docs/decisions/049-stats-and-insights-speed.md).
 */
export function statsSummary(stats: CatchStats<StatsCatch>): StatsSummary {
  const heaviest = stats.heaviest;
  return {
    totalCatches: stats.totalCatches,
    testCatches: stats.testCatches,
    speciesCount: stats.speciesCount,
    totalWeight: stats.totalWeight,
    heaviest:
      heaviest === null || heaviest.weight === null
        ? null
        : {
            weight: heaviest.weight,
            // Named as its species is in the table (the most common spelling), not as this one catch was typed.
            species:
              stats.species.find((species) => species.heaviest === heaviest)?.name ?? heaviest.fishType,
          },
    species: stats.species.map((species) => ({
      name: species.name,
      count: species.count,
      heaviest: species.heaviest?.weight ?? null,
      longest: species.longest?.length ?? null,
    })),
    months: stats.months,
    topBaits: stats.topBaits,
    topPlaces: stats.topPlaces,
    released: stats.released,
  };
}

/** A bar of the chart: a month, a quarter or a year, by its first month. */
export interface ChartBucket extends MonthCount {
  /** Months it covers: 1, 3 or 12. */
  span: 1 | 3 | 12;
}

/**
 * The chart's bars: months while there are at most MOST_BARS, else quarters while they fit, else years. A quarter or
 * year only partly in the span counts the months of it that are.
 */
export function chartBuckets(months: readonly MonthCount[]): ChartBucket[] {
  const quarters =
    months.length > 0 ? Math.ceil((months.length + (((months[0]?.month ?? 1) - 1) % 3)) / 3) : 0;
  const span: ChartBucket['span'] = months.length <= MOST_BARS ? 1 : quarters <= MOST_BARS ? 3 : 12;
  const buckets: ChartBucket[] = [];
  for (const month of months) {
    const startMonth = month.month - ((month.month - 1) % span);
    const current = buckets.at(-1);
    if (current && current.year === month.year && current.month === startMonth) current.count += month.count;
    else buckets.push({ year: month.year, month: startMonth, count: month.count, span });
  }
  return buckets;
}

/** The released share as a whole percent ('70'), or null when no fish's fate was noted. */
export function releasedPercent({ released, noted }: ReleasedShare): number | null {
  return noted === 0 ? null : Math.round((released / noted) * 100);
}
