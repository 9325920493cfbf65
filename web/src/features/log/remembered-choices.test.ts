import { describe, expect, it } from 'vitest';
import { rememberedChoices } from './remembered-choices.ts';

const caught = (
  fishType: string,
  caughtAt: string,
  gear: { baitUsed?: string | null; lineSize?: string | null; spotId?: number | null } = {},
) => ({ fishType, caughtAt, baitUsed: null, lineSize: null, spotId: null, ...gear });

describe('rememberedChoices', () => {
  const catches = [
    caught('Walleye', '2026-11-20T06:00:00Z', { baitUsed: 'Jig & minnow', lineSize: '8 lb', spotId: 3 }),
    caught('Largemouth Bass', '2026-11-25T18:00:00Z', { baitUsed: 'Senko', lineSize: '15 lb', spotId: 7 }),
    caught('Walleye', '2026-11-10T06:00:00Z', { baitUsed: 'Crawler harness', lineSize: '6 lb', spotId: 1 }),
  ];

  it("offers the last catch of the species' bait, line and spot", () => {
    expect(rememberedChoices(catches, 'Walleye')).toEqual({
      baitUsed: 'Jig & minnow',
      lineSize: '8 lb',
      spotId: 3,
    });
    expect(rememberedChoices(catches, 'largemouth bass ')).toEqual({
      baitUsed: 'Senko',
      lineSize: '15 lb',
      spotId: 7,
    });
  });

  it('counts other names of a species as it', () => {
    const pike = [caught('Northern Pike', '2026-11-01T10:00:00Z', { baitUsed: 'Spoon' }), ...catches];
    expect(rememberedChoices(pike, 'Pike').baitUsed).toBe('Spoon');
  });

  it('falls back to the last catch of any species for a new species or no species yet', () => {
    expect(rememberedChoices(catches, 'Muskellunge')).toEqual({
      baitUsed: 'Senko',
      lineSize: '15 lb',
      spotId: 7,
    });
    expect(rememberedChoices(catches, '').baitUsed).toBe('Senko');
  });

  it("takes each choice from the species' newest catch that has it", () => {
    const noLine = [caught('Walleye', '2026-11-26T06:00:00Z', { baitUsed: 'Blade bait' }), ...catches];
    expect(rememberedChoices(noLine, 'Walleye')).toEqual({
      baitUsed: 'Blade bait',
      lineSize: '8 lb',
      spotId: 3,
    });
  });

  it('offers nothing without history', () => {
    expect(rememberedChoices([], 'Walleye')).toEqual({ baitUsed: null, lineSize: null, spotId: null });
  });
});
