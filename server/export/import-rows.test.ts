import { describe, expect, it } from 'vitest';
import { prepareRow } from './import-rows.ts';

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
});
