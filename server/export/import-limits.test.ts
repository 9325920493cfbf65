import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { Catch } from '#core/catch.ts';
import type { AppDependencies } from '../app.ts';
import type { PhotoProcessor, ProcessedPhoto } from '../photos/photo-processing.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { multipart, type RawZipEntry, rawZip } from '../test-support/hostile-inputs.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

/** An image processor that counts what it is given and, while `hold` is set, waits until told to go on. */
class CountingProcessor implements PhotoProcessor {
  calls = 0;
  private held: (() => void)[] = [];
  private holding = false;
  private onCall: (() => void)[] = [];

  hold(): void {
    this.holding = true;
  }

  release(): void {
    this.holding = false;
    for (const resume of this.held.splice(0)) resume();
  }

  /** Resolves once `count` photos have been handed over. */
  async called(count: number): Promise<void> {
    while (this.calls < count) await new Promise<void>((resolve) => this.onCall.push(resolve));
  }

  async process(): Promise<ProcessedPhoto> {
    this.calls += 1;
    for (const notify of this.onCall.splice(0)) notify();
    if (this.holding) await new Promise<void>((resolve) => this.held.push(resolve));
    return { full: Buffer.from('full'), thumb: Buffer.from('thumb'), width: 2, height: 1 };
  }

  async close(): Promise<void> {}
}

/** The JSON of an export whose catches show these ZIP photos (one catch each). */
function exportJson(photoRefs: readonly (string | null)[]): string {
  return JSON.stringify({
    format: 'tightlines-export',
    version: 1,
    exportedAt: '2026-06-01T12:00:00.000Z',
    username: 'alice',
    catches: photoRefs.map((photo, index) => ({
      clientId: randomUUID(),
      fishType: `Trout ${index + 1}`,
      catchDate: '2026-05-01',
      photo,
    })),
  });
}

const photoPath = () => `photos/${randomUUID()}.webp`;

