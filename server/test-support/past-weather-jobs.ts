import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { AppDependencies } from '../app.ts';
import { OpenMeteoPastWeatherProvider } from '../conditions/past-weather.provider.ts';
import type { DatabaseEngine } from '../db/database.ts';
import { OpenMeteoProvider } from '../weather/open-meteo.provider.ts';
import { type FakeOpenMeteo, startFakeOpenMeteo } from './fake-open-meteo.ts';
import { createTestApp, ManualClock, type TestApp } from './test-app.ts';

/**
 * What the tests of the background weather jobs share; called in their describe. One fake Open-Meteo for the file,
 * a fresh clock (12:00 UTC on 1 June 2026), scenario and request log for each test, and apps whose jobs ask the fake
 * but are not started (the test runs their passes), all closed after the test.
 */
export function pastWeatherJobTesting(engine: DatabaseEngine) {
  let fake: FakeOpenMeteo | undefined;
  let clock = new ManualClock();
  const apps: TestApp[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenMeteo({ now: () => clock.now().getTime() });
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    clock = new ManualClock();
    const open = testing.fake;
    open.setScenario({});
    open.requestsTo('/v1/forecast').length = 0;
    open.requestsTo('/v1/archive').length = 0;
  });
  afterEach(async () => {
    // The latest first: a second instance closes before the app whose database it shares.
    for (const app of apps.splice(0).reverse()) await app.close();
  });

  const testing = {
    get fake(): FakeOpenMeteo {
      if (!fake) throw new Error('the fake Open-Meteo is not started yet');
      return fake;
    },
    get clock(): ManualClock {
      return clock;
    },
    /** Another start for this test's clock, set before its first app. */
    set clock(value: ManualClock) {
      clock = value;
    },
    /** An app on a fresh database (or the one given), whose jobs ask the fake and are not started. */
    async appWith(overrides: Partial<AppDependencies> = {}): Promise<TestApp> {
      const url = testing.fake.url;
      const app = await createTestApp(engine, {
        clock,
        weatherProvider: new OpenMeteoProvider(url, 1000),
        pastWeatherProvider: new OpenMeteoPastWeatherProvider({ forecast: url, archive: url }, 1000),
        catchWeatherIntervalMs: null,
        ...overrides,
      });
      apps.push(app);
      return app;
    },
    /** The calls the jobs made to the provider, on both of its APIs. */
    providerCalls(): number {
      return testing.fake.requestsTo('/v1/forecast').length + testing.fake.requestsTo('/v1/archive').length;
    },
  };
  return testing;
}
