import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTideIndexBytes,
  loadTideIndex,
  readTideIndex,
  type TideIndex,
  tideIndexFileIsCurrent,
  writeTideIndexFile,
} from './tide-index.ts';
import { TideStations } from './tide-stations.ts';

/**
 * The index holds what the tide database package holds, for the stations we may use, and nothing else; a stale or
 * missing file is never used, and the index built in a worker instead is the same.
 */

interface PackageStation {
  id: string;
  kind: string;
  name: string;
  timezone: string;
  latitude: number;
  longitude: number;
  chart_datum?: string;
  datums: Record<string, number>;
  license: { commercial_use: boolean };
  attribution: string;
  harmonic_constituents: { name: string; amplitude: number; phase: number }[];
  offsets?: { reference: string; time: { high: number; low: number }; height: { high: number; low: number } };
}

describe('the tide station index', () => {
  let bytes: Buffer;
  let index: TideIndex;
  let byId: Map<string, PackageStation>;
  let dir: string;

  beforeAll(async () => {
    bytes = await buildTideIndexBytes();
    index = readTideIndex(bytes) as TideIndex;
    const database = (await import('@neaps/tide-database')) as unknown as { allStations: PackageStation[] };
    byId = new Map(database.allStations.map((station) => [station.id, station]));
    dir = mkdtempSync(path.join(tmpdir(), 'tightlines-tide-index-'));
  }, 120_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const stations = () => new TideStations(async () => ({ index }));
  const stationById = async (id: string) => {
    const i = index.stations.findIndex((station) => station.id === id);
    expect(i, id).toBeGreaterThanOrEqual(0);
    const source = byId.get(id) as PackageStation;
    const found = await stations().nearest(source.latitude, source.longitude, 0.1);
    expect(found?.station.id).toBe(id);
    return { ours: found?.station, theirs: source };
  };

  it.each([
    ['noaa/8443970', 'NOAA CO-OPS'], // Boston: a NOAA reference station
    ['ticon/brest-822-fra-uhslc_fd', 'TICON-4'],
  ])('keeps %s (%s) as the database has it, constants to 0.01 mm and 0.001°', async (id, source) => {
    const { ours, theirs } = await stationById(id);
    expect(ours?.source).toBe(source);
    expect(ours?.name).toBe(theirs.name);
    expect(ours?.timeZone).toBe(theirs.timezone);
    expect(ours?.attribution).toBe(theirs.attribution);
    expect(ours?.datum).toBe(theirs.chart_datum);
    const chart = theirs.datums[theirs.chart_datum as string] as number;
    expect(ours?.datumOffset).toBeCloseTo((theirs.datums.MSL as number) - chart, 5);
    expect(ours?.offsets).toBeNull();
    expect(ours?.constituents).toHaveLength(theirs.harmonic_constituents.length);
    for (const [i, constituent] of theirs.harmonic_constituents.entries()) {
      expect(ours?.constituents[i]?.name).toBe(constituent.name);
      expect(
        Math.abs((ours?.constituents[i]?.amplitude as number) - constituent.amplitude),
      ).toBeLessThanOrEqual(5e-6);
      expect(Math.abs((ours?.constituents[i]?.phase as number) - constituent.phase)).toBeLessThanOrEqual(
        5e-4,
      );
    }
  });

  it("keeps a subordinate station's corrections, with its reference station's constants stored once", async () => {
    const subordinate = [...byId.values()].find(
      (station) =>
        station.kind === 'tide' && station.offsets && index.stations.some((s) => s.id === station.id),
    ) as PackageStation;
    const { ours, theirs } = await stationById(subordinate.id);
    const offsets = theirs.offsets as NonNullable<PackageStation['offsets']>;
    expect(ours?.offsets).toMatchObject({
      reference: offsets.reference,
      time: offsets.time,
      height: { high: expect.closeTo(offsets.height.high, 4), low: expect.closeTo(offsets.height.low, 4) },
    });
    expect(ours?.constituents.map((constituent) => constituent.name)).toEqual(
      theirs.harmonic_constituents.map((constituent) => constituent.name),
    );
    // Far fewer rows of constants than stations times constituents: references' constants are shared.
    const rowsIfRepeated = index.stations.reduce(
      (sum, _, i) => sum + (index.constituentCount[i] as number),
      0,
    );
    expect(index.amplitude.length).toBeLessThan(rowsIfRepeated * 0.75);
  });

  it('leaves out tidal currents, stations whose licence forbids commercial use, and stations without constants', () => {
    const ids = new Set(index.stations.map((station) => station.id));
    const leftOut = [...byId.values()].filter((station) => !ids.has(station.id));
    expect(leftOut.some((station) => station.kind === 'current')).toBe(true);
    expect(ids.has('ticon/a121tg-a12-nld-cmems')).toBe(false); // CC BY-NC 4.0
    expect(byId.get('ticon/a121tg-a12-nld-cmems')?.license.commercial_use).toBe(false);
    expect(ids.has('chs-campbell-river')).toBe(false); // no constants
    for (const station of index.stations) {
      const theirs = byId.get(station.id) as PackageStation;
      expect(theirs.kind).toBe('tide');
      expect(theirs.license.commercial_use).toBe(true);
    }
    expect(index.stations.length).toBeGreaterThan(5000);
  });

  it('is not read from a file made from other inputs, and a current file is', () => {
    const file = path.join(dir, 'stations.idx');
    writeTideIndexFile(bytes, file);
    expect(tideIndexFileIsCurrent(file)).toBe(true);
    const stale = Buffer.from(bytes);
    stale[20] = (stale[20] as number) ^ 0xff; // inside the key
    writeFileSync(file, stale);
    expect(tideIndexFileIsCurrent(file)).toBe(false);
    expect(readTideIndex(stale)).toBeNull();
    expect(readTideIndex(Buffer.from('not an index'))).toBeNull();
  });

  it('is built in a worker thread, the same, when there is no current file', async () => {
    const { index: built, source } = await loadTideIndex(path.join(dir, 'missing.idx'));
    expect(source).toBe('built');
    expect(built).toEqual(index);
    writeTideIndexFile(bytes, path.join(dir, 'current.idx'));
    expect((await loadTideIndex(path.join(dir, 'current.idx'))).source).toBe('file');
  }, 120_000);
});
