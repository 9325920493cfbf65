import { describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { testCatch } from '#core/test-catch.ts';
import type { CreateEntry } from '../../offline/outbox.ts';
import { newCreateEntry, newDeleteEntry } from '../../offline/outbox-actions.ts';
import { buildCatchPayload, emptyCatchForm } from '../catches/catch-payload.ts';
import { mergeWithOutbox } from './history-merge.ts';

const now = new Date('2026-06-01T12:00:00Z');

function serverCatch(id: number, fields: Partial<Catch> = {}): Catch {
  return testCatch({ id, fishType: `Fish ${id}`, createdAt: now.toISOString(), ...fields });
}

function pending(fishType: string, state: CreateEntry['state'] = 'pending'): CreateEntry {
  const payload = buildCatchPayload(
    { ...emptyCatchForm(undefined, now), fishType, weight: '2' },
    { photo: null, clientId: crypto.randomUUID(), now, units: 'imperial' },
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
      state: 'pending',
      lastError: null,
    });
    expect(merged.pending.has(1)).toBe(false);
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
      { clientId: entry.clientId, state: 'failed', lastError: 'Refused' },
    ]);
  });
});
