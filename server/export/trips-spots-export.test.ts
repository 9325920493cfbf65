// Spots and trips in the export and the import (docs/decisions/043-trips-and-spots.md): JSON and ZIP carry them with
// their clientIds and the catches name them by those, so an import into any account makes them once and links its
// catches to them; the CSV names them for a person; a file from before them still imports.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import type { ImportSummary } from '#core/data-transfer.ts';
import type { Spot } from '#core/spots.ts';
import type { Trip } from '#core/trips.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

/** A JSON export as the import reads it. */
interface ExportDocument {
  spots: (Spot & { clientId: string })[];
  trips: (Trip & { clientId: string; spotClientId: string | null })[];
  catches: (Catch & { spotClientId: string | null; tripClientId: string | null })[];
}

const WEED_EDGE = { name: 'Weed edge, north bay', latitude: 46.1, longitude: -89.2, notes: 'by the <reeds>' };
const DOCK = { name: 'Dock', latitude: 46.2, longitude: -89.3 };
const MORNING = { startedAt: '2026-05-01T10:00:00.000Z', endedAt: '2026-05-01T14:00:00.000Z', fishLost: 2 };
/** In the morning trip at the weed edge: ten perch, released. */
const PERCH = {
  fishType: 'Perch',
  latitude: 46.1,
  longitude: -89.2,
  catchDate: '2026-05-01',
  timeOfDay: '06:00',
  quantity: 10,
  released: true,
};

