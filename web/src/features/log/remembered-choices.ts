import type { Catch } from '#core/catch.ts';
import { speciesKey } from '#core/species-aliases.ts';

/** What the Log form offers again, one tap each (docs/decisions/046-quick-capture.md). */
export interface RememberedChoices {
  baitUsed: string | null;
  lineSize: string | null;
  spotId: number | null;
}

type Remembered = keyof RememberedChoices;
const REMEMBERED: readonly Remembered[] = ['baitUsed', 'lineSize', 'spotId'];

const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * The last bait, line size and spot the angler used: for each, from the newest catch of `fishType`'s species that
 * has one (other names of a species count as it: core/species-aliases.ts), else from the newest catch of any species
 * that has one. Newest by when it was caught.
 */
export function rememberedChoices(
  catches: readonly Pick<Catch, 'fishType' | 'caughtAt' | Remembered>[],
  fishType: string,
): RememberedChoices {
  const newestFirst = [...catches].sort((a, b) => Date.parse(b.caughtAt) - Date.parse(a.caughtAt));
  const species = fishType.trim() === '' ? null : speciesKey(fishType);
  const sameSpecies =
    species === null ? [] : newestFirst.filter((item) => speciesKey(item.fishType) === species);
  const last = <K extends Remembered>(field: K): RememberedChoices[K] => {
    const from =
      sameSpecies.find((item) => isSet(item[field])) ?? newestFirst.find((item) => isSet(item[field]));
    return (from?.[field] ?? null) as RememberedChoices[K];
  };
  return Object.fromEntries(REMEMBERED.map((field) => [field, last(field)])) as unknown as RememberedChoices;
}
