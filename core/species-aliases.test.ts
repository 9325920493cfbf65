import { describe, expect, it } from 'vitest';
import { COMMON_SPORT_FISH } from './species.ts';
import { speciesKey, speciesName } from './species-aliases.ts';

describe('species aliases', () => {
  it('counts the other names of a species as that species, whatever the case and spacing', () => {
    expect(speciesName('Pike')).toBe('Northern Pike');
    expect(speciesName('  mackinaw ')).toBe('Lake Trout');
    expect(speciesKey('PIKE')).toBe(speciesKey('northern pike'));
    expect(speciesKey('Laker')).toBe(speciesKey('Lake Trout'));
    expect(speciesKey('Dorado')).toBe(speciesKey('Mahi-Mahi'));
  });

  it('keeps a name with no other meaning as typed, cleaned, and does not merge different species', () => {
    expect(speciesName('  Yellow   Perch ')).toBe('Yellow Perch');
    expect(speciesName('Perch')).toBe('Perch');
    expect(speciesName('Brochet du lac')).toBe('Brochet du lac');
    expect(speciesKey('Walleye')).not.toBe(speciesKey('Sauger'));
  });

  it('names every species by its name in the species list, and no other name is itself a listed species of another', () => {
    const listed = new Set(COMMON_SPORT_FISH);
    const names = ['Pike', 'Mackinaw', 'Striper', 'Musky', 'Fluke', 'King Salmon', 'Grayling'];
    for (const name of names) expect(listed.has(speciesName(name))).toBe(true);
    // 'Pike' and 'Grayling' are in the list as names anglers type; they stand for the one species they mean.
    expect(speciesName('Grayling')).toBe('Arctic Grayling');
  });
});
