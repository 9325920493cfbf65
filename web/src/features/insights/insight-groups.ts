/**
 * The buckets of core/insights.ts' answer sorted the way the view tells them (docs/decisions/044-insights.md): the
 * clear effects, strongest first; then the buckets compared with no clear effect; then those with too little data.
 */
import type { Insights } from '#core/insights.ts';
import type { ComparedBucket, EffortFactorName } from './insight-words.ts';

type EffortBucket = Insights['effort'][number]['buckets'][number];

/** A compared bucket with its verdict's figures. */
export interface InsightItem extends ComparedBucket {
  key: string;
  factorCatches: number;
  ratio: number;
  low: number;
  high: number;
}

/** A bucket with too little behind it, or a factor nothing is known of yet (bucket null). */
export interface ThinItem {
  key: string;
  factor: EffortFactorName;
  bucket: string | null;
  catches: number;
  hours: number;
}

export interface InsightGroups {
  clear: InsightItem[];
  unclear: InsightItem[];
  thin: ThinItem[];
}

/**
 * How strong an effect is, by the end of its interval nearest to 1 (what the data back at the least): a ratio of 3
 * with an interval from 2 beats one of 5 from 1.2; fewer fish (1/2) as strong as twice as many.
 */
function strength(item: InsightItem): number {
  return item.low > 1 ? Math.log(item.low) : item.high < 1 ? -Math.log(item.high) : 0;
}

export function groupInsights(insights: Insights): InsightGroups {
  const groups: InsightGroups = { clear: [], unclear: [], thin: [] };
  for (const factor of insights.effort) {
    if (factor.buckets.length === 0) {
      groups.thin.push({ key: factor.factor, factor: factor.factor, bucket: null, catches: 0, hours: 0 });
      continue;
    }
    for (const bucket of factor.buckets) {
      const key = `${factor.factor}:${bucket.bucket}`;
      if (bucket.verdict === 'insufficient-data' || !isCompared(bucket)) {
        groups.thin.push({
          key,
          factor: factor.factor,
          bucket: bucket.bucket,
          catches: bucket.catches,
          hours: bucket.hours,
        });
        continue;
      }
      const item: InsightItem = {
        key,
        factor: factor.factor,
        bucket: bucket.bucket,
        catches: bucket.catches,
        hours: bucket.hours,
        rate: bucket.rate,
        restRate: bucket.restRate,
        factorHours: factor.hours,
        factorCatches: factor.catches,
        ratio: bucket.ratio,
        low: bucket.low,
        high: bucket.high,
      };
      (bucket.verdict === 'clear-effect' ? groups.clear : groups.unclear).push(item);
    }
  }
  // On a tie (the two sides of a two-bucket factor mirror each other, to rounding) the better time first.
  const stronger = (a: InsightItem, b: InsightItem) => {
    const difference = strength(b) - strength(a);
    return Math.abs(difference) > 1e-9 ? difference : 0;
  };
  groups.clear.sort(
    (a, b) => stronger(a, b) || Number(b.ratio > 1) - Number(a.ratio > 1) || b.factorHours - a.factorHours,
  );
  return groups;
}

function isCompared(
  bucket: EffortBucket,
): bucket is EffortBucket & { ratio: number; low: number; high: number } {
  return bucket.ratio !== null && bucket.low !== null && bucket.high !== null;
}
