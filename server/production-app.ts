import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { OpenMeteoPastWeatherProvider } from './conditions/past-weather.provider.ts';
import { type AppConfig, ConfigError, type PhotoStoreConfig } from './config/config.ts';
import { type AppDatabase, openDatabase } from './db/database.ts';
import { Draining } from './http/draining.ts';
import { AppMetrics } from './metrics/app-metrics.ts';
import { clusterMetricsSource } from './metrics/cluster-metrics.ts';
import { DiskPhotoStore, type PhotoStore, PhotoStoreUnavailableError } from './photos/photo-store.ts';
import { PLACE_INDEX_FILE, placeIndexFileIsCurrent } from './places/place-index.ts';
import { loadGeoNamesGeocoder } from './places/reverse-geocoder.ts';
import {
  closeSharedLimitStore,
  logLimitStoreState,
  openSharedLimitStore,
  waitUntilConnected,
} from './rate-limit/shared-limit-store.ts';
import { TIDE_INDEX_FILE, tideIndexFileIsCurrent } from './tides/tide-index.ts';
import { OpenMeteoProvider } from './weather/open-meteo.provider.ts';

/** How long the server waits for Redis at start before it serves with the global limit off until Redis answers. */
const REDIS_START_WAIT_MS = 3000;
// The conditions jobs' catching up on pending catches (their first pass reads the tide index and asks the weather
// provider) waits this long after start, so it does not slow the first answers; a catch saved meanwhile wakes them.
const JOBS_FIRST_PASS_DELAY_MS = 5000;

/**
 * The app with its real dependencies, as the configuration describes them: the database, the photo store (disk
 * or S3), the embedded geocoder and Open-Meteo. Used by server/main.ts and by the benchmarks' page server.
 */
export async function buildProductionApp(
  config: AppConfig,
  webRoot: string,
): Promise<{ app: FastifyInstance; database: AppDatabase; draining: Draining }> {
  const database = await openDatabase(config.database, { server: true });
  const draining = new Draining();
  const metrics = new AppMetrics();
  const photoStore = await openPhotoStore(config.photoStore);
  // Only the global limit counts in Redis: with that limit off there is nothing to connect for.
  const limitStore =
    config.redis && config.rateLimits.globalPerMinute > 0 ? openSharedLimitStore(config.redis) : undefined;
  const app = await buildApp({
    database,
    photoStore,
    geocoder: loadGeoNamesGeocoder(),
    weatherProvider: new OpenMeteoProvider(config.weatherApiUrl),
    pastWeatherProvider: new OpenMeteoPastWeatherProvider({
      forecast: config.weatherApiUrl,
      archive: config.weatherArchiveApiUrl,
    }),
    mapTiles: config.mapTiles,
    rateLimits: config.rateLimits,
    photoQuotaBytes: config.photoQuotaBytes,
    importsAtOnce: config.importsAtOnce,
    accountLimits: config.accountLimits,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    appLinks: config.appLinks,
    globalLimitStore: limitStore,
    metrics,
    metricsToken: config.metricsToken ?? undefined,
    // Several workers on this host: a scrape answers with all of them, gathered by the primary.
    metricsSource: cluster.isWorker ? clusterMetricsSource(metrics.registry) : undefined,
    draining,
    webRoot,
    jobsFirstPassDelayMs: JOBS_FIRST_PASS_DELAY_MS,
  });
  if (database.newerMigrations.length > 0) {
    app.log.warn(
      { newerMigrations: database.newerMigrations },
      `The database was migrated by a newer release (${database.newerMigrations.join(', ')}): this release serves ` +
        'on it and ignores what those migrations added (a rollback; docs/deploy.md)',
    );
  }
  if (!placeIndexFileIsCurrent()) {
    app.log.warn(
      `No current place index at ${PLACE_INDEX_FILE} (npm run build writes it): the first place name will take ` +
        'about a second to build it in memory',
    );
  }
  if (!tideIndexFileIsCurrent()) {
    app.log.warn(
      `No current tide station index at ${TIDE_INDEX_FILE} (npm run build writes it): the first tide question ` +
        'will wait a few seconds while a worker builds it',
    );
  }
  if (limitStore) {
    logLimitStoreState(limitStore, app.log);
    app.addHook('onClose', () => closeSharedLimitStore(limitStore));
    if (!(await waitUntilConnected(limitStore, REDIS_START_WAIT_MS))) {
      app.log.warn(
        `Redis at REDIS_URL did not answer within ${REDIS_START_WAIT_MS} ms: starting with the global limit off until it does`,
      );
    }
  }
  try {
    await checkPhotoStoreAtStart(photoStore, config.photoStore, app);
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
  return { app, database, draining };
}

/** The configured photo store. The AWS SDK (~30 MB and ~130 ms of start-up) is loaded only for an S3 store. */
export async function openPhotoStore(config: PhotoStoreConfig): Promise<PhotoStore> {
  if (config.kind !== 's3') return new DiskPhotoStore(config.dir);
  const { S3PhotoStore } = await import('./photos/s3-photo-store.ts');
  return new S3PhotoStore(config.s3);
}

/**
 * A store that answers "no such bucket" or "wrong keys" is the operator's mistake: the server does not start (one
 * clear line, like a bad setting). A store that does not answer at all may be on its way up: the server starts,
 * photo requests answer 503 until it is back.
 */
async function checkPhotoStoreAtStart(
  store: PhotoStore,
  config: PhotoStoreConfig,
  app: FastifyInstance,
): Promise<void> {
  try {
    await store.checkReachable();
  } catch (error) {
    if (error instanceof PhotoStoreUnavailableError) {
      app.log.warn({ err: error }, 'the photo store does not answer: photo requests get 503 until it does');
      return;
    }
    if (config.kind === 's3') {
      const { endpoint, bucket } = config.s3;
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const reason =
        status === 404
          ? 'does not exist (create it: Tightlines does not create buckets)'
          : `refused us (HTTP ${status ?? '?'} ${(error as Error).name}: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION)`;
      throw new ConfigError(
        `Invalid configuration:\n  S3_BUCKET: bucket '${bucket}' at ${endpoint ?? 'AWS S3'} ${reason}`,
      );
    }
    throw error;
  }
}
