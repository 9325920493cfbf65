import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { answerApi, renderScreen } from '@/test-support/render';
import { HomePage } from './home.tsx';

const angler: User = {
  id: 7,
  username: 'river_rat',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};

describe('the main shell', () => {
  it("takes an angler with an empty log from History to the Log form with 'Log your first catch'", async () => {
    answerApi({ 'GET /api/catches': { status: 200, body: [] } });
    queryClient.setQueryData(queryKeys.user, angler);
    localStorage.setItem('activeTab', 'history');
    const { user } = renderScreen(<HomePage />);

    await screen.findByText('No catches found');
    await user.click(screen.getByRole('button', { name: 'Log your first catch' }));

    expect(await screen.findByRole('form', { name: 'Log a catch' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Log' }).getAttribute('aria-selected')).toBe('true');
    expect(localStorage.getItem('activeTab')).toBe('log');
    // Focus goes where the angler starts, not back to the page: the button they pressed is gone.
    await waitFor(() => expect(document.activeElement?.getAttribute('name')).toBe('fishType'));
  });
});
