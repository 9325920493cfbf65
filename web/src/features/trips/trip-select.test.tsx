import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { testCatch } from '#core/test-catch.ts';
import type { Trip } from '#core/trips.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import type { CatchEdit } from '@/offline/outbox-actions';
import { answerApi, renderScreen } from '@/test-support/render';
import { EditCatchDialog } from '../history/edit-catch-dialog.tsx';
import { formatTripMoment } from './trip-format.ts';

/**
 * Moving a catch to another trip by hand (docs/decisions/043-trips-and-spots.md): the edit form's Trip offers None
 * and the angler's trips newest first, by start and length, and sends tripId only when it changed.
 */
const angler: User = {
  id: 47,
  username: 'trip_tam',
  createdAt: '2026-01-01T00:00:00.000Z',
  units: 'imperial',
};

function trip(id: number, startedAt: string, endedAt: string): Trip {
  return {
    id,
    clientId: null,
    startedAt,
    endedAt,
    spotId: null,
    notes: null,
    fishLost: 0,
    bitesMissed: 0,
    createdAt: endedAt,
    durationMinutes: 0,
    catchCount: 0,
    catchesPerHour: null,
    species: [],
    skunked: false,
    effort: null,
  };
}

const DAWN = trip(4, '2026-05-01T05:00:00.000Z', '2026-05-01T07:30:00.000Z');
const EVENING = trip(6, '2026-05-02T18:00:00.000Z', '2026-05-02T18:45:00.000Z');

beforeEach(() => {
  queryClient.setQueryData(queryKeys.user, angler);
  queryClient.setQueryData(queryKeys.trips, [DAWN, EVENING]);
  answerApi({ 'GET /api/trips': { status: 200, body: [DAWN, EVENING] } });
});

async function openEdit(item: Catch) {
  const saveEdit = vi.fn(async (_item: unknown, _edit: CatchEdit) => {});
  const { user } = renderScreen(
    <EditCatchDialog item={item} spots={[]} sync={undefined} saveEdit={saveEdit} onClose={() => {}} />,
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Catch' }));
  const select = dialog.getByRole('combobox', { name: 'Trip' }) as HTMLSelectElement;
  const save = async () => {
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveEdit).toHaveBeenCalledTimes(1));
    return saveEdit.mock.calls[0]?.[1];
  };
  return { user, select, save };
}

describe("the edit form's Trip", () => {
  it('offers None and the trips newest first by start and length, and moves the catch to the one chosen', async () => {
    const { user, select, save } = await openEdit(testCatch({ id: 5, fishType: 'Perch', tripId: 4 }));
    expect([...select.options].map((option) => option.text)).toEqual([
      'None',
      `${formatTripMoment(EVENING.startedAt)} · 45 min`,
      `${formatTripMoment(DAWN.startedAt)} · 2 h 30 min`,
    ]);
    expect(select.value).toBe('4');

    await user.selectOptions(select, '6');
    expect(await save()).toEqual({ changes: { tripId: 6 } });
  });

  it('takes a catch out of its trip with None', async () => {
    const { user, select, save } = await openEdit(testCatch({ id: 5, fishType: 'Perch', tripId: 4 }));
    await user.selectOptions(select, 'None');
    expect(await save()).toEqual({ changes: { tripId: null } });
  });

  it('sends no trip when it was left alone', async () => {
    const { user, select, save } = await openEdit(
      testCatch({ id: 5, fishType: 'Perch', tripId: 4, quantity: 1 }),
    );
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(select.value).toBe('4');
    expect(await save()).toEqual({ changes: { quantity: 3 } });
  });
});
