/**
 * Is a catch rate in one bucket (dusk, falling pressure, a spot) different from the rate the rest of the time?
 * Catches in a stretch of fishing are modelled as a Poisson process, so two rates are compared the standard exact
 * way: given the n catches of both, the bucket's share of them is binomial with p = its share of the hours when the
 * rates are equal. The Clopper–Pearson interval for that share, turned into an interval for the rate ratio, is exact
 * (never narrower than it should be) and needs no large-sample assumption: a log of 12 catches is judged honestly.
 * Several comparisons at once are accounted for by Bonferroni: each interval is drawn at 1 − α/m.
 * Pure and dependency free: the phone and the server give the same figures.
 */

/** Catches and hours in a bucket, and in the rest of the fishing they are compared with. */
export interface EffortCounts {
  catches: number;
  hours: number;
  restCatches: number;
  restHours: number;
}

export interface RateRatio {
  /** Catches per hour in the bucket, and in the rest. */
  rate: number;
  restRate: number;
  /** rate / restRate; Infinity when the rest caught nothing. */
  ratio: number;
  /** The interval for the ratio at the confidence asked; `high` may be Infinity. */
  low: number;
  high: number;
  /** Two-sided exact p-value of "the rates are equal" (before any multiple-comparison correction). */
  pValue: number;
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: ~15 significant digits). */
function logGamma(x: number): number {
  const coefficients = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const shifted = x - 1;
  let sum = coefficients[0] as number;
  for (let i = 1; i < 9; i++) sum += (coefficients[i] as number) / (shifted + i);
  const t = shifted + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let result = d;
  for (let m = 1; m <= 500; m++) {
    const m2 = 2 * m;
    let term = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + term * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + term / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    result *= d * c;
    term = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + term * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + term / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    result *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return result;
}

/** ln(Γ(a + b) / (Γ(a) Γ(b))): the same for every x, so a search along x works it out once. */
function logBetaNorm(a: number, b: number): number {
  return logGamma(a + b) - logGamma(a) - logGamma(b);
}

/** I_x(a, b) given `logBetaNorm(a, b)`. */
function regularizedBetaNormed(x: number, a: number, b: number, logNorm: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logNorm + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(a, b, x)) / a
    : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** The regularised incomplete beta function I_x(a, b). */
export function regularizedBeta(x: number, a: number, b: number): number {
  return regularizedBetaNormed(x, a, b, logBetaNorm(a, b));
}

/** A tail probability as a function of p, with its slope for Newton's method. */
interface Tail {
  /** Whether it grows with p (its slope may underflow to 0 far out in the tail, so it is not read from that). */
  rising: boolean;
  at: (p: number) => number;
  slope: (p: number) => number;
}

/**
 * P(X ≤ k) for X ~ Binomial(n, p) as a function of p: I_{1−p}(n − k, k + 1), its Γ terms worked out once for the
 * search. Its slope is minus the Beta(k + 1, n − k) density at p.
 */
function binomialAtMostOf(k: number, n: number): Tail {
  if (k < 0) return { rising: false, at: () => 0, slope: () => 0 };
  if (k >= n) return { rising: false, at: () => 1, slope: () => 0 };
  const a = n - k;
  const b = k + 1;
  const logNorm = logBetaNorm(a, b);
  return {
    rising: false,
    at: (p) => regularizedBetaNormed(1 - p, a, b, logNorm),
    slope: (p) => -Math.exp(logNorm + (a - 1) * Math.log(1 - p) + (b - 1) * Math.log(p)),
  };
}

/** P(X ≤ k) for X ~ Binomial(n, p). */
export function binomialAtMost(k: number, n: number, p: number): number {
  return binomialAtMostOf(k, n).at(p);
}

/** P(X ≥ k) for X ~ Binomial(n, p), as a function of p. */
function binomialAtLeastOf(k: number, n: number): Tail {
  if (k <= 0) return { rising: true, at: () => 1, slope: () => 0 };
  const atMost = binomialAtMostOf(k - 1, n);
  return { rising: true, at: (p) => 1 - atMost.at(p), slope: (p) => -atMost.slope(p) };
}

/** P(X ≥ k) for X ~ Binomial(n, p). */
function binomialAtLeast(k: number, n: number, p: number): number {
  return binomialAtLeastOf(k, n).at(p);
}

/**
 * The p in (0, 1) at which a monotonic tail probability equals `target`, from `start`: Newton's method kept inside
 * a bracket that shrinks every step, bisecting where a Newton step would leave it or stalls. It settles in about ten
 * steps where bisection to the same precision takes sixty, each step a continued fraction.
 */
function solveForP(tail: Tail, target: number, start: number): number {
  let low = 0;
  let high = 1;
  let p = start;
  let lastStep = 1;
  for (let i = 0; i < 200; i++) {
    const difference = tail.at(p) - target;
    if (difference === 0) return p;
    if (difference > 0 === tail.rising) high = p;
    else low = p;
    let next = p - difference / tail.slope(p);
    // Bisect when the Newton step leaves the bracket (or is not a number) or does not halve the last step.
    if (!(next > low && next < high) || Math.abs(next - p) > lastStep / 2) next = (low + high) / 2;
    lastStep = Math.abs(next - p);
    if (lastStep <= 4 * Number.EPSILON * next || high - low <= 4 * Number.EPSILON * low) return next;
    p = next;
  }
  return p;
}

/** The Clopper–Pearson interval for a binomial share: x successes of n, at confidence 1 − alpha. */
export function clopperPearson(x: number, n: number, alpha: number): { low: number; high: number } {
  const low = x === 0 ? 0 : solveForP(binomialAtLeastOf(x, n), alpha / 2, x / n);
  const high = x === n ? 1 : solveForP(binomialAtMostOf(x, n), alpha / 2, x / n);
  return { low, high };
}

/** The bucket's share of the catches turned into the ratio of the two rates. */
function shareToRatio(share: number, hoursShare: number): number {
  if (share >= 1) return Number.POSITIVE_INFINITY;
  return (share / (1 - share)) * ((1 - hoursShare) / hoursShare);
}

/**
 * Compares the bucket's rate with the rest's at confidence 1 − alpha (pass α/m for m comparisons). Needs hours on
 * both sides and at least one catch in all; the caller decides whether that is enough to tell anything.
 */
export function compareRates(counts: EffortCounts, alpha: number): RateRatio {
  const { catches, hours, restCatches, restHours } = counts;
  if (!(hours > 0 && restHours > 0))
    throw new RangeError('compareRates needs hours in the bucket and in the rest');
  const n = catches + restCatches;
  if (n < 1) throw new RangeError('compareRates needs at least one catch');
  const hoursShare = hours / (hours + restHours);
  const interval = clopperPearson(catches, n, alpha);
  const lowerTail = binomialAtMost(catches, n, hoursShare);
  const upperTail = binomialAtLeast(catches, n, hoursShare);
  return {
    rate: catches / hours,
    restRate: restCatches / restHours,
    ratio: shareToRatio(catches / n, hoursShare),
    low: shareToRatio(interval.low, hoursShare),
    high: shareToRatio(interval.high, hoursShare),
    pValue: Math.min(1, 2 * Math.min(lowerTail, upperTail)),
  };
}
