// One log line per request, and an id that follows it (docs/decisions/031-metrics-and-request-ids.md):
//  - the id comes from X-Request-Id when the balancer set one (deploy/haproxy.cfg does), so a request can be
//    followed from HAProxy's log to the instance's; otherwise a new UUID. It is returned in the answer's
//    X-Request-Id and is on every log line of the request (pino's `reqId`), with `userId` once the user is known;
//  - the line names the route pattern (`/api/tiles/:z/:x/:y`), never the URL: query strings and path values hold
//    anglers' spots (coordinates, tiles, search words), which the server's log must not keep;
//  - the balancer's probes are logged at debug: every few seconds from every balancer, they drowned the rest.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routedPath } from './api-paths.ts';

const REQUEST_ID_HEADER = 'x-request-id';
/** What an id we take from a header may look like: short, and nothing a log reader could be fooled by. */
const ACCEPTED_REQUEST_ID = /^[\w.:@+=/-]{1,128}$/;

/** Fastify's genReqId: the balancer's id when it sent a sound one, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Every later log line of this request names the user (the session resolved, or a login or registration). */
export function logAsUser(request: FastifyRequest, userId: number): void {
  request.log = request.log.child({ userId });
}

/** Told of every answered request: its method, route pattern (a label of bounded values), status and seconds. */
export type RequestObserver = (method: string, route: string, status: number, seconds: number) => void;

/** The route label of a request no route took: the SPA's shell and its files, or an unknown API path. */
const UNROUTED_API = '(unknown API path)';
const UNROUTED_OTHER = '(web app)';

export function installRequestLog(
  app: FastifyInstance,
  options: { debugRoutes: readonly string[]; observer?: RequestObserver },
): void {
  const debugRoutes = new Set(options.debugRoutes);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routedPath(request);
    request.log[debugRoutes.has(route) ? 'debug' : 'info'](
      {
        method: request.method,
        route,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ip: request.ip,
      },
      'request',
    );
    // Never the path of an unrouted request: scanners would make a label value of every URL they try.
    const label = request.routeOptions.url ?? (route.startsWith('/api/') ? UNROUTED_API : UNROUTED_OTHER);
    options.observer?.(request.method, label, reply.statusCode, reply.elapsedTime / 1000);
  });
}
