import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SessionRepository } from '../auth/session.repository.ts';
import { DatabaseRateLimiter } from '../rate-limit/rate-limit.repository.ts';
import { ApiClient } from '../test-support/api-client.ts';
import {
  createTestApp,
  createTestDatabase,
  insertTestUsers,
  ManualClock,
  TEST_ENGINES,
  type TestDatabase,
} from '../test-support/test-app.ts';
import { ExpiredRowsSweeper } from './expired-rows-sweeper.ts';

const silentLog = { info() {}, warn() {} } as unknown as ConstructorParameters<
  typeof ExpiredRowsSweeper
>[0]['log'];

describe.each(TEST_ENGINES)('ExpiredRowsSweeper on %s', (engine) => {
  let test: TestDatabase;
  let clock: ManualClock;
  let sessions: SessionRepository;
  let rateLimiter: DatabaseRateLimiter;
  let sweeper: ExpiredRowsSweeper;
  let userId: number;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    clock = new ManualClock();
    sessions = new SessionRepository(test.database.db);
    rateLimiter = new DatabaseRateLimiter(test.database.db, clock);
    sweeper = new ExpiredRowsSweeper({ sessions, rateLimiter, clock, log: silentLog });
    [userId] = (await insertTestUsers(test.database.db, ['sam'])) as [number];
  });
  afterAll(async () => {
    await test.drop();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await sweeper.stop();
    await test.database.db.deleteFrom('sessions').execute();
    await test.database.db.deleteFrom('rate_limit_hits').execute();
  });

  const liveSessions = async () =>
    (await test.database.db.selectFrom('sessions').select('user_id').execute()).length;
  const counterKeys = async () =>
    (await test.database.db.selectFrom('rate_limit_hits').select('bucket_key').execute()).map(
      (r) => r.bucket_key,
    );

  it('deletes sessions past their absolute expiry or idle too long, and rate-limit rows older than a day', async () => {
    const idle = await sessions.create(userId, 'cookie', clock.now());
    await rateLimiter.consume('old-counter', 10, 60_000);
    clock.advance(SESSION_IDLE_MS - 1000);
    const busy = await sessions.create(userId, 'cookie', clock.now());
    await rateLimiter.consume('fresh-counter', 10, 60_000);
    clock.advance(1000);

    expect(await sweeper.sweepOnce()).toEqual({ sessions: 1, rateLimitRows: 1 });
    expect(await sessions.findUser(idle, 'cookie', clock.now())).toBeNull();
    expect(await counterKeys()).toEqual(['fresh-counter']);
    expect(await liveSessions()).toBe(1);

    // A session used every day is never idle, and still ends at its absolute expiry.
    const day = 24 * 60 * 60 * 1000;
    for (let elapsed = 2 * day; elapsed < SESSION_ABSOLUTE_MS; elapsed += day) {
      clock.advance(day);
      expect(await sessions.findUser(busy, 'cookie', clock.now())).not.toBeNull();
    }
    expect(await sweeper.sweepOnce()).toEqual({ sessions: 0, rateLimitRows: 1 });
    clock.advance(2 * day);
    expect(await sweeper.sweepOnce()).toEqual({ sessions: 1, rateLimitRows: 0 });
    expect(await liveSessions()).toBe(0);
  });

  it('start() sweeps every interval; stop() ends the sweeps', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await sessions.create(userId, 'cookie', clock.now());
    clock.advance(SESSION_ABSOLUTE_MS);
    sweeper.start(60_000);
    expect(await liveSessions()).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(async () => expect(await liveSessions()).toBe(0), { timeout: 10_000 });

    await sweeper.stop();
    await sessions.create(userId, 'cookie', new Date(clock.now().getTime() - SESSION_ABSOLUTE_MS));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(vi.getTimerCount()).toBe(0);
    expect(await liveSessions()).toBe(1);
  });
});

describe.each(TEST_ENGINES)('the app sweeps while it runs on %s', (engine) => {
  it('expired sessions disappear from the database without anyone using them', async () => {
    const t = await createTestApp(engine, { sweepIntervalMs: 20 });
    try {
      await ApiClient.register(t.app, 'gone_fishing');
      const rows = () => t.database.db.selectFrom('sessions').select('user_id').execute();
      expect(await rows()).toHaveLength(1);
      t.clock.advance(SESSION_IDLE_MS);
      await vi.waitFor(async () => expect(await rows()).toHaveLength(0), { timeout: 10_000 });
    } finally {
      await t.close();
    }
  });
});
