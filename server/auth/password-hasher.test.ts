import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { argon2idHasher, argon2Slots } from './password-hasher.ts';

describe('argon2idHasher', () => {
  it('verifies what it hashed, and nothing else', async () => {
    const stored = await argon2idHasher.hash('river-trout-42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await argon2idHasher.verify('river-trout-42', stored)).toBe(true);
    expect(await argon2idHasher.verify('river-trout-43', stored)).toBe(false);
    expect(await argon2idHasher.verify('river-trout-42', 'not a hash')).toBe(false);
  });

  it('runs at most one derivation per core at once, never the whole thread pool, and the rest wait their turn', async () => {
    const limit = argon2Slots.limit;
    expect(limit).toBe(Math.max(1, Math.min(os.availableParallelism(), 3)));
    const stored = await argon2idHasher.hash('pike-and-perch-7');
    const burst = Array.from({ length: limit + 3 }, () => argon2idHasher.verify('pike-and-perch-7', stored));
    expect(argon2Slots.size).toEqual({ running: limit, waiting: 3 });
    expect(await Promise.all(burst)).toEqual(burst.map(() => true));
    expect(argon2Slots.size).toEqual({ running: 0, waiting: 0 });
  });
});
