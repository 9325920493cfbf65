import type { FastifyInstance } from 'fastify';
import { insightQuerySchema, insightsSchema } from '#core/insight-schema.ts';
import { requireUser } from '../auth/session.ts';
import { routeContract } from '../http/route-contract.ts';
import { parseInput } from '../http/validation.ts';
import type { InsightRepository } from './insight.repository.ts';
import { InsightAnswers } from './insight-answers.ts';

/**
 * What works for the angler, measured against the time they fished (docs/decisions/044-insights.md): the same
 * filter and figures the phone computes offline from its kept lists (core/insight-filter.ts, core/insights.ts).
 * Owner only: a spotId that is not the angler's own is a 404 naming it, as everywhere an id is named. An answer is
 * kept until the angler's log changes (insight-answers.ts).
 */
export async function insightsRoutes(
  app: FastifyInstance,
  deps: { insights: InsightRepository },
): Promise<void> {
  const { insights } = deps;
  const answers = new InsightAnswers(insights);

  const contract = routeContract({
    summary:
      'What works for the signed-in angler, measured against the hours fished; optionally for one species, spot or range of days',
    querystring: insightQuerySchema,
    response: { 200: insightsSchema },
  });
  app.get('/api/insights', contract, async (request) => {
    const user = requireUser(request);
    const filter = parseInput(insightQuerySchema, request.query);
    if (filter.spotId !== undefined) await insights.requireOwnSpot(user.id, filter.spotId);
    return answers.answer(user.id, filter);
  });
}
