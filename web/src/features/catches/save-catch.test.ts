import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { catchCreateSchema } from '#core/catch-schema.ts';
import { type CreateEntry, createOutbox, StorageFullError } from '../../offline/outbox.ts';
import { InvalidCatchError } from './catch-check.ts';
import { formatLength, formatWeight } from './catch-format.ts';
import { type CatchFormValues, emptyCatchForm } from './catch-payload.ts';
import { saveCatch } from './save-catch.ts';

const now = new Date(2025, 3, 29, 6, 45, 12);
const clientId = '2f1b8f4e-6a51-4c1e-9d2b-1f0e9c3a7b55';
let dbCount = 0;

function formValues(overrides: Partial<CatchFormValues> = {}): CatchFormValues {
  return { ...emptyCatchForm(undefined, now), fishType: 'Bass', ...overrides };
}

const newOutbox = () => createOutbox({ dbName: `save-catch-test-${++dbCount}`, notify: () => {} });

describe('saveCatch (into the outbox)', () => {
  it('stores the Log payload with its clientId and device time, for the signed-in user', async () => {
    const outbox = newOutbox();
    const entry = await saveCatch(
      formValues({
        fishType: '  Largemouth Bass ',
        weight: '4.5',
        length: '18.25',
        locationName: '  Lake Fork ',
        latitude: 32.8,
        longitude: -95.6,
        notes: '   ',
        waterTemperature: '68',
        catchDate: '2025-04-28',
        timeOfDay: '05:30',
        lineSize: ' 12 lb ',
        baitUsed: 'Plastic worm',
        depth: '',
      }),
      null,
      { outbox, userId: 7, now, clientId, units: 'imperial' },
    );

    const stored = (await outbox.get(clientId)) as CreateEntry;
    expect(stored).toEqual(entry);
    expect(stored).toMatchObject({
      kind: 'create',
      clientId,
      userId: 7,
      photo: null,
      uploadedPhotoUrl: null,
      attempts: 0,
      nextAttemptAt: 0,
      state: 'pending',
      createdAt: now.getTime(),
    });
    expect(stored.payload).toEqual({
      fishType: 'Largemouth Bass',
      weight: 4.5,
      length: 18.25,
      locationName: 'Lake Fork',
      latitude: 32.8,
      longitude: -95.6,
      notes: null,
      waterTemperature: 68,
      catchDate: '2025-04-28',
      timeOfDay: '05:30',
      lineSize: '12 lb',
      baitUsed: 'Plastic worm',
      depth: null,
      // One fish, Kept / Released not said: the form's defaults (decision 043).
      quantity: 1,
      released: null,
      photo: null,
      clientId,
      createdAt: now.toISOString(),
      // The phone's zone: the server reads a catch without a position on its clocks.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(catchCreateSchema.safeParse(stored.payload).success).toBe(true);
  });

  it("stores a metric angler's measurements in imperial units, which display as typed again", async () => {
    const outbox = newOutbox();
    const typed = { weight: '2.5', length: '45.7', waterTemperature: '20', depth: '3' };
    const entry = await saveCatch(formValues(typed), null, { outbox, userId: 1, now, units: 'metric' });
    const { weight, length, waterTemperature, depth } = entry.payload;
    expect(weight).toBeCloseTo(5.5116, 4); // lbs
    expect(length).toBeCloseTo(17.992, 3); // inches
    expect(waterTemperature).toBeCloseTo(68, 9); // °F
    expect(depth).toBeCloseTo(9.8425, 4); // ft
    expect(formatWeight(weight, 'metric')).toBe('2.5 kg');
    expect(formatLength(length, 'metric')).toBe('45.7 cm');
    expect(catchCreateSchema.safeParse(entry.payload).success).toBe(true);
  });

  it('fills the defaults: Unknown Location, today and now, a fresh UUID', async () => {
    const outbox = newOutbox();
    const entry = await saveCatch(formValues({ catchDate: '', timeOfDay: '' }), null, {
      outbox,
      userId: 1,
      now,
      units: 'imperial',
    });
    expect(entry.payload.locationName).toBe('Unknown Location');
    expect(entry.payload.catchDate).toBe('2025-04-29');
    expect(entry.payload.timeOfDay).toBe('06:45');
    expect(entry.payload.latitude).toBeNull();
    expect(entry.clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(entry.payload.clientId).toBe(entry.clientId);
  });

  it('keeps the photo itself until it is uploaded', async () => {
    const outbox = newOutbox();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'bass.jpg', { type: 'image/jpeg' });
    const entry = await saveCatch(formValues(), photo, {
      outbox,
      userId: 1,
      now,
      clientId,
      units: 'imperial',
    });
    const stored = (await outbox.get(entry.clientId)) as CreateEntry;
    expect(stored.photo).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (stored.photo as Blob).arrayBuffer())).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff]),
    );
    expect(stored.payload.photo).toBeNull();
  });

  it('says the storage is full when the device has no room', async () => {
    const outbox = newOutbox();
    const proto = globalThis.IDBObjectStore.prototype;
    const original = proto.add;
    proto.add = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    try {
      const error = await saveCatch(formValues(), null, { outbox, userId: 1, now, units: 'imperial' }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StorageFullError);
      expect((error as Error).message).toBe(
        'Your phone has no room left to keep this catch offline. Free up some space and try again.',
      );
    } finally {
      proto.add = original;
    }
    expect(await outbox.list()).toEqual([]);
  });

  it('queues nothing the server would refuse, and says why per field (check before you promise)', async () => {
    const outbox = newOutbox();
    const error = await saveCatch(
      formValues({ weight: '-3', depth: '50000', notes: 'n'.repeat(5001), catchDate: '2025-02-30' }),
      null,
      { outbox, userId: 1, now, units: 'imperial' },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidCatchError);
    expect((error as InvalidCatchError).fieldErrors).toEqual({
      weight: 'Weight must be at least 0 lbs',
      depth: 'Depth must be at most 40000 ft',
      notes: 'Notes must be at most 5000 characters',
      catchDate: 'Catch date must be a date (yyyy-MM-dd)',
    });
    expect(await outbox.list()).toEqual([]);
  });

  it("names a measurement's bound in the angler's own units", async () => {
    const outbox = newOutbox();
    const error = await saveCatch(formValues({ weight: '2300', waterTemperature: '70' }), null, {
      outbox,
      userId: 1,
      now,
      units: 'metric',
    }).catch((e: unknown) => e);
    expect((error as InvalidCatchError).fieldErrors).toEqual({
      weight: 'Weight must be at most 2268 kg',
      waterTemperature: 'Water temperature must be at most 65.6°C',
    });
    expect(await outbox.list()).toEqual([]);
    // The largest weight the server takes, typed in kilograms, is accepted.
    await saveCatch(formValues({ weight: '2267.9' }), null, { outbox, userId: 1, now, units: 'metric' });
    expect(await outbox.list()).toHaveLength(1);
  });
});
