import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { type FakeOpenMeteo, startFakeOpenMeteo } from '../test-support/fake-open-meteo.ts';
import { createTestApp, RELAXED_RATE_LIMITS, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';
import { OpenMeteoProvider } from './open-meteo.provider.ts';
import { WEATHER_CACHE_MS } from './weather.service.ts';

const TAHOE = 'lat=39.0968&lon=-120.0324';

describe.each(TEST_ENGINES)('GET /api/weather on %s', (engine) => {
  let fake: FakeOpenMeteo;
  let t: TestApp;
  let alice: ApiClient;

  beforeAll(async () => {
    fake = await startFakeOpenMeteo({ now: () => Date.parse('2026-06-01T15:20:00Z') });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    fake.setScenario({});
    fake.requests.length = 0;
    t = await createTestApp(engine, { weatherProvider: new OpenMeteoProvider(fake.url, 400) });
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers the spec fields in °F, mph, % and inHg, with the place name and the 3-hour tendency', async () => {
    fake.setScenario({
      weatherCode: 61,
      temperatureC: 10,
      windKmh: 16.09344,
      humidity: 81,
      pressureHpa: 1013.25,
      pressureChange3hHpa: -3.4,
    });
    const response = await alice.get(`/api/weather?${TAHOE}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      location: expect.stringMatching(/Tahoe|Stateline|South Lake|Zephyr|Glenbrook|Near/),
      temperature: 50,
      description: 'slight rain',
      condition: 'Rain',
      icon: '10d',
      windSpeed: 10,
      humidity: 81,
      pressure: 29.92,
      observedAt: '2026-06-01T15:15:00.000Z',
      pressureChange3h: -0.1,
      hours: expect.any(Array),
    });
  });

  it('answers the next 24 hours from the current one, each with its 3-hour tendency by the rule catches use', async () => {
    const threePm = Date.parse('2026-06-01T15:00:00Z');
    // Steady at 1015 hPa until 5 pm (UTC), then falling half a hectopascal an hour.
    const pressureAt = (hourMs: number) => 1015 - Math.max(0, (hourMs - threePm) / 3_600_000 - 2) * 0.5;
    fake.setScenario({ temperatureC: 10, hourlyPressureHpa: pressureAt });
    const response = await alice.get(`/api/weather?${TAHOE}`);
    expect(response.statusCode).toBe(200);
    const { hours } = response.json();
    expect(hours).toHaveLength(24);
    expect(hours.slice(0, 6)).toEqual([
      { start: '2026-06-01T15:00:00.000Z', temperature: 50, pressureHpa: 1015, pressureTendency: 'steady' },
      { start: '2026-06-01T16:00:00.000Z', temperature: 50, pressureHpa: 1015, pressureTendency: 'steady' },
      { start: '2026-06-01T17:00:00.000Z', temperature: 50, pressureHpa: 1015, pressureTendency: 'steady' },
      // Half a hectopascal in 3 hours is steady; one is falling (core/catch-conditions.ts `pressureTendency`).
      { start: '2026-06-01T18:00:00.000Z', temperature: 50, pressureHpa: 1014.5, pressureTendency: 'steady' },
      { start: '2026-06-01T19:00:00.000Z', temperature: 50, pressureHpa: 1014, pressureTendency: 'falling' },
      {
        start: '2026-06-01T20:00:00.000Z',
        temperature: 50,
        pressureHpa: 1013.5,
        pressureTendency: 'falling',
      },
    ]);
    expect(hours.at(-1).start).toBe('2026-06-02T14:00:00.000Z');
  });

  it('asks Open-Meteo for °F and mph at the ~1 km cell centre, never the exact spot', async () => {
    await alice.get('/api/weather?lat=39.096812&lon=-120.032349');
    expect(fake.requests).toHaveLength(1);
    const query = fake.requests[0];
    expect(query?.get('temperature_unit')).toBe('fahrenheit');
    expect(query?.get('wind_speed_unit')).toBe('mph');
    expect(query?.get('latitude')).toBe('39.1');
    expect(query?.get('longitude')).toBe('-120.03');
    // The forecast hours come in the same call.
    expect(query?.get('hourly')).toBe('temperature_2m,pressure_msl');
  });

  it('caches per cell for 5 minutes, then asks again', async () => {
    await alice.get(`/api/weather?${TAHOE}`);
    await alice.get('/api/weather?lat=39.0971&lon=-120.0319');
    expect(fake.requests).toHaveLength(1);
    await alice.get('/api/weather?lat=39.2&lon=-120.0324');
    expect(fake.requests).toHaveLength(2);
    t.clock.advance(WEATHER_CACHE_MS);
    await alice.get(`/api/weather?${TAHOE}`);
    expect(fake.requests).toHaveLength(3);
  });

  it('shares one provider call between concurrent requests for a cell', async () => {
    await Promise.all(Array.from({ length: 5 }, () => alice.get(`/api/weather?${TAHOE}`)));
    expect(fake.requests).toHaveLength(1);
  });

  it.each(['error', 'garbage', 'hang'] as const)(
    'provider %s → 502 "Failed to fetch weather data", not cached',
    async (failure) => {
      fake.setScenario({ failure });
      const response = await alice.get(`/api/weather?${TAHOE}`);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        message: 'Failed to fetch weather data',
        code: 'WEATHER_UNAVAILABLE',
      });
      fake.setScenario({});
      expect((await alice.get(`/api/weather?${TAHOE}`)).statusCode).toBe(200);
    },
  );

  it('502 when the provider is not there at all', async () => {
    await t.close();
    t = await createTestApp(engine, { weatherProvider: new OpenMeteoProvider('http://127.0.0.1:9', 400) });
    alice = await ApiClient.register(t.app, 'alice');
    expect((await alice.get(`/api/weather?${TAHOE}`)).statusCode).toBe(502);
  });

  describe("the provider's quota", () => {
    const TOO_MANY_FOR_USER = 'Too many weather lookups. Please wait a few minutes and try again.';
    const SERVER_BUSY = 'Weather is busy right now. Please try again in a few minutes.';

    async function withBudget(perUserPerHour: number, perMinute: number, perDay: number) {
      await t.close();
      t = await createTestApp(engine, {
        // A generous timeout: these tests count provider calls, and a busy machine must not turn them into 502s.
        weatherProvider: new OpenMeteoProvider(fake.url, 30_000),
        rateLimits: {
          ...RELAXED_RATE_LIMITS,
          weatherLookupsPerUserPerHour: perUserPerHour,
          weatherUpstreamPerMinute: perMinute,
          weatherUpstreamPerDay: perDay,
        },
      });
      alice = await ApiClient.register(t.app, 'alice');
    }
    /** A distinct ~1 km cell for each i. */
    const cell = (i: number) => `/api/weather?lat=${(10 + i * 0.05).toFixed(2)}&lon=20`;
    const statuses = (responses: Array<{ statusCode: number }>) => responses.map((r) => r.statusCode);

    it('one user asking for 600 different cells at once makes only their own budget of provider calls', async () => {
      await withBudget(20, 1000, 100_000);
      const burst = await Promise.all(Array.from({ length: 600 }, (_, i) => alice.get(cell(i))));
      expect(statuses(burst).filter((status) => status === 200)).toHaveLength(20);
      const refused = burst.filter((response) => response.statusCode === 429);
      expect(refused).toHaveLength(580);
      expect(refused[0]?.json()).toEqual({ message: TOO_MANY_FOR_USER, code: 'RATE_LIMITED' });
      expect(fake.requests).toHaveLength(20);
      // Another angler is not locked out by the first one's burst.
      const bob = await ApiClient.register(t.app, 'bob');
      expect((await bob.get(cell(999))).statusCode).toBe(200);
      // The user's budget comes back with the next hour.
      t.clock.advance(60 * 60 * 1000);
      expect((await alice.get(cell(600))).statusCode).toBe(200);
    });

    it('the whole server makes at most N provider calls a minute and M a day, whoever asks', async () => {
      await withBudget(1000, 5, 8);
      const anglers = [alice, await ApiClient.register(t.app, 'bob'), await ApiClient.register(t.app, 'cyd')];
      const firstMinute = await Promise.all(
        Array.from({ length: 12 }, (_, i) => anglers[i % 3]?.get(cell(i))),
      );
      expect(statuses(firstMinute.flatMap((r) => (r ? [r] : []))).sort()).toEqual([
        ...Array(5).fill(200),
        ...Array(7).fill(429),
      ]);
      expect(firstMinute.find((r) => r?.statusCode === 429)?.json()).toEqual({
        message: SERVER_BUSY,
        code: 'RATE_LIMITED',
      });
      t.clock.advance(60 * 1000);
      const secondMinute = await Promise.all(Array.from({ length: 5 }, (_, i) => alice.get(cell(100 + i))));
      expect(statuses(secondMinute).filter((status) => status === 200)).toHaveLength(3);
      expect(fake.requests).toHaveLength(8);
      t.clock.advance(24 * 60 * 60 * 1000);
      expect((await alice.get(cell(200))).statusCode).toBe(200);
    });

    it('over budget, a cell read before is answered from its last reading instead of a 429', async () => {
      await withBudget(2, 1000, 100_000);
      const first = await alice.get(cell(1));
      expect(first.statusCode).toBe(200);
      expect((await alice.get(cell(2))).statusCode).toBe(200);
      t.clock.advance(WEATHER_CACHE_MS * 2);
      const stale = await alice.get(cell(1));
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toEqual(first.json());
      expect((await alice.get(cell(3))).statusCode).toBe(429);
      expect(fake.requests).toHaveLength(2);
    });
  });

  it.each([
    ['', 'Latitude and longitude are required'],
    ['?lat=39', 'Latitude and longitude are required'],
    ['?lat=&lon=', 'Latitude and longitude are required'],
    ['?lat=north&lon=1', 'Latitude must be a number between -90 and 90'],
    ['?lat=1&lon=200', 'Longitude must be a number between -180 and 180'],
  ])('%s → 400 %s, without calling the provider', async (query, message) => {
    const response = await alice.get(`/api/weather${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(fake.requests).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    expect((await new ApiClient(t.app).get(`/api/weather?${TAHOE}`)).statusCode).toBe(401);
  });
});
