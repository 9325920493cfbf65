// The CSV export for people (headers with units in the angler's unit setting, what an angler reads first, ids last,
// photos by their file name in the ZIP export, a byte-order mark for Excel) and its import: the new CSV in either
// unit setting, and every CSV the app exported before (API field names, API units, photo URLs, no byte-order mark).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import type { UnitSystem } from '#core/units.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { gradientJpeg, multipart } from '../test-support/hostile-inputs.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));

/** Values as people type them, in the API's units; 3.4 lbs has no exact decimal in kg. */
const fullCatch = {
  fishType: 'Rainbow Trout',
  weight: 3.4,
  length: 18.5,
  locationName: 'Vänern, SE',
  latitude: 58.9,
  longitude: 13.5,
  notes: 'Caught near the drop-off, "big" one\nsecond line',
  waterTemperature: 54.2,
  catchDate: '2026-05-01',
  timeOfDay: '06:45',
  lineSize: '6 lb fluoro',
  baitUsed: '-worm',
  depth: 12.5,
};

/** What a catch is, apart from where it is stored. */
const essence = ({ id: _id, photo: _photo, ...rest }: Catch) => rest;

describe.each(TEST_ENGINES)('CSV for people on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  let bob: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
    bob = await ApiClient.register(t.app, 'bob');
  });
  afterEach(async () => {
    await t.close();
  });

  const list = async (client: ApiClient) => (await client.get('/api/catches')).json() as Catch[];
  const setUnits = async (client: ApiClient, units: UnitSystem) => {
    const response = await client.patch('/api/user', { units });
    expect(response.statusCode).toBe(200);
  };
  const exportCsv = async (client: ApiClient) => {
    const response = await client.get('/api/export?format=csv');
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  it('starts with a UTF-8 byte-order mark, so that Excel shows Vänern, and Vänern comes back from it', async () => {
    await alice.createCatch({ fishType: 'Gädda', locationName: 'Vänern' });
    const bytes = await exportCsv(alice);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.includes(Buffer.from('Vänern', 'utf8'))).toBe(true);
    expect((await bob.importFile(bytes, 'log.csv')).json()).toEqual({
      created: 1,
      skipped: 0,
      rejected: [],
      rejectedCount: 0,
    });
    expect(await list(bob)).toMatchObject([{ fishType: 'Gädda', locationName: 'Vänern' }]);
  });

  it('names the columns with their units in imperial, what an angler reads first and the ids last', async () => {
    const saved = await alice.createCatch({ ...fullCatch, clientId: randomUUID() });
    const [header, row] = (await exportCsv(alice)).toString('utf8').slice(1).split('\r\n');
    expect(header).toBe(
      'Catch Date,Time of Day,Fish Type,Quantity,Weight (lbs),Length (inches),Released,Location Name,Spot,' +
        'Trip Started At (UTC),Latitude,Longitude,' +
        'Water Temperature (°F),Depth (ft),Line Size,Bait Used,Notes,Photo,Test Catch,' +
        'Caught At (UTC),Conditions,Air Temperature (°F),Weather,Weather Condition,Wind Speed (mph),' +
        'Wind From (°),Cloud Cover (%),Precipitation (inches),Humidity (%),Pressure (inHg),' +
        'Pressure Change 3 h (inHg),Pressure Tendency,Sun,Sunrise (UTC),Sunset (UTC),Moon Phase,' +
        'Moon Illumination (0-1),Moon Age (days),Solunar Period,Tide Station Id,Tide Station,Tide Station Distance (km),Tide Height (ft),Tide Stage,Minutes Since Tide Turned,Minutes To Next Tide Turn,Tide Range Fraction (0-1),Saved At,Client ID,ID',
    );
    const { sun, moon, solunar } = saved.conditions;
    expect(row).toBe(
      `2026-05-01,06:45,Rainbow Trout,1,3.4,18.5,,"Vänern, SE",,,58.9,13.5,54.2,12.5,6 lb fluoro,'-worm,` +
        `"Caught near the drop-off, ""big"" one\nsecond line",,false,` +
        // 06:45 in Sweden (CEST, UTC+2); the weather still to be asked for, so its 11 cells are empty.
        `2026-05-01T04:45:00.000Z,pending,${','.repeat(10)},${sun?.phase},${sun?.sunrise},${sun?.sunset},` +
        // Inland: no tide, its 8 cells empty.
        `${moon?.phase},${moon?.illumination},${moon?.age},${solunar?.period ?? 'none'},${','.repeat(8)}` +
        `${saved.createdAt},${saved.clientId},${saved.id}`,
    );
  });

  it('writes metric measurements for a metric angler, under metric headers', async () => {
    await setUnits(alice, 'metric');
    // 2.5 kg and 40 cm as the log form stores them when typed in metric.
    await alice.createCatch({
      fishType: 'Pike',
      weight: 2.5 / 0.45359237,
      length: 40 / 2.54,
      depth: 3 / 0.3048,
    });
    const [header, row] = (await exportCsv(alice)).toString('utf8').slice(1).split('\r\n');
    expect(header).toContain(',Weight (kg),Length (cm),');
    expect(header).toContain(',Water Temperature (°C),Depth (m),');
    expect(row).toMatch(/^,,Pike,1,2\.5,40,,,,,,,,3,/);
  });

  it.each(['imperial', 'metric'] as const)(
    'round trip in %s: equal catches in a fresh account, and a re-import into the same account creates nothing',
    async (units) => {
      await setUnits(alice, units);
      await setUnits(bob, units === 'metric' ? 'imperial' : 'metric'); // the importer's own setting plays no part
      await alice.createCatch({ ...fullCatch, clientId: randomUUID() });
      t.clock.advance(1000);
      // No clientId (saved by a script): found again by its content id, which needs every number back exactly.
      await alice.createCatch({
        ...fullCatch,
        fishType: 'Perch',
        weight: 0.7,
        waterTemperature: -1.3,
        depth: 33.3,
      });
      t.clock.advance(1000);
      await alice.createCatch({ fishType: 'Bass', weight: 2.5 / 0.45359237, isTestCatch: true });
      const csv = await exportCsv(alice);
      expect(csv.toString('utf8')).toContain(units === 'metric' ? ',Weight (kg),' : ',Weight (lbs),');

      expect((await bob.importFile(csv, 'log.csv')).json()).toEqual({
        created: 3,
        skipped: 0,
        rejected: [],
        rejectedCount: 0,
      });
      const originals = await list(alice);
      expect((await list(bob)).map(essence)).toEqual(
        originals.map((item) => ({ ...essence(item), clientId: item.clientId ?? expect.any(String) })),
      );
      expect((await alice.importFile(csv, 'log.csv')).json()).toEqual({
        created: 0,
        skipped: 3,
        rejected: [],
        rejectedCount: 0,
      });
      expect((await bob.importFile(csv, 'log.csv')).json()).toEqual({
        created: 0,
        skipped: 3,
        rejected: [],
        rejectedCount: 0,
      });
    },
  );

  it('names a photo by its file in the ZIP export; the same account keeps the photo on import', async () => {
    const upload = multipart({
      fileName: 'fish.jpg',
      contentType: 'image/jpeg',
      data: await gradientJpeg(64, 48),
    });
    const photo = (
      (await alice.request({ method: 'POST', url: '/api/upload', ...upload })).json() as { url: string }
    ).url;
    await alice.createCatch({ fishType: 'Trout', photo });
    const csv = (await exportCsv(alice)).toString('utf8');
    const photoId = photo.split('/').at(-1)?.replace('.webp', '');
    expect(csv).toContain(`,photos/${photoId}.webp,`);
    expect(csv).not.toContain('/api/photos/');
    // The row edited into another catch: imported into the same account, it shows the same photo.
    const edited = csv.replace('Trout', 'Brown Trout').replace(/,[0-9a-f-]{36},\d+\r\n$/, ',,\r\n');
    expect((await alice.importFile(edited, 'edited.csv')).json()).toEqual({
      created: 1,
      skipped: 0,
      rejected: [],
      rejectedCount: 0,
    });
    expect((await list(alice)).map((item) => [item.fishType, item.photo])).toEqual([
      ['Brown Trout', photo],
      ['Trout', photo],
    ]);
    // Another account has no such photo: the catch comes without it.
    expect((await bob.importFile(csv, 'log.csv')).json()).toEqual({
      created: 1,
      skipped: 0,
      rejected: [],
      rejectedCount: 0,
    });
    expect(await list(bob)).toMatchObject([{ fishType: 'Trout', photo: null }]);
  });

  it('imports the CSV of the first release: API field names and units, a photo URL, no byte-order mark', async () => {
    const response = await alice.importFile(fixture('export-first-release.csv'), 'old.csv');
    expect(response.json()).toEqual({ created: 2, skipped: 0, rejected: [], rejectedCount: 0 });
    const [trout, perch] = await list(alice);
    expect(trout).toEqual({
      id: expect.any(Number),
      clientId: '6f1c1b3e-2d4a-4f8e-9b1a-0c2d3e4f5a6b',
      createdAt: '2026-05-01T06:50:00.000Z',
      ...fullCatch,
      photo: null, // a URL of a photo this account does not have
      isTestCatch: false,
      // Not in the file (docs/decisions/043-trips-and-spots.md): not said, one fish, no spot or trip to link to.
      released: null,
      quantity: 1,
      spotId: null,
      tripId: null,
      // Worked out on import as for a new catch: 06:45 in Sweden, the weather still to be asked for.
      caughtAt: '2026-05-01T04:45:00.000Z',
      conditions: expect.objectContaining({ status: 'pending', weather: null }),
    });
    expect(perch).toMatchObject({ fishType: 'Perch', weight: 0.75, createdAt: '2026-04-02T10:00:00.000Z' });
    // The content id this row has always had (it has no clientId): importing the file again finds both rows.
    expect(perch?.clientId).toBe('b7f93b80-0b0b-59c4-945d-c3d71e6a67ba');
    const again = await alice.importFile(fixture('export-first-release.csv'), 'old.csv');
    expect(again.json()).toEqual({ created: 0, skipped: 2, rejected: [], rejectedCount: 0 });
  });

  it('imports the CSV with the conditions: kept exactly as the file has them, damaged ones worked out again, no row lost', async () => {
    const response = await alice.importFile(fixture('export-catch-conditions.csv'), 'conditions.csv');
    expect(response.json()).toEqual({ created: 3, skipped: 0, rejected: [], rejectedCount: 0 });
    const imported = await list(alice);
    const [pike, bass, perch] = ['Pike', 'Bass', 'Perch'].map((fish) =>
      imported.find((item) => item.fishType === fish),
    );
    expect(pike).toMatchObject({ fishType: 'Pike', clientId: '9a7e0c1d-3b2a-4c5d-8e6f-7a8b9c0d1e2f' });
    expect([pike?.caughtAt, pike?.conditions]).toEqual([
      '2026-11-20T15:30:00.000Z',
      {
        status: 'complete',
        weather: {
          airTemperature: 34.5,
          description: 'overcast',
          condition: 'Clouds',
          windSpeed: 9.2,
          windDirection: 240,
          cloudCover: 100,
          precipitation: 0,
          humidity: 87,
          pressure: 29.81,
          pressureChange3h: 0.05,
          pressureTendency: 'rising',
        },
        sun: { phase: 'night', sunrise: '2026-11-20T07:12:00.000Z', sunset: '2026-11-20T14:31:00.000Z' },
        moon: { phase: 'Waxing Crescent', illumination: 0.02, age: 1.3 },
        solunar: { period: null },
        tide: null,
      },
    ]);
    expect([bass?.caughtAt, bass?.conditions]).toEqual([
      '2026-11-21T14:15:00.000Z',
      {
        status: 'partial',
        weather: null,
        sun: null,
        moon: { phase: 'Waxing Crescent', illumination: 0.06, age: 2.2 },
        solunar: null,
        tide: null,
      },
    ]);
    // 'sunny' is no status: the row is imported, its conditions worked out as a new catch's (07:00 CET).
    expect(perch).toMatchObject({
      fishType: 'Perch',
      caughtAt: '2026-03-22T06:00:00.000Z',
      conditions: { status: 'pending', weather: null, sun: { phase: expect.any(String) } },
    });
    const again = await alice.importFile(fixture('export-catch-conditions.csv'), 'conditions.csv');
    expect(again.json()).toEqual({ created: 0, skipped: 3, rejected: [], rejectedCount: 0 });
  });

  it('imports the CSV with the test-catch mark, formula text unescaped, each mark kept', async () => {
    const response = await alice.importFile(fixture('export-test-catch-mark.csv'), 'old.csv');
    expect(response.json()).toEqual({ created: 2, skipped: 0, rejected: [], rejectedCount: 0 });
    expect(await list(alice)).toMatchObject([
      { fishType: 'Bass', weight: 2.5, locationName: 'Test lake', isTestCatch: true },
      {
        fishType: 'Pike',
        weight: 11.02,
        length: 36,
        locationName: 'Vänern',
        waterTemperature: 39.2,
        depth: 8,
        notes: '=SUM(A1)',
        isTestCatch: false,
      },
    ]);
  });
});
