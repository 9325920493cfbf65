import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Spot } from '#core/spots.ts';
import { testCatch } from '#core/test-catch.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { outbox } from '@/offline/offline-runtime';
import type { CatchEdit } from '@/offline/outbox-actions';
import { renderScreen } from '@/test-support/render';
import { EditCatchDialog } from '../history/edit-catch-dialog.tsx';
import { loadPlaceWays } from './catch-place-fields.tsx';
import { LogCatchForm } from './log-catch-form.tsx';

/**
 * 'Pick a spot' in the place fields (docs/decisions/043-trips-and-spots.md): the angler's kept spots, nearest first;
 * one tap puts the spot's position and name into the form and links the catch to it.
 */
const angler: User = {
  id: 46,
  username: 'spot_sam',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};

function spot(id: number, name: string, latitude: number, longitude: number): Spot {
  return {
    id,
    clientId: null,
    name,
    latitude,
    longitude,
    notes: null,
    radiusMeters: 150,
    createdAt: '2026-05-01T12:00:00.000Z',
    catchCount: 0,
    bestCatch: null,
  };
}

// The weed edge and the dock are 2 km apart, the far bay 20 km north.
const SPOTS = [
  spot(1, 'Far bay', 46.18, -89.6),
  spot(2, 'Weed edge', 46.0, -89.6),
  spot(3, 'Dock', 46.018, -89.6),
];

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/**
 * Waits for the place ways' code, which loads after the form's first paint: a tap on the look-alike button while
 * the row swaps in could land on a button that is gone (user-event's pointer steps straddle the swap).
 */
async function placeWaysHere(): Promise<void> {
  await act(() => loadPlaceWays());
}

/** The spots the panel lists, in its order. */
const listedSpots = () =>
  within(within(screen.getByRole('group', { name: 'Your spots' })).getByRole('list'))
    .getAllByRole('button')
    .map((button) => button.textContent);

async function loggedPayload() {
  await waitFor(async () => expect(await outbox.list(angler.id)).toHaveLength(1));
  const [entry] = await outbox.list(angler.id);
  return entry?.kind === 'create' ? entry.payload : null;
}

beforeEach(() => {
  // No network: the catch waits in the outbox, where the test reads what would be sent; the spots are the kept list.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  queryClient.setQueryData(queryKeys.user, angler);
  queryClient.setQueryData(queryKeys.spots, SPOTS);
});

afterEach(async () => {
  for (const entry of await outbox.list(angler.id)) await outbox.remove(entry.clientId);
});

describe("'Pick a spot' in the Log form", () => {
  it('takes the chosen spot’s position and name, and the catch is saved linked to it', async () => {
    const { user } = renderScreen(<LogCatchForm />);
    await placeWaysHere();
    await user.click(screen.getByRole('button', { name: 'Pick a spot' }));
    await screen.findByRole('group', { name: 'Your spots' });
    // No position yet: by name.
    expect(listedSpots()).toEqual(['Dock', 'Far bay', 'Weed edge']);

    await user.click(
      within(screen.getByRole('group', { name: 'Your spots' })).getByRole('button', { name: 'Dock' }),
    );
    expect(screen.queryByRole('group', { name: 'Your spots' })).toBeNull();
    expect(field('Latitude').value).toBe('46.018000');
    expect(field('Longitude').value).toBe('-89.600000');
    await waitFor(() => expect(field('Location Name').value).toBe('Dock'));

    await user.type(screen.getByRole('combobox', { name: /Fish Type/ }), 'Walleye');
    await user.click(screen.getByRole('button', { name: 'Log Catch' }));
    expect(await loggedPayload()).toMatchObject({
      spotId: 3,
      latitude: 46.018,
      longitude: -89.6,
      locationName: 'Dock',
    });
  });

  it('lists the spots nearest first once the form has a position, and keeps a name the angler typed', async () => {
    const { user } = renderScreen(<LogCatchForm />);
    await user.type(field('Latitude'), '46.0001');
    await user.type(field('Longitude'), '-89.6');
    await user.type(field('Location Name'), 'North shore');
    await placeWaysHere();
    await user.click(screen.getByRole('button', { name: 'Pick a spot' }));
    await screen.findByRole('group', { name: 'Your spots' });
    expect(listedSpots()).toEqual(['Weed edge', 'Dock', 'Far bay']);

    await user.click(
      within(screen.getByRole('group', { name: 'Your spots' })).getByRole('button', { name: 'Far bay' }),
    );
    expect(field('Latitude').value).toBe('46.180000');
    await user.type(screen.getByRole('combobox', { name: /Fish Type/ }), 'Pike');
    await user.click(screen.getByRole('button', { name: 'Log Catch' }));
    expect(await loggedPayload()).toMatchObject({ spotId: 1, latitude: 46.18, locationName: 'North shore' });
  });

  it('sends no spot when none was chosen (the server works it out), and is hidden without spots', async () => {
    queryClient.setQueryData(queryKeys.spots, []);
    const { user } = renderScreen(<LogCatchForm />);
    expect(screen.getByRole('button', { name: 'Place on map' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pick a spot' })).toBeNull();

    await user.type(screen.getByRole('combobox', { name: /Fish Type/ }), 'Perch');
    await user.click(screen.getByRole('button', { name: 'Log Catch' }));
    expect(await loggedPayload()).not.toHaveProperty('spotId');
  });
});

describe("'Pick a spot' in the edit dialog", () => {
  it('moves the catch to the spot, shows it in the Spot select and sends the spot with the place', async () => {
    const item = testCatch({ id: 5, fishType: 'Walleye', latitude: 46.0, longitude: -89.6, spotId: 2 });
    const saveEdit = vi.fn(async (_item: unknown, _edit: CatchEdit) => {});
    const { user } = renderScreen(
      <EditCatchDialog item={item} spots={SPOTS} sync={undefined} saveEdit={saveEdit} onClose={() => {}} />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Catch' }));
    await placeWaysHere();
    await user.click(dialog.getByRole('button', { name: 'Pick a spot' }));
    await user.click(
      within(await dialog.findByRole('group', { name: 'Your spots' })).getByRole('button', { name: 'Dock' }),
    );
    expect((dialog.getByRole('combobox', { name: 'Spot' }) as HTMLSelectElement).value).toBe('3');

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveEdit).toHaveBeenCalledTimes(1));
    expect(saveEdit.mock.calls[0]?.[1].changes).toMatchObject({ spotId: 3, latitude: 46.018 });
  });
});
