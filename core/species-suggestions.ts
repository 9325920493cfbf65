import type { Catch } from './catch.ts';
import { cleanName, countNames, foldName, type NamedCount } from './names.ts';
import { COMMON_SPORT_FISH } from './species.ts';

/**
 * Fish type suggestions as the angler types (docs/product.md#log, decision 011): the angler's own species first, most caught
 * first, then the bundled list of common sport fish. A name matches when what is typed starts it or starts
 * one of its words ('bass' → 'Largemouth Bass'), ignoring case, spacing and accents. Free text stays allowed:
 * these are only suggestions.
 */

export const MAX_SUGGESTIONS = 8;

/** Where words start inside a name: after a space, hyphen, apostrophe, slash or bracket. */
const WORD_BREAK = /[\s\-'’/()]/;

/** How a name matches, best first: what is typed starts the name, or starts one of its words; or not at all. */
const PREFIX = 0;
const WORD_PREFIX = 1;
const NO_MATCH = -1;

/** How `folded` (a folded name) matches the folded `query`. */
function match(folded: string, query: string): number {
  if (folded.startsWith(query)) return PREFIX;
  for (let i = 1; i < folded.length; i++) {
    if (WORD_BREAK.test(folded.charAt(i - 1)) && folded.startsWith(query, i)) return WORD_PREFIX;
  }
  return NO_MATCH;
}

/** The angler's own species with their catch counts, most caught first, for suggestSpecies. */
export function ownSpecies(catches: readonly Pick<Catch, 'fishType'>[]): NamedCount[] {
  return countNames(catches.map((item) => item.fishType));
}

// Folding the bundled list once per list, not per keystroke.
const foldedLists = new WeakMap<readonly string[], readonly string[]>();

function foldedList(names: readonly string[]): readonly string[] {
  let folded = foldedLists.get(names);
  if (!folded) {
    folded = names.map(foldName);
    foldedLists.set(names, folded);
  }
  return folded;
}

/**
 * Up to `limit` names to offer for what has been typed. `own` is the angler's species with their catch counts
 * (as NameTally.top() gives them). With nothing typed, only the angler's own species are offered. A name equal
 * to what is typed is not offered again.
 */
export function suggestSpecies(
  typed: string,
  own: readonly NamedCount[],
  bundled: readonly string[] = COMMON_SPORT_FISH,
  limit = MAX_SUGGESTIONS,
): string[] {
  const query = foldName(typed);
  const exact = cleanName(typed);
  const taken = new Set<string>();
  const ownMatches: Array<NamedCount & { rank: number }> = [];
  for (const species of own) {
    const folded = foldName(species.name);
    if (taken.has(folded)) continue;
    taken.add(folded);
    const rank = match(folded, query);
    if (rank !== NO_MATCH && species.name !== exact) ownMatches.push({ ...species, rank });
  }
  ownMatches.sort((a, b) => b.count - a.count || a.rank - b.rank || a.name.localeCompare(b.name));
  const suggestions = ownMatches.slice(0, limit).map((species) => species.name);
  if (query === '' || suggestions.length >= limit) return suggestions;

  const folded = foldedList(bundled);
  const bundledMatches: Array<{ name: string; rank: number }> = [];
  bundled.forEach((name, index) => {
    const key = folded[index] ?? '';
    if (taken.has(key) || name === exact) return;
    const rank = match(key, query);
    if (rank !== NO_MATCH) bundledMatches.push({ name, rank });
  });
  bundledMatches.sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name));
  for (const { name } of bundledMatches) {
    if (suggestions.length >= limit) break;
    suggestions.push(name);
  }
  return suggestions;
}

/**
 * `suggestions` with the species of the angler's last catch first (the Quick catch, docs/decisions/046-quick-capture.md:
 * the same fish again is the likeliest), as its own spelling in `own`, when it matches what is typed and is not
 * exactly it.
 */
export function lastSpeciesFirst(
  typed: string,
  suggestions: readonly string[],
  own: readonly NamedCount[],
  lastFishType: string | null,
  limit = MAX_SUGGESTIONS,
): string[] {
  if (lastFishType === null) return [...suggestions];
  const lastKey = foldName(lastFishType);
  const last = own.find((species) => foldName(species.name) === lastKey)?.name;
  if (last === undefined || last === cleanName(typed) || match(lastKey, foldName(typed)) === NO_MATCH)
    return [...suggestions];
  return [last, ...suggestions.filter((name) => name !== last)].slice(0, limit);
}
