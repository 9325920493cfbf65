import { createHash } from 'node:crypto';
import { type FilterableCatch, filterInsightLog, type InsightFilter } from '#core/insight-filter.ts';
import { computeInsights, type Insights } from '#core/insights.ts';
import { type InsightRepository, readEffort, type StoredTrip } from './insight.repository.ts';

/** Answers kept: each a few kilobytes, so at most a few megabytes in all. */
const KEPT_ANSWERS_MAX = 500;
/** Catches kept read, every angler's together: a few hundred bytes each, so about 20 MB at most. */
const KEPT_CATCHES_MAX = 50_000;

/**
 * The insights of a user's log, kept until the log changes (docs/decisions/044-insights.md). Reading 10,000 catches
 * with their conditions and measuring them costs tens of milliseconds; the same question about the same log is
 * answered from memory. Why it is safe with several app instances: the key holds the user's `catches_version`,
 * which every catch write bumps in its transaction (catch-list-cache.ts relies on it too), read before the catches;
 * and the trips, read on every request (a few hundred rows), as a digest of what insights read of them, so the
 * effort filled in later and a running trip's growing hours make a new key. The catches read are kept too, under
 * the same version, so another question about an unchanged log (another species, spot or range of days) is only
 * filtered and measured.
 */
export class InsightAnswers {
  private readonly repository: InsightRepository;
  private readonly kept = new Map<string, Insights>();
  private readonly logs = new Map<number, { version: number; catches: FilterableCatch[] }>();
  private keptCatches = 0;

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
    const catches = await this.catchesOf(userId, version);
    const log = filterInsightLog(catches, trips.map(readEffort), filter);
    const insights = computeInsights(log.catches, log.trips);
    this.kept.set(key, insights);
    for (const oldKey of this.kept.keys()) {
      if (this.kept.size <= KEPT_ANSWERS_MAX) break;
      this.kept.delete(oldKey);
    }
    return insights;
  }

  /** The user's catches as of `version` (read after it: never older), kept read while they are not too many. */
  private async catchesOf(userId: number, version: number): Promise<FilterableCatch[]> {
    const found = this.logs.get(userId);
    if (found !== undefined) {
      this.logs.delete(userId);
      this.keptCatches -= found.catches.length;
      if (found.version === version) {
        this.remember(userId, found);
        return found.catches;
      }
    }
    const catches = await this.repository.catches(userId);
    if (catches.length <= KEPT_CATCHES_MAX / 2) this.remember(userId, { version, catches });
    return catches;
  }

  private remember(userId: number, log: { version: number; catches: FilterableCatch[] }): void {
    // Two requests of one user may both have read: the later one's log replaces the other's.
    const other = this.logs.get(userId);
    if (other !== undefined) this.keptCatches -= other.catches.length;
    this.logs.set(userId, log);
    this.keptCatches += log.catches.length;
    for (const [oldUserId, oldLog] of this.logs) {
      if (this.keptCatches <= KEPT_CATCHES_MAX) break;
      this.logs.delete(oldUserId);
      this.keptCatches -= oldLog.catches.length;
    }
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
