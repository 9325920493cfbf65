import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { CONDITIONS_NOT_WORKED_OUT } from '#core/catch.ts';
import type { InsightFilter } from '#core/insight-filter.ts';
import type { EffortMinutes } from '#core/insights.ts';
import { testCatch } from '#core/test-catch.ts';
import type { Trip } from '#core/trips.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { answerApi, renderScreen } from '@/test-support/render';
import { NEEDS_MORE_DATA, TEST_NAME } from './insight-words.ts';
import { InsightsView } from './insights-view.tsx';

/** The Insights view in plain words (docs/decisions/044-insights.md). */
const angler: User = {
  id: 47,
  username: 'insight_ida',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};

function trip(id: number, effort: EffortMinutes | null, durationMinutes = 240): Trip {
  return {
    id,
    clientId: null,
    startedAt: `2026-06-${String(id).padStart(2, '0')}T18:00:00.000Z`,
    endedAt: `2026-06-${String(id).padStart(2, '0')}T22:00:00.000Z`,
    spotId: null,
    notes: null,
    fishLost: 0,
    bitesMissed: 0,
    createdAt: '2026-06-01T12:00:00.000Z',
    durationMinutes,
    catchCount: 0,
    catchesPerHour: 0,
    species: [],
    skunked: false,
    effort,
  };
}

/** `count` catches of `fishType` in trip `tripId` with the sun at `phase`. */
function caught(
  count: number,
  fishType: string,
  tripId: number,
  phase: 'dusk' | 'day',
  fields: Partial<Catch> = {},
) {
  return Array.from({ length: count }, (_, index) =>
    testCatch({
      id: tripId * 1000 + index + (phase === 'dusk' ? 500 : 0),
      fishType,
      tripId,
      conditions: {
        ...CONDITIONS_NOT_WORKED_OUT,
        status: 'complete',
        sun: { phase, sunrise: null, sunset: null },
      },
      ...fields,
    }),
  );
}

function renderInsights(catches: Catch[], trips: Trip[], user: User = angler, filter: InsightFilter = {}) {
  answerApi({
    'GET /api/user': { status: 200, body: user },
    'GET /api/trips': { status: 200, body: trips },
    'GET /api/spots': { status: 200, body: [] },
  });
  queryClient.setQueryData(queryKeys.user, user);
  queryClient.setQueryData(queryKeys.trips, trips);
  queryClient.setQueryData(queryKeys.spots, []);
  return renderScreen(
    <InsightsView catches={catches} filter={filter} tripId={null} onStartTrip={() => {}} />,
  );
}

