import { describe, expect, it } from 'vitest';
import { type Catch, withFieldsAddedLater } from './catch.ts';
import {
  chartBuckets,
  computeCatchStats,
  MONTHS_SHOWN,
  MOST_BARS,
  releasedPercent,
  TOP_LIST_SIZE,
} from './catch-stats.ts';
import { testCatch } from './test-catch.ts';

let nextId = 1;

/** A catch of its own id (a walleye unless the test says otherwise). */
function aCatch(fields: Partial<Catch>): Catch {
  return testCatch({ id: nextId++, fishType: 'Walleye', ...fields });
}

const NOW = new Date(2025, 1, 15, 12, 0); // 15 February 2025, local time

describe('totals', () => {
  it('are zero for an empty log, with twelve empty months ending this month', () => {
    const stats = computeCatchStats([], NOW);
    expect(stats).toMatchObject({
      totalCatches: 0,
      speciesCount: 0,
      totalWeight: 0,
      heaviest: null,
      longest: null,
      species: [],
      topBaits: [],
      topPlaces: [],
    });
    expect(stats.personalBests.size).toBe(0);
    expect(stats.months).toHaveLength(MONTHS_SHOWN);
    expect(stats.months.every((month) => month.count === 0)).toBe(true);
    expect(stats.months[0]).toMatchObject({ year: 2024, month: 3 });
    expect(stats.months.at(-1)).toMatchObject({ year: 2025, month: 2 });
  });

  it('count catches and species, add up the known weights and find the heaviest and longest catch', () => {
    const pike = aCatch({ fishType: 'Pike', weight: 9.5, length: 36 });
    const bass = aCatch({ fishType: 'Bass', weight: 4.25, length: 19 });
    const trout = aCatch({ fishType: 'Trout', weight: null, length: 40 });
    const perch = aCatch({ fishType: 'Perch', weight: 0, length: null });
    const stats = computeCatchStats([pike, bass, trout, perch], NOW);
    expect(stats.totalCatches).toBe(4);
    expect(stats.speciesCount).toBe(4);
    expect(stats.totalWeight).toBeCloseTo(13.75);
    expect(stats.heaviest?.id).toBe(pike.id);
    expect(stats.longest?.id).toBe(trout.id);
  });
});

describe('test catches', () => {
  it('count nowhere: not in the totals, the species, the months, the top lists or the personal bests', () => {
    const thisMonth = '2025-02-10';
    const real = aCatch({
      fishType: 'Bass',
      weight: 1.2,
      length: 11,
      baitUsed: 'Worm',
      catchDate: thisMonth,
    });
    // The test pages' one-tap sample: heavier and longer than the real bass, at another place, with another bait.
    const sample = aCatch({
      fishType: 'Bass',
      weight: 2.5,
      length: 14,
      locationName: 'Lake Tahoe',
      baitUsed: 'Test bait',
      catchDate: thisMonth,
      isTestCatch: true,
    });
    const onlySample = aCatch({ fishType: 'Kokanee', weight: 1, isTestCatch: true });
    const stats = computeCatchStats([sample, real, onlySample], NOW);
    expect(stats).toMatchObject({ totalCatches: 1, testCatches: 2, speciesCount: 1, totalWeight: 1.2 });
    expect(stats.heaviest?.id).toBe(real.id);
    expect(stats.longest?.id).toBe(real.id);
    expect(stats.species.map((species) => [species.name, species.count, species.heaviest?.id])).toEqual([
      ['Bass', 1, real.id],
    ]);
    expect([...stats.personalBests]).toEqual([real.id]);
    expect(stats.months.at(-1)?.count).toBe(1);
    expect(stats.topBaits.map((bait) => bait.name)).toEqual(['Worm']);
    expect(stats.topPlaces).toEqual([]);
  });

  it('leave a log of nothing else empty', () => {
    const stats = computeCatchStats([aCatch({ weight: 2.5, isTestCatch: true })], NOW);
    expect(stats).toMatchObject({ totalCatches: 0, testCatches: 1, speciesCount: 0, heaviest: null });
    expect(stats.personalBests.size).toBe(0);
  });
});

