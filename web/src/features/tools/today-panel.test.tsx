import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDayWindow } from '#core/astronomy.ts';
import { CONDITIONS_NOT_WORKED_OUT } from '#core/catch.ts';
import { testCatch } from '#core/test-catch.ts';
import { insightsBySpecies, todayMatches } from '#core/today-matches.ts';
import type { Trip } from '#core/trips.ts';
import type { User } from '#core/user.ts';
import type { Weather } from '#core/weather.ts';
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