/** A ZIP made as another program would, deflated. */
async function deflatedZip(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(data, name);
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

describe.each(TEST_ENGINES)('import limits on %s', (engine) => {
  let t: TestApp | undefined;
  let images: CountingProcessor;
  afterEach(async () => {
    images?.release();
    await t?.close();
    t = undefined;
  });

  async function start(overrides: Partial<AppDependencies> = {}) {
    images = new CountingProcessor();
    t = await createTestApp(engine, { importMaxBytes: 8 * 1024 * 1024, images, ...overrides });
    return t;
  }

  const importFile = (client: ApiClient, data: Buffer | string, fileName = 'export.zip') =>
    client.request({
      method: 'POST',
      url: '/api/import',
      ...multipart({
        field: 'file',
        fileName,
        contentType: 'application/octet-stream',
        data: Buffer.from(data),
      }),
    });
  const list = async (client: ApiClient) => (await client.get('/api/catches')).json() as Catch[];

  describe('a ZIP is read only as far as an export can go', () => {
    const photo = photoPath();
    const zipWith = (odd: RawZipEntry) =>
      rawZip([
        { name: 'tightlines-export-2026-06-01.json', data: Buffer.from(exportJson([photo])) },
        { name: photo, data: Buffer.from('a photo') },
        odd,
      ]);
    const cases: [string, RawZipEntry, string][] = [
      [
        'a name over 255 bytes',
        { name: `photos/${'n'.repeat(300)}.webp` },
        'a file name is longer than 255 bytes',
      ],
      [
        'a 64 KB extra field',
        { name: 'notes.txt', extraBytes: 65_535 },
        'a file carries more than 1024 bytes of extra fields',
      ],
      [
        'a 64 KB comment',
        { name: 'notes.txt', commentBytes: 65_535 },
        'a file carries a comment longer than 1024 bytes',
      ],
      ['a folder', { name: 'photos/' }, 'it holds a folder (photos/)'],
    ];
    it.each(cases)('refuses a ZIP with %s with 400, importing nothing', async (_what, odd, problem) => {
      const { app } = await start();
      const alice = await ApiClient.register(app, 'alice');
      const response = await importFile(alice, zipWith(odd));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'INVALID_INPUT',
        message:
          `This ZIP is not a Tightlines export: ${problem}. ` +
          'Import the .zip file exported by Tightlines as it was downloaded.',
      });
      expect(await list(alice)).toEqual([]);
      expect(images.calls).toBe(0);
    });

    it('imports an export beside files it does not know (they are not read)', async () => {
      const { app } = await start();
      const alice = await ApiClient.register(app, 'alice');
      const response = await importFile(
        alice,
        zipWith({ name: '__MACOSX/._tightlines-export-2026-06-01.json', data: Buffer.from('resource fork') }),
      );
      expect(response.json()).toEqual({ created: 1, skipped: 0, rejected: [], rejectedCount: 0 });
      expect((await list(alice))[0]?.photo).toMatch(/^\/api\/photos\//);
    });
  });

  it('runs one import per account at a time (409) and IMPORTS_AT_ONCE per server (503), then takes more', async () => {
    const { app } = await start({ importsAtOnce: 2 });
    const alice = await ApiClient.register(app, 'alice');
    const bob = await ApiClient.register(app, 'bob');
    const carol = await ApiClient.register(app, 'carol');
    const oneCatchZip = () =>
      rawZip([
        { name: 'export.json', data: Buffer.from(exportJson(['photos/a.webp'])) },
        { name: 'photos/a.webp', data: Buffer.from('a photo') },
      ]);
    images.hold();
    const aliceFirst = importFile(alice, oneCatchZip());
    await images.called(1);
    const aliceSecond = await importFile(alice, oneCatchZip());
    expect(aliceSecond.statusCode).toBe(409);
    expect(aliceSecond.json()).toEqual({
      code: 'IMPORT_IN_PROGRESS',
      message: 'An import of yours is still running. Wait for it to finish before importing another file.',
    });
    const bobFirst = importFile(bob, oneCatchZip());
    await images.called(2);
    const carolFirst = await importFile(carol, oneCatchZip());
    expect(carolFirst.statusCode).toBe(503);
    expect(carolFirst.headers['retry-after']).toBe('30');
    expect(carolFirst.json()).toEqual({
      code: 'SERVER_BUSY',
      message: 'The server is busy importing other files. Please try again in a minute.',
    });
    images.release();
    expect((await aliceFirst).json()).toMatchObject({ created: 1 });
    expect((await bobFirst).json()).toMatchObject({ created: 1 });
    // The slots are given back: the next imports run.
    expect((await importFile(alice, oneCatchZip())).json()).toMatchObject({ created: 1 });
    expect((await importFile(carol, oneCatchZip())).json()).toMatchObject({ created: 1 });
    // A refused import gives its slot back as well.
    expect((await importFile(alice, 'not a zip at all')).statusCode).toBe(400);
    expect((await importFile(alice, oneCatchZip())).json()).toMatchObject({ created: 1 });
  });

  it('decodes and stores a photo once however many rows name it', async () => {
    const t = await start();
    const alice = await ApiClient.register(t.app, 'alice');
    const photo = photoPath();
    const zip = rawZip([
      { name: 'export.json', data: Buffer.from(exportJson(Array.from({ length: 40 }, () => photo))) },
      { name: photo, data: Buffer.from('a 49 MP camera photo') },
    ]);
    expect((await importFile(alice, zip)).json()).toMatchObject({ created: 40, skipped: 0, rejected: [] });
    expect(images.calls).toBe(1);
    expect(t.photoStore.size()).toBe(1);
    const shown = new Set((await list(alice)).map((item) => item.photo));
    expect(shown.size).toBe(1);
    expect([...shown][0]).toMatch(/^\/api\/photos\//);
    // Deleting one of the catches keeps the photo the 39 others show.
    const [first] = await list(alice);
    await alice.delete(`/api/catches/${first?.id}`);
    expect((await alice.get(`${[...shown][0]}`)).statusCode).toBe(200);
  });

  it('decodes no more photos in one import than an account keeps catches', async () => {
    const { app } = await start({ accountLimits: { catches: 2, textBytes: 1024 * 1024 } });
    const alice = await ApiClient.register(app, 'alice');
    const photos = [photoPath(), photoPath(), photoPath(), photoPath()];
    const zip = rawZip([
      { name: 'export.json', data: Buffer.from(exportJson(photos)) },
      ...photos.map((name) => ({ name, data: Buffer.from(`photo ${name}`) })),
    ]);
    const summary = (await importFile(alice, zip)).json();
    expect(summary).toMatchObject({ created: 2, rejectedCount: 2 });
    expect(summary.rejected).toEqual([
      { row: 3, message: 'Photo: this file holds more than 2 photos, more than an account keeps' },
      { row: 4, message: 'Photo: this file holds more than 2 photos, more than an account keeps' },
    ]);
    expect(images.calls).toBe(2);
  });

  it('refuses a CSV in a ZIP that inflates past 64 MB (as its JSON would be) before reading it', async () => {
    // The upload cap itself is the default 512 MB: the inflated CSV has a cap of its own.
    const { app } = await start({ importMaxBytes: undefined });
    const alice = await ApiClient.register(app, 'alice');
    const csv = Buffer.alloc(64 * 1024 * 1024 + 1, '\n');
    csv.write('fishType\n');
    const zip = await deflatedZip({ 'log.csv': csv });
    expect(zip.length).toBeLessThan(1024 * 1024);
    const response = await importFile(alice, zip);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'log.csv in the ZIP is too large to import (64 MB at most).',
    });
  });

  it('lists the first 100 rejected rows and counts them all', async () => {
    const { app } = await start();
    const alice = await ApiClient.register(app, 'alice');
    const rows = ['fishType,weight', 'Good Bass,3'];
    for (let i = 0; i < 250; i++) rows.push(`Too Heavy ${i},99999`);
    const summary = (await importFile(alice, `${rows.join('\r\n')}\r\n`, 'edited.csv')).json();
    expect(summary.created).toBe(1);
    expect(summary.rejectedCount).toBe(250);
    expect(summary.rejected).toHaveLength(100);
    expect(summary.rejected[0].row).toBe(3);
    expect(summary.rejected[99].row).toBe(102);
  });
});
