import { describe, expect, it } from 'vitest';
import {
  catchName,
  formatCatchDate,
  formatCoordinates,
  formatLength,
  formatTimestamp,
  formatWeight,
  mapsSearchUrl,
} from './catch-format.ts';

describe('catch formatting', () => {
  it("names an entry of more than one fish '12 × Perch', the number kept with its ×", () => {
    expect(catchName({ fishType: 'Perch', quantity: 12 })).toBe('12\u00a0× Perch');
    expect(catchName({ fishType: 'Perch', quantity: 1 })).toBe('Perch');
  });

  it('shows weight and length with one decimal', () => {
    expect(formatWeight(4.56, 'imperial')).toBe('4.6 lbs');
    expect(formatWeight(3, 'imperial')).toBe('3.0 lbs');
    expect(formatWeight(0, 'imperial')).toBe('0.0 lbs');
    expect(formatWeight(null, 'imperial')).toBeNull();
    expect(formatLength(18, 'imperial')).toBe('18.0 in');
    expect(formatLength(null, 'imperial')).toBeNull();
    expect(formatWeight(5.511556554621939, 'metric')).toBe('2.5 kg');
    expect(formatLength(18, 'metric')).toBe('45.7 cm');
    expect(formatWeight(null, 'metric')).toBeNull();
  });

  it('reads the catch date as a local calendar date', () => {
    expect(formatCatchDate('2025-04-29')).toBe('Apr 29, 2025');
    expect(formatCatchDate('2025-01-01')).toBe('Jan 1, 2025');
    expect(formatCatchDate(null)).toBe('No date');
    expect(formatCatchDate('')).toBe('No date');
    expect(formatCatchDate('not a date')).toBe('No date');
    expect(formatCatchDate('2025-02-30')).toBe('No date');
    expect(formatCatchDate('2024-02-29')).toBe('Feb 29, 2024');
    expect(formatCatchDate('2025-12-31')).toBe('Dec 31, 2025');
    expect(formatCatchDate('0099-05-01')).toBe('May 1, 0099');
  });

  it('formats the saved timestamp', () => {
    expect(formatTimestamp(new Date(2025, 3, 29, 12).toISOString())).toBe('Apr 29, 2025');
    expect(formatTimestamp('garbage')).toBeNull();
  });

  it('shows coordinates with six decimals and builds the maps link', () => {
    expect(formatCoordinates(32.8, -95.6)).toBe('32.800000, -95.600000');
    expect(formatCoordinates(null, -95.6)).toBeNull();
    expect(mapsSearchUrl(32.8, -95.6)).toBe('https://www.google.com/maps/search/?api=1&query=32.8,-95.6');
  });
});
