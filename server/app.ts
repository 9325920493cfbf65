import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '#core/api-error.ts';
import { AccountRepository } from './account/account.repository.ts';
import { accountRoutes } from './account/account.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { argon2idHasher, type PasswordHasher } from './auth/password-hasher.ts';
import { SessionRepository } from './auth/session.repository.ts';
import { installSessionResolver } from './auth/session.ts';
import { UserRepository } from './auth/user.repository.ts';
import { type AccountLimits, CatchRepository } from './catches/catch.repository.ts';
import { catchesRoutes } from './catches/catches.routes.ts';
import { type Clock, systemClock } from './clock.ts';
import type { RateLimits } from './config/config.ts';
import { fastifyTrustProxy, type TrustProxy } from './config/trust-proxy.ts';
import type { AppDatabase } from './db/database.ts';
import { DEFAULT_IMPORT_MAX_BYTES, exportRoutes } from './export/export.routes.ts';
import { HEALTH_PATH, healthRoutes, READY_PATH } from './health/health.routes.ts';
import { installNoStoreOnApiAnswers, isApiRequest, routedPath } from './http/api-paths.ts';
import { type AppLinks, installAppLinks, NO_APP_LINKS } from './http/app-links.ts';
import { answerClientError } from './http/client-errors.ts';
import { installCsrfGuard } from './http/csrf-guard.ts';
import { answerError, installErrorHandler } from './http/error-handler.ts';
import { installNativeCors } from './http/native-clients.ts';
import { installOpenApi } from './http/openapi.ts';
import { routePreloadLinks } from './http/route-preloads.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installHstsOverHttps } from './http/transport-security.ts';
import { installUnreadBodyHandling } from './http/unread-body.ts';
import { ExpiredRowsSweeper, SWEEP_INTERVAL_MS } from './maintenance/expired-rows-sweeper.ts';
import { ImageJobQueue } from './photos/image-job-queue.ts';
import { ImageWorker } from './photos/image-worker-client.ts';
import { PhotoRepository } from './photos/photo.repository.ts';
import type { PhotoProcessor } from './photos/photo-processing.ts';
import { DelayedRemovalPhotoStore } from './photos/photo-removal.ts';
import type { PhotoStore } from './photos/photo-store.ts';
import { PhotoSweeper } from './photos/photo-sweeper.ts';
import { DEFAULT_PHOTO_QUOTA_BYTES, MAX_UPLOAD_BYTES, photosRoutes } from './photos/photos.routes.ts';
import { placesRoutes } from './places/places.routes.ts';
import type { ReverseGeocoder } from './places/reverse-geocoder.ts';
import { DatabaseRateLimiter } from './rate-limit/rate-limit.repository.ts';
import type { SharedLimitStore } from './rate-limit/shared-limit-store.ts';
import { TileCache } from './tiles/tile-cache.ts';
import type { TileSourceSettings } from './tiles/tile-source.ts';
import { TileFetchBudget, tilesRoutes } from './tiles/tiles.routes.ts';
import type { WeatherProvider } from './weather/open-meteo.provider.ts';
import { weatherRoutes } from './weather/weather.routes.ts';
import { WeatherService } from './weather/weather.service.ts';
import { WeatherBudget } from './weather/weather-budget.ts';

