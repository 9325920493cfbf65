import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '#core/user.ts';
import type { Clock } from '../clock.ts';
import { isApiRequest } from '../http/api-paths.ts';
import { notSignedIn } from '../http/app-error.ts';
import { SESSION_ABSOLUTE_MS, type SessionRepository } from './session.repository.ts';

export const SESSION_COOKIE = 'tightlines_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie for every /api request; null when signed out. */
    user: User | null;
  }
}

/** Resolves `request.user` from the session cookie before every API handler. */
export function installSessionResolver(
  app: FastifyInstance,
  sessions: SessionRepository,
  clock: Clock,
): void {
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !isApiRequest(request)) return;
    request.user = await sessions.findUser(token, clock.now());
  });
}

/** The signed-in user, or a 401. Every route that touches a user's data starts here. */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw notSignedIn();
  return request.user;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
