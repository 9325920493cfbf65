// The Tightlines server exactly as server/main.ts builds it, but serving the web build given on the command
// line instead of dist/web: the page benchmarks measure the build `npm run bench` made in its own folder, so a
// rebuild of dist/web meanwhile (another terminal, `npm test`) cannot change or break what is being measured.
// Usage (bench/run.ts starts it): node bench/page-server.ts WEB_ROOT, configured by the same environment.
// The History map screen is measured with map tiles: they come from a local stand-in for the tile provider
// (real 256 px PNGs, as in the browser tests) started here, since the benchmark has no internet.
import path from 'node:path';
import { loadConfig } from '../server/config/config.ts';
import { buildProductionApp } from '../server/production-app.ts';
import { startFakeTileServer } from '../server/test-support/fake-tile-server.ts';

const webRoot = process.argv[2];
if (!webRoot) {
  console.error('usage: node bench/page-server.ts WEB_ROOT');
  process.exit(1);
}
const tiles = await startFakeTileServer();
process.env.MAP_TILE_URL = tiles.template;
const config = loadConfig();
const { app, database } = await buildProductionApp(config, path.resolve(webRoot));
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => tiles.close())
    .then(() => process.exit(0));
});
await app.listen({ port: config.port, host: config.host });
