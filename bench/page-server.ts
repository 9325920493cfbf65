// The Tightlines server exactly as server/main.ts builds it, but serving the web build given on the command
// line instead of dist/web: the page benchmarks measure the build `npm run bench` made in its own folder, so a
// rebuild of dist/web meanwhile (another terminal, `npm test`) cannot change or break what is being measured.
// Usage (bench/run.ts starts it): node bench/page-server.ts WEB_ROOT, configured by the same environment.
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { OpenMeteoProvider } from '../server/conditions/open-meteo.provider.ts';
import { loadConfig } from '../server/config/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { DiskPhotoStore } from '../server/photos/photo-store.ts';
import { loadGeoNamesGeocoder } from '../server/places/reverse-geocoder.ts';

const webRoot = process.argv[2];
if (!webRoot) {
  console.error('usage: node bench/page-server.ts WEB_ROOT');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(config.database);
const app = await buildApp({
  database,
  photoStore: new DiskPhotoStore(path.join(config.dataDir, 'photos')),
  geocoder: loadGeoNamesGeocoder(),
  weatherProvider: new OpenMeteoProvider(config.weatherApiUrl),
  rateLimits: config.rateLimits,
  logLevel: config.logLevel,
  trustProxy: config.trustProxy,
  webRoot: path.resolve(webRoot),
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
await app.listen({ port: config.port, host: config.host });
