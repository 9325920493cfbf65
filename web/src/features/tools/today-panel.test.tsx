import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDayWindow, sunDay } from '#core/astronomy.ts';
import { CONDITIONS_NOT_WORKED_OUT } from '#core/catch.ts';
import { testCatch } from '#core/test-catch.ts';
import { insightsBySpecies, todayMatches } from '#core/today-matches.ts';
import type { Trip } from '#core/trips.ts';
import type { User } from '#core/user.ts';
import type { Weather, WeatherHour } from '#core/weather.ts';
import { formatClockTime } from '@/lib/clock-time';
import { phoneTimeZone } from '@/lib/phone-time-zone';
import { queryClient, queryKeys } from '@/lib/query-client';
import { renderScreen } from '@/test-support/render';
import { TodayPanel } from './today-panel.tsx';
import { weatherQueryKey } from './weather-query.ts';

/**
 * The Today card (core/today-matches.ts) from the kept lists alone, with no network: a log whose walleye come at
 * dusk says today's dusk; a log with nothing clear shows no card at all.
 */

const angler: User = {
  id: 81,
  username: 'today_tom',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};
const MILLE_LACS = { latitude: 46.2408, longitude: -93.6486 };
const NOW = new Date('2026-06-15T17:00:00Z');

/** Twelve evening trips of 3 hours: 2 of daylight, 1 of dusk. */
const trips: Trip[] = Array.from({ length: 12 }, (_, index) => ({
  id: index + 1,
  clientId: null,
  startedAt: `2026-05-${String(index + 1).padStart(2, '0')}T23:00:00.000Z`,
  endedAt: `2026-05-${String(index + 2).padStart(2, '0')}T02:00:00.000Z`,
  spotId: null,
  notes: null,
  fishLost: 0,
  bitesMissed: 0,
  createdAt: '2026-05-01T02:00:00.000Z',
  durationMinutes: 180,
  catchCount: 0,
  catchesPerHour: 0,
  species: [],
  skunked: false,
  effort: { sunPhase: { day: 120, dusk: 60 } },
}));

function fish(id: number, phase: 'dusk' | 'day') {
  return testCatch({
    id,
    fishType: 'Walleye',
    tripId: (id % 12) + 1,
    conditions: {
      ...CONDITIONS_NOT_WORKED_OUT,
      status: 'complete',
      sun: { phase, sunrise: null, sunset: null },
    },
  });
}

function keep(catches: ReturnType<typeof fish>[]) {
  queryClient.setQueryData(queryKeys.user, angler);
  queryClient.setQueryData(queryKeys.catches, catches);
  queryClient.setQueryData(queryKeys.trips, trips);
}

