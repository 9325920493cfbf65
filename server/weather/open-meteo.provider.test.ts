import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenMeteo, startFakeOpenMeteo } from '../test-support/fake-open-meteo.ts';
import { FORECAST_HOURS, OpenMeteoProvider } from './open-meteo.provider.ts';

const NOW = Date.parse('2026-06-01T15:20:00Z');
const HOUR_MS = 3_600_000;
const THREE_PM = Date.parse('2026-06-01T15:00:00Z');
/** Steady at 1015 hPa until 5 pm (UTC), then falling half a hectopascal an hour. */
const fallingAfterFive = (hourMs: number) => 1015 - Math.max(0, (hourMs - THREE_PM) / HOUR_MS - 2) * 0.5;

describe('OpenMeteoProvider against the fake Open-Meteo', () => {
  let fake: FakeOpenMeteo;
  let provider: OpenMeteoProvider;

  beforeAll(async () => {
    fake = await startFakeOpenMeteo({ now: () => NOW });
    provider = new OpenMeteoProvider(fake.url, 5000);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.setScenario({});
    fake.requests.length = 0;
  });

  it('asks once for the hourly temperature and pressure from 3 hours back to a day ahead', async () => {
    await provider.current(39.1, -120.03);
    expect(fake.requests).toHaveLength(1);
    const query = fake.requests[0];
    expect(query?.get('hourly')).toBe('temperature_2m,pressure_msl');
    expect(query?.get('past_hours')).toBe('3');
    expect(query?.get('forecast_hours')).toBe(String(FORECAST_HOURS));
    expect(query?.get('temperature_unit')).toBe('fahrenheit');
  });

  it('reads each hour from the current one on: its start, °F, hPa and the pressure 3 hours before it', async () => {
    fake.setScenario({ temperatureC: 15, hourlyPressureHpa: fallingAfterFive });
    const observation = await provider.current(39.1, -120.03);
    expect(observation.hours).toHaveLength(FORECAST_HOURS);
    expect(observation.hours.slice(0, 6)).toEqual([
      { start: '2026-06-01T15:00:00.000Z', temperatureF: 59, pressureHpa: 1015, pressureHpa3hAgo: 1015 },
      { start: '2026-06-01T16:00:00.000Z', temperatureF: 59, pressureHpa: 1015, pressureHpa3hAgo: 1015 },
      { start: '2026-06-01T17:00:00.000Z', temperatureF: 59, pressureHpa: 1015, pressureHpa3hAgo: 1015 },
      { start: '2026-06-01T18:00:00.000Z', temperatureF: 59, pressureHpa: 1014.5, pressureHpa3hAgo: 1015 },
      { start: '2026-06-01T19:00:00.000Z', temperatureF: 59, pressureHpa: 1014, pressureHpa3hAgo: 1015 },
      { start: '2026-06-01T20:00:00.000Z', temperatureF: 59, pressureHpa: 1013.5, pressureHpa3hAgo: 1015 },
    ]);
    expect(observation.hours.at(-1)?.start).toBe('2026-06-02T14:00:00.000Z');
    // The current reading's tendency reads the same hour 3 back.
    expect(observation.pressureHpa3hAgo).toBe(1015);
  });

  it('follows the default fake’s temperature through the day, in °F', async () => {
    const observation = await provider.current(39.1, -120.03);
    expect(observation.hours[0]?.temperatureF).toBe(observation.temperatureF);
    expect(new Set(observation.hours.map((hour) => hour.temperatureF)).size).toBeGreaterThan(1);
  });
});
