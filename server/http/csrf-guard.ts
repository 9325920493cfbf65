import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { isNativeAppRequest } from './native-clients.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Cross-site request forgery guard (docs/product.md#security). A browser always labels a cross-site request with
 * Sec-Fetch-Site and/or Origin, so those are refused with 403. A request with neither header (curl, a
 * script) cannot carry a victim's cookie from another site, and is judged by its content type alone:
 * only JSON and multipart bodies, which a plain HTML form cannot send, are accepted (415 otherwise).
 * Our native app's web view (NATIVE_APP_ORIGINS, which no browser page can claim) is cross-site by nature and
 * passes the origin checks; it carries no cookie (its session is a bearer token, session.ts), so there is nothing
 * ambient to forge, and the content-type rule still applies to it.
 */
export function installCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const nativeApp = isNativeAppRequest(request);
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' && !nativeApp) {
      throw new AppError(403, 'CROSS_SITE', 'Cross-site request refused');
    }
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== requestOrigin(request) && !nativeApp) {
      throw new AppError(403, 'CROSS_SITE', 'Cross-site request refused');
    }
    const contentType = (request.headers['content-type'] ?? '').toLowerCase();
    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0;
    const acceptable =
      contentType.startsWith('application/json') || contentType.startsWith('multipart/form-data');
    if ((hasBody || contentType !== '') && !acceptable) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON (application/json) or a multipart form');
    }
  });
}
