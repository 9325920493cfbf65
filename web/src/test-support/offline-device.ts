import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Catch } from '#core/catch.ts';
import {
  type ApiClient,
  FakeNetwork,
  type RealServer,
  startRealServer,
} from '../../../test-support/real-server.ts';
import { buildCatchPayload, emptyCatchForm } from '../features/catches/catch-payload.ts';
import { createOutbox, type Outbox } from '../offline/outbox.ts';
import { newCreateEntry } from '../offline/outbox-actions.ts';
import type { CatchPayload } from '../offline/outbox-payload.ts';
import type { SyncEvent } from '../offline/sync/context.ts';
import { createMemoryLocks, type LockManagerLike } from '../offline/sync/locks.ts';
import { createSyncEngine, type SyncEngine } from '../offline/sync/loop.ts';

/**
 * The sync engine's tests run the outbox and the engine against the REAL server app (app.inject, SQLite), with
 * faults injected between them (offline/sync/*.test.ts, offline/outbox.test.ts). The
 * server and the network between the tiers come from the repository's top-level test-support/real-server.ts: web/
 * never imports server/, in tests neither. Every scenario
 * ends by checking the server's catch list: exactly the expected catches, none twice, and the outbox holds
 * exactly what is still owed. A test file calls withRealServer() once; `device` is then a fresh phone per test.
 */

export { FakeNetwork };

export let testApp: RealServer;
export let jpeg: Buffer;

export function withRealServer(): void {
  beforeAll(async () => {
    testApp = await startRealServer();
    jpeg = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 120, b: 160 } },
    })
      .jpeg()
      .toBuffer();
  });

  afterAll(async () => {
    await testApp.close();
  });

  beforeEach(async () => {
    device = await newDevice();
  });
}

export interface Device {
  user: ApiClient;
  network: FakeNetwork;
  outbox: Outbox;
  engine: SyncEngine;
  events: SyncEvent[];
  /** The engine's clock (ms), moved by tests. */
  clock: { now: number };
}

export let dbCounter = 0;

/** A phone: a fresh outbox database, a signed-in user, the network and an engine (one "tab"). */
export async function newDevice(): Promise<Device> {
  const user = await testApp.register(`angler_${randomUUID().slice(0, 8)}`);
  const network = new FakeNetwork(testApp.app, user.cookie);
  const outbox = createOutbox({ dbName: `outbox-test-${++dbCounter}`, notify: () => {} });
  const clock = { now: testApp.clock.now().getTime() };
  const events: SyncEvent[] = [];
  const engine = newTab({ outbox, network, clock, events });
  return { user, network, outbox, engine, events, clock };
}

export function newTab({
  outbox,
  network,
  clock,
  events = [],
  locks = createMemoryLocks(),
}: {
  outbox: Outbox;
  network: FakeNetwork;
  clock: { now: number };
  events?: SyncEvent[];
  locks?: LockManagerLike;
}): SyncEngine {
  return createSyncEngine({
    outbox,
    fetch: network.fetch,
    now: () => clock.now,
    random: () => 0.5,
    locks,
    onEvent: (event) => events.push(event),
  });
}

export function payload(fields: Partial<CatchPayload> = {}): CatchPayload {
  return {
    ...buildCatchPayload(
      { ...emptyCatchForm(undefined, testApp.clock.now()), fishType: 'Rainbow Trout', weight: '3.4' },
      { photo: null, clientId: randomUUID(), now: testApp.clock.now(), units: 'imperial', timeZone: 'UTC' },
    ),
    ...fields,
  };
}

export async function saveOffline(
  device: Device,
  fields: Partial<CatchPayload> = {},
  photo: Blob | null = null,
) {
  const entry = newCreateEntry(device.user.user?.id ?? -1, payload(fields), photo);
  await device.outbox.add(entry);
  return entry;
}

export const jpegBlob = () => new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });

export async function serverCatches(device: Device): Promise<Catch[]> {
  const response = await device.user.get('/api/catches');
  expect(response.statusCode).toBe(200);
  return response.json() as Catch[];
}

export async function expectPhotoLoads(device: Device, url: string | null): Promise<void> {
  expect(url).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\.webp$/);
  const response = await device.user.get(`${url}?size=thumb`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
}

/** This test's phone (a new one before each test of a file that called withRealServer). */
export let device: Device;
