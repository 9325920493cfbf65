import type { FastifyInstance } from 'fastify';
import { computeCatchStats, statsSummary } from '#core/catch-stats.ts';
import type { StatsSummary } from '#core/stats-schema.ts';
import { statsSummarySchema } from '#core/stats-schema.ts';
import { requireUser } from '../auth/session.ts';
import { type Clock, systemClock } from '../clock.ts';
import { routeContract } from '../http/route-contract.ts';
import type { StatsRepository } from './stats.repository.ts';

/** Answers kept: each a few kilobytes, so at most a few megabytes in all. */
const KEPT_ANSWERS_MAX = 500;

/**
 * The Stats view's figures of the whole log (docs/decisions/049-stats-and-insights-speed.md), for a first visit
 * to paint before the catch list (megabytes at 10,000 catches) has arrived: core/catch-stats.ts over the same
 * catches the list holds, so the very figures the phone then works out itself. Unfiltered only: History's filters
 * appear with the list, and from then on the phone counts. An answer is kept per user until a catch write bumps
 * `catches_version` (read before the catches: never older) or the month turns (the chart ends this month).
 */
export async function statsRoutes(
  app: FastifyInstance,
  deps: { stats: StatsRepository; clock?: Clock },
): Promise<void> {
  const { stats } = deps;
  const clock = deps.clock ?? systemClock;
  const kept = new Map<string, StatsSummary>();

  const contract = routeContract({
    summary:
      "The Stats view's figures of the signed-in angler's whole log (weights in lbs, lengths in inches)",
    response: { 200: statsSummarySchema },
  });
  app.get('/api/stats', contract, async (request) => {
    const user = requireUser(request);
    const now = clock.now();
    const version = await stats.catchesVersion(user.id);
    const key = `${user.id}:${version}:${now.getFullYear()}-${now.getMonth()}`;
    const found = kept.get(key);
    if (found !== undefined) {
      // Map order is the eviction order: a hit moves the entry to the young end.
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const answer = statsSummary(computeCatchStats(await stats.catches(user.id), now));
    kept.set(key, answer);
    for (const oldKey of kept.keys()) {
      if (kept.size <= KEPT_ANSWERS_MAX) break;
      kept.delete(oldKey);
    }
    return answer;
  });
}
