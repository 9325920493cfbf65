import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { testCatch } from '#core/test-catch.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import type { CatchEdit } from '@/offline/outbox-actions';
import { renderScreen } from '@/test-support/render';
import { EditCatchDialog } from './edit-catch-dialog.tsx';

/**
 * Editing a catch's effort fields (docs/decisions/043-trips-and-spots.md): the dialog opens with the catch's quantity
 * and Kept / Released as saved, and sends only what changed.
 */
const angler: User = {
  id: 44,
  username: 'kept_kim',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};

/** The message shown under a field (the field points at it with aria-describedby). */
function messageUnder(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

function openEdit(item: Catch) {
  queryClient.setQueryData(queryKeys.user, angler);
  const saveEdit = vi.fn<(item: Catch, edit: CatchEdit) => Promise<void>>(async () => {});
  const view = renderScreen(
    <EditCatchDialog item={item} sync={undefined} spots={[]} saveEdit={saveEdit} onClose={() => {}} />,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Edit Catch' }));
  const fate = within(dialog.getByRole('group', { name: 'Kept or released' }));
  return {
    ...view,
    saveEdit,
    dialog,
    kept: fate.getByRole('button', { name: 'Kept' }),
    released: fate.getByRole('button', { name: 'Released' }),
    quantity: dialog.getByLabelText('Quantity') as HTMLInputElement,
  };
}

describe('editing a catch’s effort fields', () => {
  it('opens with the quantity and Released as saved and sends only the change to Kept', async () => {
    const { user, saveEdit, dialog, kept, released, quantity } = openEdit(
      testCatch({ id: 5, fishType: 'Perch', quantity: 12, released: true }),
    );
    expect(quantity.value).toBe('12');
    expect(released.getAttribute('aria-pressed')).toBe('true');
    expect(kept.getAttribute('aria-pressed')).toBe('false');

    await user.click(kept);
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saveEdit).toHaveBeenCalledTimes(1));
    expect(saveEdit.mock.calls[0]?.[1]).toEqual({ changes: { released: false } });
  });

  it('takes Kept / Released back to not said, and changes the quantity', async () => {
    const { user, saveEdit, dialog, kept, quantity } = openEdit(
      testCatch({ id: 6, fishType: 'Bluegill', quantity: 1, released: false }),
    );
    expect(kept.getAttribute('aria-pressed')).toBe('true');
    await user.click(kept);
    await user.clear(quantity);
    await user.type(quantity, '30');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saveEdit).toHaveBeenCalledTimes(1));
    expect(saveEdit.mock.calls[0]?.[1]).toEqual({ changes: { released: null, quantity: 30 } });
  });

  it('refuses a quantity of 0 at its field and saves nothing', async () => {
    const { user, saveEdit, dialog, quantity } = openEdit(
      testCatch({ id: 7, fishType: 'Perch', quantity: 3 }),
    );
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBe('true'));
    expect(messageUnder(quantity)).toBe('Quantity must be a whole number from 1 to 10000');
    expect(saveEdit).not.toHaveBeenCalled();
  });
});
