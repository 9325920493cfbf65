import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Spot } from '#core/spots.ts';
import { testCatch } from '#core/test-catch.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import type { CatchEdit } from '@/offline/outbox-actions';
import { answerApi, renderScreen } from '@/test-support/render';
import { EditCatchDialog } from '../history/edit-catch-dialog.tsx';

const angler: User = { id: 7, username: 'angler', createdAt: '2026-01-01T00:00:00.000Z', units: 'imperial' };

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

// The catch is at the weed edge; the dock is 2 km away, the far bay 20 km.
const SPOTS = [
  spot(1, 'Far bay', 46.18, -89.6),
  spot(2, 'Weed edge', 46.0, -89.6),
  spot(3, 'Dock', 46.018, -89.6),
];

beforeEach(() => {
  queryClient.setQueryData(queryKeys.user, angler);
  answerApi({});
});

describe("the edit form's Spot", () => {
  it('offers None and the spots nearest first, and saves the one chosen as the catch’s spotId', async () => {
    const item = testCatch({ id: 5, fishType: 'Walleye', latitude: 46.0001, longitude: -89.6, spotId: null });
    const saveEdit = vi.fn(async (_item: unknown, _edit: CatchEdit) => {});
    const { user } = renderScreen(
      <EditCatchDialog item={item} spots={SPOTS} sync={undefined} saveEdit={saveEdit} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Catch' });
    const select = within(dialog).getByRole('combobox', { name: 'Spot' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual([
      'None',
      'Weed edge',
      'Dock',
      'Far bay',
    ]);
    expect(select.value).toBe('');

    await user.selectOptions(select, 'Dock');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveEdit).toHaveBeenCalledTimes(1));
    expect(saveEdit.mock.calls[0]?.[1]).toEqual({ changes: { spotId: 3 } });
  });

  it('unlinks a catch with None', async () => {
    const item = testCatch({ id: 5, fishType: 'Walleye', latitude: null, longitude: null, spotId: 2 });
    const saveEdit = vi.fn(async (_item: unknown, _edit: CatchEdit) => {});
    const { user } = renderScreen(
      <EditCatchDialog item={item} spots={SPOTS} sync={undefined} saveEdit={saveEdit} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Catch' });
    const select = within(dialog).getByRole('combobox', { name: 'Spot' }) as HTMLSelectElement;
    // No position: by name.
    expect([...select.options].map((option) => option.text)).toEqual([
      'None',
      'Dock',
      'Far bay',
      'Weed edge',
    ]);
    expect(select.value).toBe('2');
    await user.selectOptions(select, 'None');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveEdit).toHaveBeenCalledTimes(1));
    expect(saveEdit.mock.calls[0]?.[1]).toEqual({ changes: { spotId: null } });
  });
});
