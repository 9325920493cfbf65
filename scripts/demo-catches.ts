import type { NewCatch } from '../server/catches/catch.repository.ts';

/** Real lakes and rivers with the fish people catch there, for believable demo data. */
const WATERS = [
  {
    name: 'Lake Tahoe, US',
    lat: 39.0968,
    lon: -120.0324,
    fish: ['Rainbow Trout', 'Mackinaw', 'Kokanee Salmon'],
  },
  {
    name: 'Lake Mille Lacs, US',
    lat: 46.2425,
    lon: -93.6427,
    fish: ['Walleye', 'Smallmouth Bass', 'Northern Pike'],
  },
  {
    name: 'Lake Okeechobee, US',
    lat: 26.9451,
    lon: -80.8345,
    fish: ['Largemouth Bass', 'Black Crappie', 'Bluegill'],
  },
  {
    name: 'Columbia River, US',
    lat: 45.6066,
    lon: -121.1787,
    fish: ['Chinook Salmon', 'Steelhead', 'Sturgeon'],
  },
  { name: 'Lake Vänern, SE', lat: 58.9, lon: 13.2, fish: ['Pike', 'Zander', 'Perch'] },
  { name: 'River Test, GB', lat: 51.0586, lon: -1.4977, fish: ['Brown Trout', 'Grayling'] },
] as const;
const BAITS = [
  'Nightcrawler',
  'Green pumpkin worm',
  'Spinnerbait',
  'Minnow',
  'PowerBait',
  'Dry fly',
  'Jig & grub',
];
const LINES = ['6 lb fluoro', '8 lb mono', '10 lb braid', '12 lb mono', '20 lb braid'];
const NOTES = [
  'Hit right at the drop-off.',
  'Slow retrieve, early morning bite.',
  'Released after a quick photo.',
  'Wind picked up after noon.',
  '',
];

/** A small deterministic generator, so the same seed gives the same demo log. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export function generateDemoCatches(count: number, now: Date, seed = 42): NewCatch[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const round1 = (value: number) => Math.round(value * 10) / 10;
  const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
  return Array.from({ length: count }, (_, index) => {
    const water = pick(WATERS);
    const caughtAt = new Date(now.getTime() - (index + 1) * 26 * 60 * 60 * 1000 - next() * 3_600_000);
    const date = caughtAt.toISOString().slice(0, 10);
    const time = caughtAt.toISOString().slice(11, 16);
    return {
      clientId: undefined,
      fishType: pick(water.fish),
      weight: round1(0.5 + next() * 12),
      length: round1(8 + next() * 30),
      locationName: water.name,
      latitude: round6(water.lat + (next() - 0.5) * 0.05),
      longitude: round6(water.lon + (next() - 0.5) * 0.05),
      notes: pick(NOTES) || null,
      waterTemperature: round1(45 + next() * 30),
      depth: round1(2 + next() * 30),
      catchDate: date,
      timeOfDay: time,
      lineSize: pick(LINES),
      baitUsed: pick(BAITS),
      photoId: null,
      createdAt: caughtAt,
    };
  });
}
