import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { CONDITIONS_NOT_WORKED_OUT } from '#core/catch.ts';
import type { Spot } from '#core/spots.ts';
import { testCatch } from '#core/test-catch.ts';
import type { Trip } from '#core/trips.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { answerApi, renderScreen } from '@/test-support/render';
import { DaysLikeThisButton } from './days-like-this-button.tsx';
import { NO_TRIPS_WITH_CONDITIONS } from './similar-days-dialog.tsx';

/**
 * 'Days like this' (core/similar-days.ts) from a catch: the closest past trip with its conditions, spot and fish, the
 * distance one tap away, read from the kept lists; and a plain word when no trip has its conditions yet.
 */

const angler: User = {
  id: 74,
  username: 'alike_al',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};

function trip(id: number, fields: Partial<Trip>): Trip {
  return {
    id,
    clientId: null,
    startedAt: '2026-06-10T23:00:00.000Z',
    endedAt: '2026-06-11T01:00:00.000Z',
    spotId: null,
    notes: null,
    fishLost: 0,
    bitesMissed: 0,
    createdAt: '2026-06-11T01:00:00.000Z',
    durationMinutes: 120,
    catchCount: 0,
    catchesPerHour: 0,
    species: [],
    skunked: false,
    effort: null,
    ...fields,
  };
}

const duskOnTheBay = trip(1, {
  spotId: 5,
  effort: {
    sunPhase: { dusk: 60, night: 60 },
    pressureTendency: { falling: 120 },
    moonPhase: { 'Waxing Gibbous': 120 },
  },
});
const brightNoon = trip(2, {
  startedAt: '2026-06-12T17:00:00.000Z',
  endedAt: '2026-06-12T19:00:00.000Z',
  effort: { sunPhase: { day: 120 }, pressureTendency: { rising: 120 }, moonPhase: { 'Full Moon': 120 } },
});
const today = trip(3, { startedAt: '2026-06-20T23:00:00.000Z', endedAt: '2026-06-21T01:00:00.000Z' });

const caughtAtDusk = testCatch({
  id: 10,
  fishType: 'Walleye',
  tripId: today.id,
  catchDate: '2026-06-20',
  timeOfDay: '19:10',
  caughtAt: '2026-06-21T00:10:00.000Z',
  conditions: {
    ...CONDITIONS_NOT_WORKED_OUT,
    status: 'complete',
    sun: { phase: 'dusk', sunrise: null, sunset: null },
    moon: { phase: 'Waxing Gibbous', illumination: 0.8, age: 11 },
  },
});
const onTheBay: Catch[] = [
  testCatch({
    id: 11,
    fishType: 'Walleye',
    quantity: 3,
    tripId: 1,
    catchDate: '2026-06-10',
    timeOfDay: '18:30',
    caughtAt: '2026-06-10T23:30:00.000Z',
  }),
  testCatch({ id: 12, fishType: 'Pike', tripId: 1 }),
];

const walleyeBay: Spot = {
  id: 5,
  clientId: null,
  name: 'Walleye Bay',
  latitude: 47.1,
  longitude: -94.4,
  notes: null,
  radiusMeters: 100,
  createdAt: '2026-06-01T12:00:00.000Z',
  catchCount: 4,
  bestCatch: null,
};

function keep(trips: Trip[], catches: Catch[]) {
  answerApi({
    'GET /api/user': { status: 200, body: angler },
    'GET /api/trips': { status: 200, body: trips },
    'GET /api/catches': { status: 200, body: catches },
    'GET /api/spots': { status: 200, body: [walleyeBay] },
  });
  queryClient.setQueryData(queryKeys.user, angler);
  queryClient.setQueryData(queryKeys.trips, trips);
  queryClient.setQueryData(queryKeys.catches, catches);
  queryClient.setQueryData(queryKeys.spots, [walleyeBay]);
}

describe('Days like this', () => {
  it('lists the closest past trip first with its spot, conditions and fish; the distance one tap away', async () => {
    keep([today, brightNoon, duskOnTheBay], [caughtAtDusk, ...onTheBay]);
    const { user } = renderScreen(<DaysLikeThisButton target={{ catch: caughtAtDusk }} />);
    await user.click(screen.getByRole('button', { name: 'Days like this' }));
    const dialog = await screen.findByRole('dialog', { name: 'Days like this' });
    const items = within(await within(dialog).findByRole('list', { name: 'Closest trips' })).getAllByRole(
      'listitem',
    );
    // Its own trip (3) is not listed; the dusk trip comes before the bright noon one.
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('3 Walleye, 1 Northern Pike · 2 per hour')).toBeTruthy();
    expect(within(first).getByText('Walleye Bay')).toBeTruthy();
    expect(within(first).getByText('Conditions: waxing gibbous, dusk')).toBeTruthy();
    // On the clock of where it was fished (its catch at 18:30 local was 23:30 UTC): 6:00 PM to 8:00 PM.
    expect(within(first).getByText(/Jun 10, 2026, 6:00\s?PM–8:00\s?PM/)).toBeTruthy();
    expect(within(second).getByText('No fish')).toBeTruthy();
    expect(within(second).getByText('Not much alike')).toBeTruthy();

    await user.click(within(first).getByText('Close'));
    expect(within(first).getByText(/0\.25 apart over 2 conditions/)).toBeTruthy();
  });

  it('says plainly when no trip has its conditions worked out yet', async () => {
    keep([today, trip(4, { spotId: 5 })], [caughtAtDusk]);
    const { user } = renderScreen(<DaysLikeThisButton target={{ catch: caughtAtDusk }} />);
    await user.click(screen.getByRole('button', { name: 'Days like this' }));
    const dialog = await screen.findByRole('dialog', { name: 'Days like this' });
    expect(await within(dialog).findByText(NO_TRIPS_WITH_CONDITIONS)).toBeTruthy();
  });
});
