import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { computeCatchStats, statsSummary } from '#core/catch-stats.ts';
import { testCatch } from '#core/test-catch.ts';
import type { Trip } from '#core/trips.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { answerApi, renderScreen } from '@/test-support/render';
import { CatchStatsView } from './catch-stats-view.tsx';

/** Stats counting fish and the share released (docs/decisions/043-trips-and-spots.md). */
const angler: User = {
  id: 46,
  username: 'stats_sam',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};

function renderStats(catches: Catch[], trips: Trip[] = [], chosenPeriod = false) {
  answerApi({
    'GET /api/user': { status: 200, body: angler },
    'GET /api/trips': { status: 200, body: trips },
  });
  queryClient.setQueryData(queryKeys.user, angler);
  queryClient.setQueryData(queryKeys.trips, trips);
  renderScreen(
    <CatchStatsView stats={computeCatchStats(catches, new Date(), { chosenPeriod })} onOpen={() => {}} />,
  );
}

describe('the Stats view', () => {
  it('counts 12 perch as 12 and says how many of the fish noted were released', async () => {
    renderStats([
      testCatch({ id: 1, fishType: 'Perch', quantity: 12, released: true }),
      testCatch({ id: 2, fishType: 'Perch', quantity: 2, released: true }),
      testCatch({ id: 3, fishType: 'Walleye', quantity: 6, released: false }),
      testCatch({ id: 4, fishType: 'Pike', quantity: 5, released: null }),
    ]);
    expect(screen.getByTestId('stats-total-catches').textContent).toBe('25');
    expect(screen.getByTestId('stats-released').textContent).toBe('14 of 20 (70\u00a0%)');
    // The table follows the totals' first paint.
    expect((await screen.findByRole('rowheader', { name: 'Perch' })).nextElementSibling?.textContent).toBe(
      '14',
    );
  });

  it('groups thousands, counts Pike with Northern Pike, and charts a long chosen period by quarter', async () => {
    renderStats(
      [
        testCatch({ id: 1, fishType: 'Pike', quantity: 2000, catchDate: '2020-01-10', weight: 12896.4 }),
        testCatch({ id: 2, fishType: 'Northern Pike', quantity: 3, catchDate: '2022-12-01' }),
      ],
      [],
      true,
    );
    expect(screen.getByTestId('stats-total-catches').textContent).toBe('2,003');
    expect(screen.getByTestId('stats-total-species').textContent).toBe('1');
    expect(
      (await screen.findByRole('rowheader', { name: 'Northern Pike' })).nextElementSibling?.textContent,
    ).toBe('2,003');
    expect(screen.getByTestId('stats-total-weight').textContent).toBe('12,896.4 lbs');
    const chart = screen.getByRole('table', { name: 'Catches per quarter' });
    const rows = chart.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(12);
    expect(rows[0]?.textContent).toBe('Q1 20202,000');
    expect(rows[11]?.textContent).toBe('Q4 20223');
  });

  it('leaves the share out while no catch says whether it was released', () => {
    renderStats([testCatch({ id: 1, fishType: 'Perch', quantity: 3 })]);
    expect(screen.getByTestId('stats-total-catches').textContent).toBe('3');
    expect(screen.queryByTestId('stats-released')).toBeNull();
  });

  it('adds the effort behind the fish from the trips: hours fished (a running trip so far), trips, skunked, fish per hour', async () => {
    const now = Date.now();
    const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
    const trip = (id: number, fields: Partial<Trip>): Trip => ({
      id,
      clientId: null,
      startedAt: hoursAgo(30),
      endedAt: hoursAgo(28),
      spotId: null,
      notes: null,
      fishLost: 0,
      bitesMissed: 0,
      createdAt: hoursAgo(30),
      durationMinutes: 120,
      catchCount: 0,
      catchesPerHour: 0,
      species: [],
      skunked: true,
      effort: null,
      ...fields,
    });
    renderStats(
      [testCatch({ id: 1, fishType: 'Perch', quantity: 7 })],
      [
        trip(1, {}),
        trip(2, { startedAt: hoursAgo(5), endedAt: hoursAgo(3), catchCount: 6, skunked: false }),
        // Running for an hour so far, one fish yet: 5 hours fished, 7 fish.
        trip(3, { startedAt: hoursAgo(1), endedAt: null, catchCount: 1, skunked: false }),
      ],
    );
    await waitFor(() => expect(screen.getByTestId('stats-trips').textContent).toBe('3'));
    expect(screen.getByTestId('stats-hours-fished').textContent).toBe('5');
    expect(screen.getByTestId('stats-skunked-trips').textContent).toBe('1');
    expect(screen.getByTestId('stats-fish-per-hour').textContent).toBe('1.4');
    expect(screen.getByTestId('stats-total-catches').textContent).toBe('7');
  });

  it('shows the rest at once while the trips are not known yet, the trip figures holding their place', () => {
    queryClient.setQueryData(queryKeys.user, angler);
    // The trips never answer: Stats shows its totals without them.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    renderScreen(
      <CatchStatsView stats={computeCatchStats([testCatch({ id: 1 })], new Date())} onOpen={() => {}} />,
    );
    expect(screen.getByTestId('stats-total-catches').textContent).toBe('1');
    // The trip figures hold their place, so the chart under them does not jump down when the trips come.
    expect(screen.getByTestId('stats-trips').textContent).toBe('…');
    expect(screen.getByTestId('stats-hours-fished').textContent).toBe('…');
  });

  it("says '—' for fish per hour with no trips fished", async () => {
    renderStats([testCatch({ id: 1 })]);
    // '…' holds the place until the trips are here.
    await waitFor(() => expect(screen.getByTestId('stats-trips').textContent).toBe('0'));
    expect(screen.getByTestId('stats-hours-fished').textContent).toBe('0');
    expect(screen.getByTestId('stats-fish-per-hour').textContent).toBe('—');
  });

  it("shows the server's figures of the whole log while the catches are on their way, then its own with the records to open", async () => {
    const catches = [
      testCatch({ id: 1, fishType: 'Perch', quantity: 12, released: true, weight: 0.5, baitUsed: 'Worm' }),
      testCatch({ id: 2, fishType: 'Walleye', weight: 4, length: 20, released: false, locationName: 'Bay' }),
    ];
    const stats = computeCatchStats(catches, new Date());
    const calls = answerApi({
      'GET /api/user': { status: 200, body: angler },
      'GET /api/trips': { status: 200, body: [] },
      // The very figures the server answers for these catches (server/stats/stats.routes.test.ts).
      'GET /api/stats': { status: 200, body: statsSummary(stats) },
    });
    queryClient.setQueryData(queryKeys.user, angler);
    queryClient.setQueryData(queryKeys.trips, []);
    const view = renderScreen(<CatchStatsView stats={null} onOpen={() => {}} />);
    await expect.poll(() => screen.queryByTestId('stats-total-catches')?.textContent).toBe('13');
    expect(screen.getByTestId('stats-released').textContent).toBe('12 of 13 (92\u00a0%)');
    expect(screen.getByTestId('stats-heaviest').textContent).toBe('4.0 lbs Walleye');
    // The records' catches come with the list: their figures are shown, not yet buttons.
    expect(screen.queryByRole('button', { name: /Heaviest/ })).toBeNull();
    const walleye = await screen.findByRole('rowheader', { name: 'Walleye' });
    expect(walleye.parentElement?.textContent).toBe('Walleye14.0 lbs20.0 in');
    expect(screen.getByRole('list', { name: 'Top baits' }).textContent).toContain('Worm');

    // The catches are here: the same figures, the records now open their catch.
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <CatchStatsView stats={stats} onOpen={() => {}} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Heaviest catch: 4.0 lbs Walleye' })).toHaveProperty(
      'textContent',
      '4.0 lbs Walleye',
    );
    expect(screen.getByRole('button', { name: 'Heaviest Walleye: 4.0 lbs' })).toBeTruthy();
    expect(screen.getByTestId('stats-total-catches').textContent).toBe('13');
    expect(calls.filter((call) => call.path === '/api/stats')).toHaveLength(1);
  });

  it('asks the server nothing when the catches are here', async () => {
    const calls = answerApi({
      'GET /api/user': { status: 200, body: angler },
      'GET /api/trips': { status: 200, body: [] },
    });
    queryClient.setQueryData(queryKeys.user, angler);
    renderScreen(
      <CatchStatsView stats={computeCatchStats([testCatch({ id: 1 })], new Date())} onOpen={() => {}} />,
    );
    // '…' holds the place until the trips are here.
    await waitFor(() => expect(screen.getByTestId('stats-trips').textContent).toBe('0'));
    expect(calls.filter((call) => call.path === '/api/stats')).toEqual([]);
  });
});
