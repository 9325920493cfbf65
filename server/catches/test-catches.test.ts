// The test-catch mark (docs/decisions/028-test-catches.md) through the real API on each engine: set only when a
// catch is created, answered as a JSON boolean by every route, never changed by an edit, and kept by export and import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

/** What the test pages save (web/src/routes/test-pages/test-catch.tsx). */
const SAMPLE = { fishType: 'Bass', weight: 2.5, length: 14, locationName: 'Lake Tahoe', isTestCatch: true };

describe.each(TEST_ENGINES)('test catches (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const listed = async (client: ApiClient, query = '') =>
    (await client.get(`/api/catches${query}`)).json() as Catch[];
  let badMarks = 0;
  const marks = (catches: Catch[]) => Object.fromEntries(catches.map((c) => [c.fishType, c.isTestCatch]));

  it('is marked when a test page says so, on every create route, and read back as true/false everywhere', async () => {
    const angler = await ApiClient.register(t.app, 'marks_angler');
    const created = [];
    for (const [path, fishType] of [
      ['/api/catches', 'Simple'],
      ['/api/emergency-catch', 'Emergency'],
      ['/api/mobile-catch', 'Mobile'],
    ] as const) {
      const response = await angler.post(path, { ...SAMPLE, fishType });
      expect(response.statusCode).toBe(201);
      created.push(response.json() as Catch);
    }
    const real = await angler.createCatch({ fishType: 'Real' });
    // A CSV cell's words are taken too.
    const fromText = (await angler.post('/api/catches', { fishType: 'Worded', isTestCatch: 'TRUE' })).json();

    // Strictly booleans: SQLite stores them as 0/1, and neither may leak into an answer.
    for (const item of created) expect(item.isTestCatch).toBe(true);
    expect(real.isTestCatch).toBe(false);
    expect(fromText.isTestCatch).toBe(true);
    const expected = { Simple: true, Emergency: true, Mobile: true, Real: false, Worded: true };
    expect(marks(await listed(angler))).toEqual(expected);
    // The list again, from the cache this time, and History's first screen.
    expect(marks(await listed(angler))).toEqual(expected);
    expect(marks(await listed(angler, '?limit=20'))).toEqual(expected);
    expect(marks(await listed(angler, '?search=e'))).toMatchObject({ Simple: true, Real: false });
  });

  it('never changes after the catch is saved: an edit naming it leaves it as it is', async () => {
    const angler = await ApiClient.register(t.app, 'edit_angler');
    const sample = (await angler.post('/api/catches', SAMPLE)).json() as Catch;
    const real = await angler.createCatch({ fishType: 'Walleye' });

    const unmarked = await angler.patch(`/api/catches/${sample.id}`, { isTestCatch: false, weight: 2.7 });
    expect(unmarked.statusCode).toBe(200);
    expect(unmarked.json()).toMatchObject({ isTestCatch: true, weight: 2.7 });
    const marked = await angler.patch(`/api/catches/${real.id}`, { isTestCatch: true });
    expect(marked.json()).toMatchObject({ isTestCatch: false });
    expect(marks(await listed(angler))).toEqual({ Bass: true, Walleye: false });
  });

  it.each([['yes'], [1], [0], [{}]])(
    'refuses %j as the mark with a clear 400 and saves nothing',
    async (value) => {
      const angler = await ApiClient.register(t.app, `bad_mark_${badMarks++}`);
      const response = await angler.post('/api/catches', { fishType: 'Bass', isTestCatch: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'INVALID_INPUT',
        message: 'isTestCatch must be true or false',
        errors: { isTestCatch: 'isTestCatch must be true or false' },
      });
      expect(await listed(angler)).toEqual([]);
    },
  );

  it('keeps the mark through a JSON, CSV and ZIP export imported into another account', async () => {
    const owner = await ApiClient.register(t.app, 'export_owner');
    await owner.post('/api/catches', SAMPLE);
    await owner.createCatch({ fishType: 'Pike', weight: 6.1 });
    const csv = (await owner.get('/api/export?format=csv')).body;
    expect(csv.split('\r\n')[0]).toContain('Test Catch');

    for (const format of ['json', 'csv', 'zip'] as const) {
      const copy = await ApiClient.register(t.app, `import_${format}`);
      const file = (await owner.get(`/api/export?format=${format}`)).rawPayload;
      const imported = await copy.importFile(file, `tightlines-export.${format}`);
      expect(imported.json()).toEqual({ created: 2, skipped: 0, rejected: [], rejectedCount: 0 });
      expect(marks(await listed(copy))).toEqual({ Bass: true, Pike: false });
      // Imported again, nothing is doubled.
      expect((await copy.importFile(file, `tightlines-export.${format}`)).json()).toMatchObject({
        created: 0,
        skipped: 2,
      });
    }
  });

  it('finds its catches in an export made before the mark existed: re-imported, nothing is doubled', async () => {
    const owner = await ApiClient.register(t.app, 'old_export_owner');
    // Saved as the test pages save, with no clientId: an import finds them by their content and time.
    await owner.post('/api/catches', SAMPLE);
    t.clock.advance(1000);
    await owner.post('/api/catches', { fishType: 'Perch', weight: 0.6 });
    const json = (await owner.get('/api/export?format=json')).json() as {
      catches: Record<string, unknown>[];
    };
    const before = {
      ...json,
      catches: json.catches.map(({ isTestCatch: _mark, ...rest }) => rest),
    };
    const csv = (await owner.get('/api/export?format=csv')).body;
    const lines = csv.split('\r\n');
    const column = (lines[0] ?? '').split(',').indexOf('isTestCatch');
    const csvBefore = lines
      .map((line) => (line === '' ? line : line.split(',').toSpliced(column, 1).join(',')))
      .join('\r\n');

    expect((await owner.importFile(JSON.stringify(before), 'old.json')).json()).toEqual({
      created: 0,
      skipped: 2,
      rejected: [],
      rejectedCount: 0,
    });
    expect((await owner.importFile(csvBefore, 'old.csv')).json()).toEqual({
      created: 0,
      skipped: 2,
      rejected: [],
      rejectedCount: 0,
    });
    // Into an account of its own, such a file's catches are real ones: the mark did not exist.
    const other = await ApiClient.register(t.app, 'old_export_reader');
    expect((await other.importFile(JSON.stringify(before), 'old.json')).json()).toMatchObject({ created: 2 });
    expect(marks(await listed(other))).toEqual({ Bass: false, Perch: false });
  });
});
