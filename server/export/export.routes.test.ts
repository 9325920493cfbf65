import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { Catch } from '#core/catch.ts';
import { CatchRepository } from '../catches/catch.repository.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { gradientJpeg, multipart } from '../test-support/hostile-inputs.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

interface Summary {
  created: number;
  skipped: number;
  rejected: { row: number; message: string }[];
  rejectedCount: number;
}

const fullCatch = {
  fishType: 'Rainbow Trout',
  weight: 3.4,
  length: 18.5,
  locationName: 'Lake Tahoe, US',
  latitude: 39.096848,
  longitude: -120.032349,
  notes: 'Caught near the drop-off, "big" one\nsecond line',
  waterTemperature: 54.2,
  catchDate: '2026-05-01',
  timeOfDay: '06:45',
  lineSize: '6 lb fluoro',
  baitUsed: 'PowerBait',
  depth: 12.5,
};

/** The unzipped entries of a ZIP, by name. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, async (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const parts: Buffer[] = [];
          for await (const chunk of stream) parts.push(chunk as Buffer);
          files.set(entry.fileName, Buffer.concat(parts));
          zip.readEntry();
        });
      });
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

/** A ZIP of these files, made as another program would. */
async function makeZip(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** What a catch is, apart from where it is stored (id, photo URL). */
const essence = ({ id: _id, photo: _photo, ...rest }: Catch) => rest;

/** What a ZIP export came to: whole, cut off (a ZIP that does not open), or no answer at all. */
function zipExportOutcome(client: ApiClient): Promise<string> {
  return client.get('/api/export?format=zip').then(
    async (response) =>
      await unzip(response.rawPayload).then(
        () => 'a whole ZIP',
        () => 'a cut-off ZIP',
      ),
    () => 'an aborted response',
  );
}

describe.each(TEST_ENGINES)('export and import on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  let bob: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(engine, { importMaxBytes: 2 * 1024 * 1024 });
    alice = await ApiClient.register(t.app, 'alice');
    bob = await ApiClient.register(t.app, 'bob');
  });
  afterEach(async () => {
    await t.close();
  });

  const importFile = (client: ApiClient, data: Buffer | string, fileName = 'export.json', field = 'file') => {
    const body = multipart({
      field,
      fileName,
      contentType: 'application/octet-stream',
      data: Buffer.from(data),
    });
    return client.request({ method: 'POST', url: '/api/import', ...body });
  };
  const list = async (client: ApiClient) => (await client.get('/api/catches')).json() as Catch[];

  it('exports every field of only your own catches as JSON, as an attachment', async () => {
    const mine = await alice.createCatch({ ...fullCatch, clientId: randomUUID() });
    await bob.createCatch({ fishType: 'Bob’s Pike' });
    const response = await alice.get('/api/export?format=json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="tightlines-export-2026-06-01.json"',
    );
    expect(response.json()).toEqual({
      format: 'tightlines-export',
      version: 1,
      exportedAt: t.clock.now().toISOString(),
      username: 'alice',
      // No spot or trip in this log (their export: trips-spots-export.test.ts).
      spots: [],
      trips: [],
      catches: [{ ...mine, spotClientId: null, tripClientId: null }],
    });
  });

  it('exports CSV with headers for people, ISO dates, coordinates and formula-looking text escaped', async () => {
    await alice.createCatch({
      ...fullCatch,
      fishType: '=HYPERLINK("http://evil")',
      baitUsed: '-worm',
      lineSize: '@x',
    });
    const response = await alice.get('/api/export?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="tightlines-export-2026-06-01.csv"',
    );
    const [header, ...rest] = response.body.split('\r\n');
    // The columns themselves: csv-export.test.ts.
    expect(header).toMatch(/^\uFEFFCatch Date,Time of Day,Fish Type,Quantity,Weight \(lbs\),/);
    const row = rest.join('\r\n');
    expect(row).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(row).toContain(",'@x,'-worm,");
    expect(row).toMatch(/^2026-05-01,06:45,.*,2026-06-01T12:00:00\.000Z,/s);
    expect(row).toContain('39.096848,-120.032349');
    // Imported back, the text is what was typed.
    expect((await importFile(bob, response.body, 'log.csv')).json()).toEqual({
      created: 1,
      skipped: 0,
      rejected: [],
      rejectedCount: 0,
    });
    const [imported] = await list(bob);
    expect(imported?.fishType).toBe('=HYPERLINK("http://evil")');
    expect(imported?.baitUsed).toBe('-worm');
    expect(imported?.notes).toBe(fullCatch.notes);
  });

  it('round trip through a ZIP: equal catches and photos in a fresh account; a re-import creates nothing', async () => {
    const upload = multipart({
      fileName: 'fish.jpg',
      contentType: 'image/jpeg',
      data: await gradientJpeg(320, 240),
    });
    const uploaded = await alice.request({ method: 'POST', url: '/api/upload', ...upload });
    const photo = (uploaded.json() as { url: string }).url;
    await alice.createCatch({ ...fullCatch, photo, clientId: randomUUID() });
    t.clock.advance(1000);
    await alice.createCatch({ fishType: 'Perch' }); // no clientId: the export still carries it as null
    const zipResponse = await alice.get('/api/export?format=zip');
    expect(zipResponse.statusCode).toBe(200);
    expect(zipResponse.headers['content-disposition']).toBe(
      'attachment; filename="tightlines-export-2026-06-01.zip"',
    );
    const files = await unzip(zipResponse.rawPayload);
    const photoId = photo.split('/').at(-1)?.replace('.webp', '');
    expect([...files.keys()].sort()).toEqual([
      `photos/${photoId}.webp`,
      'tightlines-export-2026-06-01.csv',
      'tightlines-export-2026-06-01.json',
    ]);
    const json = JSON.parse(files.get('tightlines-export-2026-06-01.json')?.toString() ?? '');
    expect(json.catches[1].photo).toBe(`photos/${photoId}.webp`);

    const before = await list(bob); // the history list is cached now; the import must invalidate it
    expect(before).toEqual([]);
    const first = await importFile(bob, zipResponse.rawPayload, 'export.zip');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ created: 2, skipped: 0, rejected: [], rejectedCount: 0 });
    const originals = await list(alice);
    const copies = await list(bob);
    expect(copies.map(essence)).toEqual(
      originals.map((item) => ({ ...essence(item), clientId: item.clientId ?? expect.any(String) })),
    );
    const copiedPhoto = copies[1]?.photo;
    expect(copiedPhoto).toMatch(/^\/api\/photos\/.+\.webp$/);
    expect(copiedPhoto).not.toBe(photo);
    const original = await sharp((await alice.get(photo)).rawPayload).metadata();
    const copy = await sharp((await bob.get(copiedPhoto ?? '')).rawPayload).metadata();
    expect([copy.format, copy.width, copy.height]).toEqual([
      original.format,
      original.width,
      original.height,
    ]);

    expect((await importFile(bob, zipResponse.rawPayload, 'export.zip')).json()).toEqual({
      created: 0,
      skipped: 2,
      rejected: [],
      rejectedCount: 0,
    });
    expect(await list(bob)).toEqual(copies);
  });

  it('ends a ZIP download as failed when the photo store fails mid-export, and keeps serving', async () => {
    const upload = multipart({
      fileName: 'fish.jpg',
      contentType: 'image/jpeg',
      data: await gradientJpeg(64, 48),
    });
    const photo = (
      (await alice.request({ method: 'POST', url: '/api/upload', ...upload })).json() as { url: string }
    ).url;
    await alice.createCatch({ fishType: 'Bass', photo });
    t.photoStore.read = async () => {
      throw new Error('the photo store is away');
    };
    const outcome = await zipExportOutcome(alice);
    expect(outcome).not.toBe('a whole ZIP');
    expect((await alice.get('/api/catches')).statusCode).toBe(200);
  });

  it('ends a ZIP download as failed when the database fails mid-export, and the server lives on', async () => {
    for (let i = 0; i < 3; i++) await alice.createCatch({ fishType: `Bass ${i}` });
    // PostgreSQL restarting while the ZIP's JSON or CSV is being written: their list query fails. That error had no
    // listener inside the ZIP and took the whole process down (an 'error' event on the JSON's stream).
    const pages = vi.spyOn(CatchRepository.prototype, 'pages').mockImplementation(async function* () {
      yield [];
      throw new Error('terminating connection due to administrator command');
    });
    try {
      const outcome = await zipExportOutcome(alice);
      expect(outcome).not.toBe('a whole ZIP');
    } finally {
      pages.mockRestore();
    }
    expect(await list(alice)).toHaveLength(3);
  });

  it('stops reading the log when the ZIP download is abandoned', async () => {
    const created = await alice.createCatch({ fishType: 'Bass' });
    // A long log, one page every 10 ms; each page read counted.
    let pagesRead = 0;
    const pages = vi.spyOn(CatchRepository.prototype, 'pages').mockImplementation(async function* () {
      for (let i = 0; i < 1000; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        pagesRead += 1;
        yield [{ ...created, id: created.id + i, fishType: `Bass ${i}` }];
      }
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const abort = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/api/export?format=zip`, {
        headers: { cookie: alice.cookie },
        signal: abort.signal,
      });
      await response.body?.getReader().read();
      abort.abort();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const afterAbort = pagesRead;
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Before: the photo pass went on through the whole log (here 10 s of pages) for nobody.
      expect(pagesRead - afterAbort).toBeLessThanOrEqual(1);
    } finally {
      pages.mockRestore();
    }
  });

  it('round trip through JSON; a re-import is skipped, also into the same account', async () => {
    for (let i = 0; i < 3; i++) {
      // The last one without a clientId (as a script would save it): found again by its content and time.
      await alice.createCatch({ fishType: `Bass ${i}`, clientId: i < 2 ? randomUUID() : undefined });
      t.clock.advance(1000);
    }
    const exported = (await alice.get('/api/export?format=json')).body;
    expect((await importFile(alice, exported)).json()).toEqual({
      created: 0,
      skipped: 3,
      rejected: [],
      rejectedCount: 0,
    });
    expect((await importFile(bob, exported)).json()).toEqual({
      created: 3,
      skipped: 0,
      rejected: [],
      rejectedCount: 0,
    });
    expect((await importFile(bob, exported)).json()).toEqual({
      created: 0,
      skipped: 3,
      rejected: [],
      rejectedCount: 0,
    });
    expect(await list(alice)).toHaveLength(3);
    expect(
      (await list(bob)).map(({ clientId: _c, ...rest }) => essence({ ...rest, clientId: null })),
    ).toEqual((await list(alice)).map((item) => essence({ ...item, clientId: null })));
    // And a CSV of the same export, into the same account: nothing doubled either.
    const csv = (await alice.get('/api/export?format=csv')).body;
    expect((await importFile(alice, csv, 'log.csv')).json()).toEqual({
      created: 0,
      skipped: 3,
      rejected: [],
      rejectedCount: 0,
    });
  });

  it('imports a CSV edited in a spreadsheet: BOM, CRLF, reordered columns, empty cells, no clientIds', async () => {
    const csv =
      '\uFEFFnotes,weight,fishType,catchDate,latitude,longitude,extra column\r\n' +
      '"Slow retrieve, near reeds",2.5,Walleye,2026-04-02,45.1,-93.2,x\r\n' +
      ',,Bluegill,,,,\r\n' +
      'bad weight,-3,Pike,,,,\r\n' +
      'no fish,1,,,,,\r\n' +
      '"multi\r\nline",,Carp,2026-02-30,,,\r\n' +
      ',,,,,,\r\n';
    const first = await importFile(alice, csv, 'edited.csv');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      created: 2,
      skipped: 0,
      rejected: [
        { row: 4, message: 'Weight must be at least 0' },
        { row: 5, message: 'Fish type required' },
        { row: 6, message: 'Catch date must be a date (yyyy-MM-dd)' },
      ],
      rejectedCount: 3,
    });
    const walleye = (await list(alice)).find((item) => item.fishType === 'Walleye');
    expect(walleye).toMatchObject({
      notes: 'Slow retrieve, near reeds',
      weight: 2.5,
      catchDate: '2026-04-02',
      latitude: 45.1,
      longitude: -93.2,
      length: null,
      clientId: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    });
    // The same hand-made rows again: the ids derived from their content find them.
    const again = (await importFile(alice, csv, 'edited.csv')).json() as Summary;
    expect([again.created, again.skipped, again.rejected.length]).toEqual([0, 2, 3]);
    expect(await list(alice)).toHaveLength(2);
  });

  it.each([
    ['an empty file', '', 'The file is empty.'],
    [
      'broken JSON',
      '{"format": "tightlines-export", ',
      'The file is not valid JSON. Import the .json file exported by Tightlines.',
    ],
    [
      'another JSON',
      '{"hello": 1}',
      'This JSON is not a Tightlines export (its "format" is not "tightlines-export").',
    ],
    [
      'a future version',
      '{"format": "tightlines-export", "version": 2, "catches": []}',
      "This export's version is not supported (expected version 1).",
    ],
    [
      'no catches list',
      '{"format": "tightlines-export", "version": 1, "catches": 3}',
      'This export has no "catches" list.',
    ],
    ['a CSV without our header', 'name,size\nbass,3\n', 'This CSV has no Fish Type column', 'log.csv'],
    [
      'a broken ZIP',
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(300, 7)]),
      'The ZIP file is damaged',
    ],
  ])('refuses %s with 400 and a clear message', async (_label, data, message, fileName = 'export.json') => {
    const response = await importFile(alice, data, fileName);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_INPUT');
    expect(response.json().message).toContain(message);
  });

  it('reports rows of a JSON export that are not catches, and imports the rest', async () => {
    const document = {
      format: 'tightlines-export',
      version: 1,
      catches: [
        { fishType: 'Bass', clientId: randomUUID() },
        'junk',
        { fishType: 'Pike', weight: 'heavy' },
        null,
      ],
    };
    expect((await importFile(alice, JSON.stringify(document))).json()).toEqual({
      created: 1,
      skipped: 0,
      rejected: [
        { row: 2, message: 'Not a catch (expected an object with a fishType)' },
        { row: 3, message: 'Weight must be a number' },
        { row: 4, message: 'Not a catch (expected an object with a fishType)' },
      ],
      rejectedCount: 3,
    });
  });

  it('imports a ZIP holding only a CSV; a photo that is not an image rejects its row, a missing one is left out', async () => {
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const zip = await makeZip({
      'my-log.csv':
        'fishType,photo,clientId\r\n' +
        `Bass,photos/${id(1)}.webp,${id(1)}\r\n` +
        `Pike,photos/${id(2)}.webp,${id(2)}\r\n` +
        `Carp,photos/${id(3)}.webp,${id(3)}\r\n`,
      [`photos/${id(1)}.webp`]: await gradientJpeg(64, 48),
      [`photos/${id(2)}.webp`]: 'this is not an image',
    });
    const response = await importFile(alice, zip, 'mine.zip');
    expect(response.json()).toEqual({
      created: 2,
      skipped: 0,
      rejected: [
        { row: 3, message: 'Photo: Only image files can be uploaded (JPEG, PNG, WebP, GIF, AVIF or TIFF)' },
      ],
      rejectedCount: 1,
    });
    const byName = new Map((await list(alice)).map((item) => [item.fishType, item]));
    expect(byName.get('Bass')?.photo).toMatch(/^\/api\/photos\/.+\.webp$/);
    expect(byName.get('Carp')?.photo).toBeNull();
  });

  it('rejects the rows beyond the account limit with its message', async () => {
    const small = await createTestApp(engine, { accountLimits: { catches: 600, textBytes: 1024 * 1024 } });
    try {
      const carol = await ApiClient.register(small.app, 'carol');
      const csv = `fishType,notes\n${Array.from({ length: 700 }, (_, i) => `Perch,note ${i}`).join('\n')}\n`;
      const summary = (await importFile(carol, csv, 'many.csv')).json() as Summary;
      // The first batch of 500 fits; the second (200) would go past 600, so it is refused whole.
      // 200 refused, the first 100 of them listed.
      expect([summary.created, summary.skipped, summary.rejectedCount, summary.rejected.length]).toEqual([
        500, 0, 200, 100,
      ]);
      expect(summary.rejected[0]).toEqual({
        row: 502,
        message: 'Your log is full: one account can keep 600 catches. Delete some catches to log new ones.',
      });
    } finally {
      await small.close();
    }
  });

  it('refuses a CSV whose row never ends (an unclosed quote) with 400', async () => {
    const response = await importFile(alice, `fishType,notes\nBass,"${'x'.repeat(70_000)}\n`, 'a.csv');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Row 2 is longer than 65,536 characters: is it a CSV exported by Tightlines (an unclosed quote, maybe)?',
    );
  });

  it('refuses a CSV that turns out unreadable further down before importing any of it', async () => {
    // 100,001 rows: the file is refused at the last one; it was refused after 200 batches had been written (the
    // answer said 400, and the log held 50,000 new catches). A row that never ends after good rows, likewise.
    const tooMany = `fishType\n${'Perch\n'.repeat(100_001)}`;
    const unclosed = `fishType,notes\n${'Perch,ok\n'.repeat(600)}Bass,"${'x'.repeat(70_000)}\n`;
    const answers = [
      await importFile(alice, tooMany, 'many.csv'),
      await importFile(alice, unclosed, 'cut.csv'),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json().message])).toEqual([
      [400, 'The file has more than 100,000 rows: no log is that long.'],
      [
        400,
        'Row 602 is longer than 65,536 characters: is it a CSV exported by Tightlines (an unclosed quote, maybe)?',
      ],
    ]);
    expect(await list(alice)).toEqual([]);
  });

  it('numbers CSV rows as a spreadsheet does, blank rows included, and stops a file of only line breaks early', async () => {
    const csv = 'fishType,weight\r\nBass,1\r\n\r\n,,\r\nPike,heavy\r\n';
    expect((await importFile(alice, csv, 'gaps.csv')).json()).toEqual({
      created: 1,
      skipped: 0,
      rejected: [{ row: 5, message: 'Weight must be a number' }],
      rejectedCount: 1,
    });
    // A ZIP of a few KB whose CSV is megabytes of line breaks: refused by its size before it is read at all (it
    // held the server's CPU for a minute per GB); a plain one, at the row limit.
    const zip = await makeZip({ 'log.csv': `fishType\n${'\n'.repeat(3 * 1024 * 1024)}` });
    const bomb = await importFile(alice, zip, 'log.zip');
    expect([bomb.statusCode, bomb.json()]).toEqual([
      413,
      { message: 'log.csv in the ZIP is too large to import (2 MB at most).', code: 'PAYLOAD_TOO_LARGE' },
    ]);
    const breaks = await importFile(alice, `fishType\n${'\n'.repeat(150_000)}Bass\n`, 'breaks.csv');
    expect([breaks.statusCode, breaks.json().message]).toEqual([
      400,
      'The file has more than 100,000 rows: no log is that long.',
    ]);
  });

  it('says a file named .zip or .json is not one, instead of looking for CSV columns in it', async () => {
    const notZip = await importFile(alice, 'this is not a zip', 'photos.zip');
    expect(notZip.json().message).toBe(
      'This file is not a ZIP file (damaged, or renamed). Import the .zip file exported by Tightlines as it was downloaded.',
    );
    for (const text of ['null', '"text"', 'hello']) {
      const notJson = await importFile(alice, text, 'log.json');
      expect([notJson.statusCode, notJson.json().message]).toEqual([
        400,
        'The file is not valid JSON. Import the .json file exported by Tightlines.',
      ]);
    }
  });

  it('reads a CSV saved by a spreadsheet in Windows-1252 (not UTF-8) with its accents intact', async () => {
    const csv = Buffer.from('fishType,notes\r\nBrochet,caf\xe9 au lac \x96 5\x80\r\n', 'latin1');
    expect((await importFile(alice, csv, 'excel.csv')).json()).toMatchObject({ created: 1 });
    expect((await list(alice))[0]?.notes).toBe('café au lac – 5€');
  });

  it('a ZIP import that fails half-way (the disk full) keeps none of the photos it stored', async () => {
    const zip = await makeZip({
      'log.json': JSON.stringify(
        [1, 2, 3].map((n) => ({ fishType: `Trout ${n}`, photo: `photos/p${n}.webp` })),
      ),
      'photos/p1.webp': await gradientJpeg(64, 48),
      'photos/p2.webp': await gradientJpeg(80, 48),
      'photos/p3.webp': await gradientJpeg(96, 48),
    });
    const save = t.photoStore.save.bind(t.photoStore);
    let saved = 0;
    t.photoStore.save = async (id, variant, data) => {
      if (++saved > 4) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return save(id, variant, data);
    };
    const response = await importFile(bob, zip, 'log.zip');
    expect([response.statusCode, response.json().code]).toEqual([507, 'STORAGE_FULL']);
    expect(await list(bob)).toEqual([]);
    // The two photos stored before the disk filled used to wait 24 hours for the sweeper, on a full disk.
    expect(t.photoStore.size()).toBe(0);
    const records = await t.database.db.selectFrom('photos').select('id').execute();
    expect(records).toEqual([]);
  });

  it('removes the upload folder of an import the shutdown cut off, and at start those a dead server left', async () => {
    const spoolDir = await mkdtemp(path.join(tmpdir(), 'tightlines-spool-test-'));
    // Left by a server that died mid-import two days ago, and one of an import running now elsewhere.
    const stale = path.join(spoolDir, 'tightlines-import-dead');
    const running = path.join(spoolDir, 'tightlines-import-running');
    await mkdir(stale);
    await mkdir(running);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(stale, twoDaysAgo, twoDaysAgo);
    const app = await createTestApp(engine, { importSpoolDir: spoolDir });
    try {
      expect((await readdir(spoolDir)).sort()).toEqual(['tightlines-import-running']);
      const carol = await ApiClient.register(app.app, 'carol');
      // An import that never gets further than its first batch (SIGTERM comes, the grace period ends).
      const stuck = vi
        .spyOn(CatchRepository.prototype, 'existingClientIds')
        .mockImplementation(() => new Promise(() => {}));
      void importFile(carol, 'fishType\nPerch\n', 'log.csv');
      await expect.poll(async () => (await readdir(spoolDir)).length).toBe(2);
      stuck.mockRestore();
    } finally {
      await app.close();
    }
    // The process exits right after the app closes: the import's own clean-up never ran, and the folder stayed.
    expect(await readdir(spoolDir)).toEqual(['tightlines-import-running']);
    await rm(spoolDir, { recursive: true, force: true });
  });

  it('refuses a file over the cap with 413, and other requests keep working', async () => {
    const response = await importFile(alice, Buffer.alloc(3 * 1024 * 1024, 'a'), 'big.csv');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'The file is too large to import (2 MB at most)',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await list(alice)).toEqual([]);
  });

  it('needs a signed-in user, a known format, a multipart body with a file field, and a same-site request', async () => {
    const anonymous = new ApiClient(t.app);
    expect((await anonymous.get('/api/export?format=json')).statusCode).toBe(401);
    expect((await importFile(anonymous, '{}')).statusCode).toBe(401);
    const unknownFormat = { code: 'INVALID_INPUT', message: 'format must be json, csv, zip or gpx' };
    expect((await alice.get('/api/export?format=xml')).json()).toMatchObject(unknownFormat);
    expect((await alice.get('/api/export')).json()).toMatchObject(unknownFormat);
    expect((await alice.post('/api/import', { file: 'x' })).statusCode).toBe(415);
    const wrongField = await importFile(alice, 'fishType\nBass\n', 'a.csv', 'photo');
    expect([wrongField.statusCode, wrongField.json().code]).toEqual([400, 'NO_FILE']);
    const body = multipart({
      field: 'file',
      fileName: 'a.csv',
      contentType: 'text/csv',
      data: Buffer.from('fishType\nBass\n'),
    });
    const crossSite = await alice.request({
      method: 'POST',
      url: '/api/import',
      payload: body.payload,
      headers: { ...body.headers, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await list(alice)).toEqual([]);
  });
});
