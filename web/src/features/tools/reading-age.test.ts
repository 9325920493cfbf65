import { formatDistanceToNowStrict } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readingAge } from './tools-format.ts';

describe('readingAge', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says a reading's age as date-fns' formatDistanceToNowStrict did", () => {
    const now = Date.UTC(2026, 5, 15, 12, 0, 0);
    vi.useFakeTimers();
    vi.setSystemTime(now);
    const minute = 60_000;
    for (const age of [
      0,
      1000,
      29_000,
      59_000,
      minute,
      90_000,
      59 * minute,
      60 * minute,
      89 * minute,
      90 * minute,
      23 * 60 * minute,
      24 * 60 * minute,
      36 * 60 * minute,
      29 * 24 * 60 * minute,
      45 * 24 * 60 * minute,
      340 * 24 * 60 * minute,
      364 * 24 * 60 * minute,
      400 * 24 * 60 * minute,
      3 * 365 * 24 * 60 * minute,
    ]) {
      const expected = formatDistanceToNowStrict(now - age, { addSuffix: true });
      expect(readingAge(now - age), `${age} ms`).toBe(expected);
    }
  });
});