describe('quantities ("12 perch" as one entry)', () => {
  it('count every fish in the totals, the species, the months, the baits and the places', () => {
    const thisMonth = '2025-02-03';
    const perch = aCatch({
      fishType: 'Perch',
      quantity: 12,
      weight: 0.4,
      baitUsed: 'Minnow',
      locationName: 'Mille Lacs',
      catchDate: thisMonth,
    });
    const walleye = aCatch({
      fishType: 'Walleye',
      baitUsed: 'Jig',
      locationName: 'Leech Lake',
      catchDate: thisMonth,
    });
    const stats = computeCatchStats([walleye, perch], NOW);
    expect(stats.totalCatches).toBe(13);
    expect(stats.species.map(({ name, count }) => [name, count])).toEqual([
      ['Perch', 12],
      ['Walleye', 1],
    ]);
    expect(stats.months.at(-1)?.count).toBe(13);
    expect(stats.topBaits).toEqual([
      { name: 'Minnow', count: 12 },
      { name: 'Jig', count: 1 },
    ]);
    expect(stats.topPlaces[0]).toEqual({ name: 'Mille Lacs', count: 12 });
    // The entry's weight is one fish's: counted once, not twelve times.
    expect(stats.totalWeight).toBeCloseTo(0.4);
  });

  it('leave personal bests per fish: an entry of many is one candidate, beaten by a heavier single fish', () => {
    const school = aCatch({ fishType: 'Perch', quantity: 30, weight: 0.5, length: 8 });
    const single = aCatch({ fishType: 'Perch', quantity: 1, weight: 0.9, length: 7 });
    const stats = computeCatchStats([school, single], NOW);
    const [perch] = stats.species;
    expect(perch?.heaviest?.id).toBe(single.id);
    expect(perch?.longest?.id).toBe(school.id);
    expect([...stats.personalBests].sort()).toEqual([school.id, single.id].sort());
  });

  it('of a test catch count nowhere', () => {
    const stats = computeCatchStats([aCatch({ quantity: 50, released: true, isTestCatch: true })], NOW);
    expect(stats).toMatchObject({ totalCatches: 0, testCatches: 1, released: { released: 0, noted: 0 } });
  });
});

describe('released share', () => {
  it('counts the fish released of the fish whose fate was noted; a catch not said counts in neither', () => {
    const stats = computeCatchStats(
      [
        aCatch({ quantity: 12, released: true }),
        aCatch({ quantity: 2, released: true }),
        aCatch({ quantity: 6, released: false }),
        aCatch({ quantity: 5, released: null }),
      ],
      NOW,
    );
    expect(stats.totalCatches).toBe(25);
    expect(stats.released).toEqual({ released: 14, noted: 20 });
    expect(releasedPercent(stats.released)).toBe(70);
  });

  it('has no percent when nothing was noted, and rounds to a whole percent', () => {
    const unsaid = computeCatchStats([aCatch({ released: null })], NOW);
    expect(unsaid.released).toEqual({ released: 0, noted: 0 });
    expect(releasedPercent(unsaid.released)).toBeNull();
    expect(releasedPercent({ released: 1, noted: 3 })).toBe(33);
    expect(releasedPercent({ released: 2, noted: 3 })).toBe(67);
    expect(releasedPercent({ released: 0, noted: 4 })).toBe(0);
  });

  it('reads a catch kept on the phone from before the fields existed as one fish, fate not said', () => {
    const { quantity: _q, released: _r, ...older } = aCatch({ fishType: 'Pike' });
    const stats = computeCatchStats([withFieldsAddedLater(older)], NOW);
    expect(stats.totalCatches).toBe(1);
    expect(stats.released).toEqual({ released: 0, noted: 0 });
  });
});

