import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AccountRepository } from './account/account.repository.ts';
import { accountRoutes } from './account/account.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { argon2idHasher, type PasswordHasher } from './auth/password-hasher.ts';
import { SessionRepository } from './auth/session.repository.ts';
import { installSessionResolver, SESSION_COOKIE } from './auth/session.ts';
import { UserRepository } from './auth/user.repository.ts';
import { CatchRepository } from './catches/catch.repository.ts';
import { catchesRoutes } from './catches/catches.routes.ts';
import { type Clock, systemClock } from './clock.ts';
import { CATCH_WEATHER_INTERVAL_MS, CatchWeatherJob } from './conditions/catch-weather-job.ts';
import type { PastWeatherProvider } from './conditions/past-weather.provider.ts';
import { TRIP_EFFORT_INTERVAL_MS, TripEffortJob } from './conditions/trip-effort-job.ts';
import type { RateLimits } from './config/config.ts';
import {
  type AccountLimits,
  DEFAULT_ACCOUNT_LIMITS,
  DEFAULT_IMPORTS_AT_ONCE,
  type TileSourceSettings,
} from './config/settings.ts';
import type { TrustProxy } from './config/trust-proxy.ts';
import type { AppDatabase } from './db/database.ts';
import { DEFAULT_IMPORT_MAX_BYTES, exportRoutes } from './export/export.routes.ts';
import { HEALTH_PATH, healthRoutes, READY_PATH } from './health/health.routes.ts';
import { type AppLinks, installAppLinks, NO_APP_LINKS } from './http/app-links.ts';
import { Draining } from './http/draining.ts';
import { createHttpServer, installHttpPolicies } from './http/http-server.ts';
import { serveWebApp } from './http/web-app.ts';
import { InsightRepository } from './insights/insight.repository.ts';
import { insightsRoutes } from './insights/insights.routes.ts';
import { ExpiredRowsSweeper, SWEEP_INTERVAL_MS } from './maintenance/expired-rows-sweeper.ts';
import { AppMetrics } from './metrics/app-metrics.ts';
import { METRICS_PATH, type MetricsSource, metricsRoutes } from './metrics/metrics.routes.ts';
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
import { SpotRepository } from './spots/spot.repository.ts';
import { spotsRoutes } from './spots/spots.routes.ts';
import { StatsRepository } from './stats/stats.repository.ts';
import { statsRoutes } from './stats/stats.routes.ts';
import { TideStations } from './tides/tide-stations.ts';
import { tidesRoutes } from './tides/tides.routes.ts';
import { TideService } from './tides/tides.service.ts';
import { TileCache } from './tiles/tile-cache.ts';
import { TileFetchBudget, tilesRoutes } from './tiles/tiles.routes.ts';
import { TripRepository } from './trips/trip.repository.ts';
import { tripsRoutes } from './trips/trips.routes.ts';
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
  /** The weather of past hours for the catches' conditions; without it no catch gets its weather. */
  pastWeatherProvider?: PastWeatherProvider;
  /** How often the catch weather job looks for work when not woken; null: never started (tests run its passes). */
  catchWeatherIntervalMs?: number | null;
  /**
   * How often the trip effort job (built with the catch weather job) looks for work when not woken; null: never
   * started. When not given, the catch weather job's (so tests that run that job's passes by hand start neither).
   */
  tripEffortIntervalMs?: number | null;
  /** The tide stations (read from the built index at the first tide question when not given). */
  tideStations?: TideStations;
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
  /** Imports run at once (IMPORTS_AT_ONCE), each account one at a time; DEFAULT_IMPORTS_AT_ONCE when not given. */
  importsAtOnce?: number;
  /** What one account may store (defaults: DEFAULT_ACCOUNT_LIMITS). */
  accountLimits?: AccountLimits;
  clock?: Clock;
  hasher?: PasswordHasher;
  logLevel?: string;
  /** Where the log lines go (JSON, one per line): stdout when not given; tests read them. */
  logDestination?: { write(line: string): void };
  /** Whose X-Forwarded-* headers to believe (TRUST_PROXY); nobody's when not given. */
  trustProxy?: TrustProxy;
  /** Where the global per-IP limit counts when several instances share it (REDIS_URL); in the process if unset. */
  globalLimitStore?: SharedLimitStore;
  /** How often expired sessions and rate-limit rows are deleted (tests shorten it). */
  sweepIntervalMs?: number;
  /**
   * How long after start the conditions jobs wait before their first pass (a new catch wakes them sooner): a
   * server answers its first requests before it catches up on work left from before (default 0: at once).
   */
  jobsFirstPassDelayMs?: number;
  /** What /.well-known/assetlinks.json and apple-app-site-association answer (404s when not given). */
  appLinks?: AppLinks;
  /** Set when the server is told to stop (server/serve.ts): readiness fails and connections close after answers. */
  draining?: Draining;
  /** What the app counts for GET /api/metrics (a new set when not given). */
  metrics?: AppMetrics;
  /** The bearer token GET /api/metrics asks for (METRICS_TOKEN); no metrics endpoint when not given. */
  metricsToken?: string;
  /** How GET /api/metrics renders: this app's metrics by default, the host's sum in a cluster worker. */
  metricsSource?: MetricsSource;
  /** The built web app (dist/web) to serve, or null for an API-only app (tests). */
  webRoot?: string | null;
}

