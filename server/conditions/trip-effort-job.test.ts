import { describe, expect, it, vi } from 'vitest';
import { hectopascalsToInchesOfMercury } from '#core/barometer.ts';
import { pressureTendency } from '#core/catch-conditions.ts';
import { airTemperatureBand, type EffortMinutes } from '#core/insights.ts';
import type { Trip } from '#core/trips.ts';
import type { AppDependencies } from '../app.ts';
import { CatchRepository } from '../catches/catch.repository.ts';
import { AppMetrics } from '../metrics/app-metrics.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { fakeHour } from '../test-support/fake-open-meteo.ts';
import { pastWeatherJobTesting } from '../test-support/past-weather-jobs.ts';
import { TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';
import { weatherCell } from '../weather/weather.service.ts';
import { TRIP_EFFORT_MAX_ATTEMPTS, type TripEffortJob, type TripEffortPass } from './trip-effort-job.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** Lake Mendota, Madison (America/Chicago, UTC-5 in summer): inland, no tide. */
const MENDOTA = { latitude: 43.1, longitude: -89.4 };
/** Boston Harbor, by the tide station of Boston, MA. */
const BOSTON_HARBOR = { latitude: 42.3548, longitude: -71.0503 };
/**
 * 19:00 to 21:30 in Madison on 30 May 2026 (00:00 to 02:30 UTC on the 31st): the sun sets about 20:29 and civil
 * dusk ends about 21:03, so the trip fishes day, dusk and night.
 */
const DUSK_TRIP = { startedAt: '2026-05-31T00:00:00.000Z', endedAt: '2026-05-31T02:30:00.000Z' };

const total = (minutes: Record<string, number> | undefined) =>
  Object.values(minutes ?? {}).reduce((sum, value) => sum + value, 0);

interface EffortRow {
  effort: EffortMinutes | null;
  status: string;
  attempts: number;
  retryAt: string | null;
}

describe.each(TEST_ENGINES)('the trip effort job on %s', (engine) => {
  const setup = pastWeatherJobTesting(engine);
  let t: TestApp;
  let angler: ApiClient;

  /** An app whose jobs ask the fake, with an angler on a fresh database; the passes are run by the test. */
  async function appWith(overrides: Partial<AppDependencies> = {}): Promise<TestApp> {
    const app = await setup.appWith(overrides);
    if (!overrides.database) angler = await ApiClient.register(app.app, 'angler');
    return app;
  }
  const job = (app: TestApp): TripEffortJob => {
    if (!app.app.tripEffort) throw new Error('no trip effort job');
    return app.app.tripEffort;
  };
  const { providerCalls } = setup;

  async function createTrip(fields: Record<string, unknown>): Promise<Trip> {
    const response = await angler.post('/api/trips', fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Trip;
  }
  async function createSpot(position: { latitude: number; longitude: number }): Promise<number> {
    const response = await angler.post('/api/spots', { name: `Spot ${Math.random()}`, ...position });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  }
  async function tripAnswer(id: number): Promise<Trip> {
    const trips = (await angler.get('/api/trips')).json() as Trip[];
    const trip = trips.find((found) => found.id === id);
    if (!trip) throw new Error(`no trip ${id}`);
    return trip;
  }
  async function effortRow(id: number): Promise<EffortRow> {
    const row = await t.database.db
      .selectFrom('trips')
      .select(['effort', 'effort_status', 'effort_attempts', 'effort_retry_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      effort: row.effort === null ? null : (JSON.parse(row.effort) as EffortMinutes),
      status: row.effort_status,
      attempts: Number(row.effort_attempts),
      retryAt: row.effort_retry_at,
    };
  }

  /** The weather factors of an hour at a cell as a catch then gets them, from the fake's own figures. */
  function expectedWeather(position: { latitude: number; longitude: number }, hourIso: string) {
    const cell = weatherCell(position.latitude, position.longitude);
    const hourMs = Date.parse(hourIso);
    const hour = fakeHour(cell.latitude, cell.longitude, hourMs);
    const earlier = fakeHour(cell.latitude, cell.longitude, hourMs - 3 * HOUR_MS);
    const change =
      Math.round(
        (hectopascalsToInchesOfMercury(hour.pressureHpa) -
          hectopascalsToInchesOfMercury(earlier.pressureHpa)) *
          100,
      ) / 100;
    return {
      band: airTemperatureBand(Math.round(((hour.temperatureC * 9) / 5) * 10 + 320) / 10),
      tendency: pressureTendency(change),
    };
  }

  /** Adds the minutes of each hour to its bucket. */
  function minutesOf(buckets: [string, number][]): Record<string, number> {
    const sums: Record<string, number> = {};
    for (const [bucket, minutes] of buckets) sums[bucket] = (sums[bucket] ?? 0) + minutes;
    return sums;
  }

  it("works out a trip spanning dusk at its spot: day, dusk and night minutes, the local hours and each hour's weather", async () => {
    t = await appWith();
    const spotId = await createSpot(MENDOTA);
    const trip = await createTrip({ ...DUSK_TRIP, spotId });
    expect(trip.effort).toBeNull();

    expect(await job(t).runOnce()).toMatchObject({ leased: true, finished: 1, providerCalls: 1 });
    const answer = await tripAnswer(trip.id);
    const effort = answer.effort as EffortMinutes;
    expect(await effortRow(trip.id)).toMatchObject({ status: 'done', attempts: 0, effort });

    // The sun by the place: every minute in one phase, day and dusk among them.
    expect(total(effort.sunPhase)).toBe(150);
    expect(effort.sunPhase?.day).toBeGreaterThan(60);
    expect(effort.sunPhase?.dusk).toBeGreaterThan(20);
    expect(effort.sunPhase?.dusk).toBeLessThan(45);
    // The hour on Madison's clocks: 19:00–20:00, then 20:00–21:30.
    expect(effort.timeOfDay).toEqual({ '16-20': 60, '20-24': 90 });
    expect(total(effort.moonPhase)).toBe(150);
    expect(total(effort.solunar)).toBe(150);
    // Inland: no tide.
    expect(effort.tideStage).toBeUndefined();

    // The weather of the hour holding each moment, with the 3-hour tendency, as a catch then would get it.
    const hours: [string, number][] = [
      ['2026-05-31T00:00:00.000Z', 60],
      ['2026-05-31T01:00:00.000Z', 60],
      ['2026-05-31T02:00:00.000Z', 30],
    ];
    const weather = hours.map(([hour, minutes]) => ({ ...expectedWeather(MENDOTA, hour), minutes }));
    expect(effort.airTemperature).toEqual(minutesOf(weather.map((w) => [w.band, w.minutes])));
    expect(effort.pressureTendency).toEqual(minutesOf(weather.map((w) => [w.tendency, w.minutes])));
    // One call for the trip's UTC days, the day before included (the tendency of its first hours).
    const [asked] = setup.fake.requestsTo('/v1/forecast');
    expect([asked?.get('start_date'), asked?.get('end_date')]).toEqual(['2026-05-30', '2026-05-31']);

    // Frozen: another pass asks for nothing and writes nothing.
    expect(await job(t).runOnce()).toMatchObject({ finished: 0, providerCalls: 0 });
  });

  it('reads a trip without a spot at its first catch with a position; one with neither gets the clock and the moon only, without a call', async () => {
    t = await appWith();
    // Logged in Madison at 19:30 and 20:10 local; the first one has no position.
    await angler.createCatch({ catchDate: '2026-05-30', timeOfDay: '19:20' });
    await angler.createCatch({ ...MENDOTA, catchDate: '2026-05-30', timeOfDay: '20:10' });
    const atCatch = await createTrip({ startedAt: '2026-05-30T19:00:00-05:00', endedAt: DUSK_TRIP.endedAt });
    const nowhere = await createTrip({ startedAt: '2026-05-29T10:00:00Z', endedAt: '2026-05-29T11:30:00Z' });
    await job(t).runOnce();

    const caught = (await tripAnswer(atCatch.id)).effort as EffortMinutes;
    expect(total(caught.sunPhase)).toBe(150);
    expect(caught.timeOfDay).toEqual({ '16-20': 60, '20-24': 90 });
    expect(total(caught.airTemperature)).toBe(150);
    expect(providerCalls()).toBe(1);

    // No place: UTC clocks, no sun, solunar, tide or weather.
    expect((await tripAnswer(nowhere.id)).effort).toEqual({
      timeOfDay: { '08-12': 90 },
      moonPhase: expect.any(Object),
    });
  });

  it("reads the weather hours the catch weather job kept: a trip whose days a catch's call fetched costs no call", async () => {
    t = await appWith();
    await angler.createCatch({ ...MENDOTA, catchDate: '2026-05-30', timeOfDay: '20:10' });
    if (!t.app.catchWeather) throw new Error('no catch weather job');
    await t.app.catchWeather.runOnce();
    expect(providerCalls()).toBe(1);
    const spotId = await createSpot(MENDOTA);
    const trip = await createTrip({ ...DUSK_TRIP, spotId });
    expect(await job(t).runOnce()).toMatchObject({ finished: 1, providerCalls: 0 });
    expect(providerCalls()).toBe(1);
    expect(total((await tripAnswer(trip.id)).effort?.pressureTendency)).toBe(150);
  });

  it('works out a batch of 200 trips at 4 waters in one pass, one call per trip whose days are not kept yet', async () => {
    t = await appWith();
    const waters = [
      MENDOTA,
      BOSTON_HARBOR,
      { latitude: 39.1, longitude: -120.03 },
      { latitude: 7.6, longitude: -0.1 },
    ];
    const spots = [];
    for (const water of waters) spots.push(await createSpot(water));
    // Three hours each, a day apart per water: 50 days back from 31 May, so both APIs answer some.
    for (let i = 0; i < 200; i++) {
      const start =
        Date.parse('2026-05-31T14:00:00Z') - Math.floor(i / 4) * 24 * HOUR_MS + (i % 4) * 4 * HOUR_MS;
      await createTrip({
        startedAt: new Date(start).toISOString(),
        endedAt: new Date(start + 3 * HOUR_MS).toISOString(),
        spotId: spots[i % 4],
      });
    }
    const began = performance.now();
    const pass = await job(t).runOnce();
    const seconds = (performance.now() - began) / 1000;
    expect(pass).toMatchObject({ finished: 200, postponed: 0, waitingForBudget: false });
    expect(pass.providerCalls).toBe(providerCalls());
    expect(providerCalls()).toBeLessThanOrEqual(200);
    expect(setup.fake.requestsTo('/v1/archive').length).toBeGreaterThan(0);
    const trips = (await angler.get('/api/trips')).json() as Trip[];
    expect(trips.every((trip) => total(trip.effort?.timeOfDay) === 180)).toBe(true);
    expect(trips.every((trip) => total(trip.effort?.airTemperature) === 180)).toBe(true);
    console.info(
      `200 trips of 3 hours on ${engine}: one pass, ${providerCalls()} provider calls, ${seconds.toFixed(1)} s`,
    );
  }, 120_000);

  it('gives a coastal trip the tide stage of every minute, predicted at the nearest station', async () => {
    t = await appWith();
    const spotId = await createSpot(BOSTON_HARBOR);
    const trip = await createTrip({
      startedAt: '2026-05-30T10:00:00Z',
      endedAt: '2026-05-30T18:00:00Z',
      spotId,
    });
    await job(t).runOnce();
    const effort = (await tripAnswer(trip.id)).effort as EffortMinutes;
    // Eight hours hold both stages of a semidiurnal tide.
    expect(total(effort.tideStage)).toBe(480);
    expect(Object.keys(effort.tideStage ?? {}).sort()).toEqual(['falling', 'rising']);
  });

  it('leaves a running trip alone, and works it out once it ends', async () => {
    t = await appWith();
    const spotId = await createSpot(MENDOTA);
    const running = await createTrip({ startedAt: '2026-06-01T10:00:00Z', spotId });
    expect(await job(t).runOnce()).toMatchObject({ finished: 0, postponed: 0, providerCalls: 0 });
    expect(await effortRow(running.id)).toMatchObject({ status: 'pending', effort: null });
    expect(await job(t).pendingCount()).toBe(0);

    const ended = await angler.patch(`/api/trips/${running.id}`, { endedAt: '2026-06-01T11:00:00Z' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await job(t).pendingCount()).toBe(1);
    await job(t).runOnce();
    expect(total((await tripAnswer(running.id)).effort?.timeOfDay)).toBe(60);
  });

  it('works an edited trip out again: a new span or spot clears its effort until redone, a note keeps it', async () => {
    t = await appWith();
    const spotId = await createSpot(MENDOTA);
    const trip = await createTrip({ ...DUSK_TRIP, spotId });
    await job(t).runOnce();
    const first = (await tripAnswer(trip.id)).effort;
    expect(total(first?.sunPhase)).toBe(150);

    const noted = await angler.patch(`/api/trips/${trip.id}`, { notes: 'Calm' });
    expect((noted.json() as Trip).effort).toEqual(first);
    expect(await job(t).pendingCount()).toBe(0);

    const longer = await angler.patch(`/api/trips/${trip.id}`, { endedAt: '2026-05-31T03:30:00.000Z' });
    expect((longer.json() as Trip).effort).toBeNull();
    expect(await effortRow(trip.id)).toMatchObject({ status: 'pending', attempts: 0 });
    await job(t).runOnce();
    const redone = (await tripAnswer(trip.id)).effort;
    expect(total(redone?.sunPhase)).toBe(210);
    expect(total(redone?.airTemperature)).toBe(210);
    expect(redone?.sunPhase?.night).toBeGreaterThan(first?.sunPhase?.night ?? 0);

    // Another spot (so another place): redone there; without one (no catch either), no sun at all.
    const moved = await angler.patch(`/api/trips/${trip.id}`, { spotId: null });
    expect((moved.json() as Trip).effort).toBeNull();
    await job(t).runOnce();
    expect((await tripAnswer(trip.id)).effort?.sunPhase).toBeUndefined();
  });

  it('does not write minutes worked out for a span the trip no longer has (an edit during the call)', async () => {
    t = await appWith();
    const spotId = await createSpot(MENDOTA);
    const trip = await createTrip({ ...DUSK_TRIP, spotId });
    const release = setup.fake.holdAnswers();
    const pass = job(t).runOnce();
    await vi.waitFor(() => expect(providerCalls()).toBe(1), { timeout: 10_000 });
    const edited = await angler.patch(`/api/trips/${trip.id}`, { endedAt: '2026-05-31T01:00:00.000Z' });
    expect(edited.statusCode).toBe(200);
    release();
    expect(await pass).toMatchObject({ finished: 0 });
    expect(await effortRow(trip.id)).toMatchObject({ status: 'pending', effort: null });
    await job(t).runOnce();
    expect(total((await tripAnswer(trip.id)).effort?.sunPhase)).toBe(60);
  });

  it('backs off when the provider fails, giving the trip its sky and tide at once, and freezes them after the last attempt', async () => {
    const metrics = new AppMetrics();
    t = await appWith({ metrics });
    const spotId = await createSpot(MENDOTA);
    const trip = await createTrip({ ...DUSK_TRIP, spotId });
    setup.fake.setScenario({ failure: 'error' });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= TRIP_EFFORT_MAX_ATTEMPTS; attempt++) {
      await job(t).runOnce();
      expect(providerCalls()).toBe(attempt);
      const row = await effortRow(trip.id);
      // Counted for the sun, the hour, the moon and the solunar periods meanwhile; no weather.
      expect(total(row.effort?.sunPhase)).toBe(150);
      expect(row.effort?.timeOfDay).toEqual({ '16-20': 60, '20-24': 90 });
      expect(row.effort?.airTemperature).toBeUndefined();
      expect(row.effort?.pressureTendency).toBeUndefined();
      expect((await tripAnswer(trip.id)).effort).toEqual(row.effort);
      if (attempt === TRIP_EFFORT_MAX_ATTEMPTS) {
        expect(row).toMatchObject({ status: 'done', attempts: TRIP_EFFORT_MAX_ATTEMPTS - 1, retryAt: null });
        break;
      }
      expect(row).toMatchObject({ status: 'pending', attempts: attempt });
      if (attempt === 1) {
        const { text } = await metrics.render('prometheus');
        expect(text).toContain('tightlines_trip_effort_provider_calls_total{result="failed"} 1');
        expect(text).toContain('tightlines_job_backlog{job="trip_effort"} 1');
      }
      const wait = Date.parse(row.retryAt as string) - setup.clock.now().getTime();
      waits.push(wait);
      // Not before its time.
      setup.clock.advance(wait - 1000);
      await job(t).runOnce();
      expect(providerCalls()).toBe(attempt);
      setup.clock.advance(1000);
    }
    expect(waits).toEqual([1, 4, 16, 64].map((minutes) => minutes * MINUTE_MS));
    // Frozen: the provider answers again, but the trip is not asked for.
    setup.fake.setScenario({});
    setup.clock.advance(HOUR_MS);
    expect(await job(t).runOnce()).toMatchObject({ providerCalls: 0 });
  });

  it('gets the weather on a later attempt after a failure', async () => {
    t = await appWith();
    const spotId = await createSpot(MENDOTA);
    const trip = await createTrip({ ...DUSK_TRIP, spotId });
    setup.fake.setScenario({ failure: 'error' });
    expect(await job(t).runOnce()).toMatchObject({ postponed: 1, finished: 0 });
    setup.fake.setScenario({});
    setup.clock.advance(MINUTE_MS);
    expect(await job(t).runOnce()).toMatchObject({ finished: 1 });
    expect(await effortRow(trip.id)).toMatchObject({ status: 'done' });
    expect(total((await tripAnswer(trip.id)).effort?.airTemperature)).toBe(150);
  });

  it('runs on one instance at a time: while one works a trip, another on the same database does nothing', async () => {
    t = await appWith();
    const other = await appWith({ database: t.database });
    const spotId = await createSpot(MENDOTA);
    await createTrip({ ...DUSK_TRIP, spotId });
    await createTrip({ startedAt: '2026-05-20T10:00:00Z', endedAt: '2026-05-20T12:00:00Z', spotId });

    const release = setup.fake.holdAnswers();
    const holding = job(t).runOnce();
    await vi.waitFor(() => expect(providerCalls()).toBe(1), { timeout: 10_000 });
    expect(await job(other).runOnce()).toMatchObject({ leased: false, finished: 0, providerCalls: 0 });
    release();
    expect(await holding).toMatchObject({ leased: true, finished: 2, providerCalls: 2 });
    expect(job(other).providerCalls.ok).toBe(0);
  });

  it('is woken by a trip saved ended, and works it out within moments, not at the next interval', async () => {
    t = await appWith({ tripEffortIntervalMs: HOUR_MS });
    // The pass at start is over (it took the lease) before the trip is saved: only a wake-up brings the next.
    await vi.waitFor(async () =>
      expect(await t.database.db.selectFrom('job_leases').selectAll().execute()).toHaveLength(1),
    );
    await job(t).runOnce();
    const spotId = await createSpot(MENDOTA);
    const trip = await createTrip({ ...DUSK_TRIP, spotId });
    await vi.waitFor(async () => expect((await effortRow(trip.id)).status).toBe('done'), { timeout: 10_000 });
  });

  it('works an imported trip out again once its catches, and the place they bring, are in', async () => {
    t = await appWith();
    // The job's pass comes after the trip is made and before the catches are written.
    const importMany = CatchRepository.prototype.importMany;
    const passes: TripEffortPass[] = [];
    vi.spyOn(CatchRepository.prototype, 'importMany').mockImplementation(async function (
      this: CatchRepository,
      ...args
    ) {
      passes.push(await job(t).runOnce());
      return importMany.apply(this, args);
    });
    const tripClientId = '3f1b8a52-7d1e-4c3a-9b55-0a6e2f4d8c11';
    const file = JSON.stringify({
      format: 'tightlines-export',
      version: 1,
      exportedAt: '2026-05-31T21:00:00.000Z',
      trips: [{ clientId: tripClientId, ...DUSK_TRIP, spotClientId: null }],
      catches: [
        {
          fishType: 'Walleye',
          ...MENDOTA,
          catchDate: '2026-05-30',
          timeOfDay: '20:10',
          createdAt: '2026-05-31T20:00:00.000Z',
          clientId: null,
          tripClientId,
        },
      ],
    });
    const imported = await angler.importFile(file, 'log.json');
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ created: 1, trips: { created: 1 } });
    expect(passes).toEqual([expect.objectContaining({ finished: 1 })]);
    vi.restoreAllMocks();
    const [trip] = (await angler.get('/api/trips')).json() as Trip[];
    // Worked out before its catch came: to do again.
    expect(await effortRow(trip?.id as number)).toMatchObject({ status: 'pending', effort: null });
    await job(t).runOnce();
    const effort = (await tripAnswer(trip?.id as number)).effort;
    expect(total(effort?.sunPhase)).toBe(150);
    expect(total(effort?.airTemperature)).toBe(150);
  });
});
