import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { computeCatchStats, statsSummary } from '#core/catch-stats.ts';
import type { StatsSummary } from '#core/stats-schema.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

/** A log with every rule of core/catch-stats.ts in it: spellings, other names, quantities, ties, a test catch. */
const LOG: Record<string, unknown>[] = [
  { fishType: 'Perch', quantity: 12, released: true, catchDate: '2026-05-02', baitUsed: 'Worm' },
  { fishType: 'perch ', quantity: 2, released: false, catchDate: '2026-05-03', baitUsed: 'worm' },
  { fishType: 'Pike', weight: 8.5, length: 30, catchDate: '2025-11-20', locationName: 'Mud Lake' },
  { fishType: 'Northern Pike', weight: 8.5, length: 31, catchDate: '2025-11-21', locationName: 'mud lake' },
  // As heavy as the pike, caught before them: the heaviest catch of the log.
  { fishType: 'Walleye', weight: 8.5, catchDate: '2025-10-01', timeOfDay: '06:30', baitUsed: 'Jig' },
  { fishType: 'Walleye', quantity: 3, released: null, timeOfDay: '21:00', baitUsed: 'Jig' },
  { fishType: 'Bluegill', weight: 0, length: 0, catchDate: '2024-02-29', locationName: 'Unknown Location' },
  { fishType: 'Trout', weight: 99, quantity: 40, catchDate: '2026-05-04', isTestCatch: true },
  { fishType: 'Bass', catchDate: '2031-01-01' },
];

describe.each(TEST_ENGINES)('GET /api/stats on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  async function stats(client: ApiClient): Promise<StatsSummary> {
    const response = await client.get('/api/stats');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as StatsSummary;
  }

  /** What the phone's Stats view shows of the same catches, from the list it downloads. */
  async function phoneStats(client: ApiClient): Promise<StatsSummary> {
    const list = await client.get('/api/catches');
    expect(list.statusCode, list.body).toBe(200);
    return statsSummary(computeCatchStats(list.json() as Catch[], t.clock.now()));
  }

  it("answers the very figures the phone works out from the catch list, and follows the log's changes", async () => {
    for (const [index, fields] of LOG.entries()) {
      // Saved a minute apart, in order: the list's order (newest saved first) is the server's too.
      await alice.createCatch({
        ...fields,
        createdAt: new Date(Date.UTC(2026, 4, 5, 8, index)).toISOString(),
      });
    }
    const answer = await stats(alice);
    expect(answer).toEqual(await phoneStats(alice));
    // The figures themselves, so that both sides agreeing on something wrong fails too.
    expect(answer).toMatchObject({
      totalCatches: 22,
      testCatches: 1,
      speciesCount: 5,
      totalWeight: 25.5,
      heaviest: { weight: 8.5, species: 'Walleye' },
      released: { released: 12, noted: 14 },
      topBaits: [
        { name: 'Worm', count: 14 },
        { name: 'Jig', count: 4 },
      ],
      // A tie of spellings: the one met first in the list, newest saved first, as on the phone.
      topPlaces: [{ name: 'mud lake', count: 2 }],
    });
    expect(answer.species).toEqual([
      { name: 'Perch', count: 14, heaviest: null, longest: null },
      { name: 'Walleye', count: 4, heaviest: 8.5, longest: null },
      { name: 'Northern Pike', count: 2, heaviest: 8.5, longest: 31 },
      { name: 'Bass', count: 1, heaviest: null, longest: null },
      { name: 'Bluegill', count: 1, heaviest: null, longest: null },
    ]);
    // From the first month caught to the clock's (June 2026); the catch dated in 2031 is not charted.
    expect(answer.months[0]).toEqual({ year: 2024, month: 2, count: 1 });
    // May: the perch, and the walleye without a date by the day it was saved.
    expect(answer.months.slice(-2)).toEqual([
      { year: 2026, month: 5, count: 17 },
      { year: 2026, month: 6, count: 0 },
    ]);

    // A new catch changes the answer (never one kept from before the save).
    await alice.createCatch({ fishType: 'Walleye', weight: 10, catchDate: '2026-06-01' });
    const after = await stats(alice);
    expect(after.heaviest).toEqual({ weight: 10, species: 'Walleye' });
    expect(after).toEqual(await phoneStats(alice));
  });

  it("counts only the signed-in angler's own catches", async () => {
    const bob = await ApiClient.register(t.app, 'bob');
    await bob.createCatch({ fishType: 'Carp', quantity: 5, weight: 20 });
    await alice.createCatch({ fishType: 'Perch' });
    const answer = await stats(alice);
    expect([answer.totalCatches, answer.totalWeight, answer.species.map((s) => s.name)]).toEqual([
      1,
      0,
      ['Perch'],
    ]);
    expect((await stats(bob)).totalCatches).toBe(5);
  });

  it('answers an empty log with zeros, the last twelve months charted', async () => {
    const answer = await stats(alice);
    expect(answer).toEqual(await phoneStats(alice));
    expect([answer.totalCatches, answer.heaviest, answer.months.length]).toEqual([0, null, 12]);
  });

  it('needs a session', async () => {
    const response = await new ApiClient(t.app).get('/api/stats');
    expect([response.statusCode, response.json().code]).toEqual([401, 'NOT_SIGNED_IN']);
  });
});
