/**
 * Effort: how long the angler fished in each bucket of a factor (dusk, falling pressure, a moon phase), from the
 * spans their trips ran. A catch rate means nothing without it: "most of my walleye came at dawn" may only say
 * "I mostly fish at dawn". Pure: the phone and the server count the same minutes.
 */

/** A stretch of fishing, in epoch milliseconds. */
export interface FishingSpan {
  start: number;
  end: number;
}

/**
 * The slices effort is counted in. A factor's bucket is read once per slice, at its middle; slices are cut on the
 * clock's 5-minute marks (and at the span's ends), so a bucket that changes on a whole hour or half hour of any
 * zone whose offset is a multiple of 5 minutes (all of today's) is counted to the minute, and one that changes at
 * an instant of its own (sunset) to within half a slice.
 */
export const EFFORT_SLICE_MINUTES = 5;
const SLICE_MS = EFFORT_SLICE_MINUTES * 60_000;

/**
 * Minutes fished in each bucket over `spans`. `bucketAt` names the bucket a moment falls in, or null where the
 * factor is not known then (no weather for that hour): those minutes count in no bucket, so they are neither
 * effort for nor against anything.
 */
export function minutesByBucket<Bucket>(
  spans: readonly FishingSpan[],
  bucketAt: (moment: Date) => Bucket | null,
): Map<Bucket, number> {
  const minutes = new Map<Bucket, number>();
  for (const { start, end } of spans) {
    let sliceStart = start;
    while (sliceStart < end) {
      const sliceEnd = Math.min(end, (Math.floor(sliceStart / SLICE_MS) + 1) * SLICE_MS);
      const bucket = bucketAt(new Date((sliceStart + sliceEnd) / 2));
      if (bucket !== null) minutes.set(bucket, (minutes.get(bucket) ?? 0) + (sliceEnd - sliceStart) / 60_000);
      sliceStart = sliceEnd;
    }
  }
  return minutes;
}
