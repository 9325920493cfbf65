import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';
import { routeContract } from '../http/route-contract.ts';
import type { MetricsFormat } from './app-metrics.ts';

export const METRICS_PATH = '/api/metrics';

/** Renders the metrics: this process's registry, or with several workers the sum over all (cluster-metrics.ts). */
export type MetricsSource = (format: MetricsFormat) => Promise<{ contentType: string; text: string }>;

export interface MetricsRoutesOptions {
  source: MetricsSource;
  /** The bearer token a scraper must send (METRICS_TOKEN); null: no metrics endpoint (404, as for any unknown path). */
  token: string | null;
}

/** A digest of each side, so the comparison takes the same time whatever the lengths. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerOf(request: FastifyRequest): string | null {
  const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * GET /api/metrics: what Prometheus scrapes (docs/deploy.md, "Monitoring"), in the OpenMetrics text format when the
 * scraper accepts it, else Prometheus' text format. Only with `Authorization: Bearer METRICS_TOKEN`: the figures say
 * how busy the service is and which routes fail, nothing for the public; deploy/haproxy.cfg also refuses the path
 * from outside, so scrapers reach each instance directly.
 */
export async function metricsRoutes(app: FastifyInstance, options: MetricsRoutesOptions): Promise<void> {
  const contract = routeContract({
    summary: 'Metrics for Prometheus (OpenMetrics or Prometheus text); needs METRICS_TOKEN as a bearer token',
    signedIn: false,
    response: {},
    responseContent: { status: 200, mediaType: 'text/plain', description: 'The metrics' },
  });
  app.get(METRICS_PATH, contract, async (request, reply) => {
    const { token } = options;
    if (token === null) throw new AppError(404, 'NOT_FOUND', `No such endpoint: GET ${METRICS_PATH}`);
    const given = bearerOf(request);
    if (given === null || !sameToken(given, token)) {
      throw new AppError(401, 'NOT_SIGNED_IN', 'Send the METRICS_TOKEN as a bearer token');
    }
    const format = /application\/openmetrics-text/i.test(request.headers.accept ?? '')
      ? 'openmetrics'
      : 'prometheus';
    const { contentType, text } = await options.source(format);
    return reply.type(contentType).send(text);
  });
}
