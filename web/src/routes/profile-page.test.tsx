import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { answerApi, renderScreen } from '@/test-support/render';
import { ProfilePage } from './profile-page.tsx';

const angler: User = {
  id: 7,
  username: 'river_rat',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};

describe('the Profile page', () => {
  it('shows Logout as a neutral button and keeps only Delete account red', async () => {
    answerApi({});
    queryClient.setQueryData(queryKeys.user, angler);
    renderScreen(<ProfilePage />);

    const logout = await screen.findByRole('button', { name: 'Logout' });
    const deleteAccount = screen.getByRole('button', { name: 'Delete account' });
    // The red of a destructive action is the `destructive` colour (components/ui/button.tsx).
    expect(logout.className).not.toMatch(/destructive/);
    expect(deleteAccount.className).toMatch(/bg-destructive/);
  });
});