describe('species', () => {
  it('groups spellings case- and space-insensitively and shows the most common one', () => {
    const catches = ['bass', 'Bass ', 'BASS', ' Bass', 'Largemouth  Bass', 'largemouth bass'].map(
      (fishType) => aCatch({ fishType }),
    );
    const stats = computeCatchStats(catches, NOW);
    expect(stats.speciesCount).toBe(2);
    expect(stats.species.map(({ name, count }) => ({ name, count }))).toEqual([
      { name: 'Bass', count: 4 },
      { name: 'Largemouth Bass', count: 2 },
    ]);
  });

  it('on a tie of spellings shows the one seen first; species with equal counts are alphabetical', () => {
    const stats = computeCatchStats(
      [aCatch({ fishType: 'walleye' }), aCatch({ fishType: 'Walleye' }), aCatch({ fishType: 'Carp' })],
      NOW,
    );
    expect(stats.species.map((species) => species.name)).toEqual(['walleye', 'Carp']);
    const tied = computeCatchStats([aCatch({ fishType: 'Sauger' }), aCatch({ fishType: 'Carp' })], NOW);
    expect(tied.species.map((species) => species.name)).toEqual(['Carp', 'Sauger']);
  });

  it('keeps the heaviest and the longest catch of each species, which may be two different catches', () => {
    const heavy = aCatch({ fishType: 'Pike', weight: 12, length: 38 });
    const long = aCatch({ fishType: 'pike', weight: 10, length: 44 });
    const small = aCatch({ fishType: 'Pike', weight: 3, length: 20 });
    const [pike] = computeCatchStats([small, heavy, long], NOW).species;
    expect(pike?.heaviest?.id).toBe(heavy.id);
    expect(pike?.longest?.id).toBe(long.id);
  });

  it('has no heaviest when none was weighed and no longest when none was measured (missing is not 0)', () => {
    const unweighed = aCatch({ fishType: 'Carp', weight: null, length: 25 });
    const zero = aCatch({ fishType: 'Carp', weight: 0, length: null });
    const [carp] = computeCatchStats([unweighed, zero], NOW).species;
    expect(carp?.heaviest).toBeNull();
    expect(carp?.longest?.id).toBe(unweighed.id);
  });
});

describe('personal bests', () => {
  it('are the heaviest and the longest catch of each species', () => {
    const heavy = aCatch({ fishType: 'Pike', weight: 12, length: 38 });
    const long = aCatch({ fishType: 'Pike', weight: 10, length: 44 });
    const neither = aCatch({ fishType: 'Pike', weight: 3, length: 20 });
    const onlyBass = aCatch({ fishType: 'Bass', weight: 2 });
    const unmeasured = aCatch({ fishType: 'Perch' });
    const stats = computeCatchStats([heavy, long, neither, onlyBass, unmeasured], NOW);
    expect([...stats.personalBests].sort()).toEqual([heavy.id, long.id, onlyBass.id].sort());
  });

  it('on a tie go to the catch caught first: by catch date, then time of day', () => {
    const later = aCatch({ fishType: 'Bass', weight: 5, catchDate: '2024-07-02', timeOfDay: '06:00' });
    const earlier = aCatch({ fishType: 'Bass', weight: 5, catchDate: '2024-07-01', timeOfDay: '18:00' });
    const sameDayMorning = aCatch({
      fishType: 'Trout',
      length: 20,
      catchDate: '2024-07-01',
      timeOfDay: '05:30',
    });
    const sameDayEvening = aCatch({
      fishType: 'Trout',
      length: 20,
      catchDate: '2024-07-01',
      timeOfDay: '19:45',
    });
    const stats = computeCatchStats([later, earlier, sameDayEvening, sameDayMorning], NOW);
    expect(stats.personalBests).toEqual(new Set([earlier.id, sameDayMorning.id]));
    expect(stats.heaviest?.id).toBe(earlier.id);
  });

  it('on a tie without catch dates go by when the catch was saved', () => {
    const first = aCatch({ fishType: 'Carp', weight: 8, createdAt: '2024-09-10T12:00:00.000Z' });
    const second = aCatch({ fishType: 'Carp', weight: 8, createdAt: '2024-09-12T12:00:00.000Z' });
    expect(computeCatchStats([second, first], NOW).personalBests).toEqual(new Set([first.id]));
  });
});

