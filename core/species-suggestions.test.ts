import { describe, expect, it } from 'vitest';
import { countNames, foldName } from './names.ts';
import { COMMON_SPORT_FISH } from './species.ts';
import { lastSpeciesFirst, MAX_SUGGESTIONS, suggestSpecies } from './species-suggestions.ts';

describe('the bundled list of common sport fish', () => {
  it('holds a few hundred distinct names, freshwater and saltwater', () => {
    expect(COMMON_SPORT_FISH.length).toBeGreaterThanOrEqual(300);
    expect(new Set(COMMON_SPORT_FISH.map(foldName)).size).toBe(COMMON_SPORT_FISH.length);
    for (const name of [
      'Largemouth Bass',
      'Walleye',
      'Rainbow Trout',
      'Red Drum',
      'Yellowfin Tuna',
      'Tarpon',
    ]) {
      expect(COMMON_SPORT_FISH).toContain(name);
    }
  });
});

describe('species suggestions', () => {
  const own = countNames(['Walleye', 'walleye', 'Walleye', 'Smallmouth Bass', 'Smallmouth Bass', 'Sauger']);

  it('offer the angler’s own species first, most caught first, then the bundled list', () => {
    const list = ['Salmon', 'Sauger', 'Smallmouth Bass', 'Snook', 'Walleye'];
    expect(suggestSpecies('s', own, list)).toEqual(['Smallmouth Bass', 'Sauger', 'Salmon', 'Snook']);
    expect(suggestSpecies('wa', own, list)).toEqual(['Walleye']);
  });

  it('match the start of the name or of any of its words, ignoring case, spacing and accents', () => {
    const list = ['Largemouth Bass', 'Bass', 'Sea Bass', 'Basa', 'Mahi-Mahi', 'Bluegill'];
    // Prefix matches before word matches, each alphabetical.
    expect(suggestSpecies('BAS', [], list)).toEqual(['Basa', 'Bass', 'Largemouth Bass', 'Sea Bass']);
    expect(suggestSpecies('  largemouth   b', [], list)).toEqual(['Largemouth Bass']);
    expect(suggestSpecies('mahi', [], list)).toEqual(['Mahi-Mahi']);
    expect(suggestSpecies('gill', [], list)).toEqual([]);
    expect(suggestSpecies('brème', [], ['Breme', 'Bream'])).toEqual(['Breme']);
    expect(suggestSpecies('breme', countNames(['Brème commune']), [])).toEqual(['Brème commune']);
  });

  it('offer at most eight, and each species once (own spelling first)', () => {
    const many = suggestSpecies('b', [], COMMON_SPORT_FISH);
    expect(many).toHaveLength(MAX_SUGGESTIONS);
    expect(suggestSpecies('wall', countNames(['WALLEYE']), ['Walleye'])).toEqual(['WALLEYE']);
  });

  it('with nothing typed offer only the angler’s own species, and nothing for a new angler', () => {
    expect(suggestSpecies('', own)).toEqual(['Walleye', 'Smallmouth Bass', 'Sauger']);
    expect(suggestSpecies('   ', [])).toEqual([]);
  });

  it('do not offer again exactly what is typed, but offer its usual spelling', () => {
    expect(suggestSpecies('Walleye', own, ['Walleye'])).toEqual([]);
    expect(suggestSpecies('walleye', [], ['Walleye'])).toEqual(['Walleye']);
  });

  it('find nothing for a name nobody knows: free text stays allowed', () => {
    expect(suggestSpecies('zzz', own)).toEqual([]);
  });
});

describe('the last species first', () => {
  const own = countNames(['Perch', 'Perch', 'Perch', 'Walleye', 'Largemouth Bass', 'Largemouth Bass']);
  const offered = (typed: string, last: string | null) =>
    lastSpeciesFirst(typed, suggestSpecies(typed, own), own, last);

  it("puts the last catch's species first, however often the others were caught", () => {
    expect(suggestSpecies('', own)).toEqual(['Perch', 'Largemouth Bass', 'Walleye']);
    expect(offered('', 'walleye ')).toEqual(['Walleye', 'Perch', 'Largemouth Bass']);
  });

  it('offers it only while it matches what is typed', () => {
    expect(offered('wal', 'Walleye')[0]).toBe('Walleye');
    expect(offered('per', 'Walleye')).not.toContain('Walleye');
    expect(offered('Walleye', 'Walleye')).not.toContain('Walleye');
  });

  it('keeps the suggestions as they are without a last catch', () => {
    expect(offered('', null)).toEqual(['Perch', 'Largemouth Bass', 'Walleye']);
  });

  it('brings it in ahead of the limit', () => {
    const many = countNames(
      [...'ABCDEFGHI'].flatMap((letter) => [`${letter}fish`, `${letter}fish`]).concat('Zander'),
    );
    const suggestions = suggestSpecies('', many);
    expect(suggestions).toHaveLength(MAX_SUGGESTIONS);
    expect(suggestions).not.toContain('Zander');
    const first = lastSpeciesFirst('', suggestions, many, 'Zander');
    expect(first[0]).toBe('Zander');
    expect(first).toHaveLength(MAX_SUGGESTIONS);
  });
});
