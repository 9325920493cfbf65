import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATCH_FIELDS_ADDED_LATER } from '#core/catch.ts';
import { NEWEST_CATCHES_COUNT } from '#core/first-view-data.ts';
import { testCatch } from '#core/test-catch.ts';
import { queryKeys } from '../lib/query-client.ts';
import { KEPT_TIDE_STATION_ANSWERS, persistChanges, persistQueries } from './query-persistence.ts';
import {
  CACHE_BUSTER,
  cacheDb,
  clearPersistedQueries,
  FIRST_SCREEN_RECORD_KEY,
  PERSIST_MAX_AGE_MS,
  type PersistedCache,
  restoreQueries,
} from './query-restore.ts';

const user = { id: 4, username: 'angler', createdAt: '2026-01-01T00:00:00.000Z' };
/** A catch as the list answers it today: every field, so keeping and restoring it changes nothing. */
const catches = [testCatch({ id: 1, fishType: 'Bass' })];

function seededClient(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(['/api/user'], user);
  client.setQueryData(['/api/catches'], catches);
  client.setQueryData(['/api/weather', 39.1, -120.0], { temperature: 50 });
  client.setQueryData(['/api/reverse-geocode?lat=1&lon=2'], { locationName: 'Somewhere' });
  return client;
}

/** A page opened now: a fresh client given back what the disk copy keeps. */
async function restoredFromDisk(now?: number): Promise<QueryClient> {
  const restored = new QueryClient();
  await restoreQueries(restored, now);
  return restored;
}

/** Waits until a fresh client restores the signed-in user from the disk copy. */
async function waitForUserOnDisk(): Promise<void> {
  await vi.waitFor(async () => {
    expect((await restoredFromDisk()).getQueryData(['/api/user'])).toEqual(user);
  });
}

afterEach(async () => {
  vi.useRealTimers();
  await clearPersistedQueries();
});