describe.each(TEST_ENGINES)('spots and trips in the export on %s', (engine) => {
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

  const created = async <T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as T;
  };
  const createSpot = (client: ApiClient, fields: Record<string, unknown>) =>
    created<Spot>(client.post('/api/spots', fields));
  const createTrip = (client: ApiClient, fields: Record<string, unknown>) =>
    created<Trip>(client.post('/api/trips', fields));
  const listOf = async <T>(client: ApiClient, what: 'catches' | 'spots' | 'trips') =>
    (await client.get(`/api/${what}`)).json() as T[];
  const summaryOf = async (client: ApiClient, data: Buffer | string, fileName: string) => {
    const response = await client.importFile(data, fileName);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ImportSummary;
  };

  /** Alice's log: two spots (one saved without a clientId, by a script), a trip at one, and three catches. */
  async function aliceLog() {
    const weedEdge = await createSpot(alice, { ...WEED_EDGE, clientId: randomUUID() });
    const dock = await createSpot(alice, DOCK);
    const morning = await createTrip(alice, { ...MORNING, spotId: weedEdge.id, clientId: randomUUID() });
    const perch = await alice.createCatch({ ...PERCH, clientId: randomUUID() });
    const pike = await alice.createCatch({
      fishType: 'Pike',
      spotId: dock.id,
      tripId: null,
      released: false,
    });
    const bass = await alice.createCatch({ fishType: 'Bass', spotId: null, tripId: null });
    return { weedEdge, dock, morning, perch, pike, bass };
  }

  /** Bob's log after the import, with each catch's spot and trip as what names them. */
  async function linksOf(client: ApiClient) {
    const spots = await listOf<Spot>(client, 'spots');
    const trips = await listOf<Trip>(client, 'trips');
    const catches = await listOf<Catch>(client, 'catches');
    const spotName = (id: number | null) => spots.find((spot) => spot.id === id)?.name ?? null;
    const tripStart = (id: number | null) => trips.find((trip) => trip.id === id)?.startedAt ?? null;
    return {
      spots: spots.map(({ name, latitude, longitude, notes, radiusMeters }) => ({
        name,
        latitude,
        longitude,
        notes,
        radiusMeters,
      })),
      trips: trips.map(({ startedAt, endedAt, fishLost, spotId }) => ({
        startedAt,
        endedAt,
        fishLost,
        spot: spotName(spotId),
      })),
      catches: catches
        .map(({ fishType, quantity, released, spotId, tripId }) => ({
          fishType,
          quantity,
          released,
          spot: spotName(spotId),
          trip: tripStart(tripId),
        }))
        .sort((a, b) => a.fishType.localeCompare(b.fishType)),
    };
  }

  it('writes the spots and trips in the JSON with their clientIds, and the catches name them by those', async () => {
    const { weedEdge, dock, morning, perch, pike } = await aliceLog();
    expect([perch.spotId, perch.tripId, perch.quantity, perch.released]).toEqual([
      weedEdge.id,
      morning.id,
      10,
      true,
    ]);
    const document = (await alice.get('/api/export?format=json')).json() as ExportDocument;
    const exportedWeedEdge = document.spots.find((spot) => spot.name === WEED_EDGE.name);
    const exportedDock = document.spots.find((spot) => spot.name === DOCK.name);
    expect(exportedWeedEdge).toMatchObject({ ...WEED_EDGE, id: weedEdge.id, clientId: weedEdge.clientId });
    // Saved without one: the file gives it a clientId all the same, for its catches to name it by.
    expect(dock.clientId).toBeNull();
    expect(exportedDock?.clientId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(document.trips).toEqual([
      expect.objectContaining({ ...MORNING, clientId: morning.clientId, spotClientId: weedEdge.clientId }),
    ]);
    const byFish = new Map(document.catches.map((item) => [item.fishType, item]));
    expect(byFish.get('Perch')).toMatchObject({
      quantity: 10,
      released: true,
      spotClientId: weedEdge.clientId,
      tripClientId: morning.clientId,
    });
    expect(byFish.get('Pike')).toMatchObject({
      id: pike.id,
      released: false,
      spotClientId: exportedDock?.clientId,
    });
    expect(byFish.get('Bass')).toMatchObject({ spotClientId: null, tripClientId: null });
  });

  it.each(['json', 'zip'] as const)(
    'round trip through %s into another account: spots, trips and links made once, a re-import changes nothing',
    async (format) => {
      await aliceLog();
      const response = await alice.get(`/api/export?format=${format}`);
      expect(response.statusCode).toBe(200);
      const file = response.rawPayload;

      expect(await summaryOf(bob, file, `log.${format}`)).toEqual({
        created: 3,
        skipped: 0,
        rejected: [],
        rejectedCount: 0,
        spots: { created: 2, skipped: 0 },
        trips: { created: 1, skipped: 0 },
      });
      const imported = await linksOf(bob);
      expect(imported).toEqual(await linksOf(alice));
      expect(imported.catches).toEqual([
        { fishType: 'Bass', quantity: 1, released: null, spot: null, trip: null },
        { fishType: 'Perch', quantity: 10, released: true, spot: WEED_EDGE.name, trip: MORNING.startedAt },
        { fishType: 'Pike', quantity: 1, released: false, spot: DOCK.name, trip: null },
      ]);

      // Again into the same account, and into the account it came from: nothing new, nothing changed.
      for (const client of [bob, alice]) {
        const before = await linksOf(client);
        expect(await summaryOf(client, file, `log.${format}`)).toEqual({
          created: 0,
          skipped: 3,
          rejected: [],
          rejectedCount: 0,
          spots: { created: 0, skipped: 2 },
          trips: { created: 0, skipped: 1 },
        });
        expect(await linksOf(client)).toEqual(before);
      }
    },
  );

  it('imports a file from before spots and trips: no lists, no links, no counts for them', async () => {
    const oldFile = {
      format: 'tightlines-export',
      version: 1,
      exportedAt: '2026-04-01T00:00:00.000Z',
      username: 'alice',
      catches: [{ id: 4, fishType: 'Walleye', clientId: randomUUID(), weight: 3 }],
    };
    expect(await summaryOf(bob, JSON.stringify(oldFile), 'old.json')).toEqual({
      created: 1,
      skipped: 0,
      rejected: [],
      rejectedCount: 0,
    });
    expect(await listOf<Catch>(bob, 'catches')).toMatchObject([
      { fishType: 'Walleye', quantity: 1, released: null, spotId: null, tripId: null },
    ]);
  });

  it('links the catches of a file that names no spot or trip (a CSV, a file from before them) by place and time', async () => {
    const weedEdge = await createSpot(bob, WEED_EDGE);
    const morning = await createTrip(bob, MORNING);
    const at = (timeOfDay: string) => ({
      latitude: 46.1,
      longitude: -89.2,
      catchDate: '2026-05-01',
      timeOfDay,
    });
    const oldFile = {
      format: 'tightlines-export',
      version: 1,
      catches: [
        // 07:30 in Wisconsin (CDT) is 12:30 UTC, inside the trip; 20:00 is after it.
        { fishType: 'Walleye', clientId: randomUUID(), ...at('07:30') },
        { fishType: 'Perch', clientId: randomUUID(), ...at('20:00') },
        { fishType: 'Bass', clientId: randomUUID(), catchDate: '2026-05-01', timeOfDay: '07:30' },
      ],
    };
    expect((await summaryOf(bob, JSON.stringify(oldFile), 'old.json')).created).toBe(3);
    const catches = await listOf<Catch>(bob, 'catches');
    const links = Object.fromEntries(catches.map((item) => [item.fishType, [item.spotId, item.tripId]]));
    expect(links).toEqual({
      Walleye: [weedEdge.id, morning.id],
      Perch: [weedEdge.id, null],
      Bass: [null, null],
    });
  });

  it('never takes a catch link for an id of the importing account: ids in a file are the exporting account’s', async () => {
    const bobsSpot = await createSpot(bob, { name: 'Bob’s secret', latitude: 10, longitude: 10 });
    const file = {
      format: 'tightlines-export',
      version: 1,
      catches: [
        { fishType: 'Carp', spotId: bobsSpot.id, tripId: 999, spotClientId: null, tripClientId: null },
      ],
    };
    expect((await summaryOf(bob, JSON.stringify(file), 'x.json')).created).toBe(1);
    expect(await listOf<Catch>(bob, 'catches')).toMatchObject([
      { fishType: 'Carp', spotId: null, tripId: null },
    ]);
  });

  it('rejects a spot or trip the rules refuse, by its place in its own list, and imports the rest', async () => {
    await createTrip(bob, { startedAt: '2026-05-01T09:00:00.000Z', endedAt: '2026-05-01T11:00:00.000Z' });
    const file = {
      format: 'tightlines-export',
      version: 1,
      spots: [
        { name: '', latitude: 1, longitude: 1 },
        { ...DOCK, clientId: randomUUID() },
        'a spot?',
        { name: 'Nul\u0000', latitude: 1, longitude: 1 },
      ],
      // The first overlaps Bob's own trip: trips never overlap.
      trips: [
        { ...MORNING, clientId: randomUUID() },
        { startedAt: '2026-05-02T10:00:00.000Z', endedAt: '2026-05-02T09:00:00.000Z' },
      ],
      catches: [{ fishType: 'Bass' }],
    };
    const summary = await summaryOf(bob, JSON.stringify(file), 'x.json');
    expect(summary).toMatchObject({
      created: 1,
      spots: { created: 1, skipped: 0 },
      trips: { created: 0, skipped: 0 },
      rejectedCount: 5,
    });
    expect(summary.rejected).toEqual([
      { row: 1, message: 'Spot: Name required' },
      { row: 3, message: 'Spot: Not a spot' },
      { row: 4, message: 'Spot: Text must not contain the NUL character' },
      { row: 1, message: expect.stringMatching(/^Trip: /) },
      { row: 2, message: 'Trip: The end must not be before the start' },
    ]);
  });

  it('counts the spots and trips among the 100,000 rows of a file, refused whole before anything is imported', async () => {
    const many = (count: number, fields: object) => Array.from({ length: count }, () => fields);
    const file = {
      format: 'tightlines-export',
      version: 1,
      spots: many(40_000, { ...DOCK }),
      trips: many(40_000, MORNING),
      catches: many(20_001, { fishType: 'Bass' }),
    };
    const response = await bob.importFile(JSON.stringify(file), 'big.json');
    expect([response.statusCode, response.json().message]).toEqual([
      400,
      'The file has more than 100,000 rows: no log is that long.',
    ]);
    expect(await listOf(bob, 'spots')).toEqual([]);
    expect(await listOf(bob, 'catches')).toEqual([]);
  });

  it('rejects the spots and trips past the account caps with their message, and imports the rest', async () => {
    const small = await createTestApp(engine, {
      accountLimits: { catches: 50_000, textBytes: 1024 * 1024, spots: 1, trips: 1 },
    });
    try {
      const carol = await ApiClient.register(small.app, 'carol');
      const day = (n: number) => ({
        startedAt: `2026-05-0${n}T10:00:00.000Z`,
        endedAt: `2026-05-0${n}T11:00:00.000Z`,
        clientId: randomUUID(),
      });
      const file = {
        format: 'tightlines-export',
        version: 1,
        spots: [1, 2, 3].map((n) => ({
          name: `Spot ${n}`,
          latitude: n,
          longitude: n,
          clientId: randomUUID(),
        })),
        trips: [day(1), day(2)],
        catches: [{ fishType: 'Bass' }],
      };
      const summary = await summaryOf(carol, JSON.stringify(file), 'x.json');
      expect(summary).toMatchObject({
        created: 1,
        spots: { created: 1, skipped: 0 },
        trips: { created: 1, skipped: 0 },
        rejectedCount: 3,
      });
      expect(summary.rejected).toEqual([
        {
          row: 2,
          message: expect.stringMatching(/^Spot: Your spots are full: one account can keep 1 spots\./),
        },
        { row: 3, message: expect.stringMatching(/^Spot: Your spots are full/) },
        { row: 2, message: expect.stringMatching(/^Trip: .*full/) },
      ]);
    } finally {
      await small.close();
    }
  });

  it('names each catch’s spot and trip in the CSV, and its quantity and release', async () => {
    await aliceLog();
    const csv = (await alice.get('/api/export?format=csv')).body;
    const [header = '', ...rows] = csv.slice(1).split('\r\n');
    expect(header).toMatch(
      /^Catch Date,Time of Day,Fish Type,Quantity,Weight \(lbs\),Length \(inches\),Released,Location Name,Spot,Trip Started At \(UTC\),/,
    );
    const perch = rows.find((row) => row.includes(',Perch,'));
    expect(perch).toMatch(
      /^2026-05-01,06:00,Perch,10,,,true,(?:"[^"]*"|[^,]*),"Weed edge, north bay",2026-05-01T10:00:00\.000Z,46\.1,/,
    );
    expect(rows.find((row) => row.includes(',Pike,'))).toMatch(/,Pike,1,,,false,(?:"[^"]*"|[^,]*),Dock,,/);
  });
});
