import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiRequest } from './api-paths.ts';

/**
 * The origins of our own native apps' web views, and only those (docs/decisions/017-native-apps.md). The iOS app
 * (Capacitor, ios/) loads the web build from `capacitor://localhost` (capacitor.config.ts: iosScheme + hostname;
 * scripts/native/ios.test.ts keeps the two in step). The Android app is a Trusted Web Activity on our own origin,
 * so it is a browser like any other and needs nothing here.
 */
export const NATIVE_APP_ORIGINS: readonly string[] = ['capacitor://localhost'];

/** Where the server sends a native app its session token (login, registration); exposed to it by CORS. */
export const SESSION_TOKEN_HEADER = 'x-session-token';

const ALLOWED_METHODS = 'GET, POST, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type';
/** What the app may read from an answer besides the CORS-safelisted headers. */
const EXPOSED_HEADERS = `${SESSION_TOKEN_HEADER}, Retry-After`;
/** How long the web view may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** A request from our native app's web view: its Origin is one of NATIVE_APP_ORIGINS (a browser page never has it). */
export function isNativeAppRequest(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && NATIVE_APP_ORIGINS.includes(origin);
}

/**
 * CORS for the native origins only. Their /api requests (preflights included) get Access-Control-Allow-Origin
 * naming them; every other origin gets no CORS header at all, so a browser keeps refusing to show it our answers.
 * Credentials are not allowed: the native app signs in with a bearer token, never with a cookie.
 */
export function installNativeCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request) || !isNativeAppRequest(request)) return;
    reply.header('Access-Control-Allow-Origin', request.headers.origin);
    reply.header('Vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      return reply
        .status(204)
        .header('Access-Control-Allow-Methods', ALLOWED_METHODS)
        .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        .header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS))
        .send();
    }
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  });
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(request.headers.authorization ?? '');
  return match?.[1];
}