describe('query persistence', () => {
  it('keeps the user, the catch list, the trips and the newest weather reading, nothing else', async () => {
    const client = seededClient();
    const trips = [{ id: 3, clientId: null, startedAt: '2026-05-01T06:00:00.000Z', endedAt: null }];
    client.setQueryData(['/api/trips'], trips);
    vi.useFakeTimers({ now: Date.now() + 60_000 });
    client.setQueryData(['/api/weather', 38.9, -119.9], { temperature: 61 }); // newer: the last reading
    vi.useRealTimers();
    await persistQueries(client);

    const restored = await restoredFromDisk();
    expect(restored.getQueryData(['/api/user'])).toEqual(user);
    expect(restored.getQueryData(['/api/catches'])).toEqual(catches);
    expect(restored.getQueryData(['/api/trips'])).toEqual(trips);
    expect(restored.getQueryData(['/api/weather', 38.9, -119.9])).toEqual({ temperature: 61 });
    expect(restored.getQueryData(['/api/weather', 39.1, -120.0])).toBeUndefined();
    expect(restored.getQueryData(['/api/reverse-geocode?lat=1&lon=2'])).toBeUndefined();
  });

  it('keeps the last list and trips when a refetch failed: the signal dropped in the middle of the request', async () => {
    const client = seededClient();
    const trips = [{ id: 3, clientId: null, startedAt: '2026-05-01T06:00:00.000Z', endedAt: null }];
    client.setQueryData(['/api/trips'], trips);
    const cutOff = () => Promise.reject(new TypeError('Failed to fetch'));
    for (const queryKey of [['/api/catches'], ['/api/trips'], ['/api/weather', 39.1, -120.0]]) {
      await expect(client.fetchQuery({ queryKey, queryFn: cutOff, staleTime: 0 })).rejects.toThrow();
      expect(client.getQueryState(queryKey)?.status).toBe('error');
    }
    await persistQueries(client);

    const restored = await restoredFromDisk();
    expect(restored.getQueryData(['/api/catches'])).toEqual(catches);
    expect(restored.getQueryData(['/api/trips'])).toEqual(trips);
    expect(restored.getQueryData(['/api/weather', 39.1, -120.0])).toEqual({ temperature: 50 });
    // Back as the answers they were, not as failures a screen would report.
    expect(restored.getQueryState(['/api/catches'])).toMatchObject({ status: 'success', error: null });
  });

  it('keeps the tide stations of the few newest places, not of every place ever visited', async () => {
    const client = seededClient();
    const places = KEPT_TIDE_STATION_ANSWERS + 2;
    for (let i = 0; i < places; i++) {
      vi.useFakeTimers({ now: Date.now() + i * 60_000 });
      client.setQueryData(['/api/tides/stations', 40 + i, -70], { latitude: 40 + i, stations: [] });
      vi.useRealTimers();
    }
    await persistQueries(client);

    const restored = await restoredFromDisk();
    for (let i = 0; i < places; i++) {
      const kept = restored.getQueryData(['/api/tides/stations', 40 + i, -70]);
      if (i < places - KEPT_TIDE_STATION_ANSWERS) expect(kept, `place ${i}`).toBeUndefined();
      else expect(kept, `place ${i}`).toEqual({ latitude: 40 + i, stations: [] });
    }
    // The weather's own rule is unchanged: the newest reading only.
    expect(restored.getQueryData(['/api/weather', 39.1, -120.0])).toEqual({ temperature: 50 });
  });

  it('gives a kept catch list from before a field existed that field at its "not set" value', async () => {
    const client = new QueryClient();
    client.setQueryData(['/api/user'], user);
    // As older versions of the app kept it: no isTestCatch, no caughtAt or conditions.
    const savedAt = '2026-01-02T08:00:00.000Z';
    client.setQueryData(
      ['/api/catches'],
      [
        { id: 1, fishType: 'Bass', createdAt: savedAt },
        { id: 2, fishType: 'Pike', createdAt: savedAt, isTestCatch: true },
      ],
    );
    await persistQueries(client);

    const restored = await restoredFromDisk();
    // Its moment when it was saved, its conditions not worked out, until the server answers it again.
    const notSet = { ...CATCH_FIELDS_ADDED_LATER, caughtAt: savedAt };
    expect(restored.getQueryData(['/api/catches'])).toEqual([
      { id: 1, fishType: 'Bass', createdAt: savedAt, ...notSet },
      { id: 2, fishType: 'Pike', createdAt: savedAt, ...notSet, isTestCatch: true },
    ]);
  });

  it('brings back the user and the newest catches first, and the whole copy only once they are painted', async () => {
    const client = seededClient();
    const list = Array.from({ length: NEWEST_CATCHES_COUNT + 5 }, (_, i) => testCatch({ id: 100 - i }));
    client.setQueryData(['/api/catches'], list);
    await persistQueries(client);

    const restored = new QueryClient();
    let atFirstPaint: { user: unknown; newest: unknown; whole: unknown } | null = null;
    await restoreQueries(restored, Date.now(), async () => {
      atFirstPaint = {
        user: restored.getQueryData(queryKeys.user),
        newest: restored.getQueryData(queryKeys.newestCatches),
        whole: restored.getQueryData(queryKeys.catches),
      };
    });
    // The list's own order (what GET /api/catches?limit= answers), cut to the first screen's count.
    expect(atFirstPaint).toEqual({ user, newest: list.slice(0, NEWEST_CATCHES_COUNT), whole: undefined });
    expect(restored.getQueryData(queryKeys.catches)).toEqual(list);
    // Marked stale like the rest: History asks the server for the newest again.
    expect(restored.getQueryState(queryKeys.newestCatches)?.isInvalidated).toBe(true);
  });

  it.each([
    ['Insights', '/api/insights'],
    ['Stats', '/api/stats'],
  ])(
    "keeps %s' server answer for the first screen only when it is as new as the kept list",
    async (_view, path) => {
      const answer = { summary: 'kept' };
      const client = seededClient();
      vi.useFakeTimers({ now: Date.now() + 5000 });
      client.setQueryData([path], answer);
      vi.useRealTimers();
      await persistQueries(client);
      const restored = await restoredFromDisk();
      expect(restored.getQueryData([path])).toEqual(answer);

      // A save since: the list is newer than the answer, which is no longer what the log says.
      vi.useFakeTimers({ now: Date.now() + 10_000 });
      client.setQueryData(['/api/catches'], [...catches, testCatch({ id: 2 })]);
      vi.useRealTimers();
      await persistQueries(client);
      const again = await restoredFromDisk();
      expect(again.getQueryData([path])).toBeUndefined();
    },
  );

  it("keeps Insights' answer for the first screen when the list lands after it, until the log changes", async () => {
    const answer = { summary: 'kept' };
    const client = new QueryClient();
    client.setQueryData(['/api/user'], user);
    const stop = persistChanges(client);
    const keptAnswer = async () => {
      const restored = await restoredFromDisk();
      return {
        answer: restored.getQueryData(['/api/insights']),
        list: restored.getQueryData(queryKeys.catches),
      };
    };
    // A first visit: the answer comes first, the whole list (megabytes) after it.
    client.setQueryData(['/api/insights'], answer);
    await client.fetchQuery({ queryKey: queryKeys.catches, queryFn: async () => catches });
    await vi.waitFor(async () => expect(await keptAnswer()).toEqual({ answer, list: catches }), {
      timeout: 5000,
    });
    // The list asked again, the same catches: still the log the answer was worked out from. Read once the write
    // that answer brings has landed, not the copy from before it.
    const askedAgainAt = Date.now();
    await client.fetchQuery({
      queryKey: queryKeys.catches,
      queryFn: async () => structuredClone(catches),
      staleTime: 0,
    });
    await vi.waitFor(
      async () => {
        const record = (await (await cacheDb()).get(FIRST_SCREEN_RECORD_KEY)) as PersistedCache | undefined;
        expect(record?.savedAt).toBeGreaterThanOrEqual(askedAgainAt);
      },
      { timeout: 5000 },
    );
    expect(await keptAnswer()).toEqual({ answer, list: catches });
    // A catch saved since: the answer no longer says what the log does.
    const saved = [...catches, testCatch({ id: 2 })];
    client.setQueryData(queryKeys.catches, saved);
    await vi.waitFor(async () => expect(await keptAnswer()).toEqual({ answer: undefined, list: saved }), {
      timeout: 5000,
    });
    stop();
  });

  it("keeps Insights' answer for the first screen when the page is left before the list lands", async () => {
    const answer = { summary: 'before the list' };
    const client = new QueryClient();
    client.setQueryData(['/api/user'], user);
    const stop = persistChanges(client);
    await waitForUserOnDisk();
    client.setQueryData(['/api/insights'], answer);
    await vi.waitFor(
      async () => {
        const restored = await restoredFromDisk();
        expect(restored.getQueryData(['/api/insights'])).toEqual(answer);
        expect(restored.getQueryData(queryKeys.catches)).toBeUndefined();
      },
      { timeout: 5000 },
    );
    stop();
  });

  it("writes Insights' answer when it lands after the list was written", async () => {
    const answer = { summary: 'late' };
    const client = new QueryClient();
    client.setQueryData(['/api/user'], user);
    await client.fetchQuery({ queryKey: queryKeys.catches, queryFn: async () => catches });
    const stop = persistChanges(client);
    await waitForUserOnDisk();
    client.setQueryData(['/api/insights'], answer);
    await vi.waitFor(
      async () => {
        const restored = await restoredFromDisk();
        expect(restored.getQueryData(['/api/insights'])).toEqual(answer);
      },
      { timeout: 5000 },
    );
    stop();
  });

  it('forgets the first screen record with the whole copy (sign-out)', async () => {
    await persistQueries(seededClient());
    await clearPersistedQueries();
    const restored = new QueryClient();
    let painted = false;
    await restoreQueries(restored, Date.now(), async () => {
      painted = true;
    });
    expect(painted).toBe(false);
    expect(restored.getQueryCache().getAll()).toEqual([]);
  });

  it('never keeps a signed-out user (null)', async () => {
    const client = seededClient();
    client.setQueryData(['/api/user'], null);
    await persistQueries(client);
    const restored = await restoredFromDisk();
    expect(restored.getQueryState(['/api/user'])).toBeUndefined();
  });

  it('does not overwrite fresher data already in the cache', async () => {
    await persistQueries(seededClient());
    const live = new QueryClient();
    vi.useFakeTimers({ now: Date.now() + 5000 });
    live.setQueryData(['/api/catches'], [{ id: 2, fishType: 'Pike' }]);
    vi.useRealTimers();
    await restoreQueries(live);
    expect(live.getQueryData(['/api/catches'])).toEqual([{ id: 2, fishType: 'Pike' }]);
    expect(live.getQueryData(['/api/user'])).toEqual(user);
  });

  it('marks what it restored as stale, so the next screen asks the server (a fresh-looking old list would not)', async () => {
    await persistQueries(seededClient());
    const live = new QueryClient();
    vi.useFakeTimers({ now: Date.now() + 5000 });
    live.setQueryData(['/api/weather', 39.1, -120.0], { temperature: 70 }); // newer than the disk copy: kept fresh
    vi.useRealTimers();
    await restoreQueries(live);
    expect(live.getQueryState(['/api/catches'])?.isInvalidated).toBe(true);
    expect(live.getQueryState(['/api/user'])?.isInvalidated).toBe(true);
    expect(live.getQueryData(['/api/catches'])).toEqual(catches);
    expect(live.getQueryState(['/api/weather', 39.1, -120.0])?.isInvalidated).toBe(false);
  });

  it('throws away a copy older than 30 days', async () => {
    await persistQueries(seededClient());
    const restored = await restoredFromDisk(Date.now() + PERSIST_MAX_AGE_MS + 1000);
    expect(restored.getQueryData(['/api/user'])).toBeUndefined();
    // And it is gone from the disk.
    const again = await restoredFromDisk();
    expect(again.getQueryData(['/api/user'])).toBeUndefined();
  });

  it('throws away a copy from another app version', async () => {
    const { openDB } = await import('idb');
    const db = await openDB('tightlines-cache', 1);
    await db.put(
      'queries',
      { savedAt: Date.now(), buster: `${CACHE_BUSTER}-old`, state: { queries: [], mutations: [] } },
      'query-cache',
    );
    db.close();
    const restored = await restoredFromDisk();
    expect(restored.getQueryCache().getAll()).toEqual([]);
  });

  it('throws away a first screen record from another app version, and the whole copy with it', async () => {
    await persistQueries(seededClient());
    const { openDB } = await import('idb');
    const db = await openDB('tightlines-cache', 1);
    await db.put(
      'queries',
      { savedAt: Date.now(), buster: `${CACHE_BUSTER}-old`, state: { queries: [], mutations: [] } },
      'first-screen',
    );
    db.close();
    await restoredFromDisk();
    const again = await restoredFromDisk();
    expect(again.getQueryCache().getAll()).toEqual([]);
  });

  it('writes other changes to persisted queries throttled to once a second', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const stop = persistChanges(client);
    client.setQueryData(['/api/user'], user);
    client.setQueryData(['/api/weather', 39.1, -120.0], { temperature: 50 });
    await vi.advanceTimersByTimeAsync(1000);
    vi.useRealTimers();
    stop();
    await vi.waitFor(async () => {
      const restored = await restoredFromDisk();
      expect(restored.getQueryData(['/api/weather', 39.1, -120.0])).toEqual({ temperature: 50 });
    });
  });

  // Signed in, the network gone a second later: the user must already be on disk.
  it('writes the signed-in user at once, without waiting for the throttle', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const stop = persistChanges(client);
    client.setQueryData(['/api/user'], user);
    vi.useRealTimers();
    await waitForUserOnDisk();
    stop();
  });

  it('writes what arrived before persisting started (a user known before the restore finished)', async () => {
    const client = new QueryClient();
    client.setQueryData(['/api/user'], user);
    const stop = persistChanges(client);
    await waitForUserOnDisk();
    stop();
  });

  it('writes nothing while nobody is signed in: a late write cannot outlive a sign-out', async () => {
    const client = seededClient();
    client.removeQueries({ queryKey: ['/api/user'] });
    await persistQueries(client);
    const restored = await restoredFromDisk();
    expect(restored.getQueryCache().getAll()).toEqual([]);
  });
});
