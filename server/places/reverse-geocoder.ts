// Offline reverse geocoding (docs/product.md#location, decision 006): coordinates → a short place name such as 'Woodruff, Wisconsin, US', from
// GeoNames' cities500 list (~200,000 populated places with 500 people or more, and the seats of administrative
// divisions), indexed in k-d trees (kdbush) and searched by great-circle distance (geokdbush). No third party learns
// where the angler fishes. The list, its regions ('Wisconsin', from admin1-names.json) and the trees come from
// place-index.ts, in a compact binary form that `npm run build` prepares and the first look-up reads.
// Decision record: docs/decisions/006-place-names.md.
import { around, distance } from 'geokdbush';
import type KDBush from 'kdbush';
import { PLACE_MATCHES_MAX, type PlaceMatch } from '#core/places.ts';
import { loadPlaceIndex, type PlaceIndex, type PlaceTier, placeName } from './place-index.ts';

export interface ReverseGeocoder {
  /** A human-readable name for a spot; never throws for valid coordinates (RangeError for invalid ones). */
  nameAt(lat: number, lon: number): string;
  /**
   * The places whose name matches `search` ('tahoe', 'Tahoe City, California'), best first: the whole name, then
   * its start, then the start of one of its words; among equals the larger place. Text after a comma narrows by
   * region or country. Used where the device's position is not to be had (docs/decisions/026-choosing-a-place.md).
   */
  findPlaces(search: string, limit?: number): PlaceMatch[];
}

/** Lower case, without accents, single spaces: how names are compared ('Vänersborg' → 'vanersborg'). */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const SPACE = 32;
const HYPHEN = 45;
const PARENTHESIS = 40;

/** Every name of a tier folded (fold()), as one UTF-8 blob with offsets, like the index's own names. */
interface FoldedNames {
  names: Buffer;
  offsets: Uint32Array;
}

function foldNames(tier: PlaceTier): FoldedNames {
  const count = tier.populations.length;
  const offsets = new Uint32Array(count + 1);
  const parts: Buffer[] = [];
  let offset = 0;
  for (let id = 0; id < count; id++) {
    const folded = Buffer.from(fold(placeName(tier, id)), 'utf8');
    offsets[id] = offset;
    offset += folded.length;
    parts.push(folded);
  }
  offsets[count] = offset;
  return { names: Buffer.concat(parts), offsets };
}

/** How well a folded name matches the folded needle: 0 the whole name, 1 its start, 2 a word's start, 3 not. */
function nameMatch(names: Buffer, start: number, end: number, needle: Buffer): number {
  const length = needle.length;
  const matchesAt = (at: number) =>
    at + length <= end && names.compare(needle, 0, length, at, at + length) === 0;
  if (matchesAt(start)) return end - start === length ? 0 : 1;
  for (let at = names.indexOf(needle, start + 1); at !== -1 && at + length <= end; ) {
    const before = names[at - 1];
    if (before === SPACE || before === HYPHEN || before === PARENTHESIS) return 2;
    at = names.indexOf(needle, at + 1);
  }
  return 3;
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

// On geokdbush's sphere (radius 6371 km) a degree of latitude is 111.19 km; rounded down, boxes come out larger.
const KM_PER_DEGREE_OF_LATITUDE = 111;

/** A tier of the index (place-index.ts), with how far its largest place reaches: how far to look in it. */
interface Tier extends PlaceTier {
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

function placeTable(index: PlaceIndex): PlaceTable {
  return {
    // reachKm grows with the population, so the largest place of a tier reaches the farthest.
    tiers: index.tiers.map((tier) => ({ ...tier, maxReachKm: reachKm(tier.maxPopulation) })),
    regions: index.regions.map(({ name, country }) => ({
      name,
      suffix: name ? `, ${name}, ${country}` : `, ${country}`,
      countrySuffix: `, ${country}`,
    })),
  };
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

/** The first index i with offsets[i] > value (offsets ascending). */
function upperBound(offsets: Uint32Array, value: number): number {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((offsets[middle] as number) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

class GeoNamesGeocoder implements ReverseGeocoder {
  private readonly load: () => PlaceIndex;
  private loaded: PlaceTable | undefined;
  private foldedNames: FoldedNames[] | undefined;

  constructor(load: () => PlaceIndex) {
    this.load = load;
  }

  /** The index, read (or built) on the first look-up rather than at start: most requests never need it. */
  private get places(): PlaceTable {
    this.loaded ??= placeTable(this.load());
    return this.loaded;
  }

  /** 'Woodruff, Wisconsin, US'; 'Tokyo, JP' where the division has the place's name. */
  private label({ tier, id }: Found): string {
    const name = placeName(tier, id);
    const region = this.places.regions[tier.regions[id] ?? 0];
    if (!region) return name;
    return `${name}${region.name.toLowerCase() === name.toLowerCase() ? region.countrySuffix : region.suffix}`;
  }

  findPlaces(search: string, limit = PLACE_MATCHES_MAX): PlaceMatch[] {
    const [namePart = '', ...regionParts] = search.split(',');
    const needle = fold(namePart);
    const within = fold(regionParts.join(' '));
    if (needle.length < 2) return [];
    const needleBytes = Buffer.from(needle, 'utf8');
    // The names folded once, at the first search (~2 MB), so a search compares bytes and decodes nothing.
    this.foldedNames ??= this.places.tiers.map(foldNames);
    const found: { place: Found; rank: number; population: number }[] = [];
    for (const [t, tier] of this.places.tiers.entries()) {
      const { names, offsets } = this.foldedNames[t] as FoldedNames;
      const places = tier.populations.length;
      for (let id = 0; id < places; id++) {
        const start = offsets[id] as number;
        const end = offsets[id + 1] as number;
        // Quick refusal: the needle is nowhere in this name.
        const first = names.indexOf(needleBytes, start);
        if (first === -1) break;
        if (first >= end) {
          // Not in this name: skip to the place whose name holds the next occurrence (the loop adds the 1).
          id = upperBound(offsets, first) - 2;
          continue;
        }
        const rank = nameMatch(names, start, end, needleBytes);
        if (rank === 3) continue;
        found.push({ place: { tier, id }, rank, population: tier.populations[id] ?? 0 });
      }
    }
    found.sort((a, b) => a.rank - b.rank || b.population - a.population);
    const matches: PlaceMatch[] = [];
    for (const { place } of found) {
      const name = this.label(place);
      // 'Tahoe City, Calif' or ', US': the region or country must start with what follows the comma.
      if (
        within &&
        !fold(name.slice(name.indexOf(',') + 1))
          .split(', ')
          .some((part) => part.startsWith(within))
      ) {
        continue;
      }
      matches.push({
        name,
        latitude: place.tier.coordinates[2 * place.id + 1] ?? 0,
        longitude: place.tier.coordinates[2 * place.id] ?? 0,
      });
      if (matches.length === limit) break;
    }
    return matches;
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
 * The GeoNames geocoder, one per process. Costs nothing until its first look-up, which reads the index that
 * `npm run build` prepared (dist/places/, ~12 MB, a few milliseconds) or, when there is none or it is stale,
 * builds the same index from cities500 (about half a second of CPU, once).
 */
export function loadGeoNamesGeocoder(): ReverseGeocoder {
  shared ??= geoNamesGeocoder(() => loadPlaceIndex().index);
  return shared;
}

/** A geocoder over the index `load` gives, called at its first look-up (tests compare indexes with it). */
export function geoNamesGeocoder(load: () => PlaceIndex): ReverseGeocoder {
  return new GeoNamesGeocoder(load);
}
