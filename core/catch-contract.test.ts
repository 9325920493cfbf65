// The catch contract (core/catch-schema.ts) checked against what depends on it and cannot be checked by tsc. The
// server's views (API answers, export, import) are walked in server/export/catch-contract.test.ts, the detail dialog
// in e2e/catch-contract.test.ts; docs/decisions/018-one-catch-contract.md lists the steps of adding a field.
import { describe, expect, it } from 'vitest';
import {
  CATCH_FIELDS_ADDED_LATER,
  CATCH_FIELDS_READ_FROM_KEPT,
  CONDITIONS_NOT_WORKED_OUT,
  withFieldsAddedLater,
} from './catch.ts';
import { catchSchema } from './catch-schema.ts';
import { EVERY_FIELD_SET } from './test-catch.ts';

/**
 * The fields of a catch in the app's first release. Phones keep catches from then (the kept catch list, the
 * outbox): frozen here on purpose, never to be edited.
 */
const FIRST_RELEASE_FIELDS = [
  'id',
  'fishType',
  'photo',
  'weight',
  'length',
  'locationName',
  'latitude',
  'longitude',
  'notes',
  'createdAt',
  'catchDate',
  'timeOfDay',
  'waterTemperature',
  'depth',
  'lineSize',
  'baitUsed',
  'clientId',
] as const;

const contractFields = Object.keys(catchSchema.shape);

/** A catch as a phone kept it from the first release: exactly its fields. */
const FIRST_RELEASE_CATCH = {
  id: 7,
  fishType: 'Pike',
  photo: null,
  weight: 11.02,
  length: 36,
  locationName: 'Vänern',
  latitude: 58.9,
  longitude: 13.5,
  notes: null,
  createdAt: '2026-11-20T17:05:00.000Z',
  catchDate: '2026-11-20',
  timeOfDay: '16:30',
  waterTemperature: null,
  depth: null,
  lineSize: null,
  baitUsed: null,
  clientId: null,
} satisfies Record<(typeof FIRST_RELEASE_FIELDS)[number], unknown>;

describe('the catch contract', () => {
  it('gives every field added since the first release a "not set" value for catches a phone kept before it', () => {
    const added = contractFields.filter(
      (field) => !(FIRST_RELEASE_FIELDS as readonly string[]).includes(field),
    );
    const filledIn = [...Object.keys(CATCH_FIELDS_ADDED_LATER), ...Object.keys(CATCH_FIELDS_READ_FROM_KEPT)];
    expect(filledIn.sort()).toEqual(added.sort());
    for (const [field, value] of Object.entries(CATCH_FIELDS_ADDED_LATER)) {
      const schema = catchSchema.shape[field as keyof typeof catchSchema.shape];
      expect(schema.safeParse(value).success, `${field}: ${JSON.stringify(value)}`).toBe(true);
    }
  });

  it('reads a catch kept from the first release as a whole catch of today: conditions not worked out, its moment when it was saved', () => {
    const kept = { ...FIRST_RELEASE_CATCH };
    const read = withFieldsAddedLater(kept);
    expect(catchSchema.strict().safeParse(read).error?.issues ?? []).toEqual([]);
    expect(read.caughtAt).toBe(kept.createdAt);
    expect(read.conditions).toEqual({
      status: 'pending',
      weather: null,
      sun: null,
      moon: null,
      solunar: null,
      tide: null,
    });
    expect(read.isTestCatch).toBe(false);
  });

  it('has a value for every field in the sample that the contract walks use', () => {
    // What the server makes, not what a client sends: the id, the photo's URL, the moment and the conditions; and
    // the links, ids of the same account's spot and trip.
    const serverMade = {
      id: 1,
      photo: null,
      caughtAt: EVERY_FIELD_SET.createdAt,
      conditions: CONDITIONS_NOT_WORKED_OUT,
      spotId: 1,
      tripId: 1,
    };
    expect([...Object.keys(EVERY_FIELD_SET), ...Object.keys(serverMade)].sort()).toEqual(
      [...contractFields].sort(),
    );
    expect(catchSchema.safeParse({ ...EVERY_FIELD_SET, ...serverMade }).success).toBe(true);
  });
});
