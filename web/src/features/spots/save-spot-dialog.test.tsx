import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catch } from '#core/catch.ts';
import type { Spot } from '#core/spots.ts';
import { testCatch } from '#core/test-catch.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { answerApi, renderScreen } from '@/test-support/render';
import { CatchDetailDialog } from '../history/catch-detail-dialog.tsx';
import { SpotsView } from './spots-view.tsx';

const angler: User = { id: 7, username: 'angler', createdAt: '2026-01-01T00:00:00.000Z', units: 'imperial' };

const WALLEYE = testCatch({
  id: 5,
  fishType: 'Walleye',
  latitude: 46.012345,
  longitude: -89.654321,
  locationName: 'Minocqua, Wisconsin, US',
});

/** What the server answers for a new spot: the one sent, saved with id 9. */
function savedSpot(body: unknown): Spot {
  return {
    ...(body as Pick<Spot, 'name' | 'latitude' | 'longitude' | 'notes' | 'radiusMeters' | 'clientId'>),
    id: 9,
    createdAt: '2026-05-01T12:00:00.000Z',
    catchCount: 1,
    bestCatch: null,
  };
}

beforeEach(() => {
  queryClient.setQueryData(queryKeys.user, angler);
});

/** The details of a catch, with History's Spots view behind them (History keeps the spot list asked for). */
function renderDetails(
  item: Catch,
  linkCatch = vi.fn(async (_item: Catch, _spotId: number) => {}),
  spotName?: string,
) {
  const view = renderScreen(
    <>
      <SpotsView />
      <CatchDetailDialog item={item} spotName={spotName} onClose={() => {}} linkCatch={linkCatch} />
    </>,
  );
  return { ...view, linkCatch };
}

describe('Save this place as a spot', () => {
  it('asks for a name (the place name to start with) and saves a spot at the catch through the outbox', async () => {
    let spots: Spot[] = [];
    const calls = answerApi({
      'GET /api/user': { status: 200, body: angler },
      'POST /api/spots': (body) => {
        spots = [savedSpot(body)];
        return { status: 201, body: spots[0] };
      },
      'GET /api/spots': () => ({ status: 200, body: spots }),
    });
    const { user, linkCatch } = renderDetails(WALLEYE);

    await user.click(await screen.findByRole('button', { name: 'Save this place as a spot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this place as a spot' });
    const name = within(dialog).getByLabelText('Spot name');
    expect((name as HTMLInputElement).value).toBe('Minocqua, Wisconsin, US');
    await user.clear(name);
    await user.type(name, 'Weed edge');
    await user.click(within(dialog).getByRole('button', { name: 'Save Spot' }));

    expect(await screen.findByText('Weed edge is in your spots.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Save this place as a spot' })).toBeNull(),
    );
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/spots');
    expect(post?.body).toEqual({
      name: 'Weed edge',
      latitude: 46.012345,
      longitude: -89.654321,
      notes: null,
      radiusMeters: 150,
      clientId: expect.any(String),
    });
    // In the Spots list once the server has it; the server linked the catch (it had no spot): no PATCH of it here.
    // Behind the modal details, so hidden from the accessibility tree.
    await screen.findByRole('article', { name: 'Weed edge', hidden: true });
    expect(linkCatch).not.toHaveBeenCalled();
  });

  it('moves a catch linked to another spot to the new one once the server has it', async () => {
    let spots: Spot[] = [];
    answerApi({
      'GET /api/user': { status: 200, body: angler },
      'POST /api/spots': (body) => {
        spots = [savedSpot(body)];
        return { status: 201, body: spots[0] };
      },
      'GET /api/spots': () => ({ status: 200, body: spots }),
    });
    const linked = { ...WALLEYE, spotId: 4 };
    const { user, linkCatch } = renderDetails(linked);
    await user.click(await screen.findByRole('button', { name: 'Save this place as a spot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this place as a spot' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Spot' }));
    await waitFor(() => expect(linkCatch).toHaveBeenCalledWith(linked, 9));
  });

  it('refuses a blank or too long name under the field, and queues nothing', async () => {
    const calls = answerApi({
      'POST /api/spots': {
        status: 400,
        body: { message: 'Invalid spot', errors: { name: 'Name must be at most 100 characters' } },
      },
    });
    const { user, linkCatch } = renderDetails(WALLEYE);
    await user.click(await screen.findByRole('button', { name: 'Save this place as a spot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this place as a spot' });
    await user.clear(within(dialog).getByLabelText('Spot name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Spot' }));
    expect(within(dialog).getByText('Name required')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Spot name'), 'x'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Save Spot' }));
    expect(await within(dialog).findByText('Name must be at most 100 characters')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(linkCatch).not.toHaveBeenCalled();
  });

  it('is offered only for a catch with a position; a linked catch names its spot', async () => {
    answerApi({ 'GET /api/spots': { status: 200, body: [] } });
    renderDetails({ ...WALLEYE, latitude: null, longitude: null, spotId: 9 }, undefined, 'Weed edge');
    await screen.findByRole('dialog', { name: 'Walleye' });
    expect(screen.queryByRole('button', { name: 'Save this place as a spot' })).toBeNull();
    expect(screen.getByTestId('catch-spot').textContent).toBe('Spot: Weed edge');
  });
});
