import { describe, expect, it } from 'vitest';
import type { Spot } from '#core/spots.ts';
import type { RecordEntry } from '../../offline/outbox.ts';
import { mergeSpots } from './spots-merge.ts';

const DOCK: Spot = {
  id: 2,
  clientId: 'dock-client-id',
  name: 'Dock',
  latitude: 46,
  longitude: -89.6,
  notes: null,
  radiusMeters: 150,
  createdAt: '2026-05-01T12:00:00.000Z',
  catchCount: 3,
  bestCatch: null,
};

const waiting = {
  userId: 7,
  createdAt: Date.parse('2026-05-02T08:00:00.000Z'),
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
};

describe('the spots shown', () => {
  it('are the server’s with a spot saved on the phone (no catches counted yet), an edit applied and a delete gone', () => {
    const entries: RecordEntry[] = [
      {
        ...waiting,
        state: 'pending',
        clientId: 'new-spot',
        kind: 'record-create',
        record: 'spot',
        payload: { clientId: 'new-spot', name: 'Weed edge', latitude: 46.1, longitude: -89.7 },
      },
      {
        ...waiting,
        state: 'pending',
        clientId: 'edit-1',
        kind: 'record-update',
        record: 'spot',
        target: { id: 2 },
        changes: { name: 'Old dock', radiusMeters: 300 },
      },
    ];
    expect(mergeSpots([DOCK], entries)).toEqual([
      { ...DOCK, name: 'Old dock', radiusMeters: 300 },
      {
        id: null,
        clientId: 'new-spot',
        name: 'Weed edge',
        latitude: 46.1,
        longitude: -89.7,
        notes: null,
        radiusMeters: 150,
        createdAt: '2026-05-02T08:00:00.000Z',
        catchCount: 0,
        bestCatch: null,
      },
    ]);

    const deleted: RecordEntry = {
      ...waiting,
      state: 'pending',
      clientId: 'delete-1',
      kind: 'record-delete',
      record: 'spot',
      target: { clientId: 'dock-client-id' },
    };
    expect(mergeSpots([DOCK], [deleted])).toEqual([]);
    // A delete the server refused for good: the spot is still there.
    expect(mergeSpots([DOCK], [{ ...deleted, state: 'failed' }])).toEqual([DOCK]);
  });
});
