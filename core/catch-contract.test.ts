// The catch contract (core/catch-schema.ts) checked against what depends on it and cannot be checked by tsc. The
// server's views (API answers, export, import) are walked in server/export/catch-contract.test.ts, the detail dialog
// in e2e/catch-contract.test.ts; docs/decisions/018-one-catch-contract.md lists the steps of adding a field.
import { describe, expect, it } from 'vitest';
import { CATCH_FIELDS_ADDED_LATER } from './catch.ts';
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
];

const contractFields = Object.keys(catchSchema.shape);

describe('the catch contract', () => {
  it('gives every field added since the first release a "not set" value for catches a phone kept before it', () => {
    const added = contractFields.filter((field) => !FIRST_RELEASE_FIELDS.includes(field));
    expect(Object.keys(CATCH_FIELDS_ADDED_LATER).sort()).toEqual(added.sort());
    for (const [field, value] of Object.entries(CATCH_FIELDS_ADDED_LATER)) {
      const schema = catchSchema.shape[field as keyof typeof catchSchema.shape];
      expect(schema.safeParse(value).success, `${field}: ${JSON.stringify(value)}`).toBe(true);
    }
  });

  it('has a value for every field in the sample that the contract walks use', () => {
    expect([...Object.keys(EVERY_FIELD_SET), 'id', 'photo'].sort()).toEqual([...contractFields].sort());
    expect(catchSchema.safeParse({ ...EVERY_FIELD_SET, id: 1, photo: null }).success).toBe(true);
  });
});
