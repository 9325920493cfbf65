import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The path a request is about: the pattern of the route it was routed to, or for a request no route took, the
 * path of its URL. Never the raw request target: in absolute form (`POST http://host/api/login`, which HTTP/1.1
 * servers must accept) the raw `request.url` starts with the scheme, and a check on it would miss an API request
 * the router still sends to the API route.
 */
export function routedPath(request: FastifyRequest): string {
  const routeUrl = request.routeOptions.url;
  if (routeUrl !== undefined) return routeUrl;
  const target = request.url.startsWith('/')
    ? request.url
    : request.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  return target.split(/[?#]/, 1)[0] || '/';
}

export function isApiRequest(request: FastifyRequest): boolean {
  return routedPath(request).startsWith('/api/');
}

/**
 * Every API answer, success or error, photos included, is `Cache-Control: no-store`: nothing a signed-in angler
 * saw may stay in the browser's HTTP cache for the next person on a shared phone (docs/product.md#api-rules). What offline
 * use needs is kept by the service worker in Cache Storage, which logout clears.
 */
export function installNoStoreOnApiAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiRequest(request)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
