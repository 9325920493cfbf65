import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  dbCounter,
  device,
  jpeg,
  jpegBlob,
  payload,
  saveOffline,
  withRealServer,
} from '../test-support/offline-device.ts';
import { type CreateEntry, createOutbox, StorageFullError } from './outbox.ts';
import { newCreateEntry } from './outbox-actions.ts';

/** The outbox's own storage (outbox.ts), with the sync engine's test phone (test-support/offline-device.ts). */

withRealServer();

describe('outbox storage', () => {
  it('keeps the photo blob across a reopen of the database', async () => {
    const entry = await saveOffline(device, {}, jpegBlob());
    const reopened = createOutbox({ dbName: `outbox-test-${dbCounter}`, notify: () => {} });
    const stored = (await reopened.get(entry.clientId)) as CreateEntry;
    expect(stored.photo).toBeInstanceOf(Blob);
    expect(Buffer.from(await (stored.photo as Blob).arrayBuffer())).toEqual(jpeg);
    expect(stored.payload).toEqual({ ...entry.payload, photo: null });
  });

  it('announces every write, and not a no-op', async () => {
    let writes = 0;
    const outbox = createOutbox({ dbName: `outbox-notify-${randomUUID()}`, notify: () => writes++ });
    const entry = newCreateEntry(1, payload(), null);
    await outbox.add(entry);
    await outbox.update(entry.clientId, (e) => ({ ...e, attempts: 1 }));
    await outbox.update('missing', (e) => e);
    await outbox.remove('missing');
    await outbox.remove(entry.clientId);
    expect(writes).toBe(3);
  });

  it('turns a full disk into StorageFullError, and the outbox stays usable', async () => {
    const proto = globalThis.IDBObjectStore.prototype;
    const original = proto.add;
    proto.add = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      await expect(saveOffline(device, {}, jpegBlob())).rejects.toBeInstanceOf(StorageFullError);
    } finally {
      proto.add = original;
    }
    await saveOffline(device);
    expect(await device.outbox.list()).toHaveLength(1);
  });
});
