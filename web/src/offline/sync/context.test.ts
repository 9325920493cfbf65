import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, backoffDelay } from './context.ts';

describe('backoff', () => {
  it('doubles from 1 s up to 5 min, with ±25% jitter', () => {
    expect(backoffDelay(1, 0.5)).toBe(1000);
    expect(backoffDelay(2, 0.5)).toBe(2000);
    expect(backoffDelay(5, 0.5)).toBe(16_000);
    expect(backoffDelay(30, 0.5)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(1, 0)).toBe(750);
    expect(backoffDelay(1, 0.999)).toBeLessThanOrEqual(1250);
  });
});
