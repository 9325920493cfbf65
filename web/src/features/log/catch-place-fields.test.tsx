import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { testCatch } from '#core/test-catch.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import type { CatchEdit } from '@/offline/outbox-actions';
import { type ApiCall, answerApi, renderScreen } from '@/test-support/render';
import { EditCatchDialog } from '../history/edit-catch-dialog.tsx';
import { LogCatchForm } from './log-catch-form.tsx';

/**
 * Placing a catch by typing its coordinates (docs/product.md#location), in the Log form and the edit dialog, which
 * share the place fields: each coordinate checked at its field with the catch contract's messages, the place name
 * following the position unless the angler typed one. The map's pin is Leaflet's: tested in e2e/place-by-hand.test.ts.
 */

const angler: User = {
  id: 7,
  username: 'river_rat',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};

/** The server names every position Lake Tahoe. */
function answerPlaces(): ApiCall[] {
  return answerApi({
    'GET /api/reverse-geocode': { status: 200, body: { locationName: 'Lake Tahoe' } },
  });
}

const placeNameAsked = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/reverse-geocode');

/** The angler denied the position (code 1, PERMISSION_DENIED): the place is theirs to give. */
function denyGeolocation() {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (_found: unknown, failed: (error: { code: number }) => void) => failed({ code: 1 }),
    },
  });
}

function openLogForm() {
  const view = renderScreen(<LogCatchForm />);
  const form = screen.getByRole('form', { name: 'Log a catch' });
  const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
  return { ...view, form, field };
}

beforeEach(() => {
  queryClient.setQueryData(queryKeys.user, angler);
  denyGeolocation();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('typed coordinates in the Log form', () => {
  it('takes coordinates in decimal degrees and names the place once both are typed', async () => {
    const calls = answerPlaces();
    const { user, field } = openLogForm();
    await screen.findByText(
      'Location permission denied. Please allow location access in your browser settings.',
    );

    await user.type(field('Latitude'), '39.0968');
    await user.tab();
    // One coordinate is no place yet: nothing to name.
    expect(placeNameAsked(calls)).toEqual([]);
    await user.type(field('Longitude'), '-120.0324');
    await user.tab();

    await waitFor(() => expect(field('Location Name').value).toBe('Lake Tahoe'));
    expect(field('Latitude').getAttribute('aria-invalid')).toBeNull();
    expect(field('Longitude').getAttribute('aria-invalid')).toBeNull();
    expect(placeNameAsked(calls).at(-1)?.path).toBe('/api/reverse-geocode');
  });

  it('marks a coordinate out of range at its field with the contract message, and clears it once fixed', async () => {
    const calls = answerPlaces();
    const { user, field } = openLogForm();

    await user.type(field('Latitude'), '95');
    await user.tab();
    const message = await screen.findByText('Latitude must be at most 90');
    const latitude = field('Latitude');
    expect(latitude.getAttribute('aria-invalid')).toBe('true');
    expect(latitude.getAttribute('aria-describedby')).toBe(message.id);

    await user.type(field('Longitude'), '-181');
    await user.tab();
    const longitudeMessage = await screen.findByText('Longitude must be at least -180');
    expect(field('Longitude').getAttribute('aria-describedby')).toBe(longitudeMessage.id);

    await user.type(field('Latitude'), '{Backspace}{Backspace}abc');
    await user.tab();
    await screen.findByText('Latitude must be a number');
    expect(screen.queryByText('Latitude must be at most 90')).toBeNull();

    // Fixed: the messages go as the angler types, and nothing is named from a position out of range.
    await user.clear(field('Latitude'));
    expect(screen.queryByText('Latitude must be a number')).toBeNull();
    await user.type(field('Latitude'), '39.1');
    await user.clear(field('Longitude'));
    await user.type(field('Longitude'), '-120.1');
    await user.tab();
    await waitFor(() => expect(field('Location Name').value).toBe('Lake Tahoe'));
    expect(placeNameAsked(calls)).toHaveLength(1);
    expect(field('Longitude').getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps a place name the angler typed, and follows again once it is cleared', async () => {
    const calls = answerPlaces();
    const { user, field } = openLogForm();

    await user.type(field('Location Name'), 'Secret Beaver Pond');
    await user.type(field('Latitude'), '39.0968');
    await user.type(field('Longitude'), '-120.0324');
    await user.tab();
    // Checks run in turn: once the next one's message shows, the place was not named.
    await user.clear(field('Latitude'));
    await user.type(field('Latitude'), '95');
    await user.tab();
    await screen.findByText('Latitude must be at most 90');
    expect(field('Location Name').value).toBe('Secret Beaver Pond');
    expect(placeNameAsked(calls)).toEqual([]);
    await user.clear(field('Latitude'));
    await user.type(field('Latitude'), '39.0968');

    await user.clear(field('Location Name'));
    await user.clear(field('Longitude'));
    await user.type(field('Longitude'), '-120.05');
    await user.tab();
    await waitFor(() => expect(field('Location Name').value).toBe('Lake Tahoe'));
  });
});

describe('typed coordinates in the edit dialog', () => {
  const tahoe: Catch = testCatch({
    id: 5,
    fishType: 'Rainbow Trout',
    latitude: 39.0968,
    longitude: -120.0324,
    locationName: 'Lake Tahoe',
    catchDate: '2026-05-01',
  });

  function openEdit(item: Catch) {
    const edits: CatchEdit[] = [];
    const view = renderScreen(
      <EditCatchDialog
        item={item}
        sync={undefined}
        spots={[]}
        saveEdit={async (_item, edit) => {
          edits.push(edit);
        }}
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Catch' });
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    return { ...view, dialog, field, edits };
  }

  it('opens on the saved position, and saves a typed one with the name of the new place', async () => {
    let placeNamesAsked = 0;
    answerApi({
      'GET /api/reverse-geocode': () => ({
        status: 200,
        // The saved name is the server's for the saved position, so it follows the new one.
        body: { locationName: placeNamesAsked++ === 0 ? 'Lake Tahoe' : 'Fallen Leaf Lake' },
      }),
    });
    const { user, dialog, field, edits } = openEdit(tahoe);
    expect(field('Latitude').value).toBe('39.096800');
    expect(field('Longitude').value).toBe('-120.032400');

    await user.clear(field('Latitude'));
    await user.type(field('Latitude'), '38.9');
    await user.tab();
    await waitFor(() => expect(field('Location Name').value).toBe('Fallen Leaf Lake'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits[0]?.changes).toEqual({ latitude: 38.9, locationName: 'Fallen Leaf Lake' });
  });

  it('keeps a saved name that was not the place name of its position', async () => {
    answerApi({ 'GET /api/reverse-geocode': { status: 200, body: { locationName: 'Lake Tahoe' } } });
    const { user, dialog, field, edits } = openEdit({ ...tahoe, locationName: 'Secret Beaver Pond' });

    await user.clear(field('Longitude'));
    await user.type(field('Longitude'), '-120.1');
    await user.tab();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits[0]?.changes).toEqual({ longitude: -120.1 });
    expect(field('Location Name').value).toBe('Secret Beaver Pond');
  });

  it('refuses to save a coordinate out of range, marked at its field', async () => {
    answerApi({});
    const { user, dialog, field, edits } = openEdit(tahoe);
    await user.clear(field('Latitude'));
    await user.type(field('Latitude'), '-91');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const message = await within(dialog).findByText('Latitude must be at least -90');
    expect(field('Latitude').getAttribute('aria-describedby')).toBe(message.id);
    expect(edits).toEqual([]);
  });
});
