import { compareCodeUnits } from './compare-text.ts';

/**
 * Free-text names typed by anglers (species, baits, places) grouped the way people mean them: 'bass', 'Bass '
 * and 'BASS' are one species (decision 011). Shared by the stats and the species suggestions.
 */

/** The name as shown: trimmed, inner runs of whitespace made one space. */
export function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** The grouping key: case- and space-insensitive ('Bass ' and 'BASS' → 'bass'). */
export function nameKey(name: string): string {
  return cleanName(name).toLowerCase();
}

/** The matching form for typing: the grouping key without accents ('Brochet', 'Bröchet' → 'brochet'). */
export function foldName(name: string): string {
  return nameKey(name)
    .normalize('NFD')
    .replace(/\p{Mark}/gu, '');
}

export interface NamedCount {
  /** The most common spelling in the group (ties: the one seen first). */
  name: string;
  count: number;
}

interface Group extends NamedCount {
  key: string;
  spellings: Map<string, number>;
  nameCount: number;
}

/**
 * Counts names by group in one pass, keeping each group's most common spelling. `standFor` names what a typed name
 * counts as: species are tallied with core/species-aliases.ts `speciesName`, so 'Pike' counts as 'Northern Pike'
 * (names.ts cannot import it: it imports this file).
 */
export class NameTally {
  readonly #groups = new Map<string, Group>();
  /** Each typed text's spelling and key, worked out once: a log repeats the same few names thousands of times. */
  readonly #typed = new Map<string, { spelling: string; key: string }>();
  readonly #standFor: (typed: string) => string;

  constructor(standFor: (typed: string) => string = cleanName) {
    this.#standFor = standFor;
  }

  /**
   * Counts one name `times` times (an entry of 12 perch counts 12); returns its group key, or null for a blank
   * name (not counted).
   */
  add(name: string | null | undefined, times = 1): string | null {
    if (typeof name !== 'string') return null;
    let typed = this.#typed.get(name);
    if (typed === undefined) {
      const spelling = cleanName(this.#standFor(name));
      typed = { spelling, key: spelling.toLowerCase() };
      this.#typed.set(name, typed);
    }
    const { spelling, key } = typed;
    if (spelling === '') return null;
    let group = this.#groups.get(key);
    if (!group) {
      group = { key, name: spelling, count: 0, spellings: new Map(), nameCount: 0 };
      this.#groups.set(key, group);
    }
    group.count += times;
    const seen = (group.spellings.get(spelling) ?? 0) + times;
    group.spellings.set(spelling, seen);
    if (seen > group.nameCount) {
      group.nameCount = seen;
      group.name = spelling;
    }
    return key;
  }

  /** Forgets a group (e.g. a placeholder name that should not be ranked). */
  delete(key: string): void {
    this.#groups.delete(key);
  }

  get size(): number {
    return this.#groups.size;
  }

  /**
   * Every group, the most counted first (ties: alphabetical by the case-insensitive key, letter by letter:
   * core/compare-text.ts); at most `limit`.
   */
  top(limit = Number.POSITIVE_INFINITY): NamedCount[] {
    return [...this.#groups.values()]
      .sort((a, b) => b.count - a.count || compareCodeUnits(a.key, b.key))
      .slice(0, limit)
      .map(({ name, count }) => ({ name, count }));
  }
}

/** The names grouped and counted, the most counted first (e.g. an angler's species from their catches). */
export function countNames(names: Iterable<string | null | undefined>): NamedCount[] {
  const tally = new NameTally();
  for (const name of names) tally.add(name);
  return tally.top();
}
