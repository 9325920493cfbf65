import { describe, expect, it } from 'vitest';
import { dateRanges, rangeKeyOf } from './date-ranges.ts';

describe('the Insights date ranges', () => {
  it('offers all time, this and last year, and the four latest seasons, latest first', () => {
    const ranges = dateRanges(new Date(2026, 0, 20));
    expect(ranges.map((range) => [range.label, range.from, range.to])).toEqual([
      ['All time', null, null],
      ['This year (2026)', '2026-01-01', '2026-12-31'],
      ['Last year (2025)', '2025-01-01', '2025-12-31'],
      // In January the winter began last December; the other seasons are last year's.
      ['Winter 2025–26 (Dec–Feb)', '2025-12-01', '2026-02-28'],
      ['Autumn 2025 (Sep–Nov)', '2025-09-01', '2025-11-30'],
      ['Summer 2025 (Jun–Aug)', '2025-06-01', '2025-08-31'],
      ['Spring 2025 (Mar–May)', '2025-03-01', '2025-05-31'],
    ]);
  });

  it('knows a range by its days, anything else is custom', () => {
    const ranges = dateRanges(new Date(2026, 6, 1));
    expect(rangeKeyOf(ranges, '2026-06-01', '2026-08-31')).toBe('season-summer');
    expect(rangeKeyOf(ranges, null, null)).toBe('all');
    expect(rangeKeyOf(ranges, '2026-06-02', null)).toBe('custom');
  });
});
