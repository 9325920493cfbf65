import { describe, expect, it, vi } from 'vitest';
import { hectopascalsToInchesOfMercury } from '#core/barometer.ts';
import { type CatchConditions, pressureTendency } from '#core/catch-conditions.ts';
import { describeWmoCode } from '#core/weather.ts';
import type { AppDependencies } from '../app.ts';
import { CatchRepository, type NewCatch } from '../catches/catch.repository.ts';
import { AppMetrics } from '../metrics/app-metrics.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { fakeHour } from '../test-support/fake-open-meteo.ts';
import { multipart } from '../test-support/hostile-inputs.ts';
import { pastWeatherJobTesting } from '../test-support/past-weather-jobs.ts';
import {
  insertTestUsers,
  ManualClock,
  RELAXED_RATE_LIMITS,
  TEST_ENGINES,
  type TestApp,
} from '../test-support/test-app.ts';
import { weatherCell } from '../weather/weather.service.ts';
import {
  CATCH_WEATHER_BUDGET_SHARE,
  CATCH_WEATHER_MAX_ATTEMPTS,
  type CatchWeatherJob,
} from './catch-weather-job.ts';
import { OpenMeteoPastWeatherProvider } from './past-weather.provider.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** Five waters: four in the Americas (their local day is the UTC day for 06:00 to 15:59) and one on UTC (Ghana). */
const WATERS = [
  { latitude: 43.1, longitude: -89.4 },
  { latitude: 44.0, longitude: -88.42 },
  { latitude: 39.1, longitude: -120.03 },
  { latitude: 26.95, longitude: -80.8 },
  { latitude: 7.6, longitude: -0.1 },
];
/** Four days the forecast API answers (seen from the clock's 2026-06-01) and four only the archive has. */
const DAYS = [
  '2026-05-29',
  '2026-05-25',
  '2026-05-21',
  '2026-05-17',
  '2026-03-02',
  '2025-11-10',
  '2024-07-04',
  '1998-06-20',
];

interface Row {
  id: number;
  status: string;
  caughtAt: string | null;
  latitude: number | null;
  longitude: number | null;
  conditions: CatchConditions | null;
  attempts: number;
  retryAt: string | null;
}

