import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catch } from '#core/catch.ts';
import type { Spot } from '#core/spots.ts';
import { testCatch } from '#core/test-catch.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { answerApi, renderScreen } from '@/test-support/render';
import { CatchDetailDialog } from '../history/catch-detail-dialog.tsx';

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

function renderDetails(item: Catch, linkCatch = vi.fn(async () => {}), spotName?: string) {
  const view = renderScreen(
    <CatchDetailDialog item={item} spotName={spotName} onClose={() => {}} linkCatch={linkCatch} />,
  );
  return { ...view, linkCatch };
}

describe('Save this place as a spot', () => {
  it('asks for a name (the place name to start with), saves a spot at the catch and links the catch to it', async () => {
    const calls = answerApi({
      'POST /api/spots': (body) => ({ status: 201, body: savedSpot(body) }),
      'GET /api/spots': { status: 200, body: [] },
    });
    const { user, linkCatch } = renderDetails(WALLEYE);

    await user.click(await screen.findByRole('button', { name: 'Save this place as a spot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this place as a spot' });
    const name = within(dialog).getByLabelText('Spot name');
    expect((name as HTMLInputElement).value).toBe('Minocqua, Wisconsin, US');
    await user.clear(name);
    await user.type(name, 'Weed edge');
    await user.click(within(dialog).getByRole('button', { name: 'Save Spot' }));

    await waitFor(() => expect(linkCatch).toHaveBeenCalledWith(WALLEYE, 9));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/spots');
    expect(post?.body).toMatchObject({
      name: 'Weed edge',
      latitude: 46.012345,
      longitude: -89.654321,
      radiusMeters: 150,
      clientId: expect.any(String),
    });
    expect(await screen.findByText('Weed edge is in your spots.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Save this place as a spot' })).toBeNull(),
    );
  });

  it('refuses a blank name on the phone, and shows the server’s reason for a name it refuses', async () => {
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
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Spot name'), 'x'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Save Spot' }));
    expect(await within(dialog).findByText('Name must be at most 100 characters')).toBeTruthy();
    expect(linkCatch).not.toHaveBeenCalled();
  });

  it('is offered only for a catch with a position; a linked catch names its spot', async () => {
    answerApi({});
    renderDetails({ ...WALLEYE, latitude: null, longitude: null, spotId: 9 }, undefined, 'Weed edge');
    await screen.findByRole('dialog', { name: 'Walleye' });
    expect(screen.queryByRole('button', { name: 'Save this place as a spot' })).toBeNull();
    expect(screen.getByTestId('catch-spot').textContent).toBe('Spot: Weed edge');
  });
});
