import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { computeCatchStats } from '#core/catch-stats.ts';
import { testCatch } from '#core/test-catch.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { renderScreen } from '@/test-support/render';
import { CatchStatsView } from './catch-stats-view.tsx';

/** Stats counting fish and the share released (docs/decisions/043-trips-and-spots.md). */
const angler: User = {
  id: 46,
  username: 'stats_sam',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};

function renderStats(catches: Parameters<typeof computeCatchStats>[0]) {
  queryClient.setQueryData(queryKeys.user, angler);
  renderScreen(<CatchStatsView stats={computeCatchStats(catches, new Date())} onOpen={() => {}} />);
}

describe('the Stats view', () => {
  it('counts 12 perch as 12 and says how many of the fish noted were released', () => {
    renderStats([
      testCatch({ id: 1, fishType: 'Perch', quantity: 12, released: true }),
      testCatch({ id: 2, fishType: 'Perch', quantity: 2, released: true }),
      testCatch({ id: 3, fishType: 'Walleye', quantity: 6, released: false }),
      testCatch({ id: 4, fishType: 'Pike', quantity: 5, released: null }),
    ]);
    expect(screen.getByTestId('stats-total-catches').textContent).toBe('25');
    expect(screen.getByTestId('stats-released').textContent).toBe('14 of 20 (70\u00a0%)');
    expect(screen.getByRole('rowheader', { name: 'Perch' }).nextElementSibling?.textContent).toBe('14');
  });

  it('leaves the share out while no catch says whether it was released', () => {
    renderStats([testCatch({ id: 1, fishType: 'Perch', quantity: 3 })]);
    expect(screen.getByTestId('stats-total-catches').textContent).toBe('3');
    expect(screen.queryByTestId('stats-released')).toBeNull();
  });
});