describe('species with other names', () => {
  it('count as one species under its name, with one set of records, while each catch keeps the name typed', () => {
    const pike = aCatch({ fishType: 'Pike', weight: 12, length: 30 });
    const northern = aCatch({ fishType: 'Northern Pike', weight: 8, length: 38 });
    const jack = aCatch({ fishType: 'jackfish', weight: 3, length: 20 });
    const stats = computeCatchStats([pike, northern, jack, aCatch({ fishType: 'Walleye' })], NOW);
    expect(stats.speciesCount).toBe(2);
    expect(stats.species[0]).toMatchObject({
      name: 'Northern Pike',
      count: 3,
      heaviest: pike,
      longest: northern,
    });
    expect(stats.species[0]?.heaviest?.fishType).toBe('Pike');
    expect(stats.recordsHeld.get(pike.id)).toEqual({ heaviest: true, longest: false });
    expect(stats.recordsHeld.get(northern.id)).toEqual({ heaviest: false, longest: true });
    expect(stats.recordsHeld.has(jack.id)).toBe(false);
    expect(stats.personalBests).toEqual(
      new Set([pike.id, northern.id, stats.species[1]?.heaviest?.id].filter((id) => id !== undefined)),
    );
  });
});

describe('catches per month', () => {
  it('counts at least the last twelve calendar months, months without catches as 0, by catch date or else when saved', () => {
    const catches = [
      aCatch({ catchDate: '2025-02-01' }),
      aCatch({ catchDate: '2025-02-14' }),
      aCatch({ catchDate: '2024-12-31' }),
      aCatch({ catchDate: null, createdAt: '2024-11-15T12:00:00.000Z' }),
      aCatch({ catchDate: '2024-03-01' }),
      aCatch({ catchDate: '2025-03-01' }), // the future: not shown
      // The catch date decides, not the day it was typed in.
      aCatch({ catchDate: '2024-06-10', createdAt: '2025-02-10T12:00:00.000Z' }),
    ];
    const counts = computeCatchStats(catches, NOW).months.map(
      ({ year, month, count }) => `${year}-${String(month).padStart(2, '0')}:${count}`,
    );
    expect(counts).toEqual([
      '2024-03:1',
      '2024-04:0',
      '2024-05:0',
      '2024-06:1',
      '2024-07:0',
      '2024-08:0',
      '2024-09:0',
      '2024-10:0',
      '2024-11:1',
      '2024-12:1',
      '2025-01:0',
      '2025-02:2',
    ]);
  });

  it('reach back to the first catch of the log, and never past this month', () => {
    const catches = [aCatch({ catchDate: '2023-11-20' }), aCatch({ catchDate: '2025-06-01' })];
    const months = computeCatchStats(catches, NOW).months;
    expect(months).toHaveLength(16);
    expect(months[0]).toMatchObject({ year: 2023, month: 11, count: 1 });
    expect(months.at(-1)).toMatchObject({ year: 2025, month: 2, count: 0 });
  });

  it('of a chosen period span the months from its first catch to its last', () => {
    const catches = [aCatch({ catchDate: '2022-07-04' }), aCatch({ catchDate: '2022-05-30', quantity: 3 })];
    const months = computeCatchStats(catches, NOW, { chosenPeriod: true }).months;
    expect(months).toEqual([
      { year: 2022, month: 5, count: 3 },
      { year: 2022, month: 6, count: 0 },
      { year: 2022, month: 7, count: 1 },
    ]);
    // A chosen period without catches still shows the last twelve months, empty.
    expect(computeCatchStats([], NOW, { chosenPeriod: true }).months).toHaveLength(MONTHS_SHOWN);
  });

  it('are charted by month up to MOST_BARS, then by quarter, then by year', () => {
    const span = (first: string, last: string) =>
      computeCatchStats([aCatch({ catchDate: first }), aCatch({ catchDate: last })], NOW, {
        chosenPeriod: true,
      }).months;
    expect(chartBuckets(span('2024-03-01', '2025-02-01'))).toHaveLength(MOST_BARS);
    expect(chartBuckets(span('2024-02-01', '2025-02-01'))).toHaveLength(5);
    const quarters = chartBuckets(span('2023-02-01', '2025-02-01'));
    expect(quarters[0]).toEqual({ year: 2023, month: 1, span: 3, count: 1 });
    expect(quarters.at(-1)).toEqual({ year: 2025, month: 1, span: 3, count: 1 });
    expect(quarters).toHaveLength(9);
    const years = chartBuckets(span('2010-06-01', '2025-02-01'));
    expect(years.map((bucket) => `${bucket.year}:${bucket.count}`)).toEqual(
      Array.from({ length: 16 }, (_, offset) => `${2010 + offset}:${offset === 0 || offset === 15 ? 1 : 0}`),
    );
    expect(years.every((bucket) => bucket.span === 12 && bucket.month === 1)).toBe(true);
  });

  it('crosses the year in January', () => {
    const months = computeCatchStats([], new Date(2025, 0, 3)).months;
    expect(months[0]).toMatchObject({ year: 2024, month: 2 });
    expect(months.at(-1)).toMatchObject({ year: 2025, month: 1 });
  });
});

