import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (Content-Security-Policy, X-Content-Type-Options, X-Frame-Options, …) on every answer:
 * pages, assets, API, errors, 404s. Worked out once, when the app is built: @fastify/helmet ran helmet(options)
 * anew for every request, rebuilding and re-serialising the CSP from its directives (7–8 % of the CPU of a
 * GET /api/catches and 9 KB of garbage per request, decision 022) to send the same strings every time. The options
 * are static (no nonces, no per-request directives), so the headers are too.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  // Set on the raw response before anything else runs, as helmet did, so every answer carries them.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers helmet's middleware sets for `options`, in its order. */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
      return response;
    },
    // helmet removes X-Powered-By, which Node never sets.
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
