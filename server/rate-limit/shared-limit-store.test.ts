import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/child-processes.ts';
import { createTestApp, RELAXED_RATE_LIMITS, type TestApp } from '../test-support/test-app.ts';
import {
  closeSharedLimitStore,
  openSharedLimitStore,
  type SharedLimitStore,
  waitUntilConnected,
} from './shared-limit-store.ts';

/** The Redis these tests share a limit through (CI and these machines: redis://127.0.0.1:6379). */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
const NO_REDIS = 'no Redis: TEST_REDIS_URL is unset (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379)';
if (!TEST_REDIS_URL) console.warn(`shared global limit tests skipped: ${NO_REDIS}`);

const LIMIT = 10;
const limits = { ...RELAXED_RATE_LIMITS, globalPerMinute: LIMIT };

describe.skipIf(!TEST_REDIS_URL)('the global per-IP limit in Redis (REDIS_URL)', () => {
  const apps: TestApp[] = [];
  const stores: SharedLimitStore[] = [];
  // A prefix of its own, so parallel runs never share counters.
  const keyPrefix = `tightlines-test-${randomBytes(6).toString('hex')}:`;

  async function instance(): Promise<TestApp> {
    const store = openSharedLimitStore({ url: TEST_REDIS_URL as string, keyPrefix });
    stores.push(store);
    expect(await waitUntilConnected(store, 5000)).toBe(true);
    const t = await createTestApp('sqlite', { rateLimits: limits, globalLimitStore: store });
    apps.push(t);
    return t;
  }

  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
    for (const store of stores.splice(0)) {
      if (store.status === 'ready') await store.del('global-limit:127.0.0.1');
      await closeSharedLimitStore(store);
    }
  });

  it('holds in total across two instances, not once per instance', async () => {
    const [a, b] = [await instance(), await instance()];
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LIMIT; i++) {
      const t = i % 2 === 0 ? a : b;
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT).every((status) => status === 429)).toBe(true);
  });

  it('survives a restart: a new instance sees the counts of the one that stopped', async () => {
    const first = await instance();
    for (let i = 0; i < LIMIT; i++) {
      expect((await first.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    }
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const restarted = await instance();
    expect((await restarted.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(429);
  });

  it('lets requests through, without waiting, while Redis does not answer', async () => {
    // Nothing listens there: the store never connects, as when Redis is down.
    const store = openSharedLimitStore({ url: `redis://127.0.0.1:${await freePort()}`, keyPrefix });
    stores.push(store);
    const t = await createTestApp('sqlite', { rateLimits: limits, globalLimitStore: store });
    apps.push(t);
    const started = Date.now();
    for (let i = 0; i < LIMIT + 5; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    }
    // Fails fast instead of queueing each request behind the reconnects (generous for a busy machine).
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
