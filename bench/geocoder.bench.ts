// Reverse geocoder figures: time to load the place index (the file `npm run build` writes, else built from the
// GeoNames list), the memory it keeps, and time per lookup.
// Run: npx node --expose-gc bench/geocoder.bench.ts (without --expose-gc the memory figures include garbage).
import { placeIndexFileIsCurrent } from '../server/places/place-index.ts';
import { loadGeoNamesGeocoder } from '../server/places/reverse-geocoder.ts';

const collectGarbage = (globalThis as { gc?: () => void }).gc;
function memory() {
  collectGarbage?.();
  const { heapUsed, external, rss } = process.memoryUsage();
  return { heapUsed, external, rss };
}

const before = memory();
const loadStarted = performance.now();
const loadCpuStarted = process.cpuUsage();
const fromFile = placeIndexFileIsCurrent();
const geocoder = loadGeoNamesGeocoder();
// The index is read at the first look-up.
geocoder.nameAt(45.9, -89.7);
const loadMs = performance.now() - loadStarted;
const loadCpu = process.cpuUsage(loadCpuStarted);
const after = memory();

// A fixed pseudo-random sequence, so runs compare.
let seed = 42;
function random(): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
}

type Spot = [lat: number, lon: number];

// Uniform over the globe (mostly ocean: the coordinate-name path, which searches the widest radius).
const anywhere: Spot[] = Array.from({ length: 20_000 }, () => [
  (Math.asin(2 * random() - 1) * 180) / Math.PI,
  random() * 360 - 180,
]);
// Around dense regions (Netherlands, Ruhr, Java, Manila, Tokyo, New York): the most places per search.
const denseCentres: Spot[] = [
  [52.1, 5.1],
  [51.45, 7.0],
  [-7.0, 110.4],
  [14.6, 121.0],
  [35.68, 139.7],
  [40.71, -74.0],
];
const dense: Spot[] = Array.from({ length: 20_000 }, (_, i) => {
  const [lat, lon] = denseCentres[i % denseCentres.length] ?? [0, 0];
  return [lat + (random() - 0.5) * 0.6, lon + (random() - 0.5) * 0.6];
});

function perLookupMicroseconds(spots: Spot[]): { mean: number; p99: number } {
  for (const [lat, lon] of spots.slice(0, 2000)) geocoder.nameAt(lat, lon); // warm-up
  const times: number[] = [];
  for (const [lat, lon] of spots) {
    const started = performance.now();
    geocoder.nameAt(lat, lon);
    times.push((performance.now() - started) * 1000);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return { mean, p99: times[Math.floor(times.length * 0.99)] ?? Number.NaN };
}

const global = perLookupMicroseconds(anywhere);
const crowded = perLookupMicroseconds(dense);

const row = (label: string, value: string) => console.log(`${label.padEnd(38)} ${value}`);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
row(
  `load (first look-up, ${fromFile ? 'from dist/places' : 'built in memory'})`,
  `${loadMs.toFixed(0)} ms (${((loadCpu.user + loadCpu.system) / 1000).toFixed(0)} ms CPU)`,
);
row('lookup, anywhere on Earth (mean / p99)', `${global.mean.toFixed(1)} µs / ${global.p99.toFixed(1)} µs`);
row('lookup, dense regions (mean / p99)', `${crowded.mean.toFixed(1)} µs / ${crowded.p99.toFixed(1)} µs`);
row('JS heap before / after load', `${mb(before.heapUsed)} / ${mb(after.heapUsed)}`);
row('typed arrays and buffers before / after', `${mb(before.external)} / ${mb(after.external)}`);
row('process RSS before / after load', `${mb(before.rss)} / ${mb(after.rss)}`);
if (!collectGarbage) console.log('(run with --expose-gc for memory figures without garbage)');
