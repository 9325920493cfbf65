import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { multipart, smallJpeg } from '../test-support/hostile-inputs.ts';
import {
  createTestApp,
  createTestDatabase,
  ManualClock,
  RELAXED_RATE_LIMITS,
  TEST_ENGINES,
  type TestDatabase,
} from '../test-support/test-app.ts';
import { DatabaseRateLimiter, RATE_LIMIT_ROWS_KEPT_MS } from './rate-limit.repository.ts';

describe.each(TEST_ENGINES)('DatabaseRateLimiter on %s', (engine) => {
  let test: TestDatabase;
  let clock: ManualClock;
  let limiter: DatabaseRateLimiter;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
    clock = new ManualClock();
    limiter = new DatabaseRateLimiter(test.database.db, clock);
  });
  afterAll(async () => {
    await test.drop();
  });
  afterEach(() => {
    clock.advance(RATE_LIMIT_ROWS_KEPT_MS);
  });

  it('counts each of 100 concurrent hits exactly once and gives each its own count', async () => {
    const decisions = await Promise.all(
      Array.from({ length: 100 }, () => limiter.consume('burst', 7, 60_000)),
    );
    expect(decisions.map((d) => d.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(7);
    expect(decisions.filter((d) => d.allowed).every((d) => d.count <= 7)).toBe(true);
  });

  it('starts a fresh window once the old one is over, and forgets a key on reset', async () => {
    for (let i = 1; i <= 3; i++)
      expect(await limiter.consume('window', 2, 60_000)).toEqual({ allowed: i <= 2, count: i });
    clock.advance(59_999);
    expect(await limiter.consume('window', 2, 60_000)).toEqual({ allowed: false, count: 4 });
    clock.advance(1);
    expect(await limiter.consume('window', 2, 60_000)).toEqual({ allowed: true, count: 1 });
    await limiter.consume('window', 2, 60_000);
    await limiter.reset('window');
    expect(await limiter.consume('window', 2, 60_000)).toEqual({ allowed: true, count: 1 });
  });

  it('deleteExpired removes the rows of windows that started over a day ago, and only those', async () => {
    await limiter.consume('old', 5, 60_000);
    clock.advance(RATE_LIMIT_ROWS_KEPT_MS - 1000);
    await limiter.consume('recent', 5, 60_000);
    clock.advance(1000);
    expect(await limiter.deleteExpired()).toBeGreaterThanOrEqual(1);
    const keys = await test.database.db.selectFrom('rate_limit_hits').select('bucket_key').execute();
    expect(keys.map((row) => row.bucket_key)).toEqual(['recent']);
  });
});

describe.each(TEST_ENGINES)('upload limit under a parallel burst on %s', (engine) => {
  it('20 parallel uploads by one user store at most the limit', async () => {
    const t = await createTestApp(engine, { rateLimits: { ...RELAXED_RATE_LIMITS, uploadsPerUser: 3 } });
    try {
      const alice = await ApiClient.register(t.app, 'alice');
      const jpeg = await smallJpeg();
      const burst = await Promise.all(
        Array.from({ length: 20 }, () => {
          const body = multipart({ fileName: 'a.jpg', contentType: 'image/jpeg', data: jpeg });
          return alice.request({
            method: 'POST',
            url: '/api/upload',
            payload: body.payload,
            headers: body.headers,
          });
        }),
      );
      expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(17);
      const stored = await t.database.db.selectFrom('photos').select('id').execute();
      expect(stored).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
