/**
 * The arithmetic of History's windowed list (use-windowed-list.ts): where each item starts, and which items a
 * stretch of the page covers. Pure, so it is tested without a browser.
 */

/**
 * Where each item starts, from the list's top, and the list's whole height: `offsets[i]` is item i's top,
 * `offsets[count]` the height (items separated by `gap`, none after the last). An item measured keeps its
 * height; one not yet rendered counts as `estimate`.
 */
export function itemOffsets(
  count: number,
  sizeOf: (index: number) => number | undefined,
  estimate: number,
  gap: number,
): Float64Array {
  const offsets = new Float64Array(count + 1);
  let top = 0;
  for (let index = 0; index < count; index++) {
    offsets[index] = top;
    top += (sizeOf(index) ?? estimate) + (index < count - 1 ? gap : 0);
  }
  offsets[count] = top;
  return offsets;
}

/** The first item whose bottom is below `y` (an item ending exactly at `y` is above it). */
function firstEndingAfter(offsets: Float64Array, count: number, gap: number, y: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const bottom = (offsets[middle + 1] ?? 0) - (middle < count - 1 ? gap : 0);
    if (bottom <= y) low = middle + 1;
    else high = middle;
  }
  return low;
}

export interface ItemRange {
  /** The first item rendered. */
  start: number;
  /** One past the last item rendered. */
  end: number;
}

/**
 * The items that overlap the stretch from `top` to `bottom` (pixels from the list's top; negative when the list
 * starts below it), as [start, end). Empty ({0, 0}) for an empty list; the stretch is clamped to the list, so a
 * stretch above it gives its first item and one below it its last, never nothing.
 */
export function visibleRange(offsets: Float64Array, gap: number, top: number, bottom: number): ItemRange {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const height = offsets[count] ?? 0;
  const from = Math.min(Math.max(top, 0), height);
  const to = Math.max(Math.min(bottom, height), from);
  const start = Math.min(firstEndingAfter(offsets, count, gap, from), count - 1);
  let end = start + 1;
  while (end < count && (offsets[end] ?? 0) < to) end++;
  return { start, end };
}