/** Everything with a side effect is passed in, so tests can build the same app on a fresh database. */
export interface AppDependencies {
  database: AppDatabase;
  photoStore: PhotoStore;
  geocoder: ReverseGeocoder;
  weatherProvider: WeatherProvider;
  /** Where map tiles come from (MAP_TILE_*), and how many bytes of them the server keeps in memory; no tiles if not given. */
  mapTiles?: { source: TileSourceSettings; cacheBytes: number; fetchesPerUserPerMinute: number };
  rateLimits: RateLimits;
  /** Bytes of photos one account may store (PHOTO_QUOTA_MB); 1 GB when not given. */
  photoQuotaBytes?: number;
  /** Where uploads wait their turn to be decoded; by default one at a time, with up to 8 waiting. */
  imageJobs?: ImageJobQueue;
  /** What decodes and re-encodes uploads; by default the image worker (a child process, started when needed). */
  images?: PhotoProcessor;
  /** The largest file POST /api/import takes (413 above); 512 MB when not given. */
  importMaxBytes?: number;
  /** Where POST /api/import spools its upload; the system's temporary folder when not given. */
  importSpoolDir?: string;
  /** What one account may store (defaults: DEFAULT_ACCOUNT_LIMITS). */
  accountLimits?: AccountLimits;
  clock?: Clock;
  hasher?: PasswordHasher;
  logLevel?: string;
  /** Whose X-Forwarded-* headers to believe (TRUST_PROXY); nobody's when not given. */
  trustProxy?: TrustProxy;
  /** Where the global per-IP limit counts when several instances share it (REDIS_URL); in the process if unset. */
  globalLimitStore?: SharedLimitStore;
  /** How often expired sessions and rate-limit rows are deleted (tests shorten it). */
  sweepIntervalMs?: number;
  /** What /.well-known/assetlinks.json and apple-app-site-association answer (404s when not given). */
  appLinks?: AppLinks;
  /** The built web app (dist/web) to serve, or null for an API-only app (tests). */
  webRoot?: string | null;
}

/** JSON bodies above this are refused with 413 (DESIGN §4). */
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