/** What the app is made of, in the order it is put together: every route sees every policy installed before it. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const db = deps.database.db;
  const metrics = deps.metrics ?? new AppMetrics();
  const draining = deps.draining ?? new Draining();
  const app = createHttpServer(deps);
  deps.database.onConnectionError((error) => app.log.warn({ err: error }, 'database connection error'));

  await installHttpPolicies(app, {
    probeRoutes: [HEALTH_PATH, READY_PATH, METRICS_PATH],
    observer: (...request) => metrics.observeRequest(...request),
    maxUploadBytes: MAX_UPLOAD_BYTES,
    globalPerMinute: deps.rateLimits.globalPerMinute,
    globalLimitStore: deps.globalLimitStore,
    draining,
    sessionCookie: SESSION_COOKIE,
  });

  // What the features share.
  const sessions = new SessionRepository(db);
  const users = new UserRepository(db);
  const rateLimiter = new DatabaseRateLimiter(db, clock);
  const hasher = deps.hasher ?? argon2idHasher;
  // Every save that leaves a catch 'pending' wakes the weather job after its commit (docs/decisions/042-weather-at-a-catch.md);
  // the job is built below, with the weather budget.
  let catchWeather: CatchWeatherJob | undefined;
  const catches = new CatchRepository(db, {
    limits: deps.accountLimits,
    clock,
    onConditionsPending: () => catchWeather?.wake(),
  });
  const photos = new PhotoRepository(db);
  const photoStore = deps.photoStore;
  const imageJobs = deps.imageJobs ?? new ImageJobQueue({ concurrency: 1, maxWaiting: 8 });
  const images = deps.images ?? new ImageWorker();
  const quotaBytes = deps.photoQuotaBytes ?? DEFAULT_PHOTO_QUOTA_BYTES;
  const { rateLimits } = deps;
  const weatherBudget = new WeatherBudget(
    {
      perUserPerHour: rateLimits.weatherLookupsPerUserPerHour,
      perMinute: rateLimits.weatherUpstreamPerMinute,
      perDay: rateLimits.weatherUpstreamPerDay,
    },
    clock,
  );
  // The tide routes and the conditions of a catch (TideService.tideAt) share one service.
  const tides = new TideService(deps.tideStations ?? new TideStations(), clock);
  // Both weather jobs ask the same provider, out of the same budget.
  const weatherJobDeps = deps.pastWeatherProvider && {
    tides,
    db,
    provider: deps.pastWeatherProvider,
    budget: weatherBudget,
    clock,
    log: app.log,
  };
  // Fills the weather of saved catches in the background; a save wakes it (catchWeather.wake()).
  catchWeather = weatherJobDeps && new CatchWeatherJob(weatherJobDeps);
  app.decorate('catchWeather', catchWeather ?? null);
  // Works out each ended trip's effort (docs/decisions/044-insights.md); trip writes and imports wake it.
  const tripEffort = weatherJobDeps && new TripEffortJob(weatherJobDeps);
  app.decorate('tripEffort', tripEffort ?? null);
  const tiles = deps.mapTiles && {
    cache: new TileCache(deps.mapTiles.source, deps.mapTiles.cacheBytes, clock),
    budget: new TileFetchBudget(deps.mapTiles.fetchesPerUserPerMinute, clock),
  };

  // The features.
  await app.register(healthRoutes, { database: deps.database, draining });
  await app.register(metricsRoutes, {
    source: deps.metricsSource ?? ((format) => metrics.render(format)),
    token: deps.metricsToken ?? null,
  });
  installSessionResolver(app, sessions, clock);
  await app.register(authRoutes, { users, sessions, hasher, rateLimiter, rateLimits, clock });
  await app.register(accountRoutes, {
    accounts: new AccountRepository(db),
    users,
    sessions,
    hasher,
    rateLimiter,
    rateLimits,
    clock,
  });
  await app.register(catchesRoutes, {
    catches,
    photos,
    // A photo a catch showed keeps its files for a grace period after its record goes (photo-removal.ts), so a
    // backup taken meanwhile never restores a catch without its photo.
    photoStore: new DelayedRemovalPhotoStore(photoStore, photos, clock),
    clock,
    countReplay: () => metrics.countReplay('create'),
    placeNameAt: (latitude, longitude) => deps.geocoder.nameAt(latitude, longitude),
  });
  const limits = { ...DEFAULT_ACCOUNT_LIMITS, ...deps.accountLimits };
  // One each, shared by their routes and the export and import (docs/decisions/043-trips-and-spots.md).
  const spots = new SpotRepository(db, { maxSpots: limits.spots, clock });
  const trips = new TripRepository(db, {
    maxTrips: limits.trips,
    clock,
    onEffortPending: () => tripEffort?.wake(),
  });
  await app.register(spotsRoutes, {
    spots,
    countReplay: () => metrics.countReplay('create'),
  });
  await app.register(tripsRoutes, {
    trips,
    countReplay: () => metrics.countReplay('create'),
  });
  await app.register(insightsRoutes, { insights: new InsightRepository(db, { clock }) });
  await app.register(statsRoutes, { stats: new StatsRepository(db), clock });
  await app.register(photosRoutes, {
    photos,
    photoStore,
    rateLimiter,
    uploadsPerUser: rateLimits.uploadsPerUser,
    quotaBytes,
    imageJobs,
    images,
    clock,
  });
  await app.register(exportRoutes, {
    catches,
    spots,
    trips,
    photos,
    photoStore,
    imageJobs,
    images,
    quotaBytes,
    importMaxBytes: deps.importMaxBytes ?? DEFAULT_IMPORT_MAX_BYTES,
    importSpoolDir: deps.importSpoolDir,
    importsAtOnce: deps.importsAtOnce ?? DEFAULT_IMPORTS_AT_ONCE,
    maxCatchesPerAccount: (deps.accountLimits ?? DEFAULT_ACCOUNT_LIMITS).catches,
    clock,
  });
  await app.register(placesRoutes, { geocoder: deps.geocoder });
  await app.register(weatherRoutes, {
    weather: new WeatherService(deps.weatherProvider, deps.geocoder, clock, weatherBudget),
  });
  await app.register(tidesRoutes, { tides });

  if (tiles) await app.register(tilesRoutes, { tiles: tiles.cache, budget: tiles.budget });
  installAppLinks(app, deps.appLinks ?? NO_APP_LINKS);
  await serveWebApp(app, deps.webRoot, SESSION_COOKIE);

  // What runs beside the requests, stopped before the database closes.
  const rowsSweeper = new ExpiredRowsSweeper({ sessions, rateLimiter, clock, log: app.log });
  app.addHook('onReady', async () => rowsSweeper.start(deps.sweepIntervalMs ?? SWEEP_INTERVAL_MS));
  app.addHook('onClose', () => rowsSweeper.stop());
  const stopPhotoSweeper = new PhotoSweeper({ photos, photoStore, clock, log: app.log }).start();
  app.addHook('onClose', async () => stopPhotoSweeper());
  app.addHook('onClose', () => images.close());
  if (catchWeather) {
    const intervalMs =
      deps.catchWeatherIntervalMs === undefined ? CATCH_WEATHER_INTERVAL_MS : deps.catchWeatherIntervalMs;
    if (intervalMs !== null) {
      app.addHook('onReady', async () => catchWeather.start(intervalMs, deps.jobsFirstPassDelayMs));
    }
    app.addHook('onClose', () => catchWeather.stop());
  }
  if (tripEffort) {
    const intervalMs =
      deps.tripEffortIntervalMs !== undefined
        ? deps.tripEffortIntervalMs
        : deps.catchWeatherIntervalMs === undefined
          ? TRIP_EFFORT_INTERVAL_MS
          : deps.catchWeatherIntervalMs;
    if (intervalMs !== null) {
      app.addHook('onReady', async () => tripEffort.start(intervalMs, deps.jobsFirstPassDelayMs));
    }
    app.addHook('onClose', () => tripEffort.stop());
  }

  observeTheApp(metrics, {
    database: deps.database,
    photoStore,
    globalLimitStore: deps.globalLimitStore,
    imageJobs,
    weatherBudget,
    catchWeather,
    tripEffort,
    tiles,
  });
  return app;
}

/** A check of a shared service takes at most this long in a scrape (Prometheus waits 10 s by default). */
const SCRAPE_CHECK_TIMEOUT_MS = 3000;

