import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { outbox } from '@/offline/offline-runtime';
import { HomePage } from '@/routes/home';
import { renderScreen } from '@/test-support/render';
import { emptyCatchForm } from '../catches/catch-payload.ts';
import { saveCatch } from '../catches/save-catch.ts';
import { SOLUNAR_LABEL } from '../tools/sun-moon-format.ts';

const angler: User = {
  id: 71,
  username: 'offline_olly',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'metric',
};

afterEach(async () => {
  for (const entry of await outbox.list(angler.id)) await outbox.remove(entry.clientId);
});

describe('a catch saved offline', () => {
  it('shows its sun, moon and solunar period at once, worked out on the phone, and the weather pending', async () => {
    // No network at all: every request fails as it does in airplane mode. The catch list is the kept one.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    queryClient.setQueryData(queryKeys.user, angler);
    queryClient.setQueryData(queryKeys.catches, []);
    localStorage.setItem('activeTab', 'history');
    const entry = await saveCatch(
      {
        ...emptyCatchForm({ locationName: 'Loch Ness', latitude: 57.3229, longitude: -4.4244 }),
        fishType: 'Brown Trout',
        catchDate: '2026-05-01',
        timeOfDay: '21:30',
      },
      null,
      { outbox, userId: angler.id, units: 'metric' },
    );
    // The payload says which zone its date and time are on the clocks of.
    expect(entry.payload.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    const { user } = renderScreen(<HomePage />);

    const fish = await screen.findByRole('button', { name: 'Brown Trout' });
    const card = fish.closest('article') as HTMLElement;
    // The card: the moon at once (no weather yet), and that the rest is pending.
    const line = await within(card).findByText(/Moon|Crescent|Quarter|Gibbous/, { selector: '.sr-only' });
    expect(line.closest('[data-testid="card-conditions"]')?.textContent).toMatch(
      /^Conditions: (New Moon|Waxing Crescent|First Quarter|Waxing Gibbous|Full Moon|Waning Gibbous|Last Quarter|Waning Crescent), Conditions pending$/,
    );

    await user.click(fish);
    const block = await screen.findByRole('region', { name: 'Conditions' });
    expect(within(block).getByRole('status').textContent).toMatch(/^Conditions pending/);
    const names = within(block)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(names).toEqual(['Sun', 'Moon', SOLUNAR_LABEL]);
    const values = within(block)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(values[0]).toMatch(/^(Night|Dawn|Day|Dusk)Sunrise .+ · Sunset .+$/);
    expect(values[1]).toMatch(/, \d{1,3}% illuminated$/);
    expect(values[2]).toMatch(/^(Major period|Minor period|Outside the periods)$/);
    expect(within(block).queryByText('Not available for this catch')).toBeNull();
  });
});
