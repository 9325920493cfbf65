import { describe, expect, it } from 'vitest';
import { CatchListCache, ENTRY_OVERHEAD_BYTES } from './catch-list-cache.ts';

const json = (text: string) => Buffer.from(text);
/** What one entry is counted at: its JSON, its key `${user}:${version}:${search}` (2 bytes a character), overhead. */
const entryBytes = (jsonLength: number, key: string) => jsonLength + key.length * 2 + ENTRY_OVERHEAD_BYTES;

describe('CatchListCache', () => {
  it('answers only for the same user, version and search', () => {
    const cache = new CatchListCache();
    cache.set(1, 3, '', json('[1]'));
    expect(cache.get(1, 3, '')?.toString()).toBe('[1]');
    expect(cache.get(1, 4, '')).toBeUndefined();
    expect(cache.get(2, 3, '')).toBeUndefined();
    expect(cache.get(1, 3, 'pike')).toBeUndefined();
  });

  it('evicts the least recently used entries beyond its byte budget', () => {
    // Four entries of 30 JSON bytes under keys like '1:1:' fit; a fifth does not.
    const cache = new CatchListCache(4 * entryBytes(30, '1:1:'));
    for (const user of [1, 2, 3]) cache.set(user, 1, '', json('x'.repeat(30)));
    expect(cache.get(1, 1, '')).toBeDefined();
    cache.set(4, 1, '', json('x'.repeat(30)));
    cache.set(5, 1, '', json('x'.repeat(30)));
    expect(cache.get(2, 1, '')).toBeUndefined();
    expect(cache.get(1, 1, '')).toBeDefined();
    expect(cache.get(5, 1, '')).toBeDefined();
    expect(cache.size).toBe(4);
  });

  it('does not keep one list bigger than a quarter of the budget', () => {
    const cache = new CatchListCache(4 * entryBytes(60, '1:1:') - 4);
    cache.set(1, 1, '', json('x'.repeat(60)));
    expect(cache.size).toBe(0);
  });

  it('counts each entry with its key and a fixed overhead, not only its JSON', () => {
    const cache = new CatchListCache();
    const search = 's'.repeat(100);
    cache.set(7, 12, search, json('[{"id":1}]'));
    expect(cache.usedBytes).toBe(entryBytes(10, `7:12:${search}`));
    // 10,000 such entries hold 10 JSON bytes each but cost ~ 3.6 MB, which the budget now sees.
    const small = new CatchListCache(1024 * 1024, 1_000_000);
    for (let i = 0; i < 10_000; i++) small.set(i, 1, search, json('[{"id":1}]'));
    expect(small.usedBytes).toBeLessThanOrEqual(1024 * 1024);
    expect(small.size).toBeLessThan(10_000);
    expect(small.size).toBe(Math.floor((1024 * 1024) / entryBytes(10, `9999:1:${search}`)));
  });

  it('keeps at most maxEntries entries, evicting the oldest', () => {
    const cache = new CatchListCache(1024 * 1024, 3);
    for (const user of [1, 2, 3, 4]) cache.set(user, 1, '', json('[]'));
    expect(cache.size).toBe(3);
    expect(cache.get(1, 1, '')).toBeUndefined();
    expect(cache.get(4, 1, '')).toBeDefined();
  });

  it('does not keep a search that matched nothing; an empty history without a search is kept', () => {
    const cache = new CatchListCache();
    cache.set(1, 1, 'no-such-fish', json('[]'));
    expect(cache.get(1, 1, 'no-such-fish')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set(1, 1, '', json('[]'));
    expect(cache.get(1, 1, '')?.toString()).toBe('[]');
  });

  it('replacing an entry does not count it twice', () => {
    const cache = new CatchListCache();
    cache.set(1, 1, '', json('[1]'));
    cache.set(1, 1, '', json('[1,2]'));
    expect(cache.size).toBe(1);
    expect(cache.usedBytes).toBe(entryBytes(5, '1:1:'));
  });
});