/** 1 when `check` succeeds within the deadline, else 0. */
async function answers(check: () => Promise<unknown>): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer')), SCRAPE_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), deadline]);
    return 1;
  } catch {
    return 0;
  } finally {
    clearTimeout(timer);
  }
}

/** What the metrics read at each scrape from the parts of the app (docs/decisions/031-metrics-and-request-ids.md). */
function observeTheApp(
  metrics: AppMetrics,
  app: {
    database: AppDatabase;
    photoStore: PhotoStore;
    globalLimitStore: SharedLimitStore | undefined;
    imageJobs: ImageJobQueue;
    weatherBudget: WeatherBudget;
    catchWeather: CatchWeatherJob | undefined;
    tripEffort: TripEffortJob | undefined;
    tiles: { cache: TileCache; budget: TileFetchBudget } | undefined;
  },
): void {
  metrics.gauge(
    'tightlines_dependency_up',
    'Whether a shared service answers (1) or not (0)',
    ['dependency'],
    async () => {
      const up: [Record<string, string>, number][] = [
        [{ dependency: 'database' }, await answers(() => sql`select 1`.execute(app.database.db))],
        [{ dependency: 'photo_store' }, await answers(() => app.photoStore.checkReachable())],
      ];
      if (app.globalLimitStore) {
        up.push([{ dependency: 'redis' }, app.globalLimitStore.status === 'ready' ? 1 : 0]);
      }
      return up;
    },
  );
  metrics.gauge(
    'tightlines_image_jobs',
    'Photos being decoded (running) and waiting their turn',
    ['state'],
    () => {
      const { running, waiting } = app.imageJobs.size;
      return [
        [{ state: 'running' }, running],
        [{ state: 'waiting' }, waiting],
      ];
    },
  );
  metrics.gauge(
    'tightlines_database_pool_connections',
    'The PostgreSQL pool: connections open, idle and the most it opens; queries waiting for one',
    ['state'],
    () => {
      const pool = app.database.poolUse();
      if (!pool) return [];
      return [
        [{ state: 'open' }, pool.open],
        [{ state: 'idle' }, pool.idle],
        [{ state: 'max' }, pool.max],
        [{ state: 'waiting' }, pool.waiting],
      ];
    },
  );
  metrics.gauge(
    'tightlines_weather_upstream_calls',
    "Calls to the weather provider in the current window, and the server's budget for it",
    ['window', 'kind'],
    () =>
      app.weatherBudget
        .usage()
        .flatMap(({ window, used, limit }) => [
          [{ window, kind: 'used' }, used] as const,
          [{ window, kind: 'limit' }, limit] as const,
        ]),
  );
  metrics.counter(
    'tightlines_weather_refusals_total',
    "Weather lookups refused because a budget was spent: one angler's (user) or the server's (server)",
    ['budget'],
    () => [
      [{ budget: 'user' }, app.weatherBudget.refused.user],
      [{ budget: 'server' }, app.weatherBudget.refused.server],
    ],
  );
  if (app.catchWeather) {
    observeWeatherJob(metrics, app.catchWeather, {
      calls: 'tightlines_catch_weather_provider_calls_total',
      what: 'the catch weather job',
      backlog: 'catch_weather',
    });
  }
  if (app.tripEffort) {
    observeWeatherJob(metrics, app.tripEffort, {
      calls: 'tightlines_trip_effort_provider_calls_total',
      what: 'the trip effort job',
      backlog: 'trip_effort',
    });
  }
  const { tiles } = app;
  if (tiles) {
    metrics.counter(
      'tightlines_tile_fetches_total',
      'Map tiles fetched from the provider (kept tiles are not)',
      [],
      () => [[{}, tiles.cache.upstreamFetches]],
    );
    metrics.counter(
      'tightlines_tile_refusals_total',
      "Map tile fetches refused because an account spent its minute's budget",
      [],
      () => [[{}, tiles.budget.refused]],
    );
    metrics.gauge('tightlines_tile_cache_bytes', 'Bytes of map tiles kept in memory', [], () => [
      [{}, tiles.cache.sizeBytes],
    ]);
  }
}

/** A background job's provider calls by result, and its backlog. */
function observeWeatherJob(
  metrics: AppMetrics,
  job: CatchWeatherJob | TripEffortJob,
  names: { calls: string; what: string; backlog: string },
): void {
  metrics.counter(
    names.calls,
    `Weather provider calls by ${names.what} (the budget's calls include them), by result`,
    ['result'],
    () => [
      [{ result: 'ok' }, job.providerCalls.ok],
      [{ result: 'failed' }, job.providerCalls.failed],
    ],
  );
  metrics.reportBacklog(names.backlog, () => job.pendingCount());
}
