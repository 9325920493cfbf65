import { createHash } from 'node:crypto';
import { filterInsightLog, type InsightFilter } from '#core/insight-filter.ts';
import { computeInsights, type Insights } from '#core/insights.ts';
import { type InsightRepository, readEffort, type StoredTrip } from './insight.repository.ts';

/** Answers kept: each a few kilobytes, so at most a few megabytes in all. */
const KEPT_ANSWERS_MAX = 500;

/**
 * The insights of a user's log, kept until the log changes (docs/decisions/044-insights.md). Reading 10,000 catches
 * with their conditions and measuring them costs tens of milliseconds; the same question about the same log is
 * answered from memory. Why it is safe with several app instances: the key holds the user's `catches_version`,
 * which every catch write bumps in its transaction (catch-list-cache.ts relies on it too), read before the catches;
 * and the trips, read on every request (a few hundred rows), as a digest of what insights read of them, so the
 * effort filled in later and a running trip's growing hours make a new key.
 */
export class InsightAnswers {
  private readonly repository: InsightRepository;
  private readonly kept = new Map<string, Insights>();

  constructor(repository: InsightRepository) {
    this.repository = repository;
  }

  async answer(userId: number, filter: InsightFilter): Promise<Insights> {
    const [version, trips] = await Promise.all([
      this.repository.catchesVersion(userId),
      this.repository.trips(userId),
    ]);
    const key = `${userId}:${version}:${tripsDigest(trips)}:${JSON.stringify([
      filter.species ?? null,
      filter.from ?? null,
      filter.to ?? null,
      filter.spotId ?? null,
    ])}`;
    const found = this.kept.get(key);
    if (found !== undefined) {
      // Map order is the eviction order: a hit moves the entry to the young end.
      this.kept.delete(key);
      this.kept.set(key, found);
      return found;
    }
    const catches = await this.repository.catches(userId);
    const log = filterInsightLog(catches, trips.map(readEffort), filter);
    const insights = computeInsights(log.catches, log.trips);
    this.kept.set(key, insights);
    for (const oldKey of this.kept.keys()) {
      if (this.kept.size <= KEPT_ANSWERS_MAX) break;
      this.kept.delete(oldKey);
    }
    return insights;
  }
}

/** Everything insights read of the trips, in a few bytes. */
function tripsDigest(trips: readonly StoredTrip[]): string {
  const hash = createHash('sha256');
  for (const trip of trips) {
    hash.update(`${trip.id}|${trip.spotId}|${trip.startedAt}|${trip.durationMinutes}|${trip.effort}\n`);
  }
  return hash.digest('base64url');
}
