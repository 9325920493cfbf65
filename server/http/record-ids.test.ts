import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECORD_ID_MAX } from '#core/field-schemas.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

/**
 * An id beyond the largest a record can have (PostgreSQL's integer) is answered as any id that names no record of
 * the angler's, the same on both engines: a 404 in a path or a query, a 400 where a body links to it. Never a 500
 * from the database refusing the value.
 */
describe.each(TEST_ENGINES)('ids beyond the largest on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  const beyond = RECORD_ID_MAX + 1;
  beforeEach(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  it('in a path or a query: 404, as for an id that is not yours', async () => {
    const answers = [
      await alice.patch(`/api/trips/${beyond}`, { notes: 'x' }),
      await alice.delete(`/api/trips/${beyond}`),
      await alice.patch(`/api/spots/${beyond}`, { name: 'x' }),
      await alice.patch(`/api/catches/${beyond}`, { fishType: 'Pike' }),
      await alice.delete(`/api/catches/${beyond}`),
      await alice.get(`/api/insights?spotId=${beyond}`),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    // The largest id itself is an id like any other: no such record.
    expect((await alice.patch(`/api/trips/${RECORD_ID_MAX}`, { notes: 'x' })).statusCode).toBe(404);
  });

  it('linked from a body: 400 naming the field', async () => {
    const trip = await alice.post('/api/trips', { startedAt: '2026-06-01T05:00:00Z', spotId: beyond });
    expect([trip.statusCode, trip.json().errors?.spotId]).toEqual([400, expect.any(String)]);
    const fish = await alice.post('/api/catches', { fishType: 'Pike', tripId: beyond });
    expect([fish.statusCode, fish.json().errors?.tripId]).toEqual([400, expect.any(String)]);
  });
});
