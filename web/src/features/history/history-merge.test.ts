import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { testCatch } from '#core/test-catch.ts';
import { type CreateEntry, createOutbox } from '../../offline/outbox.ts';
import { editCatchOffline, newCreateEntry, newDeleteEntry } from '../../offline/outbox-actions.ts';
import { buildCatchPayload, emptyCatchForm } from '../catches/catch-payload.ts';
import { mergeWithOutbox } from './history-merge.ts';
import { phoneConditions } from './offline-conditions.ts';

const now = new Date('2026-06-01T12:00:00Z');

function serverCatch(id: number, fields: Partial<Catch> = {}): Catch {
  return testCatch({ id, fishType: `Fish ${id}`, createdAt: now.toISOString(), ...fields });
}

function pending(fishType: string, state: CreateEntry['state'] = 'pending'): CreateEntry {
  const payload = buildCatchPayload(
    { ...emptyCatchForm(undefined, now), fishType, weight: '2' },
    { photo: null, clientId: crypto.randomUUID(), now, units: 'imperial', timeZone: 'UTC' },
  );
  const entry = newCreateEntry(1, payload, new Blob(['x']));
  return state === 'failed' ? { ...entry, state, lastError: 'Refused' } : entry;
}

describe('mergeWithOutbox', () => {
  it('adds pending catches, marked, with their local photo, beside the server list', () => {
    const entry = pending('Walleye');
    const merged = mergeWithOutbox([serverCatch(1)], [entry], new Map([[entry.clientId, 'blob:local-1']]));
    expect(merged.catches.map((c) => c.fishType)).toEqual(['Walleye', 'Fish 1']);
    const local = merged.catches[0] as Catch;
    expect(local).toMatchObject({ photo: 'blob:local-1', weight: 2, clientId: entry.clientId });
    expect(local.id).toBeLessThan(0);
    expect(merged.pending.get(local.id)).toEqual({
      clientId: entry.clientId,
      kind: 'create',
      state: 'pending',
      lastError: null,
      fieldErrors: {},
    });
    expect(merged.pending.has(1)).toBe(false);
  });

  it('gives a pending catch every field added to the contract since it was saved, at its "not set" value', () => {
    const entry = pending('Walleye');
    // The outbox keeps the payload as it was built when the catch was saved; fields the server keeps are not in it.
    expect('isTestCatch' in entry.payload).toBe(false);
    const [local] = mergeWithOutbox([], [entry], new Map()).catches;
    expect(local?.isTestCatch).toBe(false);
  });

  it('shows a pending entry of 12 released perch as saved, and one kept from before the fields as 1 fish, not said', () => {
    const entry = pending('Perch');
    const perch = { ...entry, payload: { ...entry.payload, quantity: 12, released: true } };
    // A payload put into the outbox before quantity and released existed has neither.
    const { quantity: _quantity, released: _released, ...olderPayload } = pending('Pike').payload;
    const older = { ...pending('Pike'), payload: olderPayload };
    const [shown, kept] = mergeWithOutbox([], [perch, older], new Map()).catches;
    expect(shown).toMatchObject({ fishType: 'Perch', quantity: 12, released: true });
    expect(kept).toMatchObject({ fishType: 'Pike', quantity: 1, released: null });
  });

  it('shows a catch once when the server has it but the outbox has not seen it confirmed', () => {
    const entry = pending('Walleye');
    const merged = mergeWithOutbox([serverCatch(7, { clientId: entry.clientId })], [entry], new Map());
    expect(merged.catches).toHaveLength(1);
    expect(merged.pending.size).toBe(1);
  });

  it('hides catches with a pending delete (by id or clientId), and shows them again when it failed', () => {
    const a = serverCatch(1);
    const b = serverCatch(2, { clientId: crypto.randomUUID() });
    const byId = newDeleteEntry(1, { id: 1 }, 0);
    const byClientId = newDeleteEntry(1, { clientId: b.clientId ?? '' }, 0);
    expect(
      mergeWithOutbox([a, b, serverCatch(3)], [byId, byClientId], new Map()).catches.map((c) => c.id),
    ).toEqual([3]);
    const failed = { ...byId, state: 'failed' as const };
    expect(mergeWithOutbox([a], [failed], new Map()).catches.map((c) => c.id)).toEqual([1]);
  });

  it('keeps a stable list id per pending catch and carries the failure message', () => {
    const entry = pending('Gar', 'failed');
    const first = mergeWithOutbox([], [entry], new Map());
    const second = mergeWithOutbox([], [{ ...entry, attempts: 3 }], new Map());
    expect(first.catches[0]?.id).toBe(second.catches[0]?.id);
    expect([...first.pending.values()]).toEqual([
      { clientId: entry.clientId, kind: 'create', state: 'failed', lastError: 'Refused', fieldErrors: {} },
    ]);
  });

  it('shows a saved catch as last edited, marked, with a picked photo from the phone', async () => {
    const outbox = createOutbox({ dbName: `merge-${crypto.randomUUID()}`, notify: () => {} });
    const saved = serverCatch(3, { weight: 4, photo: '/api/photos/a.webp' });
    const edit = await editCatchOffline(outbox, 1, saved, { changes: { weight: 5, notes: 'Edited' } });

    let merged = mergeWithOutbox([serverCatch(1), saved], [edit], new Map());
    expect(merged.catches.map((c) => [c.id, c.weight, c.notes, c.photo])).toEqual([
      [1, null, null, null],
      [3, 5, 'Edited', '/api/photos/a.webp'],
    ]);
    expect(merged.pending.get(3)).toMatchObject({
      kind: 'update',
      clientId: edit.clientId,
      state: 'pending',
    });
    expect(merged.pending.has(1)).toBe(false);

    const withPhoto = await editCatchOffline(outbox, 1, saved, { changes: {}, photo: new Blob(['p']) });
    merged = mergeWithOutbox([saved], [withPhoto], new Map([[withPhoto.clientId, 'blob:picked']]));
    expect(merged.catches[0]?.photo).toBe('blob:picked');
    const removed = await editCatchOffline(outbox, 1, saved, { changes: {}, photo: 'remove' });
    expect(mergeWithOutbox([saved], [removed], new Map()).catches[0]?.photo).toBeNull();
  });

  it('gives a catch still on the phone its sky, worked out on the clocks of the zone it was saved in; the weather pending', () => {
    const payload = buildCatchPayload(
      {
        ...emptyCatchForm({ locationName: 'Greenwich', latitude: 51.4779, longitude: 0 }, now),
        fishType: 'Pike',
        catchDate: '2026-06-21',
        timeOfDay: '13:00',
      },
      { photo: null, clientId: crypto.randomUUID(), now, units: 'imperial', timeZone: 'Europe/London' },
    );
    const entry = newCreateEntry(1, payload, null);

    // Before the phone's sky code has loaded: all pending, as of when it was saved.
    const waiting = mergeWithOutbox([], [entry], new Map()).catches[0] as Catch;
    expect(waiting.conditions).toEqual({
      status: 'pending',
      weather: null,
      sun: null,
      moon: null,
      solunar: null,
      tide: null,
    });
    expect(waiting).not.toHaveProperty('timeZone');

    // Worked out by a phone now in another zone: still on the clocks of London (BST), where it was saved.
    const item = mergeWithOutbox([], [entry], new Map(), (kept) => phoneConditions(kept, 'Asia/Tokyo'))
      .catches[0] as Catch;
    expect(item.caughtAt).toBe('2026-06-21T12:00:00.000Z');
    expect(item.conditions.status).toBe('pending');
    expect(item.conditions.weather).toBeNull();
    // Midsummer at Greenwich: midday is day, sunrise before 04:00 UTC and sunset after 20:00 UTC.
    expect(item.conditions.sun?.phase).toBe('day');
    expect(item.conditions.sun?.sunrise?.slice(0, 13)).toBe('2026-06-21T03');
    expect(item.conditions.sun?.sunset?.slice(0, 13)).toBe('2026-06-21T20');
    expect(item.conditions.moon).not.toBeNull();
    expect(item.conditions.solunar).not.toBeNull();
  });

  it('a catch on the phone without a position has the moon only (the sun needs a place)', () => {
    const payload = buildCatchPayload(
      { ...emptyCatchForm(undefined, now), fishType: 'Perch' },
      { photo: null, clientId: crypto.randomUUID(), now, units: 'imperial', timeZone: 'UTC' },
    );
    const item = mergeWithOutbox([], [newCreateEntry(1, payload, null)], new Map(), (kept) =>
      phoneConditions(kept, 'UTC'),
    ).catches[0] as Catch;
    expect(item.conditions).toMatchObject({ status: 'pending', weather: null, sun: null, solunar: null });
    expect(item.conditions.moon?.illumination).toBeGreaterThanOrEqual(0);
  });
});
