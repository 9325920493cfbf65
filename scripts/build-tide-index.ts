import path from 'node:path';
import { buildTideIndexBytes, TIDE_INDEX_FILE, writeTideIndexFile } from '../server/tides/tide-index.ts';

/**
 * `npm run build` (and `npm start` when it is missing or stale): reads the tide database package once into the
 * compact index the server reads at its first tide question (server/tides/tide-index.ts), so the server never
 * imports the package itself.
 */
const started = performance.now();
const bytes = await buildTideIndexBytes();
writeTideIndexFile(bytes);
console.log(
  `Tide index: ${path.relative(process.cwd(), TIDE_INDEX_FILE)}, ${(bytes.length / 1024 / 1024).toFixed(1)} MB in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);
