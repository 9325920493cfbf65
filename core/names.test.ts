import { describe, expect, it, vi } from 'vitest';
import { cleanName, countNames, foldName, NameTally, nameKey } from './names.ts';
import { speciesName } from './species-aliases.ts';

describe('names typed by anglers', () => {
  it('are cleaned, keyed case- and space-insensitively, and folded without accents for matching', () => {
    expect(cleanName('  Largemouth \t Bass ')).toBe('Largemouth Bass');
    expect(nameKey('  BASS ')).toBe(nameKey('bass'));
    expect(nameKey('Brème')).not.toBe(nameKey('Breme'));
    expect(foldName(' Brème  Commune')).toBe('breme commune');
    expect(foldName('Ōmori')).toBe('omori');
  });

  it('are counted by group with their most common spelling, the most counted first', () => {
    expect(countNames(['bass', 'Bass ', 'Bass', 'BASS', null, '   ', 'Pike', undefined])).toEqual([
      { name: 'Bass', count: 4 },
      { name: 'Pike', count: 1 },
    ]);
  });

  it('rank equal counts alphabetically whatever their case', () => {
    expect(
      countNames(['Walleye', 'Carp', 'Bass', 'carp', 'bass', 'walleye']).map(({ name }) => name),
    ).toEqual(['Bass', 'Carp', 'Walleye']);
    expect(countNames(['Walleye', 'carp', 'bass']).map(({ name }) => name)).toEqual([
      'bass',
      'carp',
      'Walleye',
    ]);
  });

  it("rank without the locale's collation, whose first use in a page costs History and Stats their first render", () => {
    const localeCompare = vi.spyOn(String.prototype, 'localeCompare');
    try {
      expect(countNames(['Pike', 'Carp', 'Zander']).map(({ name }) => name)).toEqual([
        'Carp',
        'Pike',
        'Zander',
      ]);
      expect(localeCompare).not.toHaveBeenCalled();
    } finally {
      localeCompare.mockRestore();
    }
  });

  it('tell how many groups there are and can leave one out', () => {
    const tally = new NameTally();
    for (const name of ['Unknown Location', 'unknown location', 'Lake Geneva']) tally.add(name);
    expect(tally.size).toBe(2);
    tally.delete(nameKey('Unknown Location'));
    expect(tally.top()).toEqual([{ name: 'Lake Geneva', count: 1 }]);
  });

  it('count a name as what it stands for when told: species by their other names', () => {
    const tally = new NameTally(speciesName);
    for (const name of ['Pike', 'northern pike', 'Jackfish', 'Walleye']) tally.add(name);
    expect(tally.top()).toEqual([
      { name: 'Northern Pike', count: 3 },
      { name: 'Walleye', count: 1 },
    ]);
  });
});
