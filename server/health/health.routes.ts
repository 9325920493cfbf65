import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ApiErrorBody } from '#core/api-error.ts';
import type { AppDatabase } from '../db/database.ts';
import type { Draining } from '../http/draining.ts';
import { routeContract } from '../http/route-contract.ts';

/** The probes a load balancer (deploy/haproxy.cfg) and an orchestrator call; exempt from the global rate limit. */
export const HEALTH_PATH = '/api/health';
export const READY_PATH = '/api/ready';

/**
 * A database that takes longer than this to answer counts as down: the balancer probes every few seconds and
 * must learn quickly that an instance cannot serve, not wait for the database's own connect timeout.
 */
const READY_CHECK_TIMEOUT_MS = 2000;

export interface HealthOptions {
  database: AppDatabase;
  draining: Draining;
}

export const NOT_READY_MESSAGE = 'Not ready to serve: the database does not answer';
export const SHUTTING_DOWN_MESSAGE = 'Shutting down: finishing the requests it has, taking no new ones';

/**
 * GET /api/health: the process is up and its event loop answers (liveness: restart it when this fails).
 * GET /api/ready: this instance can serve its core, which is the database (readiness: send it traffic only while
 * this is 200). The photo store and Redis are left out on purpose: without them photos answer 503
 * PHOTO_STORE_UNAVAILABLE and the global limit counts in the process, while lists, saves, edits and logins go on
 * (docs/decisions/032-degrade-and-drain.md); taking every instance out of the balancer for them would stop
 * everything. While the server drains before it stops, readiness answers 404 SHUTTING_DOWN: HAProxy's
 * `http-check disable-on-404` then sends it no new requests but lets the running ones finish, where a failed check
 * would cut them. Both are unauthenticated, cheap and say nothing about the data: `{ "status": "ok" }`, or the
 * usual error body; what failed goes to the log, not to whoever is probing.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const okSchema = z.object({ status: z.literal('ok') });
  const health = routeContract({ summary: 'Liveness probe', signedIn: false, response: { 200: okSchema } });
  app.get(HEALTH_PATH, health, async () => ({ status: 'ok' }));

  const ready = routeContract({
    summary:
      'Readiness probe: the database answers (503 NOT_READY otherwise; 404 SHUTTING_DOWN while the server drains)',
    signedIn: false,
    response: { 200: okSchema },
  });
  app.get(READY_PATH, ready, async (request, reply) => {
    if (options.draining.isDraining) {
      const body: ApiErrorBody = { message: SHUTTING_DOWN_MESSAGE, code: 'SHUTTING_DOWN' };
      return reply.status(404).send(body);
    }
    const failure = await check(() => sql`select 1`.execute(options.database.db));
    if (failure === null) return { status: 'ok' };
    request.log.warn({ failures: [{ name: 'database', error: failure }] }, 'not ready');
    const body: ApiErrorBody = { message: NOT_READY_MESSAGE, code: 'NOT_READY' };
    return reply.status(503).header('Retry-After', '5').send(body);
  });
}

/** Runs a check with a deadline; null when it passed, else what went wrong (for the log). */
async function check(run: () => Promise<unknown>): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READY_CHECK_TIMEOUT_MS} ms`)),
      READY_CHECK_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([run(), deadline]);
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    clearTimeout(timer);
  }
}
