import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '#core/user.ts';
import type { Clock } from '../clock.ts';
import type { SessionTransport } from '../db/schema.ts';
import { isApiRequest } from '../http/api-paths.ts';
import { notSignedIn } from '../http/app-error.ts';
import { bearerToken, isNativeAppRequest, SESSION_TOKEN_HEADER } from '../http/native-clients.ts';
import { logAsUser } from '../http/request-log.ts';
import { SESSION_ABSOLUTE_MS, type SessionRepository } from './session.repository.ts';

export const SESSION_COOKIE = 'tightlines_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie for every /api request; null when signed out. */
    user: User | null;
  }
}

/**
 * How this request carries a session token. A browser sends it in the HttpOnly cookie; our native iOS app (whose
 * web view cannot keep a cookie for our origin, docs/decisions/017-native-apps.md) sends `Authorization: Bearer`,
 * and only there: a native request's cookie is never read, and a browser's bearer header never is either, so the
 * cookie session keeps exactly the CSRF rules it has. Each session is handed out for one of the two and is refused
 * the other way (session.repository.ts).
 */
function sessionTransportOf(request: FastifyRequest): SessionTransport {
  return isNativeAppRequest(request) ? 'bearer' : 'cookie';
}

/** The session token a request came with, the way its transport carries it. */
function sessionTokenOf(request: FastifyRequest): string | undefined {
  return sessionTransportOf(request) === 'bearer' ? bearerToken(request) : request.cookies[SESSION_COOKIE];
}

/** Resolves `request.user` from the session token before every API handler. */
export function installSessionResolver(
  app: FastifyInstance,
  sessions: SessionRepository,
  clock: Clock,
): void {
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (request) => {
    const token = sessionTokenOf(request);
    if (!token || !isApiRequest(request)) return;
    request.user = await sessions.findUser(token, sessionTransportOf(request), clock.now());
    if (request.user) logAsUser(request, request.user.id);
  });
}

/** The signed-in user, or a 401. Every route that touches a user's data starts here. */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw notSignedIn();
  return request.user;
}

/**
 * Starts a session for the user, for this request's transport, and hands its token over: the cookie in a browser,
 * the X-Session-Token header to the native app.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionRepository,
  userId: number,
  now: Date,
): Promise<void> {
  const transport = sessionTransportOf(request);
  const token = await sessions.create(userId, transport, now);
  if (transport === 'bearer') reply.header(SESSION_TOKEN_HEADER, token);
  else setSessionCookie(request, reply, token);
}

/** Ends the session the request came with, if it came with one (a token sent the wrong way ends nothing). */
export async function endSession(request: FastifyRequest, sessions: SessionRepository): Promise<void> {
  const token = sessionTokenOf(request);
  if (token) await sessions.delete(token, sessionTransportOf(request));
}

/** Tells the client its session is over (the native app forgets its token when logout answers). */
export function forgetSessionToken(request: FastifyRequest, reply: FastifyReply): void {
  if (!isNativeAppRequest(request)) clearSessionCookie(request, reply);
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
