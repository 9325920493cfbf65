import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Trip } from '#core/trips.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { outbox } from '@/offline/offline-runtime';
import { persistQueries } from '@/offline/query-persistence';
import { restoreQueries } from '@/offline/query-restore';
import { renderScreen } from '@/test-support/render';
import { TripBar } from './trip-bar.tsx';

/**
 * The Log tab's trip (docs/decisions/043-trips-and-spots.md) is kept with the outbox and the kept trip list, not in
 * React state: a remount (a reload, the app reopened) shows the same running trip, its timer counting from its start.
 */

const angler: User = {
  id: 72,
  username: 'trip_tess',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'metric',
};

/** Airplane mode: every request fails, as it does with no signal. */
const offline = () => vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

function signedIn(trips: Trip[] = []) {
  queryClient.setQueryData(queryKeys.user, angler);
  queryClient.setQueryData(queryKeys.trips, trips);
}

afterEach(async () => {
  vi.useRealTimers();
  for (const entry of await outbox.list(angler.id)) await outbox.remove(entry.clientId);
});

describe('the running trip', () => {
  it('started offline, survives a remount with nothing in memory, and keeps counting from its start', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-01T06:10:30Z') });
    offline();
    signedIn();
    const first = renderScreen(<TripBar />);
    await first.user.click(await screen.findByRole('button', { name: 'Start trip' }));
    // Started on the whole minute (the log form dates catches to the minute).
    expect((await screen.findByRole('timer')).textContent).toBe('Trip 0:00:30');
    await first.user.click(screen.getByRole('button', { name: 'Add a fish lost' }));
    await first.user.click(screen.getByRole('button', { name: 'Add a fish lost' }));
    await first.user.click(screen.getByRole('button', { name: 'Add a bite missed' }));
    expect(screen.getByText('Fish lost:').querySelector('output')?.textContent).toBe('2');
    // Both taps are kept in the outbox before the page goes away.
    await vi.waitFor(async () => {
      const [entry] = await outbox.list(angler.id);
      expect(entry?.kind === 'record-create' && entry.payload).toMatchObject({ fishLost: 2, bitesMissed: 1 });
    });
    first.unmount();

    // A reload: memory is gone; the kept (empty) trip list comes back and the outbox is where it was.
    queryClient.clear();
    vi.setSystemTime(new Date('2026-05-01T07:33:45Z'));
    signedIn();
    renderScreen(<TripBar />);
    expect((await screen.findByRole('timer')).textContent).toBe('Trip 1:23:45');
    expect(screen.getByText('Fish lost:').querySelector('output')?.textContent).toBe('2');
    expect(screen.getByText('Bites missed:').querySelector('output')?.textContent).toBe('1');
    // The screen reader hears the minutes, not every second.
    expect(screen.getByText(/^Trip running for/).textContent).toBe('Trip running for 1 hour 23 minutes');
    expect(screen.getByText(/^Trip running for/).getAttribute('aria-live')).toBe('polite');
  });

  it('a running trip from the kept trip list shows after a restart, and End trip ends it offline', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-01T09:05:09Z') });
    offline();
    const running = {
      id: 5,
      clientId: '6f1c2a52-8b0e-4f55-9d37-0b8f8d7f3a11',
      startedAt: '2026-05-01T09:00:00.000Z',
      endedAt: null,
      spotId: null,
      notes: null,
      fishLost: 1,
      bitesMissed: 0,
      createdAt: '2026-05-01T09:00:00.000Z',
      durationMinutes: 0,
      catchCount: 0,
      catchesPerHour: null,
      species: [],
      skunked: false,
      effort: null,
    } satisfies Trip;
    signedIn([running]);
    await persistQueries(queryClient);
    queryClient.clear();
    await restoreQueries(queryClient);

    const { user } = renderScreen(<TripBar />);
    expect((await screen.findByRole('timer')).textContent).toBe('Trip 0:05:09');
    await user.click(screen.getByRole('button', { name: 'End trip' }));
    expect(await screen.findByRole('button', { name: 'Start trip' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    const [end] = await outbox.list(angler.id);
    expect(end).toMatchObject({
      kind: 'record-update',
      target: { id: 5 },
      changes: { endedAt: '2026-05-01T09:05:09.000Z' },
    });
  });
});
