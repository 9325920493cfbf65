import type { Catch } from './catch.ts';

/**
 * A catch for tests: nothing but what the test sets, every optional field null. Defaults: id 1, 'Bass', saved
 * at noon UTC on 15 January 2025 (the same calendar day in every time zone).
 */
export function testCatch(fields: Partial<Catch> = {}): Catch {
  return {
    id: 1,
    fishType: 'Bass',
    photo: null,
    weight: null,
    length: null,
    locationName: null,
    latitude: null,
    longitude: null,
    notes: null,
    createdAt: '2025-01-15T12:00:00.000Z',
    catchDate: null,
    timeOfDay: null,
    waterTemperature: null,
    depth: null,
    lineSize: null,
    baitUsed: null,
    clientId: null,
    ...fields,
  };
}
