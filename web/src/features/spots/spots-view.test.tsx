import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Spot } from '#core/spots.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { answerApi, renderScreen } from '@/test-support/render';
import { SpotsView } from './spots-view.tsx';

const angler: User = { id: 7, username: 'angler', createdAt: '2026-01-01T00:00:00.000Z', units: 'imperial' };

function spot(fields: Partial<Spot>): Spot {
  return {
    id: 1,
    clientId: null,
    name: 'Weed edge',
    latitude: 46.01,
    longitude: -89.6,
    notes: null,
    radiusMeters: 150,
    createdAt: '2026-05-01T12:00:00.000Z',
    catchCount: 0,
    bestCatch: null,
    ...fields,
  };
}

const WEED_EDGE = spot({
  id: 1,
  name: 'Weed edge, north bay',
  catchCount: 12,
  bestCatch: { id: 40, fishType: 'Walleye', weight: 5.25 },
});
const DOCK = spot({
  id: 2,
  name: 'Dock',
  catchCount: 1,
  bestCatch: { id: 41, fishType: 'Perch', weight: 0.5 },
});
const NEW_HOLE = spot({ id: 3, name: 'New hole', catchCount: 0 });

const spotCard = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  queryClient.setQueryData(queryKeys.user, angler);
});

describe('the Spots view', () => {
  it('lists each spot with its catch count and best catch', async () => {
    answerApi({
      'GET /api/user': { status: 200, body: angler },
      'GET /api/spots': { status: 200, body: [WEED_EDGE, DOCK, NEW_HOLE] },
    });
    renderScreen(<SpotsView />);

    await screen.findByRole('article', { name: 'Weed edge, north bay' });
    const weedEdge = within(spotCard('Weed edge, north bay'));
    expect(weedEdge.getByText('12 catches')).toBeTruthy();
    expect(weedEdge.getByText(/Best catch: Walleye/).textContent).toBe('Best catch: Walleye, 5.3 lbs');
    expect(within(spotCard('Dock')).getByText('1 catch')).toBeTruthy();
    expect(within(spotCard('New hole')).getByText('0 catches')).toBeTruthy();
    expect(within(spotCard('New hole')).queryByText(/Best catch/)).toBeNull();
    // By name.
    const names = within(screen.getByRole('list', { name: 'Spots' }))
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Dock', 'New hole', 'Weed edge, north bay']);
  });

  it('asks before deleting a spot, says its catches stay, and deletes it only when confirmed', async () => {
    let spots = [WEED_EDGE, DOCK];
    const calls = answerApi({
      'GET /api/user': { status: 200, body: angler },
      'GET /api/spots': () => ({ status: 200, body: spots }),
      'DELETE /api/spots/2': () => {
        spots = [WEED_EDGE];
        return { status: 204 };
      },
    });
    const { user } = renderScreen(<SpotsView />);
    await screen.findByRole('article', { name: 'Dock' });

    // Cancel: nothing is deleted.
    await user.click(screen.getByRole('button', { name: 'Delete Dock' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete Dock?' });
    expect(within(dialog).getByText('Deleting a spot keeps its catches.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    // Confirmed: gone from the list at once, deleted on the server through the outbox.
    await user.click(screen.getByRole('button', { name: 'Delete Dock' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete Dock?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Dock' })).toBeNull());
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
        '/api/spots/2',
      ]),
    );
    expect(screen.getByRole('article', { name: 'Weed edge, north bay' })).toBeTruthy();
    expect(await screen.findByText('Its catches are still in your log.')).toBeTruthy();
  });

  it('renames a spot and changes its radius, sending only what changed', async () => {
    let dock = DOCK;
    const calls = answerApi({
      'GET /api/user': { status: 200, body: angler },
      'GET /api/spots': () => ({ status: 200, body: [dock] }),
      'PATCH /api/spots/2': (body) => {
        dock = { ...dock, ...(body as Partial<Spot>) };
        return { status: 200, body: dock };
      },
    });
    const { user } = renderScreen(<SpotsView />);
    await user.click(await screen.findByRole('button', { name: 'Edit Dock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Spot' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Old dock');
    await user.clear(within(dialog).getByLabelText('Radius (metres)'));
    await user.type(within(dialog).getByLabelText('Radius (metres)'), '300');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Shown at once; sent through the outbox.
    await screen.findByRole('article', { name: 'Old dock' });
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        name: 'Old dock',
        radiusMeters: 300,
      }),
    );
  });

  it('refuses what the spot contract refuses under its field, and queues nothing', async () => {
    const calls = answerApi({
      'GET /api/user': { status: 200, body: angler },
      'GET /api/spots': { status: 200, body: [DOCK] },
    });
    const { user } = renderScreen(<SpotsView />);
    await user.click(await screen.findByRole('button', { name: 'Edit Dock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Spot' });
    await user.clear(within(dialog).getByLabelText('Radius (metres)'));
    await user.type(within(dialog).getByLabelText('Radius (metres)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Radius must be a whole number from 10 to 5000')).toBeTruthy();
    expect(within(dialog).getByLabelText('Radius (metres)').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });
});