function isProbe(request: FastifyRequest): boolean {
  const pathname = routedPath(request);
  return pathname === HEALTH_PATH || pathname === READY_PATH;
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const db = deps.database.db;
  const app = Fastify({
    logger: { level: deps.logLevel ?? 'info', redact: ['req.headers.cookie', 'req.headers.authorization'] },
    bodyLimit: MAX_JSON_BYTES,
    trustProxy: fastifyTrustProxy(deps.trustProxy ?? false),
    // Never let a slow client hold a request open forever.
    requestTimeout: 120_000,
    // What Node's parser refuses itself (400, 408, 431) gets our { message, code } body too.
    clientErrorHandler: answerClientError,
    // A URL Fastify cannot decode (/api/catches/%) is refused before routing, by default with Fastify's own body.
    frameworkErrors: answerError,
  });

  installErrorHandler(app);
  // Before any route: the OpenAPI document learns every route as it is registered.
  installOpenApi(app);
  installUnreadBodyHandling(app, MAX_DRAINED_BODY_BYTES);
  deps.database.onConnectionError((error) => app.log.warn({ err: error }, 'database connection error'));
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
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
  });
  // Before the global limit, so the iOS app can read a 429 too (decision 017).
  installNativeCors(app);
  if (deps.rateLimits.globalPerMinute > 0) {
    await app.register(fastifyRateLimit, {
      max: deps.rateLimits.globalPerMinute,
      timeWindow: 60_000,
      // Counted in Redis when there is one (shared by every instance, kept across restarts), else in this process.
      redis: deps.globalLimitStore,
      nameSpace: 'global-limit:',
      // Redis being away turns the flood guard off rather than failing every request (shared-limit-store.ts).
      skipOnError: true,
      // The balancer's probes come every few seconds from one address and must never be refused.
      allowList: (request) => !isApiRequest(request) || isProbe(request),
      errorResponseBuilder: () => ({
        statusCode: 429,
        message: 'Too many requests. Please wait a moment and try again.',
      }),
    });
  }
  installCsrfGuard(app);

  await app.register(healthRoutes, { database: deps.database, photoStore: deps.photoStore });
  const sessions = new SessionRepository(db);
  installSessionResolver(app, sessions, clock);
  const rateLimiter = new DatabaseRateLimiter(db, clock);
  const sweeper = new ExpiredRowsSweeper({ sessions, rateLimiter, clock, log: app.log });
  app.addHook('onReady', async () => sweeper.start(deps.sweepIntervalMs ?? SWEEP_INTERVAL_MS));
  app.addHook('onClose', async () => {
    await sweeper.stop();
  });
  const photos = new PhotoRepository(db);

  const users = new UserRepository(db);
  const hasher = deps.hasher ?? argon2idHasher;
  await app.register(authRoutes, {
    users,
    sessions,
    hasher,
    rateLimiter,
    rateLimits: deps.rateLimits,
    clock,
  });
  await app.register(accountRoutes, {
    accounts: new AccountRepository(db),
    users,
    sessions,
    hasher,
    rateLimiter,
    rateLimits: deps.rateLimits,
    clock,
  });
  const catches = new CatchRepository(db, deps.accountLimits);
  const imageJobs = deps.imageJobs ?? new ImageJobQueue({ concurrency: 1, maxWaiting: 8 });
  const images = deps.images ?? new ImageWorker();
  app.addHook('onClose', () => images.close());
  const quotaBytes = deps.photoQuotaBytes ?? DEFAULT_PHOTO_QUOTA_BYTES;
  await app.register(catchesRoutes, {
    catches,
    photos,
    // A photo a catch showed keeps its files for a grace period after its record goes (photo-removal.ts), so a
    // backup taken meanwhile never restores a catch without its photo.
    photoStore: new DelayedRemovalPhotoStore(deps.photoStore, photos, clock),
    clock,
  });
  await app.register(photosRoutes, {
    photos,
    photoStore: deps.photoStore,
    rateLimiter,
    uploadsPerUser: deps.rateLimits.uploadsPerUser,
    quotaBytes,
    imageJobs,
    images,
    clock,
  });
  await app.register(exportRoutes, {
    catches,
    photos,
    photoStore: deps.photoStore,
    imageJobs,
    images,
    quotaBytes,
    importMaxBytes: deps.importMaxBytes ?? DEFAULT_IMPORT_MAX_BYTES,
    importSpoolDir: deps.importSpoolDir,
    clock,
  });
  const stopPhotoSweeper = new PhotoSweeper({
    photos,
    photoStore: deps.photoStore,
    clock,
    log: app.log,
  }).start();
  app.addHook('onClose', async () => stopPhotoSweeper());
  await app.register(placesRoutes, { geocoder: deps.geocoder });
  await app.register(weatherRoutes, {
    weather: new WeatherService(
      deps.weatherProvider,
      deps.geocoder,
      clock,
      new WeatherBudget(
        {
          perUserPerHour: deps.rateLimits.weatherLookupsPerUserPerHour,
          perMinute: deps.rateLimits.weatherUpstreamPerMinute,
          perDay: deps.rateLimits.weatherUpstreamPerDay,
        },
        clock,
      ),
    ),
  });

  if (deps.mapTiles) {
    await app.register(tilesRoutes, {
      tiles: new TileCache(deps.mapTiles.source, deps.mapTiles.cacheBytes, clock),
      budget: new TileFetchBudget(deps.mapTiles.fetchesPerUserPerMinute, clock),
    });
  }

  installAppLinks(app, deps.appLinks ?? NO_APP_LINKS);

  // The built web app, if there is one: without it (API tests, a missing build) only the API is served.
  const webRoot = deps.webRoot && existsSync(path.join(deps.webRoot, 'index.html')) ? deps.webRoot : null;
  if (deps.webRoot && !webRoot) app.log.warn(`No web build in ${deps.webRoot}: run npm run build`);
  const preloadLinks = webRoot ? routePreloadLinks(webRoot) : new Map<string, string>();
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build ships .br and .gz twins of every text file (scripts/precompress.ts).
      preCompressed: true,
      // Source maps are not published (vite.config.ts builds none); a stray one in the folder is not served.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every asset name; everything else must be revalidated.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Unknown API paths and missing files are 404s; any other GET is a client-side route of the single-page app.
  app.setNotFoundHandler((request, reply) => {
    const pathname = routedPath(request);
    const namesAFile = /\.[a-z0-9]+$/i.test(pathname);
    if (webRoot && request.method === 'GET' && !pathname.startsWith('/api/') && !namesAFile) {
      const preload = preloadLinks.get(pathname);
      if (preload) reply.header('Link', preload);
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', webRoot);
    }
    const what = pathname.startsWith('/api/') ? 'endpoint' : 'page or file';
    const body: ApiErrorBody = {
      message: `No such ${what}: ${request.method} ${pathname}`,
      code: 'NOT_FOUND',
    };
    return reply.status(404).send(body);
  });

  return app;
}
