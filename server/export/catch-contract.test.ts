// Walks every field of the catch contract (core/catch-schema.ts) through the server on each engine: the API answers
// it with the type the contract says, and each export (JSON, CSV, ZIP with its JSON or with only its CSV) carries it
// into another account through the import. A field that a view leaves out, or an engine answers in its own way
// (SQLite's 0/1 for a boolean), fails here by name. docs/decisions/018-one-catch-contract.md lists the steps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { Catch } from '#core/catch.ts';
import { catchSchema } from '#core/catch-schema.ts';
import { EVERY_CONDITION_SET, EVERY_FIELD_SET } from '#core/test-catch.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { gradientJpeg, multipart } from '../test-support/hostile-inputs.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

const CONTRACT_FIELDS = Object.keys(catchSchema.shape) as (keyof Catch)[];

/**
 * What a file cannot carry into another account as it was: the server's id (the new account's own), and the photo
 * (its URL points at the first account's photo; its bytes travel only in a ZIP, and come back under a new URL).
 */
const NOT_CARRIED: readonly (keyof Catch)[] = ['id', 'photo'];

/** The fields that must come back unchanged, each under its own name so that a miss is named. */
function carried(item: Catch | undefined): Partial<Record<keyof Catch, unknown>> {
  const fields: Partial<Record<keyof Catch, unknown>> = {};
  for (const field of CONTRACT_FIELDS) if (!NOT_CARRIED.includes(field)) fields[field] = item?.[field];
  return fields;
}

/** The entries of a ZIP, by name. */
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

async function zipOf(files: Map<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of files) zip.addBuffer(data, name);
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/**
 * A second catch with every part of its conditions set, as the conditions job leaves one: brought in by an import,
 * which keeps the conditions a file carries (no weather provider runs in these tests).
 */
const WITH_EVERY_CONDITION = {
  ...EVERY_FIELD_SET,
  clientId: '0d4f1e2a-6b3c-4a5d-8e7f-9a0b1c2d3e4f',
  caughtAt: '2026-05-01T13:45:00.000Z',
  conditions: EVERY_CONDITION_SET,
  // No spot or trip in this walk (docs/decisions/043-trips-and-spots.md: their ids are the account's own).
  spotId: null,
  tripId: null,
};

describe.each(TEST_ENGINES)('every field of the catch contract on %s', (engine) => {
  let t: TestApp;
  let owner: ApiClient;
  let original: Catch;
  let withConditions: Catch;
  let readers = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await ApiClient.register(t.app, 'contract_owner');
    const upload = multipart({
      fileName: 'fish.jpg',
      contentType: 'image/jpeg',
      data: await gradientJpeg(64, 48),
    });
    const photo = (
      (await owner.request({ method: 'POST', url: '/api/upload', ...upload })).json() as { url: string }
    ).url;
    const created = await owner.post('/api/catches', { ...EVERY_FIELD_SET, photo });
    expect(created.statusCode, created.body).toBe(201);
    original = created.json() as Catch;
    const document = { format: 'tightlines-export', version: 1, catches: [WITH_EVERY_CONDITION] };
    const imported = await owner.importFile(JSON.stringify(document), 'conditions.json');
    expect(imported.json()).toMatchObject({ created: 1 });
    const listed = (await owner.get('/api/catches')).json() as Catch[];
    withConditions = listed.find((item) => item.clientId === WITH_EVERY_CONDITION.clientId) as Catch;
  });
  afterAll(async () => {
    await t.close();
  });

  /** The owner's export in `format`, imported by a new account; that account's copies of the two catches. */
  async function importedCopies(file: Buffer | string, fileName: string): Promise<(Catch | undefined)[]> {
    const reader = await ApiClient.register(t.app, `contract_reader_${readers++}`);
    const imported = await reader.importFile(file, fileName);
    expect(imported.json()).toEqual({ created: 2, skipped: 0, rejected: [], rejectedCount: 0 });
    const copies = (await reader.get('/api/catches')).json() as Catch[];
    return [original, withConditions].map((item) => copies.find((copy) => copy.clientId === item.clientId));
  }

  it('is answered by the API with the value sent, typed as the contract says (true/false on both engines)', async () => {
    const listed = (await owner.get('/api/catches')).json() as Catch[];
    const answers = [original, ...listed.filter((item) => item.id === original.id)];
    answers.push(
      ...((await owner.get('/api/catches?limit=5')).json() as Catch[]).filter(
        (item) => item.id === original.id,
      ),
    );
    const edit = await owner.patch(`/api/catches/${original.id}`, { notes: EVERY_FIELD_SET.notes });
    answers.push(edit.json() as Catch);
    expect(answers).toHaveLength(4);
    // Its moment: 06:45 on the clocks of Lake Tahoe (PDT, UTC-7); its sky at once, the weather still to be asked for.
    const workedOut = {
      ...EVERY_FIELD_SET,
      id: 0,
      photo: null,
      caughtAt: '2026-05-01T13:45:00.000Z',
      conditions: original.conditions,
      spotId: null,
      tripId: null,
    };
    expect(original.conditions).toMatchObject({ status: 'pending', weather: null, sun: { phase: 'day' } });
    for (const answer of answers) {
      expect(catchSchema.strict().safeParse(answer).error?.issues ?? []).toEqual([]);
      expect(carried(answer)).toEqual(carried(workedOut));
      expect(answer.photo).toMatch(/^\/api\/photos\/.+\.webp$/);
    }
    expect(carried(withConditions)).toEqual(carried({ ...WITH_EVERY_CONDITION, id: 0, photo: null }));
  });

  it.each(['json', 'csv'] as const)(
    'comes back from a %s export imported into another account',
    async (format) => {
      const file = (await owner.get(`/api/export?format=${format}`)).rawPayload;
      const copies = await importedCopies(file, `tightlines-export.${format}`);
      expect(copies.map(carried)).toEqual([original, withConditions].map(carried));
    },
  );

  it('comes back from a ZIP export, photo included, through its JSON and through its CSV alone', async () => {
    const files = await unzip((await owner.get('/api/export?format=zip')).rawPayload);
    const csvOnly = new Map([...files].filter(([name]) => !name.endsWith('.json')));
    for (const zip of [await zipOf(files), await zipOf(csvOnly)]) {
      const [copy, copyWithConditions] = await importedCopies(zip, 'tightlines-export.zip');
      expect(carried(copy)).toEqual(carried(original));
      expect(carried(copyWithConditions)).toEqual(carried(withConditions));
      expect(copy?.photo).toMatch(/^\/api\/photos\/.+\.webp$/);
      expect(copy?.photo).not.toBe(original.photo);
    }
  });
});
