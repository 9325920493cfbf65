import { describe, expect, it } from 'vitest';
import type { Trip } from '#core/trips.ts';
import {
  type Device,
  device,
  saveOffline,
  serverCatches,
  testApp,
  withRealServer,
} from '../../test-support/offline-device.ts';
import { createRecordOffline, deleteRecordOffline, editRecordOffline } from '../record-actions.ts';

/**
 * A trip kept offline reaches the server exactly once, whatever the network does (record.ts,
 * docs/decisions/043-trips-and-spots.md), and the catches saved meanwhile, which name no trip, arrive linked to it.
 */

withRealServer();

const MINUTE = 60_000;
const userId = () => device.user.user?.id ?? -1;

async function serverTrips(phone: Device): Promise<Trip[]> {
  const response = await phone.user.get('/api/trips');
  expect(response.statusCode).toBe(200);
  return response.json() as Trip[];
}

/** A trip started a minute before the server's now (the catches of `saveOffline` are dated now, to the minute). */
async function startTrip() {
  const now = testApp.clock.now().getTime();
  const startedAt = new Date(Math.floor(now / MINUTE) * MINUTE - MINUTE).toISOString();
  const entry = await createRecordOffline(device.outbox, userId(), 'trip', {
    clientId: crypto.randomUUID(),
    startedAt,
  });
  return { id: null, clientId: entry.clientId, startedAt, endedAt: new Date(now + MINUTE).toISOString() };
}

describe('sending trips against the real server', () => {
  it('a trip started, fished and ended offline arrives as one ended trip with its two catches linked', async () => {
    device.network.offline = true;
    const trip = await startTrip();
    await saveOffline(device, { fishType: 'Pike' });
    await saveOffline(device, { fishType: 'Perch' });
    await editRecordOffline(device.outbox, userId(), 'trip', trip, { fishLost: 2 });
    await editRecordOffline(device.outbox, userId(), 'trip', trip, { endedAt: trip.endedAt });
    expect(await device.engine.flush()).toMatchObject({ status: 'unreachable' });

    device.network.offline = false;
    expect(await device.engine.flush()).toMatchObject({ status: 'done', synced: 3, failed: 0 });
    expect(await device.outbox.list()).toEqual([]);
    const trips = await serverTrips(device);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({
      clientId: trip.clientId,
      endedAt: trip.endedAt,
      fishLost: 2,
      catchCount: 2,
    });
    const catches = await serverCatches(device);
    expect(catches.map((item) => item.tripId)).toEqual([trips[0]?.id, trips[0]?.id]);
    // Folded: one POST carried the ended trip.
    expect(device.network.count('POST', '/api/trips')).toBe(1);
    expect(device.network.calls.filter((call) => call.startsWith('PATCH'))).toEqual([]);
    expect(device.events.filter((event) => event.type === 'record-synced')).toHaveLength(1);
  });

  it('the answer to the trip is lost: the retry gets the same trip, and the end queued meanwhile reaches it', async () => {
    const trip = await startTrip();
    device.network.rules = [{ method: 'POST', path: '/api/trips', fault: { mode: 'drop-after' }, times: 1 }];
    expect(await device.engine.flush()).toMatchObject({ synced: 0 });
    expect(await serverTrips(device)).toHaveLength(1); // committed; the phone does not know its id
    await editRecordOffline(device.outbox, userId(), 'trip', trip, { endedAt: trip.endedAt });

    expect(await device.engine.flush({ force: true })).toMatchObject({ synced: 2, failed: 0 });
    const trips = await serverTrips(device);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ clientId: trip.clientId, endedAt: trip.endedAt });
    expect(await device.outbox.list()).toEqual([]);
  });

  it('a trip the server refuses (a second open trip) is kept as failed with the field it names', async () => {
    await startTrip();
    expect(await device.engine.flush()).toMatchObject({ synced: 1 });
    const second = await createRecordOffline(device.outbox, userId(), 'trip', {
      clientId: crypto.randomUUID(),
      startedAt: testApp.clock.now().toISOString(),
    });
    expect(await device.engine.flush()).toMatchObject({ failed: 1 });
    const kept = await device.outbox.get(second.clientId);
    expect(kept?.state).toBe('failed');
    expect(Object.keys(kept?.fieldErrors ?? {})).toContain('startedAt');
    expect(await serverTrips(device)).toHaveLength(1);
  });

  it('a trip deleted after its create may have reached the server is deleted there by its clientId', async () => {
    const trip = await startTrip();
    device.network.rules = [{ method: 'POST', path: '/api/trips', fault: { mode: 'drop-after' }, times: 1 }];
    await device.engine.flush();
    await deleteRecordOffline(device.outbox, userId(), 'trip', trip);
    expect(await device.engine.flush({ force: true })).toMatchObject({ failed: 0 });
    expect(await serverTrips(device)).toEqual([]);
    expect(await device.outbox.list()).toEqual([]);
  });
});
