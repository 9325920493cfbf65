import { describe, expect, it } from 'vitest';
import { binomialAtMost, clopperPearson, compareRates, regularizedBeta } from './rate-comparison.ts';

// Reference figures from SciPy 1.x (scipy.stats.binom, scipy.stats.binomtest(...).proportion_ci(method='exact')).
describe('the binomial and beta functions', () => {
  it('agree with exact sums', () => {
    expect(binomialAtMost(3, 10, 0.5)).toBeCloseTo(176 / 1024, 12);
    expect(binomialAtMost(1234, 10_000, 0.12)).toBeCloseTo(0.8557002290733946, 9);
    expect(binomialAtMost(-1, 10, 0.5)).toBe(0);
    expect(binomialAtMost(10, 10, 0.5)).toBe(1);
    expect(regularizedBeta(0.5, 2, 2)).toBeCloseTo(0.5, 12);
  });
});

describe('clopperPearson', () => {
  it('gives the exact interval', () => {
    const half = clopperPearson(5, 10, 0.05);
    expect(half.low).toBeCloseTo(0.1870860284474045, 9);
    expect(half.high).toBeCloseTo(0.8129139715525955, 9);
    const some = clopperPearson(7, 40, 0.05 / 6);
    expect(some.low).toBeCloseTo(0.05190442017707737, 9);
    expect(some.high).toBeCloseTo(0.3813284021987744, 9);
  });

  it('is one-sided at the ends', () => {
    expect(clopperPearson(0, 10, 0.05).low).toBe(0);
    expect(clopperPearson(0, 10, 0.05).high).toBeCloseTo(0.3084971078187608, 9);
    expect(clopperPearson(10, 10, 0.05).high).toBe(1);
  });
});

describe('compareRates', () => {
  it('finds a clear difference: 20 fish in 10 hours at dusk against 10 in 40 the rest of the time', () => {
    const result = compareRates({ catches: 20, hours: 10, restCatches: 10, restHours: 40 }, 0.05);
    expect(result.rate).toBe(2);
    expect(result.restRate).toBe(0.25);
    expect(result.ratio).toBeCloseTo(8, 12);
    expect(result.low).toBeCloseTo(3.5740355615387642, 7);
    expect(result.high).toBeCloseTo(19.138209761352407, 6);
    expect(result.pValue).toBeCloseTo(7.661047482740178e-8, 14);
  });

  it('finds none where the rates are the same', () => {
    const result = compareRates({ catches: 5, hours: 5, restCatches: 10, restHours: 10 }, 0.05);
    expect(result.ratio).toBeCloseTo(1, 12);
    expect(result.low).toBeLessThan(1);
    expect(result.high).toBeGreaterThan(1);
    expect(result.pValue).toBe(1);
  });

  it('is two-sided: a bucket that catches less is as clear as one that catches more', () => {
    const more = compareRates({ catches: 20, hours: 10, restCatches: 10, restHours: 40 }, 0.05);
    const less = compareRates({ catches: 10, hours: 40, restCatches: 20, restHours: 10 }, 0.05);
    expect(less.ratio).toBeCloseTo(1 / more.ratio, 12);
    expect(less.high).toBeCloseTo(1 / more.low, 7);
    expect(less.pValue).toBeCloseTo(more.pValue, 14);
  });

  it('widens with the number of comparisons (Bonferroni)', () => {
    const counts = { catches: 7, hours: 4, restCatches: 33, restHours: 36 };
    const one = compareRates(counts, 0.05);
    const six = compareRates(counts, 0.05 / 6);
    expect(six.low).toBeLessThan(one.low);
    expect(six.high).toBeGreaterThan(one.high);
    expect(one.pValue).toBeCloseTo(0.19903284793110243, 10);
  });

  it('has no upper bound when the rest caught nothing', () => {
    const result = compareRates({ catches: 6, hours: 2, restCatches: 0, restHours: 20 }, 0.05);
    expect(result.ratio).toBe(Number.POSITIVE_INFINITY);
    expect(result.high).toBe(Number.POSITIVE_INFINITY);
    expect(result.low).toBeGreaterThan(1);
  });

  it('refuses a comparison without hours or catches', () => {
    expect(() => compareRates({ catches: 1, hours: 0, restCatches: 1, restHours: 1 }, 0.05)).toThrow(
      RangeError,
    );
    expect(() => compareRates({ catches: 0, hours: 1, restCatches: 0, restHours: 1 }, 0.05)).toThrow(
      RangeError,
    );
  });
});