describe('the Insights view', () => {
  it('tells a clear effect first in a plain sentence, its numbers a tap away, and for the species chosen', async () => {
    // Ten 4-hour trips, each an hour at dusk: 27 walleye in the 10 dusk hours, 18 in the 30 of daylight, and a few
    // perch that choosing walleye leaves out.
    const trips = Array.from({ length: 10 }, (_, index) =>
      trip(index + 1, { sunPhase: { dusk: 60, day: 180 } }),
    );
    const catches = trips.flatMap(({ id }) => [
      ...caught(id <= 7 ? 3 : 2, 'Walleye', id, 'dusk'),
      ...caught(id <= 8 ? 2 : 1, 'Walleyed Pike', id, 'day'),
      ...caught(1, 'Perch', id, 'day', { id: id * 1000 + 900 }),
    ]);
    const everyFish = renderInsights(catches, trips);

    const clear = await screen.findByTestId('insights-clear');
    const first = within(clear).getAllByRole('listitem')[0] as HTMLElement;
    expect(first.textContent).toContain(
      'All fish: 2.7 per hour at dusk against 0.93 the rest of the time, over 40 hours',
    );
    everyFish.unmount();

    // History's species filter (log-filter.ts): walleye by either of its names, against every trip's hours.
    const { user } = renderInsights(catches, trips, angler, { species: 'Walleye' });
    const walleye = within(await screen.findByTestId('insights-clear')).getAllByRole(
      'listitem',
    )[0] as HTMLElement;
    await expect
      .poll(() => walleye.textContent)
      .toContain('Walleye: 2.7 per hour at dusk against 0.6 the rest of the time, over 40 hours');

    const numbers = within(walleye).getByRole('button', { name: 'Numbers for Dusk' });
    expect(numbers.getAttribute('aria-expanded')).toBe('false');
    await user.click(numbers);
    expect(numbers.getAttribute('aria-expanded')).toBe('true');
    const figures = walleye.querySelector('dl') as HTMLElement;
    expect(figures.textContent).toContain('27 catches in 10 hours');
    expect(figures.textContent).toContain('18 catches in 30 hours');
    // Two comparisons (dusk and day): each interval at 1 − 0.05/2.
    expect(figures.textContent).toContain('97.5\u00a0% (1 − 0.05 / 2 comparisons)');
    expect(figures.textContent).toContain(TEST_NAME);
  });

  it('says a small log needs more data, and the minimum', async () => {
    renderInsights(caught(3, 'Walleye', 1, 'dusk'), [trip(1, { sunPhase: { dusk: 60, day: 180 } })]);
    expect(await screen.findByText('No clear effect yet.')).toBeTruthy();
    expect(screen.getByText(NEEDS_MORE_DATA)).toBeTruthy();
    const thin = screen.getByTestId('insights-thin');
    expect(thin.textContent).toContain('Sun, Dusk: 3 catches in 1 hour');
    expect(thin.textContent).toContain('Not known for any trip yet: Time of day, Pressure, Moon phase');
  });

  it('shows bait and water temperature as shares of the catches, saying so, in °C for a metric angler', async () => {
    const catches = [
      ...caught(3, 'Walleye', 1, 'dusk', { baitUsed: 'Minnow', waterTemperature: 55 }),
      ...caught(1, 'Walleye', 1, 'day', { baitUsed: 'jig', waterTemperature: 72 }),
    ];
    const trips = [trip(1, { sunPhase: { dusk: 60, day: 180 }, airTemperature: { '50-65': 240 } })];
    renderInsights(catches, trips, { ...angler, units: 'metric' });

    const shares = await screen.findByRole('region', { name: 'Shares of catches' });
    expect(within(shares).getByText(/not measured against the hours fished/)).toBeTruthy();
    expect(within(shares).getByText('Bait (share of 4 catches)')).toBeTruthy();
    expect(within(shares).getByText('Minnow').nextElementSibling?.textContent).toBe('75\u00a0% of catches');
    // 50–60 °F and 70 °F and above.
    expect(within(shares).getByText('10–16°C')).toBeTruthy();
    expect(within(shares).getByText('21°C and above')).toBeTruthy();
    // The air's bands too: 50–65 °F.
    expect(screen.getByTestId('insights-thin').textContent).toContain('Air temperature, 10–18°C');
  });

  it("shows the server's answer for the whole log while the catches are on their way, then its own", async () => {
    const trips = [trip(1, { sunPhase: { dusk: 60, day: 180 } })];
    const server = {
      catches: 40,
      catchesInTrips: 40,
      hoursFished: 4,
      comparisons: 0,
      effort: [],
      shares: [],
    };
    const calls = answerApi({
      'GET /api/user': { status: 200, body: angler },
      'GET /api/trips': { status: 200, body: trips },
      'GET /api/spots': { status: 200, body: [] },
      'GET /api/insights': { status: 200, body: server },
    });
    queryClient.setQueryData(queryKeys.user, angler);
    queryClient.setQueryData(queryKeys.trips, trips);
    queryClient.setQueryData(queryKeys.spots, []);
    const view = renderScreen(
      <InsightsView catches={null} filter={{}} tripId={null} onStartTrip={() => {}} />,
    );
    await expect
      .poll(() => screen.queryByTestId('insights-summary')?.textContent)
      .toBe('40 catches in 4 hours fished');
    expect(calls.filter((call) => call.path === '/api/insights')).toHaveLength(1);

    // The catches are here: worked out on the phone, from them.
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <InsightsView
          catches={caught(3, 'Walleye', 1, 'dusk')}
          filter={{}}
          tripId={null}
          onStartTrip={() => {}}
        />
      </QueryClientProvider>,
    );
    await expect
      .poll(() => screen.queryByTestId('insights-summary')?.textContent)
      .toBe('3 catches in 4 hours fished');
    expect(calls.filter((call) => call.path === '/api/insights')).toHaveLength(1);
  });

  it('says insights need trips when the log has none', async () => {
    renderInsights(caught(3, 'Walleye', 1, 'dusk'), []);
    expect(await screen.findByText('Insights need trips')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to Log' })).toBeTruthy();
  });
});
