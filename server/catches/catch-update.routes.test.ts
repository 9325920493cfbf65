// PATCH /api/catches/:id and /api/catches/client/:clientId (docs/decisions/021-editing-a-catch.md): each
// field set, changed and cleared, the create bounds, nothing changed by any refusal, ownership, the list cache and
// search, the text quota, and edits racing each other.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { multipart, smallJpeg } from '../test-support/hostile-inputs.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';
import {
  createPhotoTestApp,
  type PhotoTestApp,
  photoStoreWhoseRemovalFails,
  photoTestMatrix,
  sweepPastGracePeriod,
} from '../test-support/test-photo-stores.ts';
import { catchSearchText, catchTextBytes } from './catch-text.ts';

/** Every written field filled (the log form's payload). */
const fullPayload = {
  fishType: 'Rainbow Trout',
  weight: 3.4,
  length: 18.5,
  locationName: 'Lake Tahoe, US',
  latitude: 39.096848,
  longitude: -120.032349,
  notes: 'Caught near the drop-off',
  waterTemperature: 54.2,
  catchDate: '2026-06-01',
  timeOfDay: '06:45',
  lineSize: '6 lb fluoro',
  baitUsed: 'PowerBait',
  depth: 12.5,
};

/** A new value for each field, of the kind the log form sends. */
const NEW_VALUES: [keyof typeof fullPayload, unknown][] = [
  ['fishType', 'Brown Trout'],
  ['weight', 4.75],
  ['length', 21],
  ['locationName', 'Fallen Leaf Lake, US'],
  ['latitude', -33.5],
  ['longitude', 151.25],
  ['notes', 'Released after a photo'],
  ['waterTemperature', 48.5],
  ['catchDate', '2026-05-30'],
  ['timeOfDay', '19:05'],
  ['lineSize', '4 lb mono'],
  ['baitUsed', 'Inline spinner'],
  ['depth', 3],
];

const OPTIONAL_FIELDS = NEW_VALUES.map(([field]) => field).filter((field) => field !== 'fishType');

const MOMENT_FIELDS = new Set(['catchDate', 'timeOfDay', 'latitude', 'longitude']);

/**
 * A catch as an edit's `changes` leave it comparable: an edit of its date, time or place works its moment and
 * conditions out again (what they become: catch-conditions.routes.test.ts), so those two are left out then; after any
 * other edit they are compared too, and must be exactly as they were.
 */
function comparable(item: Catch | undefined, changes: object) {
  if (!item || !Object.keys(changes).some((field) => MOMENT_FIELDS.has(field))) return item;
  const { caughtAt: _caughtAt, conditions: _conditions, ...written } = item;
  return written;
}

const NOT_AN_OBJECT = { message: 'Send the changes as a JSON object', code: 'INVALID_INPUT' };

