import { describe, expect, it } from 'vitest';
import { testCatch } from '#core/test-catch.ts';
import { formatBucket, formatCaught, formatCloseness, formatTripSpan } from './similar-days-format.ts';

/** Intl's narrow and non-breaking spaces as plain ones. */
const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ') ?? null;

describe('similar days format', () => {
  it('says how close in words by the distance', () => {
    expect([0, 0.15, 0.2, 0.35, 0.5, 0.6, 0.61, 1].map(formatCloseness)).toEqual([
      'Very close',
      'Very close',
      'Close',
      'Close',
      'Somewhat alike',
      'Somewhat alike',
      'Not much alike',
      'Not much alike',
    ]);
  });

  it('writes each bucket in a few words, in the angler’s units', () => {
    expect(formatBucket('sunPhase', 'dusk', 'imperial')).toBe('dusk');
    expect(plain(formatBucket('timeOfDay', '20-24', 'imperial'))).toBe('8:00 PM–12:00 AM');
    expect(formatBucket('pressureTendency', 'falling', 'imperial')).toBe('falling pressure');
    expect(formatBucket('moonPhase', 'Waxing Gibbous', 'imperial')).toBe('waxing gibbous');
    expect(formatBucket('solunar', 'major', 'imperial')).toBe('major period');
    expect(formatBucket('solunar', 'none', 'imperial')).toBe('outside the periods');
    expect(formatBucket('tideStage', 'rising', 'imperial')).toBe('rising tide');
    expect(formatBucket('airTemperature', '50-65', 'imperial')).toBe('air 50°F–65°F');
    expect(formatBucket('airTemperature', 'below-32', 'metric')).toBe('air below 0°C');
    expect(formatBucket('airTemperature', '80-plus', 'imperial')).toBe('air 80°F and above');
    expect(formatBucket('spot', '4', 'imperial')).toBeNull();
  });

  it('writes what was caught, or No fish', () => {
    const caught = [
      { species: 'Walleye', count: 3 },
      { species: 'Northern Pike', count: 1 },
    ];
    expect(formatCaught(caught, 1.5)).toBe('3 Walleye, 1 Northern Pike · 1.5 per hour');
    expect(formatCaught(caught, null)).toBe('3 Walleye, 1 Northern Pike');
    expect(formatCaught([], 0)).toBe('No fish');
  });

  it("writes a trip's span on the clock of where it was fished, read from its catches", () => {
    const trip = { startedAt: '2026-06-11T00:00:00.000Z', endedAt: '2026-06-11T02:30:00.000Z' };
    // Caught at 19:30 on that lake's clock, 00:30 UTC: five hours behind.
    const there = testCatch({
      catchDate: '2026-06-10',
      timeOfDay: '19:30',
      caughtAt: '2026-06-11T00:30:00.000Z',
    });
    expect(plain(formatTripSpan(trip, [there], 'en-US'))).toBe('Wed, Jun 10, 2026, 7:00 PM–9:30 PM');
  });
});
