import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testCatch } from '#core/test-catch.ts';
import type { Trip } from '#core/trips.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { outbox } from '@/offline/offline-runtime';
import { answerApi, renderScreen } from '@/test-support/render';
import { TripsView } from './trips-view.tsx';

/**
 * History's Trips view (docs/decisions/043-trips-and-spots.md): the trips with their figures and the 'Skunked'
 * badge, and 'Add past trip', whose refusal by the server is shown at the field it names.
 */

const angler: User = {
  id: 73,
  username: 'past_pat',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};

const skunked: Trip = {
  id: 9,
  clientId: null,
  startedAt: '2026-05-01T06:00:00.000Z',
  endedAt: '2026-05-01T08:30:00.000Z',
  spotId: null,
  notes: null,
  fishLost: 0,
  bitesMissed: 3,
  createdAt: '2026-05-01T08:30:00.000Z',
  durationMinutes: 150,
  catchCount: 0,
  catchesPerHour: 0,
  species: [],
  skunked: true,
  effort: null,
};

afterEach(async () => {
  for (const entry of await outbox.list(angler.id)) await outbox.remove(entry.clientId);
});

describe('the Trips view', () => {
  it("lists a trip with its length, fish, rate and 'Skunked'; a refused past trip shows why at the field", async () => {
    const overlap = 'This trip overlaps another trip';
    const calls = answerApi({
      'GET /api/user': { status: 200, body: angler },
      'GET /api/trips': { status: 200, body: [skunked] },
      'POST /api/trips': {
        status: 400,
        body: { message: overlap, code: 'INVALID_INPUT', errors: { startedAt: overlap } },
      },
    });
    queryClient.setQueryData(queryKeys.user, angler);
    queryClient.setQueryData(queryKeys.trips, [skunked]);
    const { user } = renderScreen(<TripsView catches={[]} onOpenCatch={() => {}} />);

    const card = (await screen.findByRole('list', { name: 'Your trips' })).querySelector('li') as HTMLElement;
    expect(within(card).getByText('Skunked')).toBeTruthy();
    expect(within(card).getByText('2 h 30 min')).toBeTruthy();
    expect(within(card).getByText('0 fish')).toBeTruthy();
    expect(within(card).getByText('0 fish/h')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add past trip' }));
    const form = await screen.findByRole('form', { name: 'Add past trip' });
    await user.type(within(form).getByLabelText('Start'), '2026-05-01T07:00');
    await user.type(within(form).getByLabelText('End'), '2026-05-01T09:00');
    await user.click(within(form).getByRole('button', { name: 'Save trip' }));

    const start = within(form).getByLabelText('Start');
    expect(await within(form).findByText(overlap)).toBeTruthy();
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    // The refused trip is not kept: fixing it and saving again sends a new one.
    await expect.poll(() => outbox.list(angler.id)).toEqual([]);
  });

  it('opens a trip with a small map of its catches that have a position, and none when no catch has one', async () => {
    answerApi({
      'GET /api/user': { status: 200, body: angler },
      'GET /api/trips': { status: 200, body: [skunked] },
    });
    queryClient.setQueryData(queryKeys.user, angler);
    queryClient.setQueryData(queryKeys.trips, [skunked]);
    const onTheLake = testCatch({
      id: 1,
      fishType: 'Walleye',
      tripId: skunked.id,
      latitude: 47.15,
      longitude: -94.39,
    });
    const unplaced = testCatch({
      id: 2,
      fishType: 'Perch',
      tripId: skunked.id,
      latitude: null,
      longitude: null,
    });
    const { user, rerender } = renderScreen(<TripsView catches={[unplaced]} onOpenCatch={() => {}} />);

    await user.click(within(await screen.findByRole('list', { name: 'Your trips' })).getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('list', { name: 'Catches on this trip' });
    expect(within(dialog).queryByRole('region', { name: "Map of this trip's catches" })).toBeNull();
    expect(within(dialog).queryByText('Loading map')).toBeNull();

    rerender(
      <QueryClientProvider client={queryClient}>
        <TripsView catches={[unplaced, onTheLake]} onOpenCatch={() => {}} />
      </QueryClientProvider>,
    );
    expect(await within(dialog).findByRole('region', { name: "Map of this trip's catches" })).toBeTruthy();
  });
});
