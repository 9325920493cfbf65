import { describe, expect, it } from 'vitest';
import { testCatch } from '#core/test-catch.ts';
import type { OutboxEntry } from '../../offline/outbox.ts';
import type { CatchPayload } from '../../offline/outbox-payload.ts';
import { unsentCatchesOf } from './unsent-catches.ts';

const base = {
  userId: 7,
  createdAt: 1,
  attempts: 0,
  nextAttemptAt: 0,
  state: 'pending',
  lastError: null,
} as const;

function create(clientId: string, payload: Partial<CatchPayload>): OutboxEntry {
  return {
    ...base,
    clientId,
    kind: 'create',
    payload: { fishType: 'Bass', catchDate: '2026-05-01', ...payload } as CatchPayload,
    photo: null,
    uploadedPhotoUrl: null,
    photoNote: null,
  };
}

describe('unsentCatchesOf', () => {
  it('names each catch not yet sent by its fish and date, in outbox order, and skips queued deletes', () => {
    const entries: OutboxEntry[] = [
      create('a', { fishType: 'Walleye', catchDate: '2026-05-01' }),
      { ...base, clientId: 'd', kind: 'delete', target: { id: 3 } },
      create('b', { fishType: '  Northern Pike ', catchDate: '2025-04-29' }),
      create('c', { fishType: '   ', catchDate: '' }),
    ];
    expect(unsentCatchesOf(entries)).toEqual([
      { clientId: 'a', label: 'Walleye, May 1, 2026' },
      { clientId: 'b', label: 'Northern Pike, Apr 29, 2025' },
      { clientId: 'c', label: 'Catch, No date' },
    ]);
  });

  it('names an edit waiting to be sent by its catch as last edited', () => {
    const edit = (clientId: string, target: { id: number }, changes: object): OutboxEntry => ({
      ...base,
      clientId,
      kind: 'update',
      target,
      changes,
      photo: null,
      uploadedPhotoUrl: null,
      photoNote: null,
    });
    const saved = [testCatch({ id: 3, fishType: 'Perch', catchDate: '2026-05-02' })];
    expect(
      unsentCatchesOf([edit('e', { id: 3 }, { fishType: 'Yellow Perch' }), edit('f', { id: 99 }, {})], saved),
    ).toEqual([
      { clientId: 'e', label: 'Changes to Yellow Perch, May 2, 2026' },
      { clientId: 'f', label: 'Changes to a saved catch' },
    ]);
  });

  it('is empty for an empty outbox', () => {
    expect(unsentCatchesOf([])).toEqual([]);
  });
});
