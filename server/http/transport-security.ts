import type { FastifyInstance } from 'fastify';

/** What helmet would send: a year, subdomains included. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security only on answers that went over HTTPS (directly, or through a proxy we trust, which
 * `request.protocol` reads from X-Forwarded-Proto). Browsers ignore it over plain http (RFC 6797, section 8.1), and
 * sending it there tells a LAN or development host to be reached over an https that it may not have.
 */
export function installHstsOverHttps(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  });
}