describe('top baits and places', () => {
  it('rank grouped names by count, skip blanks and the unnamed place, and keep the top five', () => {
    const catches = [
      ...[
        'Nightcrawler',
        'nightcrawler',
        'Nightcrawler ',
        'Spinner',
        'Jig',
        'Jig',
        'Minnow',
        'Fly',
        'Spoon',
        '  ',
      ].map((baitUsed) => aCatch({ baitUsed })),
      ...['Lake Geneva', 'lake geneva', 'Unknown Location', 'unknown location', 'Mille Lacs'].map(
        (locationName) => aCatch({ locationName }),
      ),
      aCatch({ baitUsed: null, locationName: null }),
    ];
    const stats = computeCatchStats(catches, NOW);
    expect(stats.topBaits).toHaveLength(TOP_LIST_SIZE);
    expect(stats.topBaits.slice(0, 2)).toEqual([
      { name: 'Nightcrawler', count: 3 },
      { name: 'Jig', count: 2 },
    ]);
    expect(stats.topPlaces).toEqual([
      { name: 'Lake Geneva', count: 2 },
      { name: 'Mille Lacs', count: 1 },
    ]);
  });
});

describe('a big log', () => {
  it('computes 10,000 catches in one pass with the same answers', () => {
    const species = ['Bass', 'Walleye', 'Pike', 'Trout', 'Perch'];
    const catches = Array.from({ length: 10_000 }, (_, i) =>
      aCatch({
        id: 100_000 + i,
        fishType: species[i % species.length],
        weight: i % 7 === 0 ? null : (i % 97) / 10,
        length: (i % 89) + 1,
        catchDate: `2024-${String((i % 12) + 1).padStart(2, '0')}-10`,
        baitUsed: i % 3 === 0 ? 'Jig' : 'Minnow',
      }),
    );
    const stats = computeCatchStats(catches, NOW);
    expect(stats.totalCatches).toBe(10_000);
    expect(stats.species.map((entry) => entry.count)).toEqual([2000, 2000, 2000, 2000, 2000]);
    // The heaviest weight is 9.6 (i % 97 = 96); the first such catch of each species holds it.
    for (const entry of stats.species) {
      expect(entry.heaviest?.weight).toBe(9.6);
      expect(entry.longest?.length).toBe(89);
    }
    expect(stats.personalBests.size).toBeLessThanOrEqual(10);
    expect(stats.topBaits).toEqual([
      { name: 'Minnow', count: 6666 },
      { name: 'Jig', count: 3334 },
    ]);
  });
});
