import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '#core/user.ts';
import { firstScreenShown } from '@/lib/first-screen';
import { queryClient, queryKeys } from '@/lib/query-client';
import { answerApi, renderScreen } from '@/test-support/render';

/**
 * History's first screen is the view it opens on, not History's frame around it: the whole kept copy is read only
 * once it is on display (offline/query-restore.ts), and the read's long task must not land between a Stats or
 * Insights view's render and its paint.
 */
let openViewCode: () => void = () => {};
const viewCodeHeld = new Promise<void>((resolve) => {
  openViewCode = resolve;
});
vi.mock('../insights/insights-view.tsx', async () => {
  await viewCodeHeld;
  return { InsightsView: () => <p>The insights view</p> };
});

const angler: User = {
  id: 8,
  username: 'lake_watcher',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'metric',
};

describe("History's first screen", () => {
  it('is on display once the view it opens on is, not when History around it is', async () => {
    answerApi({ 'GET /api/catches': { status: 200, body: [] } });
    queryClient.setQueryData(queryKeys.user, angler);
    localStorage.setItem('activeTab', 'history');
    localStorage.setItem('historyView', 'insights');
    let shown = false;
    void firstScreenShown.then(() => {
      shown = true;
    });
    // The shell reads the tab and the view as its modules load.
    const { HomePage } = await import('@/routes/home');
    renderScreen(<HomePage />);

    // History is on screen (its view switch), the Insights view's code still on its way.
    expect(await screen.findByRole('tab', { name: 'Insights' })).toBeTruthy();
    // Flushes History's effects and the microtasks after them: a ScreenReady mounted with History would have
    // marked the first screen by then.
    await act(async () => {});
    expect(shown).toBe(false);

    openViewCode();
    expect(await screen.findByText('The insights view')).toBeTruthy();
    await waitFor(() => expect(shown).toBe(true));
  });
});
