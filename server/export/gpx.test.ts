// The GPX export (docs/decisions/043-trips-and-spots.md): checked against the GPX 1.1 schema itself
// (fixtures/gpx-1.1.xsd, as topografix publishes it) by libxml2's validator, built to WebAssembly (xmllint-wasm).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

const GPX_SCHEMA = readFileSync(path.join(import.meta.dirname, 'fixtures', 'gpx-1.1.xsd'), 'utf8');

/** The schema's complaints about a document; none for a valid GPX 1.1 file. */
async function gpxSchemaErrors(document: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'export.gpx', contents: document }],
    schema: [{ fileName: 'gpx.xsd', contents: GPX_SCHEMA }],
  });
  return result.valid ? [] : result.errors.map((error) => error.message);
}

/** The waypoints of a document, in order, with their elements as text (the document is ours: one per line). */
function waypoints(document: string) {
  return [...document.matchAll(/<wpt lat="([^"]*)" lon="([^"]*)">(.*?)<\/wpt>/gs)].map(
    ([, lat, lon, body = '']) => ({
      lat,
      lon,
      time: /<time>(.*?)<\/time>/.exec(body)?.[1],
      name: /<name>(.*?)<\/name>/.exec(body)?.[1],
      desc: /<desc>(.*?)<\/desc>/s.exec(body)?.[1],
      type: /<type>(.*?)<\/type>/.exec(body)?.[1],
    }),
  );
}

describe('the GPX schema check', () => {
  it('finds a document that breaks GPX 1.1 (so a passing check means something)', async () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
    const gpx = (body: string) =>
      `${head}<gpx version="1.1" creator="Tightlines" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`;
    expect(await gpxSchemaErrors(gpx('<wpt lat="1" lon="2"><name>ok</name></wpt>'))).toEqual([]);
    // The name before the time: wptType's elements come in a fixed order.
    expect(
      await gpxSchemaErrors(
        gpx('<wpt lat="1" lon="2"><name>x</name><time>2026-05-01T06:45:00Z</time></wpt>'),
      ),
    ).not.toEqual([]);
    // A longitude of 180: the schema's range ends before it.
    expect(await gpxSchemaErrors(gpx('<wpt lat="1" lon="180"/>'))).not.toEqual([]);
    expect(await gpxSchemaErrors(gpx('<wpt lat="1" lon="2"><time>yesterday</time></wpt>'))).not.toEqual([]);
    expect(await gpxSchemaErrors(`${head}<gpx version="1.1"/>`)).not.toEqual([]);
  });
});

describe.each(TEST_ENGINES)('GPX export on %s', (engine) => {
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

  const exportGpx = async (client: ApiClient) => {
    const response = await client.get('/api/export?format=gpx');
    expect(response.statusCode).toBe(200);
    return response;
  };

  it('is a GPX 1.1 file by Tightlines, as an attachment named like the other formats', async () => {
    const response = await exportGpx(alice);
    expect(response.headers['content-type']).toBe('application/gpx+xml');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="tightlines-export-2026-06-01.gpx"',
    );
    expect(response.body).toContain('<gpx version="1.1" creator="Tightlines"');
    expect(await gpxSchemaErrors(response.body)).toEqual([]);
  });

  it('has a waypoint per catch with a position: species and weight in the angler units, caught at, bait and notes', async () => {
    const trout = await alice.createCatch({
      fishType: 'Rainbow Trout',
      weight: 3.4,
      latitude: 39.096848,
      longitude: -120.032349,
      catchDate: '2026-05-01',
      timeOfDay: '06:45',
      baitUsed: 'PowerBait',
      notes: 'by the drop-off',
    });
    await alice.createCatch({ fishType: 'Perch', latitude: 0.0000001, longitude: 180 });
    await alice.createCatch({ fishType: 'No position', weight: 2 });
    await bob.createCatch({ fishType: 'Bob’s Pike', latitude: 1, longitude: 1 });

    const document = (await exportGpx(alice)).body;
    expect(await gpxSchemaErrors(document)).toEqual([]);
    const points = waypoints(document);
    expect(points).toHaveLength(2);
    expect(points).toContainEqual({
      lat: '39.096848',
      lon: '-120.032349',
      time: trout.caughtAt,
      name: 'Rainbow Trout 3.4 lbs',
      desc: 'Bait: PowerBait\nby the drop-off',
      type: 'Catch',
    });
    // Without exponents (the schema's decimals have none), and 180° written as the same meridian, -180°.
    expect(points).toContainEqual(
      expect.objectContaining({ lat: '0.0000001', lon: '-180', name: 'Perch', desc: undefined }),
    );

    expect((await alice.patch('/api/user', { units: 'metric' })).statusCode).toBe(200);
    expect(waypoints((await exportGpx(alice)).body).map((point) => point.name)).toContain(
      'Rainbow Trout 1.5 kg',
    );
  });

  it('has a waypoint per spot before the catches, told from them by its type', async () => {
    const spot = await alice.post('/api/spots', {
      name: 'Weed edge & <north> bay',
      latitude: 46.1,
      longitude: 180,
      notes: 'by the reeds',
    });
    expect(spot.statusCode, spot.body).toBe(201);
    expect((await alice.post('/api/spots', { name: 'Dock', latitude: -46, longitude: 10 })).statusCode).toBe(
      201,
    );
    await alice.createCatch({ fishType: 'Perch', latitude: 46.1, longitude: 180 });
    await bob.post('/api/spots', { name: 'Bob’s', latitude: 1, longitude: 1 });
    const document = (await exportGpx(alice)).body;
    expect(await gpxSchemaErrors(document)).toEqual([]);
    expect(waypoints(document)).toEqual([
      { lat: '-46', lon: '10', name: 'Dock', type: 'Spot', time: undefined, desc: undefined },
      {
        lat: '46.1',
        lon: '-180',
        name: 'Weed edge &amp; &lt;north&gt; bay',
        desc: 'by the reeds',
        type: 'Spot',
        time: undefined,
      },
      expect.objectContaining({ name: 'Perch', type: 'Catch' }),
    ]);
  });

  it('escapes markup and leaves out characters XML cannot hold, and stays valid', async () => {
    await alice.createCatch({
      fishType: 'Bass <b>&</b> "big"',
      latitude: 10,
      longitude: 20,
      baitUsed: "]]> <!-- 'x'",
      notes: 'bell\u0007 and tab\tstay?',
    });
    const document = (await exportGpx(alice)).body;
    expect(await gpxSchemaErrors(document)).toEqual([]);
    const [point] = waypoints(document);
    expect(point?.name).toBe('Bass &lt;b&gt;&amp;&lt;/b&gt; &quot;big&quot;');
    expect(point?.desc).toBe("Bait: ]]&gt; &lt;!-- 'x'\nbell and tab\tstay?");
  });
});
