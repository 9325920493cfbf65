import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { OpenMeteoProvider } from './conditions/open-meteo.provider.ts';
import type { AppConfig } from './config/config.ts';
import { type AppDatabase, openDatabase } from './db/database.ts';
import { DiskPhotoStore } from './photos/photo-store.ts';
import { loadGeoNamesGeocoder } from './places/reverse-geocoder.ts';

/**
 * The app with its real dependencies, as the configuration describes them: the database, the disk photo store,
 * the embedded geocoder and Open-Meteo. Used by server/main.ts and by the benchmarks' page server.
 */
export async function buildProductionApp(
  config: AppConfig,
  webRoot: string,
): Promise<{ app: FastifyInstance; database: AppDatabase }> {
  const database = await openDatabase(config.database);
  const app = await buildApp({
    database,
    photoStore: new DiskPhotoStore(path.join(config.dataDir, 'photos')),
    geocoder: loadGeoNamesGeocoder(),
    weatherProvider: new OpenMeteoProvider(config.weatherApiUrl),
    rateLimits: config.rateLimits,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    webRoot,
  });
  return { app, database };
}
