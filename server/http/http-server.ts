// The HTTP side of the app, what every route shares: the Fastify server with our options, then the policies that
// wrap every request (its id and log line, the error bodies, security headers, body parsing, the global limit,
// CSRF, the drain). server/app.ts builds the app from this and the features.
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { fastifyTrustProxy, type TrustProxy } from '../config/trust-proxy.ts';
import type { SharedLimitStore } from '../rate-limit/shared-limit-store.ts';
import { installNoStoreOnApiAnswers, isApiRequest, routedPath } from './api-paths.ts';
import { answerClientError } from './client-errors.ts';
import { installCsrfGuard } from './csrf-guard.ts';
import { type Draining, installConnectionCloseWhileDraining } from './draining.ts';
import { answerError, installErrorHandler } from './error-handler.ts';
import { installNativeCors } from './native-clients.ts';
import { installOpenApi } from './openapi.ts';
import { installRequestLog, type RequestObserver, requestIdOf } from './request-log.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { installHstsOverHttps } from './transport-security.ts';
import { installUnreadBodyHandling } from './unread-body.ts';

/** JSON bodies above this are refused with 413. */
const MAX_JSON_BYTES = 2 * 1024 * 1024;
/**
 * A body refused before it was read is read to its end (and dropped) up to this size, so a phone sending a photo
 * a little over the 20 MB limit still receives our 413 on a connection that stays usable; beyond it the connection
 * is closed (http/unread-body.ts).
 */
const MAX_DRAINED_BODY_BYTES = 64 * 1024 * 1024;

/** Strict CSP: scripts only from our origin, no inline scripts, nothing framed, no third-party hosts. */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Radix positions popovers with inline style attributes; scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

export interface HttpServerOptions {
  logLevel?: string;
  /** Where the log lines go (JSON, one per line): stdout when not given. */
  logDestination?: { write(line: string): void };
  /** Whose X-Forwarded-* headers to believe; nobody's when not given. */
  trustProxy?: TrustProxy;
}

/** The Fastify server, before any plugin or route. */
export function createHttpServer(options: HttpServerOptions): FastifyInstance {
  return Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      stream: options.logDestination,
    },
    // One line per request of our own, naming the route, not the URL (request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    bodyLimit: MAX_JSON_BYTES,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    // Never let a slow client hold a request open forever.
    requestTimeout: 120_000,
    // A request that arrives on a kept-alive connection while the server closes is served (with Connection: close),
    // not refused with 503: a balancer would pass that 503 to the client (docs/decisions/032-degrade-and-drain.md).
    return503OnClosing: false,
    // What Node's parser refuses itself (400, 408, 431) gets our { message, code } body too.
    clientErrorHandler: answerClientError,
    // A URL Fastify cannot decode (/api/catches/%) is refused before routing, by default with Fastify's own body.
    frameworkErrors: answerError,
  });
}

export interface HttpPolicies {
  /** Routes whose requests are logged at debug and never count against the global limit (the balancer's probes). */
  probeRoutes: readonly string[];
  /** Told of every answered request (the metrics). */
  observer?: RequestObserver;
  /** The largest photo an upload may carry. */
  maxUploadBytes: number;
  /** Requests per minute per IP over the whole API; 0 turns the limit off. */
  globalPerMinute: number;
  /** Where the global limit counts when several instances share it; in the process if not given. */
  globalLimitStore?: SharedLimitStore;
  draining: Draining;
  /** The session cookie's name, for the OpenAPI document. */
  sessionCookie: string;
}

/** Everything that wraps every request, in the order it must be installed (before any route). */
export async function installHttpPolicies(app: FastifyInstance, policies: HttpPolicies): Promise<void> {
  installRequestLog(app, { debugRoutes: policies.probeRoutes, observer: policies.observer });
  installErrorHandler(app);
  // Before any route: the OpenAPI document learns every route as it is registered.
  installOpenApi(app, { sessionCookie: policies.sessionCookie });
  installUnreadBodyHandling(app, MAX_DRAINED_BODY_BYTES);
  // Fastify parses text/plain by default; a plain-text body is how a cross-site form would forge a request.
  app.removeContentTypeParser('text/plain');

  installSecurityHeaders(app, {
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    crossOriginEmbedderPolicy: false,
    // Sent by installHstsOverHttps, only where it means something.
    strictTransportSecurity: false,
  });
  installHstsOverHttps(app);
  installNoStoreOnApiAnswers(app);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: policies.maxUploadBytes, files: 1, fields: 10, parts: 12 },
  });
  // Before the global limit, so the iOS app can read a 429 too (decision 017).
  installNativeCors(app);
  if (policies.globalPerMinute > 0) {
    const probes = new Set(policies.probeRoutes);
    await app.register(fastifyRateLimit, {
      max: policies.globalPerMinute,
      timeWindow: 60_000,
      // Counted in Redis when there is one (shared by every instance, kept across restarts), else in this process.
      redis: policies.globalLimitStore,
      nameSpace: 'global-limit:',
      // Redis being away turns the flood guard off rather than failing every request (shared-limit-store.ts).
      skipOnError: true,
      // The balancer's probes come every few seconds from one address and must never be refused.
      allowList: (request) => !isApiRequest(request) || probes.has(routedPath(request)),
      errorResponseBuilder: () => ({
        statusCode: 429,
        message: 'Too many requests. Please wait a moment and try again.',
      }),
    });
  }
  installCsrfGuard(app);
  installConnectionCloseWhileDraining(app, policies.draining);
}
