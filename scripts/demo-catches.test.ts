import { describe, expect, it } from 'vitest';
import type { NewCatch } from '../server/catches/catch.repository.ts';
import { generateDemoCatches } from './demo-catches.ts';
import { DEMO_SPECIES, DEMO_WATERS, standardWeightLb } from './demo-species.ts';

/**
 * The heaviest fish of each demo species ever landed on rod and line (the all-tackle world records, in pounds,
 * rounded up): no demo catch may weigh more. Steelhead are sea-run rainbow trout.
 */
const RECORD_LB: Record<string, number> = {
  'Rainbow Trout': 48.1,
  'Lake Trout': 72.1,
  Kokanee: 9.7,
  Walleye: 25.1,
  'Smallmouth Bass': 12,
  'Northern Pike': 55.2,
  'Largemouth Bass': 22.3,
  'Black Crappie': 5.5,
  Bluegill: 4.8,
  'Chinook Salmon': 97.3,
  Steelhead: 48.1,
  'White Sturgeon': 468,
  'European Perch': 6.7,
  'Brown Trout': 44.4,
};

/**
 * Fulton's condition factor K = 100·W(g)/L(cm)³: a long thin pike or sturgeon sits near 0.6, a deep-bodied bluegill
 * near 2.3. Outside [0.4, 3] no fish is shaped like that, whatever its species: an 11 lb kokanee of 10.9 in is K 23.
 */
const CONDITION = { min: 0.4, max: 3 };
const conditionFactor = (weightLb: number, lengthIn: number) =>
  (100 * weightLb * 453.59237) / (lengthIn * 2.54) ** 3;

/** The species a catch is of: the one of its name at its water (a brown trout of a lake is not one of a river). */
const speciesOf = (item: NewCatch) =>
  DEMO_WATERS.find((water) => water.name === item.locationName)?.fish.find(
    (species) => species.name === item.fishType,
  );

describe('the demo log', () => {
  // The seed:demo log, and the bench's logs of many accounts (other seeds, thousands of catches).
  const logs = [
    generateDemoCatches(36, new Date('2026-06-01T12:00:00Z')),
    ...[43, 44, 45].map((seed) => generateDemoCatches(3000, new Date('2026-06-01T12:00:00Z'), seed)),
  ];
  const catches = logs.flat();

  it('has a record weight for every species it logs', () => {
    for (const species of Object.values(DEMO_SPECIES)) expect(RECORD_LB[species.name]).toBeDefined();
  });

  it('logs only the species of each water, every catch with a weight and a length', () => {
    const strays = catches.filter(
      (item) => !speciesOf(item) || !((item.weight ?? 0) > 0) || !((item.length ?? 0) > 0),
    );
    expect(strays).toEqual([]);
  });

  it('gives every catch a plausible length and weight for its species', () => {
    const implausible = catches.flatMap((item) => {
      const weight = item.weight ?? 0;
      const length = item.length ?? 0;
      const species = speciesOf(item);
      if (!species) return [`${item.fishType} is not a fish of ${item.locationName}`];
      const problems: string[] = [];
      if (weight > (RECORD_LB[item.fishType] ?? 0)) problems.push('heavier than the world record');
      const k = conditionFactor(weight, length);
      if (k < CONDITION.min || k > CONDITION.max) problems.push(`shaped like no fish (K ${k.toFixed(2)})`);
      // Against the species' standard weight: 0.7 to 1.2 of it.
      const relative = weight / standardWeightLb(species, length);
      if (relative < 0.7 || relative > 1.2) problems.push(`relative weight ${relative.toFixed(2)}`);
      if (length < species.catchLength.from || length > species.catchLength.to) {
        problems.push('a length the species is not caught at');
      }
      return problems.length > 0
        ? [`${weight} lb ${item.fishType} of ${length} in: ${problems.join(', ')}`]
        : [];
    });
    expect(implausible).toEqual([]);
  });

  it('spreads sizes like real catches: small fish often, big ones rarely, thin and fat ones', () => {
    for (const species of Object.values(DEMO_SPECIES)) {
      const lengths = catches
        .filter((item) => speciesOf(item) === species)
        .map((item) => item.length ?? 0)
        .sort((a, b) => a - b);
      if (lengths.length < 100) continue;
      const median = lengths[Math.floor(lengths.length / 2)] ?? 0;
      const { from, to } = species.catchLength;
      expect(median, species.name).toBeLessThan(from + (to - from) / 2);
      expect(lengths.at(-1), species.name).toBeGreaterThan(from + ((to - from) * 3) / 4);
    }
    const relative = catches.map((item) => {
      const species = speciesOf(item);
      return species ? (item.weight ?? 0) / standardWeightLb(species, item.length ?? 0) : 0;
    });
    expect(Math.min(...relative)).toBeLessThan(0.85);
    expect(Math.max(...relative)).toBeGreaterThan(1);
  });
});
