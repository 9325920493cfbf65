import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { outbox } from '@/offline/offline-runtime';
import { renderScreen } from '@/test-support/render';
import { LogCatchForm } from './log-catch-form.tsx';

/**
 * The Log form's effort fields (docs/decisions/043-trips-and-spots.md): Kept / Released, not chosen until the angler
 * says, and the quantity ("12 perch" is one entry), checked with the catch contract and refused at its field.
 */
const angler: User = {
  id: 43,
  username: 'perch_pat',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};

/** The message shown under a field (the field points at it with aria-describedby). */
function messageUnder(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

function fateButtons() {
  const group = within(screen.getByRole('group', { name: 'Kept or released' }));
  return {
    kept: group.getByRole('button', { name: 'Kept' }),
    released: group.getByRole('button', { name: 'Released' }),
  };
}

beforeEach(() => {
  // No network: the catch waits in the outbox, where the test reads what would be sent.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  queryClient.setQueryData(queryKeys.user, angler);
});

afterEach(async () => {
  for (const entry of await outbox.list(angler.id)) await outbox.remove(entry.clientId);
});

describe('the Log form’s effort fields', () => {
  it('starts with neither Kept nor Released chosen and one fish; a second press takes the answer back', async () => {
    const { user } = renderScreen(<LogCatchForm />);
    const { kept, released } = fateButtons();
    expect(kept.getAttribute('aria-pressed')).toBe('false');
    expect(released.getAttribute('aria-pressed')).toBe('false');
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('1');

    await user.click(released);
    expect(released.getAttribute('aria-pressed')).toBe('true');
    expect(kept.getAttribute('aria-pressed')).toBe('false');
    await user.click(kept);
    expect(kept.getAttribute('aria-pressed')).toBe('true');
    expect(released.getAttribute('aria-pressed')).toBe('false');
    await user.click(kept);
    expect(kept.getAttribute('aria-pressed')).toBe('false');
    expect(released.getAttribute('aria-pressed')).toBe('false');
  });

  it('saves 12 released perch as one entry, then starts the next catch unchosen with one fish', async () => {
    const { user } = renderScreen(<LogCatchForm />);
    await user.type(screen.getByRole('combobox', { name: /Fish Type/ }), 'Perch');
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.click(fateButtons().released);
    await user.click(screen.getByRole('button', { name: 'Log Catch' }));

    await screen.findByText('Catch Logged!');
    const [entry, ...more] = await outbox.list(angler.id);
    expect(more).toEqual([]);
    expect(entry?.kind === 'create' && entry.payload).toMatchObject({
      fishType: 'Perch',
      quantity: 12,
      released: true,
    });
    // The form waits under 'Catch Logged!' (hidden, not gone), reset for the next catch.
    await waitFor(() => expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('1'));
    for (const name of ['Kept', 'Released']) {
      expect(screen.getByRole('button', { name, hidden: true }).getAttribute('aria-pressed')).toBe('false');
    }
  });

  it('sends a catch not said as released null, and an emptied quantity as one fish', async () => {
    const { user } = renderScreen(<LogCatchForm />);
    await user.type(screen.getByRole('combobox', { name: /Fish Type/ }), 'Walleye');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.click(screen.getByRole('button', { name: 'Log Catch' }));

    await screen.findByText('Catch Logged!');
    const [entry] = await outbox.list(angler.id);
    expect(entry?.kind === 'create' && entry.payload).toMatchObject({ quantity: 1, released: null });
  });

  it.each([
    ['0', 'no fish'],
    ['2.5', 'part of a fish'],
    ['10001', 'more than an entry may hold'],
  ])(
    'refuses a quantity of %s (%s) at its field, with the contract’s message, and queues nothing',
    async (typed) => {
      const { user } = renderScreen(<LogCatchForm />);
      await user.type(screen.getByRole('combobox', { name: /Fish Type/ }), 'Perch');
      const quantity = screen.getByLabelText('Quantity');
      await user.clear(quantity);
      await user.type(quantity, typed);
      await user.click(screen.getByRole('button', { name: 'Log Catch' }));

      await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBe('true'));
      expect(messageUnder(quantity)).toBe('Quantity must be a whole number from 1 to 10000');
      expect(screen.queryByText('Catch Logged!')).toBeNull();
      expect(await outbox.list(angler.id)).toEqual([]);

      // Changing the field takes the message away.
      await user.type(quantity, '{backspace}');
      await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBeNull());
    },
  );
});
