import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_COLORS, speciesPlaceholder } from './species-placeholder.ts';

describe('speciesPlaceholder', () => {
  it('shows the species initial, upper-cased', () => {
    expect(speciesPlaceholder('Largemouth Bass').initial).toBe('L');
    expect(speciesPlaceholder('  walleye').initial).toBe('W');
    expect(speciesPlaceholder('éperlan').initial).toBe('É');
    expect(speciesPlaceholder('e\u0301perlan').initial).toBe('É');
    expect(speciesPlaceholder('"Big" Pike').initial).toBe('B');
  });

  it('falls back to a question mark for a name without letters', () => {
    expect(speciesPlaceholder('').initial).toBe('?');
    expect(speciesPlaceholder('  ?! ').initial).toBe('?');
  });

  it('gives every spelling of a species the same colour', () => {
    const colour = speciesPlaceholder('Largemouth Bass').colorClass;
    expect(speciesPlaceholder('largemouth  bass ').colorClass).toBe(colour);
    expect(speciesPlaceholder('LARGEMOUTH BASS').colorClass).toBe(colour);
    expect(PLACEHOLDER_COLORS).toContain(colour);
  });

  it('varies the colour across species', () => {
    const species = [
      'Largemouth Bass',
      'Walleye',
      'Rainbow Trout',
      'Bluegill',
      'Northern Pike',
      'Channel Catfish',
    ];
    const colours = new Set(species.map((name) => speciesPlaceholder(name).colorClass));
    expect(colours.size).toBeGreaterThanOrEqual(4);
  });
});
