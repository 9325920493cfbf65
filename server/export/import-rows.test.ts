import { describe, expect, it } from 'vitest';
import { contentOf, prepareRow } from './import-rows.ts';

const now = new Date('2026-06-01T12:00:00.000Z');

describe('prepareRow', () => {
  it('derives the same UUID-shaped clientId from the same content, and another from other content', () => {
    const row = { fishType: 'Walleye', weight: '2.5', catchDate: '2026-04-02' };
    const first = prepareRow(2, row, now, true);
    const again = prepareRow(9, { ...row, weight: '2.50' }, now, true);
    const other = prepareRow(3, { ...row, weight: '2.6' }, now, true);
    if (!first.ok || !again.ok || !other.ok) throw new Error('rows should be valid');
    expect(first.value.input.clientId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(again.value.input.clientId).toBe(first.value.input.clientId);
    expect(other.value.input.clientId).not.toBe(first.value.input.clientId);
  });

  it('keeps a given clientId and a believable createdAt; an unbelievable one becomes now', () => {
    const clientId = '6f1c1b3e-2d4a-4f8e-9b1a-0c2d3e4f5a6b';
    const kept = prepareRow(
      1,
      { fishType: 'Bass', clientId, createdAt: '2025-01-02T03:04:05.000Z' },
      now,
      false,
    );
    expect(kept).toMatchObject({
      ok: true,
      value: { input: { clientId, createdAt: new Date('2025-01-02T03:04:05.000Z') } },
    });
    const future = prepareRow(1, { fishType: 'Bass', createdAt: '2999-01-01T00:00:00Z' }, now, false);
    expect(future.ok && future.value.input.createdAt).toEqual(now);
  });

  it('takes the export apostrophe off CSV text only, and refuses NUL characters', () => {
    const csv = prepareRow(2, { fishType: "'=Bass" }, now, true);
    const json = prepareRow(2, { fishType: "'=Bass" }, now, false);
    expect(csv.ok && csv.value.input.fishType).toBe('=Bass');
    expect(json.ok && json.value.input.fishType).toBe("'=Bass");
    expect(prepareRow(2, { fishType: 'Ba\u0000ss' }, now, true)).toEqual({
      ok: false,
      message: 'Text must not contain the NUL character',
    });
  });

  it("derives the ids every export made so far has always had: the first release's content keeps its places", () => {
    // Computed before the content id took later fields in; an old export imported again must find these.
    const full = prepareRow(
      2,
      {
        fishType: 'Walleye',
        weight: '2.5',
        length: '20',
        locationName: 'Lake Erie',
        latitude: '41.5',
        longitude: '-82.1',
        notes: 'Dusk bite',
        waterTemperature: '61.5',
        depth: '14',
        catchDate: '2026-04-02',
        timeOfDay: '19:45',
        lineSize: '8 lb mono',
        baitUsed: 'Jig',
        createdAt: '2026-04-02T20:00:00.000Z',
      },
      now,
      false,
    );
    const minimal = prepareRow(2, { fishType: 'Walleye' }, now, false);
    expect(full.ok && full.value.input.clientId).toBe('e1e844cb-f226-50ce-a996-c3ab514da2ee');
    expect(minimal.ok && minimal.value.input.clientId).toBe('3d617aa3-3824-5692-9d53-950d5b07eddd');
  });
});

describe('contentOf, with a written field added after the first release', () => {
  // A field the contract does not have, as CONTENT_ADDED_LATER would list it with its CATCH_FIELDS_ADDED_LATER value.
  const released = [{ name: 'released', notSet: false }];
  const oldRow = { fishType: 'Pike', weight: 4.2, catchDate: '2026-05-01' };
  const createdAt = '2026-05-01T08:00:00.000Z';

  it('leaves the content as it was while the field is not set: missing, null, empty or its "not set" value', () => {
    const before = contentOf(oldRow, createdAt, []);
    for (const unset of [undefined, null, '', false]) {
      expect(contentOf({ ...oldRow, released: unset }, createdAt, released)).toEqual(before);
    }
  });

  it('appends the field as [name, value] after the time when set, so rows that differ in it differ', () => {
    const set = contentOf({ ...oldRow, released: true }, createdAt, released);
    expect(set).toEqual([...contentOf(oldRow, createdAt, []), ['released', true]]);
    expect(set).not.toEqual(contentOf({ ...oldRow, released: false }, createdAt, released));
  });

  it('appends later fields in their fixed order, whatever order the row has them in', () => {
    const later = [...released, { name: 'hookSize', notSet: null }];
    const content = contentOf({ hookSize: '6', ...oldRow, released: true }, createdAt, later);
    expect(content.slice(-2)).toEqual([
      ['released', true],
      ['hookSize', '6'],
    ]);
    expect(contentOf({ ...oldRow, hookSize: '6' }, createdAt, later).at(-1)).toEqual(['hookSize', '6']);
  });
});