/** Offline: nothing may be asked of the server. */
const offline = () =>
  vi.stubGlobal('fetch', () => {
    throw new TypeError('Failed to fetch');
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('the Today card', () => {
  it('says when today the walleye’s clear dusk effect holds, with the figures behind it, offline', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    offline();
    const catches = [
      ...Array.from({ length: 24 }, (_, i) => fish(i + 1, 'dusk')),
      ...Array.from({ length: 4 }, (_, i) => fish(i + 100, 'day')),
    ];
    keep(catches);
    renderScreen(<TodayPanel position={MILLE_LACS} />);

    const card = await screen.findByRole('region', { name: 'Today' });
    // The windows the core finds, on the phone's clocks in the app's time format.
    const timeZone = phoneTimeZone();
    const [expected] = todayMatches({
      insights: insightsBySpecies(catches, trips).filter((entry) => entry.species === 'Walleye'),
      day: localDayWindow(NOW),
      place: MILLE_LACS,
      timeZone,
      forecastHours: [],
      tideTurns: null,
    });
    const clock = (at: Date) => formatClockTime(at, undefined, timeZone);
    const times = (expected?.windows ?? []).map((window) => `${clock(window.start)}–${clock(window.end)}`);
    expect(times.length).toBeGreaterThan(0);
    const items = screen.getAllByTestId('today-match');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toContain(
      `Your best Walleye conditions: at dusk — today ${times.join(', ')}`,
    );
    expect(card.textContent).toContain('Dusk: 2 fish/h, 0.2 fish/h the rest of the time (24 fish in 12 h)');
  });

  it('says the dusk window only in the hours the forecast has the pressure falling', async () => {
    // November at the lake: the sun sets about 4:35 pm CST (22:35 UTC), the last light fades past 5 pm.
    const november = new Date('2026-11-20T18:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now: november });
    offline();
    // Evening trips of 3 hours, 2 of daylight and 1 of dusk, the pressure falling in 1 hour of each; the walleye
    // came at dusk with the pressure falling.
    const fallingTrips = trips.map((trip) => ({
      ...trip,
      effort: { sunPhase: { day: 120, dusk: 60 }, pressureTendency: { steady: 120, falling: 60 } },
    }));
    const withWeather = (item: ReturnType<typeof fish>, tendency: 'falling' | 'steady') => ({
      ...item,
      conditions: {
        ...item.conditions,
        weather: {
          airTemperature: 40,
          description: 'overcast clouds',
          condition: 'Clouds' as const,
          windSpeed: 5,
          windDirection: null,
          cloudCover: null,
          precipitation: null,
          humidity: null,
          pressure: 30,
          pressureChange3h: tendency === 'falling' ? -0.05 : 0,
          pressureTendency: tendency,
        },
      },
    });
    const catches = [
      ...Array.from({ length: 24 }, (_, i) => withWeather(fish(i + 1, 'dusk'), 'falling')),
      ...Array.from({ length: 4 }, (_, i) => withWeather(fish(i + 100, 'day'), 'steady')),
    ];
    queryClient.setQueryData(queryKeys.user, angler);
    queryClient.setQueryData(queryKeys.catches, catches);
    queryClient.setQueryData(queryKeys.trips, fallingTrips);
    // The weather card's answer: the pressure falls in the hour from 22:00 UTC only, through sunset.
    const hours: WeatherHour[] = Array.from({ length: 24 }, (_, i) => {
      const start = new Date(Date.parse('2026-11-20T18:00:00Z') + i * 3_600_000);
      return {
        start: start.toISOString(),
        temperature: 40,
        pressureHpa: 1012,
        pressureTendency: start.getUTCHours() === 22 ? 'falling' : 'steady',
      };
    });
    const weather: Weather = {
      location: 'Mille Lacs',
      temperature: 40,
      description: 'overcast clouds',
      condition: 'Clouds',
      icon: '04d',
      windSpeed: 5,
      humidity: 70,
      pressure: 29.9,
      observedAt: november.toISOString(),
      pressureChange3h: 0,
      hours,
    };
    queryClient.setQueryData(weatherQueryKey(MILLE_LACS), weather);
    renderScreen(<TodayPanel position={MILLE_LACS} />);
    await screen.findByRole('region', { name: 'Today' });

    const timeZone = phoneTimeZone();
    const { sun, civilTwilight } = sunDay(localDayWindow(november), MILLE_LACS);
    if (!sun.set || !civilTwilight.set) throw new Error('no dusk at the lake');
    // Dusk runs past the falling hour: the window is cut at its end, 23:00 UTC, on the 5-minute slices.
    expect(civilTwilight.set.getTime()).toBeGreaterThan(Date.parse('2026-11-20T23:00:00Z'));
    const clock = (at: Date) => formatClockTime(at, undefined, timeZone);
    const fiveMinutes = 5 * 60_000;
    const duskStart = new Date(Math.floor(sun.set.getTime() / fiveMinutes) * fiveMinutes);
    const sentences = screen
      .getAllByTestId('today-match')
      .map((item) => item.querySelector('p')?.textContent);
    const expected = (start: Date) =>
      `Your best Walleye conditions: falling pressure at dusk — today ${clock(start)}–${clock(new Date('2026-11-20T23:00:00Z'))}`;
    // The dusk slices start on the 5-minute mark of sunset or the next (a slice is read at its middle).
    expect(sentences).toSatisfy((said: (string | undefined)[]) =>
      [duskStart, new Date(duskStart.getTime() + fiveMinutes)].some((start) =>
        said.includes(expected(start)),
      ),
    );
  });

  it('never asks for the weather itself, and shows nothing once the log has nothing clear', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const requests: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      requests.push(String(input));
      throw new TypeError('Failed to fetch');
    });
    const weather: Weather = {
      location: 'Mille Lacs',
      temperature: 61,
      description: 'clear sky',
      condition: 'Clear',
      icon: '01d',
      windSpeed: 4,
      humidity: 50,
      pressure: 30.01,
      observedAt: NOW.toISOString(),
      pressureChange3h: -0.05,
    };
    queryClient.setQueryData(weatherQueryKey(MILLE_LACS), weather);
    keep([
      ...Array.from({ length: 24 }, (_, i) => fish(i + 1, 'dusk')),
      ...Array.from({ length: 4 }, (_, i) => fish(i + 100, 'day')),
    ]);
    const { container } = renderScreen(<TodayPanel position={MILLE_LACS} />);
    await screen.findByRole('region', { name: 'Today' });

    // The log changes (synced from another phone): dusk and daylight as busy as each other, nothing stands out.
    queryClient.setQueryData(
      queryKeys.catches,
      Array.from({ length: 30 }, (_, i) => fish(i + 1, i % 3 === 0 ? 'dusk' : 'day')),
    );
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Today' })).toBeNull());
    expect(container.textContent).toBe('');
    expect(requests).toEqual([]);
  });
});
