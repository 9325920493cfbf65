import { describe, expect, it } from 'vitest';
import { CatchListCache } from './catch-list-cache.ts';

describe('CatchListCache', () => {
  it('answers only for the same user, version and search', () => {
    const cache = new CatchListCache();
    cache.set(1, 3, '', '[1]');
    expect(cache.get(1, 3, '')).toBe('[1]');
    expect(cache.get(1, 4, '')).toBeUndefined();
    expect(cache.get(2, 3, '')).toBeUndefined();
    expect(cache.get(1, 3, 'pike')).toBeUndefined();
  });

  it('evicts the least recently used entries beyond its byte budget', () => {
    // Each entry is 30 UTF-16 characters = 60 bytes; four fit in 240.
    const cache = new CatchListCache(240);
    for (const user of [1, 2, 3]) cache.set(user, 1, '', 'x'.repeat(30));
    expect(cache.get(1, 1, '')).toBeDefined();
    cache.set(4, 1, '', 'x'.repeat(30));
    cache.set(5, 1, '', 'x'.repeat(30));
    expect(cache.get(2, 1, '')).toBeUndefined();
    expect(cache.get(1, 1, '')).toBeDefined();
    expect(cache.get(5, 1, '')).toBeDefined();
    expect(cache.size).toBe(4);
  });

  it('does not keep one list bigger than a quarter of the budget', () => {
    const cache = new CatchListCache(400);
    cache.set(1, 1, '', 'x'.repeat(60));
    expect(cache.size).toBe(0);
  });
});
