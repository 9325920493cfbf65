import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ApiErrorBody } from '#core/api-error.ts';
import type { AppDatabase } from '../db/database.ts';
import { routeContract } from '../http/route-contract.ts';
import type { PhotoStore } from '../photos/photo-store.ts';

/** The probes a load balancer (deploy/haproxy.cfg) and an orchestrator call; exempt from the global rate limit. */
export const HEALTH_PATH = '/api/health';
export const READY_PATH = '/api/ready';

/**
 * A dependency that takes longer than this to answer counts as down: the balancer probes every few seconds and
 * must learn quickly that an instance cannot serve, not wait for the database's own connect timeout.
 */
const READY_CHECK_TIMEOUT_MS = 2000;

export interface HealthOptions {
  database: AppDatabase;
  photoStore: PhotoStore;
}

/**
 * GET /api/health: the process is up and its event loop answers (liveness: restart it when this fails).
 * GET /api/ready: the database answers and the photo store is reachable (readiness: send it traffic only while
 * this is 200). Both are unauthenticated, cheap and say nothing about the data: `{ "status": "ok" }`, or 503 with the
 * usual error body and code NOT_READY; which dependency failed goes to the log, not to whoever is probing.
 */
export const NOT_READY_MESSAGE = 'Not ready to serve: a service it needs does not answer';

export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const okSchema = z.object({ status: z.literal('ok') });
  const health = routeContract({ summary: 'Liveness probe', signedIn: false, response: { 200: okSchema } });
  app.get(HEALTH_PATH, health, async () => ({ status: 'ok' }));

  const ready = routeContract({
    summary: 'Readiness probe: database and photo store answer (503 NOT_READY otherwise)',
    signedIn: false,
    response: { 200: okSchema },
  });
  app.get(READY_PATH, ready, async (request, reply) => {
    const failures = (
      await Promise.all([
        check('database', () => sql`select 1`.execute(options.database.db)),
        check('photo store', () => options.photoStore.checkReachable()),
      ])
    ).filter((failure) => failure !== null);
    if (failures.length === 0) return { status: 'ok' };
    request.log.warn({ failures }, 'not ready');
    const body: ApiErrorBody = { message: NOT_READY_MESSAGE, code: 'NOT_READY' };
    return reply.status(503).header('Retry-After', '5').send(body);
  });
}

/** Runs one check with a deadline; null when it passed, else what went wrong (for the log). */
async function check(
  name: string,
  run: () => Promise<unknown>,
): Promise<{ name: string; error: string } | null> {
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
    return { name, error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
