import { describe, expect, it } from 'vitest';
import { itemOffsets, visibleRange } from './window-range.ts';

describe('itemOffsets', () => {
  it('places items one after the other with the gap between them, measured or estimated', () => {
    const measured = new Map([[1, 200]]);
    const offsets = itemOffsets(3, (index) => measured.get(index), 100, 10);
    // 0: 0..100, gap, 1: 110..310, gap, 2: 320..420 (no gap after the last).
    expect([...offsets]).toEqual([0, 110, 320, 420]);
  });

  it('is a zero height for an empty list', () => {
    expect([...itemOffsets(0, () => 50, 100, 10)]).toEqual([0]);
  });
});

describe('visibleRange', () => {
  // Ten items of 100 px with 10 px gaps: item i from 110·i to 110·i + 100; the list is 1,090 px.
  const offsets = itemOffsets(10, () => 100, 100, 10);

  it('gives the items the stretch overlaps, end exclusive', () => {
    expect(visibleRange(offsets, 10, 0, 250)).toEqual({ start: 0, end: 3 });
    expect(visibleRange(offsets, 10, 330, 440)).toEqual({ start: 3, end: 4 });
    // A stretch starting in a gap begins with the next item; one ending in a gap stops before it.
    expect(visibleRange(offsets, 10, 105, 215)).toEqual({ start: 1, end: 2 });
  });

  it('clamps a stretch above or below the list to its first or last item', () => {
    expect(visibleRange(offsets, 10, -900, -100)).toEqual({ start: 0, end: 1 });
    expect(visibleRange(offsets, 10, 5000, 6000)).toEqual({ start: 9, end: 10 });
    expect(visibleRange(offsets, 10, -500, 5000)).toEqual({ start: 0, end: 10 });
  });

  it('is empty for an empty list', () => {
    expect(
      visibleRange(
        itemOffsets(0, () => 1, 1, 0),
        0,
        0,
        1000,
      ),
    ).toEqual({ start: 0, end: 0 });
  });

  it('finds the window in a long list quickly and exactly', () => {
    const long = itemOffsets(10_000, (index) => (index % 3 === 0 ? 180 : 154), 154, 12);
    const top = long[5000] ?? 0;
    const range = visibleRange(long, 12, top, top + 844);
    expect(range.start).toBe(5000);
    // Every item up to the view's bottom, none past it.
    expect(long[range.end - 1] ?? 0).toBeLessThan(top + 844);
    expect(long[range.end] ?? 0).toBeGreaterThanOrEqual(top + 844);
  });
});