describe.each(TEST_ENGINES)('editing a catch on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  let saved: Catch;
  const clientId = randomUUID();

  beforeEach(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
    saved = await alice.createCatch({ ...fullPayload, clientId });
  });
  afterEach(async () => {
    await t.close();
  });

  const patch = (changes: unknown, id: number = saved.id) => alice.patch(`/api/catches/${id}`, changes);

  /** The catch as the list shows it now. */
  async function current(client = alice, id = saved.id): Promise<Catch | undefined> {
    return ((await client.get('/api/catches')).json() as Catch[]).find((item) => item.id === id);
  }

  /** The owner's list version: every write moves it, a refused or empty edit must not. */
  async function catchesVersion(userId = alice.user?.id ?? 0): Promise<number> {
    const row = await t.database.db
      .selectFrom('users')
      .select('catches_version')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.catches_version);
  }

  /** The account's counted text bytes, and what its catches really hold. */
  async function textBytes(userId = alice.user?.id ?? 0) {
    const user = await t.database.db
      .selectFrom('users')
      .select('catch_text_bytes')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const rows = await t.database.db
      .selectFrom('catches')
      .select(['fish_type', 'location_name', 'notes', 'line_size', 'bait_used', 'search_text'])
      .where('user_id', '=', userId)
      .execute();
    const actual = rows.reduce(
      (sum, row) =>
        sum +
        catchTextBytes({
          fishType: row.fish_type,
          locationName: row.location_name,
          notes: row.notes,
          lineSize: row.line_size,
          baitUsed: row.bait_used,
        }),
      0,
    );
    return { counted: Number(user.catch_text_bytes), actual };
  }

  /** Nothing of the catch changed, nor the list version. */
  async function expectUnchanged(version: number): Promise<void> {
    expect(await current()).toEqual(saved);
    expect(await catchesVersion()).toBe(version);
  }

  describe('each field', () => {
    it.each(NEW_VALUES)('changes %s and nothing else', async (field, value) => {
      const changes = { [field]: value };
      const response = await patch(changes);
      expect(response.statusCode).toBe(200);
      const expected = comparable({ ...saved, ...changes }, changes);
      expect(comparable(response.json(), changes)).toEqual(expected);
      expect(comparable(await current(), changes)).toEqual(expected);
    });

    it.each(OPTIONAL_FIELDS)('clears %s with null, and with an empty string', async (field) => {
      const changes = { [field]: null };
      const expected = comparable({ ...saved, ...changes }, changes);
      const cleared = await patch(changes);
      expect(cleared.statusCode).toBe(200);
      expect(comparable(cleared.json(), changes)).toEqual(expected);
      expect(comparable(await current(), changes)).toEqual(expected);
      await patch({ [field]: (fullPayload as Record<string, unknown>)[field] });
      expect(comparable((await patch({ [field]: '' })).json(), changes)).toEqual(expected);
    });

    it('sets a field that was empty, and changes many fields at once', async () => {
      const bare = await alice.createCatch({ fishType: 'Perch' });
      const changes = { notes: 'First note', weight: 0.5, catchDate: '2026-04-02' };
      const response = await patch(changes, bare.id);
      expect(comparable(response.json(), changes)).toEqual(comparable({ ...bare, ...changes }, changes));
      const all = Object.fromEntries(NEW_VALUES);
      expect(comparable((await patch(all)).json(), all)).toEqual(comparable({ ...saved, ...all }, all));
    });

    it('trims text and takes numeric strings and the bounds, as create does', async () => {
      const changes = {
        fishType: '  Pike  ',
        notes: '   ',
        weight: '4.2',
        depth: ' 12 ',
        latitude: '-90',
        longitude: 180,
        waterTemperature: '-40',
        length: 1000,
        baitUsed: ' spoon ',
      };
      const response = await patch(changes);
      expect(response.statusCode).toBe(200);
      expect(comparable(response.json(), changes)).toEqual(
        comparable(
          {
            ...saved,
            fishType: 'Pike',
            notes: null,
            weight: 4.2,
            depth: 12,
            latitude: -90,
            longitude: 180,
            waterTemperature: -40,
            length: 1000,
            baitUsed: 'spoon',
          },
          changes,
        ),
      );
    });
  });

  describe('refused with 400, nothing changed', () => {
    it.each([
      [{ fishType: '' }, 'fishType', 'Fish type required'],
      [{ fishType: '   ' }, 'fishType', 'Fish type required'],
      [{ fishType: null }, 'fishType', 'Fish type required'],
      [{ fishType: 7 }, 'fishType', 'Fish type required'],
      [{ fishType: 'x'.repeat(101) }, 'fishType', 'Fish type must be at most 100 characters'],
      [{ weight: -1 }, 'weight', 'Weight must be at least 0'],
      [{ weight: 5001 }, 'weight', 'Weight must be at most 5000'],
      [{ weight: 'heavy' }, 'weight', 'Weight must be a number'],
      [{ weight: true }, 'weight', 'Weight must be a number'],
      [{ length: 1000.5 }, 'length', 'Length must be at most 1000'],
      [{ latitude: 91 }, 'latitude', 'Latitude must be at most 90'],
      [{ longitude: '-181' }, 'longitude', 'Longitude must be at least -180'],
      [{ waterTemperature: 151 }, 'waterTemperature', 'Water temperature must be at most 150'],
      [{ depth: -0.1 }, 'depth', 'Depth must be at least 0'],
      [{ catchDate: '2026-02-30' }, 'catchDate', 'Catch date must be a date (yyyy-MM-dd)'],
      [{ catchDate: '2026-6-1' }, 'catchDate', 'Catch date must be a date (yyyy-MM-dd)'],
      [{ catchDate: 20260601 }, 'catchDate', 'Catch date must be a date (yyyy-MM-dd)'],
      // Decimal numbers only (core/decimal.ts): '0x10' was stored as 16.
      [{ weight: '0x10' }, 'weight', 'Weight must be a number'],
      [{ depth: '1e3' }, 'depth', 'Depth must be a number'],
      [{ length: 'Infinity' }, 'length', 'Length must be a number'],
      [{ waterTemperature: '  ' }, 'waterTemperature', 'Water temperature must be a number'],
      [{ catchDate: '0000-01-01' }, 'catchDate', 'Catch date must be between 1900-01-01 and 2099-12-31'],
      [{ catchDate: '9999-12-31' }, 'catchDate', 'Catch date must be between 1900-01-01 and 2099-12-31'],
      [{ timeOfDay: '24:00' }, 'timeOfDay', 'Time of day must be a time (HH:mm)'],
      [{ timeOfDay: '7:05' }, 'timeOfDay', 'Time of day must be a time (HH:mm)'],
      [{ notes: 'n'.repeat(5001) }, 'notes', 'Notes must be at most 5000 characters'],
      [{ notes: ['a'] }, 'notes', 'Notes must be text'],
      [{ locationName: 'l'.repeat(201) }, 'locationName', 'Location name must be at most 200 characters'],
      [{ lineSize: 'l'.repeat(51) }, 'lineSize', 'Line size must be at most 50 characters'],
      [{ baitUsed: 'b'.repeat(201) }, 'baitUsed', 'Bait used must be at most 200 characters'],
      [{ photo: 'https://evil.example/x.jpg' }, 'photo', 'Photo must be an uploaded photo URL'],
      [{ notes: 'deep\u0000water' }, 'notes', 'Text must not contain the NUL character'],
    ])('%j → "%s: %s"', async (changes, field, message) => {
      const version = await catchesVersion();
      const response = await patch(changes);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'INVALID_INPUT', errors: { [field]: message } });
      await expectUnchanged(version);
    });

    it('names every bad field, and keeps the valid ones sent beside them unwritten', async () => {
      const version = await catchesVersion();
      const response = await patch({ notes: 'New notes', weight: -1, timeOfDay: '99:99', fishType: ' ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Fish type required',
        code: 'INVALID_INPUT',
        errors: {
          fishType: 'Fish type required',
          weight: 'Weight must be at least 0',
          timeOfDay: 'Time of day must be a time (HH:mm)',
        },
      });
      await expectUnchanged(version);
    });

    it.each([
      ['an array', '[]'],
      ['an array of changes', '[{"notes":"x"}]'],
      ['a string', '"notes"'],
      ['a number', '5'],
      ['true', 'true'],
      ['null', 'null'],
    ])('a body that is %s', async (_label, payload) => {
      const version = await catchesVersion();
      const response = await alice.request({
        method: 'PATCH',
        url: `/api/catches/${saved.id}`,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ...NOT_AN_OBJECT, errors: { body: NOT_AN_OBJECT.message } });
      await expectUnchanged(version);
    });

    it('no body at all, broken JSON and an empty JSON body', async () => {
      const version = await catchesVersion();
      const none = await alice.request({ method: 'PATCH', url: `/api/catches/${saved.id}` });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject(NOT_AN_OBJECT);
      const json = { 'content-type': 'application/json' };
      const url = `/api/catches/${saved.id}`;
      const broken = await alice.request({ method: 'PATCH', url, payload: '{"notes":', headers: json });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ message: 'Request body is not valid JSON', code: 'MALFORMED_REQUEST' });
      const empty = await alice.request({ method: 'PATCH', url, payload: '', headers: json });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ message: 'Request body is empty', code: 'MALFORMED_REQUEST' });
      await expectUnchanged(version);
    });

    it.each(['abc', '-1', '1.5', '1e3', '9'.repeat(30)])('the id %s', async (id) => {
      const response = await alice.patch(`/api/catches/${id}`, { notes: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Catch id must be a positive whole number');
    });

    it('a clientId that is not a UUID', async () => {
      const response = await alice.patch('/api/catches/client/not-a-uuid', { notes: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('clientId must be a UUID');
    });

    it('a photo that is not an upload of the caller (400 UNKNOWN_PHOTO, as for create)', async () => {
      const version = await catchesVersion();
      const response = await patch({ notes: 'With a photo', photo: `/api/photos/${randomUUID()}.webp` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Photo not found: upload it again',
        code: 'UNKNOWN_PHOTO',
        errors: { photo: 'Photo not found' },
      });
      await expectUnchanged(version);
    });
  });

  describe('what the body does not change', () => {
    it('ignores id, createdAt, clientId and userId, like create', async () => {
      const bob = await ApiClient.register(t.app, 'bob');
      const response = await patch({
        id: saved.id + 100,
        createdAt: '2020-01-01T00:00:00.000Z',
        clientId: randomUUID(),
        userId: bob.user?.id,
        notes: 'Still mine',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...saved, notes: 'Still mine' });
      expect((await bob.get('/api/catches')).json()).toEqual([]);
      expect((await alice.patch(`/api/catches/client/${clientId}`, { depth: 1 })).statusCode).toBe(200);
    });

    it('an empty object (or only unknown keys) answers the catch unchanged and writes nothing', async () => {
      const version = await catchesVersion();
      for (const changes of [{}, { id: 5, createdAt: 'now', owner: 'bob' }]) {
        const response = await patch(changes);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(saved);
      }
      expect((await alice.patch(`/api/catches/client/${clientId}`, {})).json()).toEqual(saved);
      await expectUnchanged(version);
      // Still 404 for a catch that is not there.
      expect((await patch({}, 999_999)).statusCode).toBe(404);
    });

    it('a change writes once: the list version moves by one', async () => {
      const version = await catchesVersion();
      await patch({ notes: 'One write' });
      expect(await catchesVersion()).toBe(version + 1);
    });
  });

  describe('by clientId', () => {
    it("changes the catch saved with this device id, and no other user's with the same id", async () => {
      const bob = await ApiClient.register(t.app, 'bob');
      const bobs = await bob.createCatch({ fishType: 'Carp', clientId });
      const response = await alice.patch(`/api/catches/client/${clientId}`, { fishType: 'Golden Trout' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...saved, fishType: 'Golden Trout' });
      expect(await current()).toEqual({ ...saved, fishType: 'Golden Trout' });
      expect((await bob.get('/api/catches')).json()).toEqual([bobs]);
    });

    it('404 for a clientId no catch of mine holds', async () => {
      const response = await alice.patch(`/api/catches/client/${randomUUID()}`, { notes: 'x' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Catch not found', code: 'NOT_FOUND' });
    });
  });

  describe('ownership', () => {
    it("answers another user's id and clientId 404, exactly like a missing one, and changes nothing", async () => {
      const version = await catchesVersion();
      const bob = await ApiClient.register(t.app, 'bob');
      const missing = await bob.patch('/api/catches/999999', { notes: 'mine now' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Catch not found', code: 'NOT_FOUND' });
      for (const url of [`/api/catches/${saved.id}`, `/api/catches/client/${clientId}`]) {
        for (const changes of [{ notes: 'mine now' }, {}]) {
          const response = await bob.patch(url, changes);
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual(missing.json());
        }
      }
      await expectUnchanged(version);
    });

    it('404 for an id that was never used or was deleted', async () => {
      expect((await patch({ notes: 'x' }, 999_999)).statusCode).toBe(404);
      expect((await alice.delete(`/api/catches/${saved.id}`)).statusCode).toBe(204);
      expect((await patch({ notes: 'x' })).statusCode).toBe(404);
      expect((await alice.patch(`/api/catches/client/${clientId}`, { notes: 'x' })).statusCode).toBe(404);
    });
  });

  describe('guards', () => {
    it('401 signed out, before any 400 (a bad body or a bad id)', async () => {
      const anonymous = new ApiClient(t.app);
      for (const [url, changes] of [
        [`/api/catches/${saved.id}`, { notes: 'x' }],
        [`/api/catches/${saved.id}`, { fishType: '' }],
        ['/api/catches/abc', { weight: -1 }],
        [`/api/catches/client/${clientId}`, { notes: 'x' }],
        ['/api/catches/client/not-a-uuid', []],
      ] as const) {
        const response = await anonymous.patch(url, changes);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'You must be logged in', code: 'NOT_SIGNED_IN' });
      }
      expect(await current()).toEqual(saved);
    });

    it('403 cross-site and 415 for a body that is not JSON, nothing changed', async () => {
      const version = await catchesVersion();
      const url = `/api/catches/${saved.id}`;
      const crossSite = await alice.request({
        method: 'PATCH',
        url,
        payload: { notes: 'forged' },
        headers: { origin: 'https://evil.example' },
      });
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.json()).toEqual({ message: 'Cross-site request refused', code: 'CROSS_SITE' });
      const form = await alice.request({
        method: 'PATCH',
        url,
        payload: 'notes=forged',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.statusCode).toBe(415);
      expect(form.json()).toEqual({
        message: 'Send JSON (application/json) or a multipart form',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      await expectUnchanged(version);
    });
  });

  describe('the list and search', () => {
    it('GET /api/catches shows the edit at once, though it was listed (and cached) before', async () => {
      const other = await alice.createCatch({ fishType: 'Perch' });
      expect((await alice.get('/api/catches')).json()).toEqual([other, saved]);
      expect((await alice.get('/api/catches?search=trout')).json()).toEqual([saved]);
      const edited = (await patch({ fishType: 'Walleye', weight: 6 })).json() as Catch;
      expect((await alice.get('/api/catches')).json()).toEqual([other, edited]);
      expect(edited).toEqual({ ...saved, fishType: 'Walleye', weight: 6 });
    });

    it('search finds the new text and no longer the old, in every searched field', async () => {
      const search = async (text: string) =>
        ((await alice.get(`/api/catches?search=${encodeURIComponent(text)}`)).json() as Catch[]).map(
          (item) => item.id,
        );
      for (const text of ['rainbow', 'tahoe', 'powerbait', 'drop-off'])
        expect(await search(text)).toEqual([saved.id]);
      await patch({ fishType: 'Äsche', locationName: 'Große Mühl', baitUsed: 'Nymph' });
      await patch({ notes: 'ÖRING in the riffle' });
      for (const text of ['rainbow', 'tahoe', 'powerbait', 'drop-off'])
        expect(await search(text)).toEqual([]);
      for (const text of ['äsche', 'große mühl', 'NYMPH', 'öring'])
        expect(await search(text)).toEqual([saved.id]);
      // Fields not sent keep their part of the searched text.
      await patch({ weight: 1 });
      expect(await search('riffle')).toEqual([saved.id]);
      // Cleared: nothing left to find.
      await patch({ notes: null, locationName: null });
      expect(await search('öring')).toEqual([]);
      expect(await search('mühl')).toEqual([]);
      expect(await search('nymph')).toEqual([saved.id]);
      const row = await t.database.db
        .selectFrom('catches')
        .select('search_text')
        .where('id', '=', saved.id)
        .executeTakeFirstOrThrow();
      expect(row.search_text).toBe(catchSearchText({ fishType: 'Äsche', baitUsed: 'Nymph' }));
    });
  });

  describe('the account text quota', () => {
    const FULL_BY_TEXT = /^Your log is full: one account can keep 12 KB of notes and names\./;

    async function withLimits(catches: number, bytes: number) {
      await t.close();
      t = await createTestApp(engine, { accountLimits: { catches, textBytes: bytes } });
      alice = await ApiClient.register(t.app, 'alice');
      saved = await alice.createCatch({ ...fullPayload, clientId });
    }

    it('refuses an edit that grows the notes past the quota with 409, nothing changed; shorter edits pass', async () => {
      await withLimits(1000, 12_000);
      // 2,500 × 2-byte 'ö' = 5,000 bytes of notes in each of two other catches: about 10,080 bytes in all.
      const notes = 'ö'.repeat(2500);
      const other = await alice.createCatch({ fishType: 'Pike', notes });
      await alice.createCatch({ fishType: 'Pike', notes });
      const version = await catchesVersion();
      for (const grown of [notes, 'ö'.repeat(1000)]) {
        const refused = await patch({ notes: grown, weight: 1 });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({
          message: expect.stringMatching(FULL_BY_TEXT),
          code: 'ACCOUNT_FULL',
        });
        await expectUnchanged(version);
      }
      // A shorter text, and one that grows within the quota, pass; so does the long one once another catch shrank.
      expect((await patch({ notes: 'short' })).statusCode).toBe(200);
      expect((await patch({ notes: 'ö'.repeat(900) })).statusCode).toBe(200);
      expect((await patch({ notes: null }, other.id)).statusCode).toBe(200);
      expect((await alice.patch(`/api/catches/client/${clientId}`, { notes })).statusCode).toBe(200);
      const bytes = await textBytes();
      expect(bytes.counted).toBe(bytes.actual);
    });

    it('an account already over its limits (lowered since) may still shorten text and change numbers', async () => {
      await withLimits(1, 12_000);
      await t.database.db
        .updateTable('users')
        .set({ catch_text_bytes: 50_000, catch_count: 5 })
        .where('id', '=', alice.user?.id ?? 0)
        .execute();
      expect((await patch({ weight: 9 })).statusCode).toBe(200);
      expect((await patch({ notes: 'short' })).statusCode).toBe(200);
      const grown = await patch({ notes: 'A much longer note than before' });
      expect(grown.statusCode).toBe(409);
      // The text is what is full, not the catch count the edit does not change.
      expect(grown.json().message).toMatch(FULL_BY_TEXT);
    });

    it('keeps the counted bytes equal to the text the catches hold, edit after edit', async () => {
      await patch({ notes: 'ü'.repeat(300), fishType: 'Å', lineSize: null });
      await patch({ baitUsed: '🪱 worm', locationName: '' });
      await alice.patch(`/api/catches/client/${clientId}`, { lineSize: '8 lb' });
      const bytes = await textBytes();
      expect(bytes.counted).toBe(bytes.actual);
    });
  });

  describe('edits at the same time', () => {
    it('of different fields all land (only the sent fields are written)', async () => {
      const responses = await Promise.all(NEW_VALUES.map(([field, value]) => patch({ [field]: value })));
      expect(responses.map((response) => response.statusCode)).toEqual(NEW_VALUES.map(() => 200));
      const all = Object.fromEntries(NEW_VALUES);
      expect(comparable(await current(), all)).toEqual(comparable({ ...saved, ...all }, all));
      const bytes = await textBytes();
      expect(bytes.counted).toBe(bytes.actual);
      const search = async (text: string) =>
        ((await alice.get(`/api/catches?search=${encodeURIComponent(text)}`)).json() as Catch[]).length;
      for (const text of ['brown trout', 'fallen leaf', 'released after', 'inline spinner']) {
        expect(await search(text), text).toBe(1);
      }
    });

    it('of the same text field keep the counted bytes exact, whichever lands last', async () => {
      const lengths = [1, 2000, 17, 4999, 300, 0, 2500, 42];
      const responses = await Promise.all(lengths.map((n) => patch({ notes: 'é'.repeat(n) })));
      expect(responses.map((response) => response.statusCode)).toEqual(lengths.map(() => 200));
      const last = await current();
      expect(lengths.map((n) => (n === 0 ? null : 'é'.repeat(n)))).toContain(last?.notes);
      const bytes = await textBytes();
      expect(bytes.counted).toBe(bytes.actual);
    });

    it.skipIf(engine !== 'postgres')(
      'an edit whose row changed between its read and its update reads again (PostgreSQL)',
      async () => {
        const db = t.database.db;
        // Another writer changes the bait (as an edit would: text, search text, counted bytes) and holds the row
        // while the PATCH of the notes reads it and tries to update it, then commits.
        let rowHeld = () => {};
        const held = new Promise<void>((resolve) => (rowHeld = resolve));
        const writer = db.transaction().execute(async (trx) => {
          const bait = 'external-bait';
          await trx
            .updateTable('catches')
            .set({ bait_used: bait, search_text: catchSearchText({ ...fullPayload, baitUsed: bait }) })
            .where('id', '=', saved.id)
            .execute();
          const delta = bait.length - fullPayload.baitUsed.length;
          await trx
            .updateTable('users')
            .set((eb) => ({ catch_text_bytes: eb('catch_text_bytes', '+', delta) }))
            .where('id', '=', alice.user?.id ?? 0)
            .execute();
          rowHeld();
          // Commit only once the PATCH waits for this row (this test's connections only: the server is shared).
          for (let waited = 0; ; waited += 20) {
            const waiting = await db
              .selectFrom(sql<{ query: string }>`pg_stat_activity`.as('activity'))
              .select('query')
              .where(sql`wait_event_type`, '=', 'Lock')
              .where(sql`application_name`, '=', sql`current_setting('application_name')`)
              .execute();
            if (waiting.some((row) => row.query.startsWith('update "catches"'))) break;
            if (waited > 5000) throw new Error('the PATCH never waited for the row');
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        });
        await held;
        const response = await patch({ notes: 'patched notes' });
        await writer;
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ ...saved, notes: 'patched notes', baitUsed: 'external-bait' });
        const row = await db
          .selectFrom('catches')
          .select('search_text')
          .where('id', '=', saved.id)
          .executeTakeFirstOrThrow();
        expect(row.search_text).toBe(
          catchSearchText({ ...fullPayload, notes: 'patched notes', baitUsed: 'external-bait' }),
        );
        const bytes = await textBytes();
        expect(bytes.counted).toBe(bytes.actual);
      },
    );
  });
});

/** Uploads a small JPEG as `client`; the stored photo's URL. */
async function uploadPhoto(client: ApiClient): Promise<string> {
  const body = multipart({ fileName: 'fish.jpg', contentType: 'image/jpeg', data: await smallJpeg() });
  const response = await client.request({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: body.headers,
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { url: string }).url;
}

describe.each(photoTestMatrix(TEST_ENGINES))(
  'editing the photo of a catch on %s with the %s store',
  (engine, kind) => {
    let t: PhotoTestApp;
    let alice: ApiClient;
    beforeEach(async () => {
      t = await createPhotoTestApp(engine, kind);
      alice = await ApiClient.register(t.app, 'alice');
    });
    afterEach(async () => {
      await t.close();
    });

    const photoIds = async () =>
      (await t.database.db.selectFrom('photos').select('id').orderBy('id').execute()).map((row) => row.id);
    const idOf = (url: string) => url.slice('/api/photos/'.length, -'.webp'.length);

    it('a replaced photo goes, its record at once and its files after the grace period; the new one is shown', async () => {
      const first = await uploadPhoto(alice);
      const second = await uploadPhoto(alice);
      const saved = await alice.createCatch({ photo: first });
      const response = await alice.patch(`/api/catches/${saved.id}`, { photo: second });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...saved, photo: second });
      expect(await photoIds()).toEqual([idOf(second)]);
      expect((await alice.get(first)).statusCode).toBe(404);
      expect((await alice.get(second)).statusCode).toBe(200);
      expect(await t.photos.photoCount()).toBe(2);
      expect(await sweepPastGracePeriod(t, t.photos.store)).toBe(1);
      expect(await t.photos.photoCount()).toBe(1);
      expect((await alice.get(second)).statusCode).toBe(200);
    });

    it('a photo removed with null goes too, by id and by clientId', async () => {
      const clientId = randomUUID();
      const byId = await alice.createCatch({ photo: await uploadPhoto(alice) });
      const byClientId = await alice.createCatch({ photo: await uploadPhoto(alice), clientId });
      expect(await t.photos.photoCount()).toBe(2);
      expect((await alice.patch(`/api/catches/${byId.id}`, { photo: null })).json()).toEqual({
        ...byId,
        photo: null,
      });
      expect(await photoIds()).toHaveLength(1);
      const cleared = await alice.patch(`/api/catches/client/${clientId}`, { photo: '' });
      expect(cleared.json()).toEqual({ ...byClientId, photo: null });
      expect(await photoIds()).toEqual([]);
      expect(await sweepPastGracePeriod(t, t.photos.store)).toBe(2);
      expect(await t.photos.photoCount()).toBe(0);
    });

    it('a photo another catch of mine still shows stays', async () => {
      const shared = await uploadPhoto(alice);
      const one = await alice.createCatch({ photo: shared });
      const other = await alice.createCatch({ photo: shared });
      expect((await alice.patch(`/api/catches/${one.id}`, { photo: null })).statusCode).toBe(200);
      expect(await photoIds()).toEqual([idOf(shared)]);
      expect(await sweepPastGracePeriod(t, t.photos.store)).toBe(0);
      expect(await t.photos.photoCount()).toBe(1);
      expect((await alice.get(shared)).statusCode).toBe(200);
      // Once the last catch lets it go, it goes.
      expect(
        (await alice.patch(`/api/catches/${other.id}`, { photo: await uploadPhoto(alice) })).statusCode,
      ).toBe(200);
      expect(await photoIds()).not.toContain(idOf(shared));
      expect(await sweepPastGracePeriod(t, t.photos.store)).toBe(1);
      expect(await t.photos.photoCount()).toBe(1);
    });

    it('the same photo sent again, or a photo added where there was none, releases nothing', async () => {
      const photo = await uploadPhoto(alice);
      const saved = await alice.createCatch({ photo });
      const same = await alice.patch(`/api/catches/${saved.id}`, { photo, notes: 'Same photo' });
      expect(same.json()).toEqual({ ...saved, notes: 'Same photo' });
      const bare = await alice.createCatch();
      const added = await uploadPhoto(alice);
      expect((await alice.patch(`/api/catches/${bare.id}`, { photo: added })).json()).toEqual({
        ...bare,
        photo: added,
      });
      expect(await photoIds()).toEqual([idOf(photo), idOf(added)].sort());
      expect(await t.photos.photoCount()).toBe(2);
    });

    it("refuses another user's photo with 400 UNKNOWN_PHOTO, and changes nothing of either", async () => {
      const bob = await ApiClient.register(t.app, 'bob');
      const bobs = await uploadPhoto(bob);
      const mine = await uploadPhoto(alice);
      const saved = await alice.createCatch({ photo: mine });
      const response = await alice.patch(`/api/catches/${saved.id}`, { photo: bobs, notes: 'Stolen photo' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Photo not found: upload it again',
        code: 'UNKNOWN_PHOTO',
        errors: { photo: 'Photo not found' },
      });
      expect((await alice.get('/api/catches')).json()).toEqual([saved]);
      expect(await t.photos.photoCount()).toBe(2);
      expect((await bob.get(bobs)).statusCode).toBe(200);
      expect((await alice.get(mine)).statusCode).toBe(200);
    });
  },
);

describe.each(TEST_ENGINES)('a photo store that refuses removals, on %s', (engine) => {
  it('does not hold up an edit that lets a photo go (200): the store is not asked, the files wait for the sweep', async () => {
    const { store, removeCalls } = photoStoreWhoseRemovalFails();
    const t = await createTestApp(engine, { photoStore: store });
    try {
      const alice = await ApiClient.register(t.app, 'alice');
      const saved = await alice.createCatch({ photo: await uploadPhoto(alice) });
      const response = await alice.patch(`/api/catches/${saved.id}`, { photo: null });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...saved, photo: null });
      expect(removeCalls()).toBe(0);
      expect(await t.database.db.selectFrom('photos').select('id').execute()).toEqual([]);
      expect(await t.database.db.selectFrom('photo_tombstones').select('photo_id').execute()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
