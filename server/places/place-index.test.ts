import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPlaceIndexBytes,
  loadPlaceIndex,
  type PlaceIndex,
  placeIndexFileIsCurrent,
  placeName,
  readPlaceIndex,
  writePlaceIndexFile,
} from './place-index.ts';
import { coordinateName, geoNamesGeocoder } from './reverse-geocoder.ts';

// The index `npm run build` writes to dist/places/ and the one the server builds in memory without it must be the
// same, so the geocoder answers the same names either way (decision 022 moved the parsing out of the server's start).
let dir: string;
let file: string;
let built: Buffer;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tightlines-place-index-'));
  file = path.join(dir, 'cities500.idx');
  writePlaceIndexFile(file);
  built = buildPlaceIndexBytes();
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const placeCount = (index: PlaceIndex) => index.tiers.reduce((sum, tier) => sum + tier.populations.length, 0);

describe('the place index file', () => {
  it('holds exactly the bytes built in memory, and is current', () => {
    expect(readFileSync(file).equals(built)).toBe(true);
    expect(placeIndexFileIsCurrent(file)).toBe(true);
  });

  it('reads back every place with its name, region and coordinates', () => {
    const index = readPlaceIndex(readFileSync(file));
    if (!index) throw new Error('not read');
    expect(placeCount(index)).toBeGreaterThan(190_000);
    // Tiers by population: < 5,000, < 50,000, < 500,000, larger.
    expect(index.tiers.map((tier) => tier.maxPopulation < 5_000)).toEqual([true, false, false, false]);
    const names = index.tiers.flatMap((tier) =>
      Array.from({ length: tier.populations.length }, (_, id) => placeName(tier, id)),
    );
    expect(names).toContain('Woodruff');
    expect(names).toContain('Zürich');
    expect(names).toContain('Tokyo');
    // Woodruff, Wisconsin (966 people): the smallest tier.
    const villages = index.tiers[0];
    if (!villages) throw new Error('no tier');
    const id = Array.from({ length: villages.populations.length }, (_, i) => i).find(
      (i) =>
        placeName(villages, i) === 'Woodruff' &&
        index.regions[villages.regions[i] ?? 0]?.name === 'Wisconsin',
    );
    if (id === undefined) throw new Error('no Woodruff, Wisconsin');
    expect(villages.coordinates[2 * id + 1]).toBeCloseTo(45.9, 1);
    expect(villages.coordinates[2 * id]).toBeCloseTo(-89.7, 1);
    expect(villages.populations[id]).toBe(966);
    expect(index.regions[villages.regions[id] ?? 0]).toEqual({ name: 'Wisconsin', country: 'US' });
  });

  it('made from other inputs is stale: not read, and the server builds the index instead', () => {
    const stale = Buffer.from(built);
    stale[20] = (stale[20] ?? 0) ^ 0xff; // a byte of the key: another parser, other data, another byte order
    const staleFile = path.join(dir, 'stale.idx');
    writeFileSync(staleFile, stale);
    expect(placeIndexFileIsCurrent(staleFile)).toBe(false);
    expect(readPlaceIndex(stale)).toBeNull();
    expect(readPlaceIndex(Buffer.from('not an index'))).toBeNull();

    const fromStale = loadPlaceIndex(staleFile);
    expect(fromStale.source).toBe('built');
    expect(placeCount(fromStale.index)).toBe(placeCount(loadPlaceIndex(file).index));
    expect(loadPlaceIndex(file).source).toBe('file');
    expect(loadPlaceIndex(path.join(dir, 'missing.idx')).source).toBe('built');
  }, 60_000);
});

describe('the geocoder over the index', () => {
  it('reads nothing until the first name is asked for, then keeps it', () => {
    let loads = 0;
    const geocoder = geoNamesGeocoder(() => {
      loads++;
      return loadPlaceIndex(file).index;
    });
    expect(loads).toBe(0);
    expect(geocoder.nameAt(45.9, -89.7)).toBe('Woodruff, Wisconsin, US');
    expect(geocoder.nameAt(0, -140)).toBe(coordinateName(0, -140));
    expect(loads).toBe(1);
  });

  it('answers exactly the same names from the file as from the index built in memory', () => {
    const fromFile = geoNamesGeocoder(() => loadPlaceIndex(file).index);
    const inMemory = geoNamesGeocoder(() => {
      const index = readPlaceIndex(built);
      if (!index) throw new Error('not read');
      return index;
    });
    let seed = 14;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const named = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      // Land-heavy latitudes, and everywhere else.
      const lat = i % 2 ? random() * 120 - 55 : random() * 180 - 90;
      const lon = random() * 360 - 180;
      const name = fromFile.nameAt(lat, lon);
      expect(name, `${lat},${lon}`).toBe(inMemory.nameAt(lat, lon));
      named.add(name.includes('°') ? '°' : name.startsWith('Near ') ? 'near' : 'place');
    }
    expect(named).toEqual(new Set(['°', 'near', 'place']));
  });
});
