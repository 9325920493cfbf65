import path from 'node:path';
import { PLACE_INDEX_FILE, writePlaceIndexFile } from '../server/places/place-index.ts';

/**
 * `npm run build` (and `npm start` when it is missing or stale): parses GeoNames' cities500 once into the binary
 * place index the server reads at its first reverse geocoding (server/places/place-index.ts), so no server start
 * parses 32 MB of text.
 */
const started = performance.now();
const { bytes } = writePlaceIndexFile();
console.log(
  `Place index: ${path.relative(process.cwd(), PLACE_INDEX_FILE)}, ${(bytes / 1024 / 1024).toFixed(1)} MB in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);
