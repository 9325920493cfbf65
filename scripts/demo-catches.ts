import type { NewCatch } from '../server/catches/catch.repository.ts';
import { DEMO_WATERS, type DemoSpecies, standardWeightLb } from './demo-species.ts';

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

/** How a demo fish's weight may stray from its species' standard weight: thin to well fed, rarely beyond. */
const RELATIVE_WEIGHT = { mean: 0.92, spread: 0.06, min: 0.78, max: 1.08 };

/** A length and a weight for one catch of `species`, drawn from `next` (uniform in [0, 1)). */
function measuredFish(species: DemoSpecies, next: () => number): { length: number; weight: number } {
  const { from, to } = species.catchLength;
  // Small fish are caught far more often than big ones.
  const length = Math.round((from + (to - from) * next() ** 2) * 10) / 10;
  // A normal draw (Box-Muller), kept within what wild fish of the species weigh.
  const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const relative = Math.min(
    RELATIVE_WEIGHT.max,
    Math.max(RELATIVE_WEIGHT.min, RELATIVE_WEIGHT.mean + RELATIVE_WEIGHT.spread * normal),
  );
  const pounds = standardWeightLb(species, length) * relative;
  // A scale reads small fish to the hundredth of a pound.
  const weight = pounds < 1 ? Math.max(0.01, Math.round(pounds * 100) / 100) : Math.round(pounds * 10) / 10;
  return { length, weight };
}

export function generateDemoCatches(count: number, now: Date, seed = 42): NewCatch[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const round1 = (value: number) => Math.round(value * 10) / 10;
  const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
  return Array.from({ length: count }, (_, index) => {
    const water = pick(DEMO_WATERS);
    const species = pick(water.fish);
    const caughtAt = new Date(now.getTime() - (index + 1) * 26 * 60 * 60 * 1000 - next() * 3_600_000);
    const date = caughtAt.toISOString().slice(0, 10);
    const time = caughtAt.toISOString().slice(11, 16);
    return {
      clientId: undefined,
      fishType: species.name,
      ...measuredFish(species, next),
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