describe.each(TEST_ENGINES)('the catch weather job on %s', (engine) => {
  const setup = pastWeatherJobTesting(engine);
  const { appWith, providerCalls } = setup;
  let t: TestApp;

  /** A second instance on the same database. */
  function secondInstance(overrides: Partial<AppDependencies> = {}): Promise<TestApp> {
    return appWith({ database: t.database, ...overrides });
  }
  const job = (app: TestApp): CatchWeatherJob => {
    if (!app.app.catchWeather) throw new Error('no catch weather job');
    return app.app.catchWeather;
  };

  /** Catches as the previous release writes them: no moment, conditions 'pending' by the column's default. */
  async function insertCatches(catches: Omit<NewCatch, 'photoId' | 'fishType'>[]): Promise<number> {
    const [userId] = await insertTestUsers(t.database.db, [
      `angler${Math.random().toString(36).slice(2, 8)}`,
    ]);
    await new CatchRepository(t.database.db).createMany(
      userId as number,
      catches.map((fields, i) => ({ fishType: `Fish ${i}`, photoId: null, ...fields })),
    );
    return userId as number;
  }

  async function rows(): Promise<Row[]> {
    const found = await t.database.db
      .selectFrom('catches')
      .select([
        'id',
        'conditions_status',
        'caught_at',
        'latitude',
        'longitude',
        'conditions',
        'conditions_attempts',
        'conditions_retry_at',
      ])
      .orderBy('id')
      .execute();
    return found.map((row) => ({
      id: Number(row.id),
      status: row.conditions_status,
      caughtAt: row.caught_at,
      latitude: row.latitude === null ? null : Number(row.latitude),
      longitude: row.longitude === null ? null : Number(row.longitude),
      conditions: row.conditions ? (JSON.parse(row.conditions) as CatchConditions) : null,
      attempts: Number(row.conditions_attempts),
      retryAt: row.conditions_retry_at,
    }));
  }

  /** The distinct ~1 km cells and UTC days of the catches' moments: what the job may ask for at most once each. */
  function cellDays(found: Row[]): Set<string> {
    return new Set(
      found.map((row) => {
        const cell = weatherCell(row.latitude as number, row.longitude as number);
        return `${cell.latitude},${cell.longitude}|${row.caughtAt?.slice(0, 10)}`;
      }),
    );
  }

  /**
   * Runs passes until nothing is pending, a minute later each time the job's budget share is spent (bounded: a job
   * that stops making progress fails the test).
   */
  async function runUntilDone(app: TestApp, maxPasses = 40): Promise<void> {
    for (let pass = 0; pass < maxPasses; pass++) {
      if ((await job(app).pendingCount()) === 0) return;
      if ((await job(app).runOnce()).waitingForBudget) setup.clock.advance(MINUTE_MS);
    }
    throw new Error(`still ${await job(app).pendingCount()} pending after ${maxPasses} passes`);
  }

  /** One catch on each of `count` days two days apart, at one water, mid-morning there. */
  function catchesOnDays(count: number) {
    return Array.from({ length: count }, (_, i) => ({
      ...WATERS[0],
      catchDate: new Date(Date.parse('2026-05-30T00:00:00Z') - i * 2 * 24 * HOUR_MS)
        .toISOString()
        .slice(0, 10),
      timeOfDay: '10:15',
      createdAt: new Date('2026-05-31T20:00:00Z'),
    }));
  }

  it('backfills 1,000 catches of 5 waters and 8 days with one provider call per cell and UTC day, and the right weather', async () => {
    t = await appWith();
    const catches = Array.from({ length: 1000 }, (_, i) => {
      const water = WATERS[i % WATERS.length] as (typeof WATERS)[number];
      const day = DAYS[Math.floor(i / WATERS.length) % DAYS.length] as string;
      // Spread over the water but inside its ~1 km cell; Ghana's catches include the first hours of the UTC day,
      // whose 3-hour tendency needs the day before.
      const hour = water.longitude > -1 ? i % 17 : 6 + (i % 10);
      return {
        latitude: water.latitude + ((i % 7) - 3) * 0.001,
        longitude: water.longitude + ((i % 5) - 2) * 0.001,
        catchDate: day,
        timeOfDay: `${String(hour).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
        createdAt: new Date(`${day}T23:00:00Z`),
        notes: `note ${i}`,
      };
    });
    const userId = await insertCatches(catches);
    const before = await t.database.db.selectFrom('catches').selectAll().orderBy('id').execute();
    const versionBefore = await t.database.db
      .selectFrom('users')
      .select('catches_version')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();

    await runUntilDone(t);

    const found = await rows();
    expect(found.filter((row) => row.status !== 'complete')).toEqual([]);
    const expectedCalls = cellDays(found).size;
    expect(expectedCalls).toBe(WATERS.length * DAYS.length);
    expect(providerCalls()).toBe(expectedCalls);
    // Recent days from the forecast API, older ones from the archive.
    expect(setup.fake.requestsTo('/v1/forecast')).toHaveLength(WATERS.length * 4);
    expect(setup.fake.requestsTo('/v1/archive')).toHaveLength(WATERS.length * 4);
    console.info(
      `1,000-catch backfill on ${engine}: ${providerCalls()} provider calls for ${expectedCalls} cell-days`,
    );

    // The weather is the fake's at the catch's cell and hour, in the weather card's units and words.
    for (const row of [found[0], found[4], found[777]] as Row[]) {
      const cell = weatherCell(row.latitude as number, row.longitude as number);
      const hourMs = Math.floor(Date.parse(row.caughtAt as string) / HOUR_MS) * HOUR_MS;
      const hour = fakeHour(cell.latitude, cell.longitude, hourMs);
      const earlier = fakeHour(cell.latitude, cell.longitude, hourMs - 3 * HOUR_MS);
      const pressure = hectopascalsToInchesOfMercury(hour.pressureHpa);
      const change = Math.round((pressure - hectopascalsToInchesOfMercury(earlier.pressureHpa)) * 100) / 100;
      const { condition, description } = describeWmoCode(hour.weatherCode, hour.isDay === 1);
      expect(row.conditions?.weather).toEqual({
        airTemperature: Math.round(((hour.temperatureC * 9) / 5) * 10 + 320) / 10,
        description,
        condition,
        windSpeed: Math.round((hour.windKmh / 1.609344) * 10) / 10,
        windDirection: hour.windDirection,
        cloudCover: hour.cloudCover,
        precipitation: Math.round((hour.precipitationMm / 25.4) * 1000) / 1000,
        humidity: hour.humidity,
        pressure: Math.round(pressure * 100) / 100,
        pressureChange3h: change,
        pressureTendency: pressureTendency(change),
      });
      expect(row.conditions?.sun).not.toBeNull();
      expect(row.conditions?.moon).not.toBeNull();
    }
    // Some tendencies need the hour 3 before on the UTC day before: they are there too.
    const earlyHours = found.filter((row) => Number(row.caughtAt?.slice(11, 13)) < 3);
    expect(earlyHours.length).toBeGreaterThan(0);
    expect(earlyHours.every((row) => row.conditions?.weather?.pressureChange3h !== null)).toBe(true);

    // Nothing but the conditions changed, and the angler's list version moved (their cached list is stale).
    const after = await t.database.db.selectFrom('catches').selectAll().orderBy('id').execute();
    const withoutConditions = (row: (typeof before)[number]) => {
      const {
        caught_at: _c,
        time_zone: _z,
        conditions: _k,
        conditions_status: _s,
        conditions_attempts: _a,
        conditions_retry_at: _r,
        ...fields
      } = row;
      return fields;
    };
    expect(after.map(withoutConditions)).toEqual(before.map(withoutConditions));
    const versionAfter = await t.database.db
      .selectFrom('users')
      .select('catches_version')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(versionAfter.catches_version)).toBeGreaterThan(Number(versionBefore.catches_version));

    // Asked again, nothing is called: the answers are kept in the database.
    await t.database.db.updateTable('catches').set({ conditions_status: 'pending' }).execute();
    await runUntilDone(t);
    expect(providerCalls()).toBe(expectedCalls);
  }, 120_000);

  it('asks for fewer days than the catches span when the days follow each other (each call keeps the day before too)', async () => {
    t = await appWith();
    // 1,000 catches at 5 waters over 20 consecutive days, as an import of a season's log.
    await insertCatches(
      Array.from({ length: 1000 }, (_, i) => {
        const day = new Date(Date.parse('2026-05-30T00:00:00Z') - (i % 20) * 24 * HOUR_MS)
          .toISOString()
          .slice(0, 10);
        return {
          ...(WATERS[Math.floor(i / 20) % WATERS.length] as (typeof WATERS)[number]),
          catchDate: day,
          timeOfDay: `${String(6 + (i % 10)).padStart(2, '0')}:30`,
          createdAt: new Date(`${day}T23:00:00Z`),
        };
      }),
    );
    await runUntilDone(t);
    const found = await rows();
    expect(found.every((row) => row.status === 'complete')).toBe(true);
    const spanned = cellDays(found).size;
    expect(spanned).toBe(100);
    // Newest first: the call for day D keeps D-1 as well, so D-1's catches need no call of their own.
    expect(providerCalls()).toBe(spanned / 2);
    console.info(
      `1,000 catches over 20 consecutive days on ${engine}: ${providerCalls()} calls for ${spanned} cell-days`,
    );
  }, 120_000);

  it('gives a coastal catch the tide at its moment (predicted here, no call), and an inland one none', async () => {
    t = await appWith();
    await insertCatches([
      // Boston Harbor, by the station of Boston, MA; and Lake Mendota.
      {
        latitude: 42.3548,
        longitude: -71.0503,
        catchDate: '2026-05-29',
        timeOfDay: '10:15',
        createdAt: new Date('2026-05-31T20:00:00Z'),
      },
      {
        ...WATERS[0],
        catchDate: '2026-05-29',
        timeOfDay: '10:15',
        createdAt: new Date('2026-05-31T20:00:00Z'),
      },
    ]);
    await runUntilDone(t);
    const [coastal, inland] = await rows();
    expect(coastal?.conditions?.tide).toMatchObject({
      stationId: 'noaa/8443970',
      stage: expect.stringMatching(/^(rising|falling)$/),
      rangeFraction: expect.any(Number),
    });
    expect(coastal?.conditions?.tide?.distanceKm).toBeLessThan(5);
    expect(inland?.conditions?.tide).toBeNull();
  });

  it('gives a catch without a position its sky but no weather (partial), without a provider call', async () => {
    t = await appWith();
    await insertCatches([
      { catchDate: '2026-05-20', timeOfDay: '09:00', createdAt: new Date('2026-05-20T15:00:00Z') },
    ]);
    await runUntilDone(t);
    const [row] = await rows();
    expect(row?.status).toBe('partial');
    expect(row?.conditions?.weather).toBeNull();
    expect(row?.conditions?.moon).not.toBeNull();
    expect(providerCalls()).toBe(0);
  });

  it('uses at most half of the weather budget: the rest waits pending, anglers still get live weather, and the job finishes later', async () => {
    const metrics = new AppMetrics();
    t = await appWith({
      rateLimits: { ...RELAXED_RATE_LIMITS, weatherUpstreamPerMinute: 10, weatherUpstreamPerDay: 1000 },
      metrics,
    });
    await insertCatches(catchesOnDays(12));

    // Half of the 10 calls a minute.
    expect(Math.floor(10 * CATCH_WEATHER_BUDGET_SHARE)).toBe(5);
    const first = await job(t).runOnce();
    expect(first).toMatchObject({ leased: true, providerCalls: 5, waitingForBudget: true });
    expect(providerCalls()).toBe(5);
    expect((await rows()).filter((row) => row.status === 'pending')).toHaveLength(7);
    const { text } = await metrics.render('prometheus');
    expect(text).toContain('tightlines_catch_weather_provider_calls_total{result="ok"} 5');
    expect(text).toContain('tightlines_job_backlog{job="catch_weather"} 7');
    // The other half of the minute is the anglers'.
    const angler = await ApiClient.register(t.app, 'angler');
    expect((await angler.get('/api/weather?lat=45.5&lon=-89.7')).statusCode).toBe(200);
    // Nothing more this minute.
    expect(await job(t).runOnce()).toMatchObject({ providerCalls: 0, waitingForBudget: true });

    setup.clock.advance(MINUTE_MS);
    expect(await job(t).runOnce()).toMatchObject({ providerCalls: 5 });
    setup.clock.advance(MINUTE_MS);
    expect(await job(t).runOnce()).toMatchObject({ providerCalls: 2, waitingForBudget: false });
    expect((await rows()).every((row) => row.status === 'complete')).toBe(true);
    expect(providerCalls()).toBe(12 + 1);
  });

  it('continues after a restart where it stopped, without asking for anything twice', async () => {
    t = await appWith({
      rateLimits: { ...RELAXED_RATE_LIMITS, weatherUpstreamPerMinute: 10, weatherUpstreamPerDay: 1000 },
    });
    await insertCatches(catchesOnDays(12));
    await job(t).runOnce();
    expect(providerCalls()).toBe(5);
    // This instance stops (a deploy); another starts on the same database with its own fresh budget.
    await t.app.close();
    const restarted = await secondInstance({
      rateLimits: { ...RELAXED_RATE_LIMITS, weatherUpstreamPerMinute: 10, weatherUpstreamPerDay: 1000 },
    });
    await runUntilDone(restarted);
    expect(providerCalls()).toBe(12);
    const asked = setup.fake
      .requestsTo('/v1/forecast')
      .map((query) => `${query.get('latitude')}|${query.get('end_date')}`);
    expect(new Set(asked).size).toBe(12);
    expect((await rows()).every((row) => row.status === 'complete')).toBe(true);
  });

  it('runs on one instance at a time: two on one database never both call, and the lease moves on when it expires', async () => {
    t = await appWith();
    const other = await secondInstance();
    await insertCatches(catchesOnDays(12));

    // While one instance's call is in flight, the other's pass does nothing.
    const release = setup.fake.holdAnswers();
    const holding = job(t).runOnce();
    await vi.waitFor(() => expect(providerCalls()).toBe(1), { timeout: 10_000 });
    expect(await job(other).runOnce()).toMatchObject({ leased: false, providerCalls: 0 });
    release();
    expect(await holding).toMatchObject({ leased: true, providerCalls: 12 });

    // Both keep trying: only the holder ever calls.
    await t.database.db
      .updateTable('catches')
      .set({ conditions_status: 'pending', caught_at: null })
      .execute();
    await t.database.db.deleteFrom('weather_hours').execute();
    await Promise.all([job(t).runOnce(), job(other).runOnce(), job(t).runOnce(), job(other).runOnce()]);
    expect(providerCalls()).toBe(24);
    expect(job(other).providerCalls.ok).toBe(0);

    // The holder goes silent: after the lease's expiry, the other takes over (and the first no longer may).
    await t.database.db
      .updateTable('catches')
      .set({ conditions_status: 'pending', caught_at: null })
      .execute();
    await t.database.db.deleteFrom('weather_hours').execute();
    setup.clock.advance(30 * 1000);
    expect(await job(other).runOnce()).toMatchObject({ leased: false });
    setup.clock.advance(31 * 1000);
    expect(await job(other).runOnce()).toMatchObject({ leased: true, providerCalls: 12 });
    expect(await job(t).runOnce()).toMatchObject({ leased: false });
    expect(providerCalls()).toBe(36);
  });

  it('backs off after provider failures and gives up as partial after the last attempt', async () => {
    t = await appWith();
    await insertCatches(catchesOnDays(1));
    setup.fake.setScenario({ failure: 'error' });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= CATCH_WEATHER_MAX_ATTEMPTS; attempt++) {
      await job(t).runOnce();
      expect(providerCalls()).toBe(attempt);
      const [row] = await rows();
      if (attempt === CATCH_WEATHER_MAX_ATTEMPTS) {
        expect(row).toMatchObject({ status: 'partial', attempts: CATCH_WEATHER_MAX_ATTEMPTS - 1 });
        expect(row?.conditions?.weather).toBeNull();
        expect(row?.conditions?.sun).not.toBeNull();
        break;
      }
      expect(row).toMatchObject({ status: 'pending', attempts: attempt });
      const wait = Date.parse(row?.retryAt as string) - setup.clock.now().getTime();
      waits.push(wait);
      // Not before its time.
      setup.clock.advance(wait - 1000);
      await job(t).runOnce();
      expect(providerCalls()).toBe(attempt);
      setup.clock.advance(1000);
    }
    expect(waits).toEqual([1, 4, 16, 64].map((minutes) => minutes * MINUTE_MS));
  });

  it.each(['garbage', 'hang'] as const)('tries again after %s and then gets the weather', async (failure) => {
    t = await appWith({
      pastWeatherProvider: new OpenMeteoPastWeatherProvider(
        { forecast: setup.fake.url, archive: setup.fake.url },
        300,
      ),
    });
    await insertCatches(catchesOnDays(1));
    setup.fake.setScenario({ failure });
    await job(t).runOnce();
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 1 });
    setup.fake.setScenario({});
    setup.clock.advance(MINUTE_MS);
    await job(t).runOnce();
    expect((await rows())[0]?.status).toBe('complete');
  });

  it('stops its pass at a quota refusal (429): the other catches wait without an attempt counted', async () => {
    t = await appWith();
    await insertCatches(catchesOnDays(3));
    setup.fake.setScenario({ failure: 'quota' });
    await job(t).runOnce();
    expect(providerCalls()).toBe(1);
    const attempts = (await rows()).map((row) => row.attempts).sort();
    expect(attempts).toEqual([0, 0, 1]);
  });

  it('does not write weather worked out for a moment or place the catch no longer has (an edit during the call)', async () => {
    t = await appWith();
    await insertCatches(catchesOnDays(1));
    const release = setup.fake.holdAnswers();
    const pass = job(t).runOnce();
    await vi.waitFor(() => expect(providerCalls()).toBe(1), { timeout: 10_000 });
    // The angler moves the catch to another water and another time meanwhile (as an edit does: pending again).
    const [read] = await rows();
    const moved = WATERS[2] as (typeof WATERS)[number];
    await t.database.db
      .updateTable('catches')
      .set({ ...moved, caught_at: '2026-05-21T18:30:00.000Z', conditions_status: 'pending' })
      .where('id', '=', read?.id as number)
      .execute();
    release();
    await pass;
    const [edited] = await rows();
    expect(edited).toMatchObject({ status: 'pending', caughtAt: '2026-05-21T18:30:00.000Z', ...moved });
    expect(edited?.conditions?.weather ?? null).toBeNull();

    // The next pass works it out for where and when it is now.
    await job(t).runOnce();
    const [done] = await rows();
    expect(done?.status).toBe('complete');
    const cell = weatherCell(moved.latitude, moved.longitude);
    const latest = setup.fake.requestsTo('/v1/forecast').at(-1);
    expect(latest?.get('latitude')).toBe(String(cell.latitude));
    expect(latest?.get('end_date')).toBe('2026-05-21');
    const hour = fakeHour(cell.latitude, cell.longitude, Date.parse('2026-05-21T18:00:00Z'));
    expect(done?.conditions?.weather?.airTemperature).toBe(
      Math.round(((hour.temperatureC * 9) / 5) * 10 + 320) / 10,
    );
  });

  it('serves a day fetched before it was over only for the hours that had begun, and asks again for later ones', async () => {
    setup.clock = new ManualClock(new Date('2026-06-01T10:20:00.000Z'));
    t = await appWith();
    const water = WATERS[4] as (typeof WATERS)[number];
    await insertCatches([
      { ...water, catchDate: '2026-06-01', timeOfDay: '09:00', createdAt: new Date('2026-06-01T09:05:00Z') },
    ]);
    await runUntilDone(t);
    expect(providerCalls()).toBe(1);
    setup.clock.advance(4 * HOUR_MS);
    // A catch at 13:30 the same day: the kept day was fetched at 10:20, its 13:00 was a forecast then.
    await insertCatches([
      { ...water, catchDate: '2026-06-01', timeOfDay: '13:30', createdAt: new Date('2026-06-01T13:35:00Z') },
    ]);
    await runUntilDone(t);
    expect(providerCalls()).toBe(2);
    // One more at 10:05 is answered from what is kept.
    await insertCatches([
      { ...water, catchDate: '2026-06-01', timeOfDay: '10:05', createdAt: new Date('2026-06-01T13:40:00Z') },
    ]);
    await runUntilDone(t);
    expect(providerCalls()).toBe(2);
    expect((await rows()).every((row) => row.status === 'complete')).toBe(true);
  });

  it('is woken by a save and fills the catch within moments, not at the next interval', async () => {
    t = await appWith();
    job(t).start(HOUR_MS);
    // The pass at start is over (it took the lease) before the catch is saved: only wake() can bring the next.
    await vi.waitFor(async () =>
      expect(await t.database.db.selectFrom('job_leases').selectAll().execute()).toHaveLength(1),
    );
    await job(t).runOnce();
    await insertCatches(catchesOnDays(1));
    job(t).wake();
    await vi.waitFor(async () => expect((await rows())[0]?.status).toBe('complete'), { timeout: 10_000 });
  });

  it('gives a catch saved through the API its weather, woken by the save', async () => {
    t = await appWith({ catchWeatherIntervalMs: HOUR_MS });
    const angler = await ApiClient.register(t.app, 'saver');
    const saved = await angler.post('/api/catches', {
      fishType: 'Walleye',
      latitude: 43.1,
      longitude: -89.4,
      catchDate: '2026-05-29',
      timeOfDay: '10:15',
      clientId: '0d9b6f1e-7c1a-4c2e-9d55-2b1f7a2c9e01',
    });
    expect(saved.statusCode).toBe(201);
    expect((saved.json() as { conditions: CatchConditions }).conditions.status).toBe('pending');
    await vi.waitFor(
      async () => {
        const list = (await angler.get('/api/catches')).json() as { conditions: CatchConditions }[];
        expect(list[0]?.conditions.status).toBe('complete');
        expect(list[0]?.conditions.weather?.pressureTendency).not.toBeNull();
      },
      { timeout: 10_000 },
    );
    expect(providerCalls()).toBe(1);
  });

  it('fills an import of 1,000 catches from 5 waters over 20 days with at most one call per cell and day', async () => {
    t = await appWith();
    const angler = await ApiClient.register(t.app, 'importer');
    // A season's log as another phone exported it (the JSON export's format): no conditions in the file.
    const catches = Array.from({ length: 1000 }, (_, i) => ({
      fishType: `Fish ${i}`,
      ...WATERS[i % WATERS.length],
      catchDate: new Date(
        Date.parse('2026-05-30T00:00:00Z') - (Math.floor(i / WATERS.length) % 20) * 24 * HOUR_MS,
      )
        .toISOString()
        .slice(0, 10),
      timeOfDay: `${String(6 + (i % 9)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`,
      createdAt: '2026-05-31T20:00:00.000Z',
      clientId: null,
    }));
    const file = JSON.stringify({
      format: 'tightlines-export',
      version: 1,
      exportedAt: '2026-05-31T21:00:00.000Z',
      catches,
    });
    const imported = await angler.request({
      method: 'POST',
      url: '/api/import',
      ...multipart({
        field: 'file',
        fileName: 'season.json',
        contentType: 'application/json',
        data: Buffer.from(file),
      }),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ created: 1000, skipped: 0 });
    expect(providerCalls()).toBe(0);

    await runUntilDone(t);
    const found = await rows();
    expect(found.every((row) => row.status === 'complete')).toBe(true);
    const calls = providerCalls();
    // Each call keeps the day before too, so consecutive days need about half as many calls as cell-days.
    expect(calls).toBeLessThanOrEqual(cellDays(found).size);
    console.info(
      `import of 1,000 catches at 5 waters over 20 days: ${cellDays(found).size} cell-days, ${calls} provider calls`,
    );

    // Importing the same file again doubles nothing and asks for nothing.
    const again = await angler.request({
      method: 'POST',
      url: '/api/import',
      ...multipart({
        field: 'file',
        fileName: 'season.json',
        contentType: 'application/json',
        data: Buffer.from(file),
      }),
    });
    expect(again.json()).toMatchObject({ created: 0, skipped: 1000 });
    await runUntilDone(t);
    expect(providerCalls()).toBe(calls);
  });
});
