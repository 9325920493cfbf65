import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catch } from '#core/catch.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { outbox } from '@/offline/offline-runtime';
import { renderScreen } from '@/test-support/render';
import { LogCatchForm } from './log-catch-form.tsx';

/**
 * The Quick catch and the 'Use last' chips (docs/decisions/046-quick-capture.md): the Log form's own state, save
 * and outbox in three steps; the last species offered first; the chips fill only when tapped.
 */
const angler: User = {
  id: 46,
  username: 'wet_hands',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};

/** A kept catch, as History's list holds it. */
function kept(id: number, fishType: string, caughtAt: string, gear: Partial<Catch> = {}): Catch {
  return {
    id,
    clientId: null,
    fishType,
    caughtAt,
    createdAt: caughtAt,
    weight: 2,
    length: null,
    baitUsed: null,
    lineSize: null,
    spotId: null,
    ...gear,
  } as Catch;
}

beforeEach(() => {
  // No network: the catch waits in the outbox, where the test reads what would be sent.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  queryClient.setQueryData(queryKeys.user, angler);
  queryClient.setQueryData(queryKeys.spots, []);
  queryClient.setQueryData(queryKeys.catches, [
    kept(1, 'Perch', '2026-11-01T10:00:00.000Z', { baitUsed: 'Worm' }),
    kept(2, 'Perch', '2026-11-02T10:00:00.000Z'),
    kept(3, 'Walleye', '2026-11-20T06:00:00.000Z', { baitUsed: 'Jig & minnow', lineSize: '8 lb' }),
  ]);
});

afterEach(async () => {
  queryClient.removeQueries({ queryKey: queryKeys.catches });
  for (const entry of await outbox.list(angler.id)) await outbox.remove(entry.clientId);
});

describe('the Quick catch', () => {
  it('skips the photo, offers the last species first, and saves through the outbox as the Log form does', async () => {
    const { user } = renderScreen(<LogCatchForm />);
    await user.click(screen.getByRole('button', { name: 'Quick catch' }));
    // The steps' code and the photo control load after the form's first paint: on a first render, a moment later.
    const steps = within(await screen.findByRole('form', { name: 'Quick catch' }));
    // The photo first: the Log form's own control, or skip it.
    await steps.findByRole('button', { name: 'Take photo' });
    expect(screen.queryByRole('form', { name: 'Log a catch' })).toBeNull();
    await user.click(steps.getByRole('button', { name: 'Skip photo' }));

    const fishType = steps.getByRole('combobox', { name: /Fish Type/ });
    await waitFor(() => expect(document.activeElement).toBe(fishType));
    // Perch was caught more often; Walleye was the last.
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Walleye', 'Perch']);
    await user.click(options[0] as HTMLElement);
    await user.click(steps.getByRole('button', { name: 'Save' }));

    await screen.findByText('Catch Logged!');
    const [entry, ...more] = await outbox.list(angler.id);
    expect(more).toEqual([]);
    expect(entry?.kind === 'create' && entry.payload).toMatchObject({
      fishType: 'Walleye',
      weight: null,
      length: null,
      photo: null,
      quantity: 1,
    });
    // Back to the whole form for the next catch.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Quick catch', hidden: true })).toBeNull());
  });

  it('refuses a blank species at its field, as the Log form does, and queues nothing', async () => {
    const { user } = renderScreen(<LogCatchForm />);
    await user.click(screen.getByRole('button', { name: 'Quick catch' }));
    const steps = within(await screen.findByRole('form', { name: 'Quick catch' }));
    await user.click(steps.getByRole('button', { name: 'Skip photo' }));
    await user.click(steps.getByRole('button', { name: 'Save' }));
    const fishType = steps.getByRole('combobox', { name: /Fish Type/ });
    await waitFor(() => expect(fishType.getAttribute('aria-invalid')).toBe('true'));
    expect(await outbox.list(angler.id)).toEqual([]);
  });

  it('goes back to the whole form on Cancel, keeping what was typed', async () => {
    const { user } = renderScreen(<LogCatchForm />);
    await user.click(screen.getByRole('button', { name: 'Quick catch' }));
    const steps = within(await screen.findByRole('form', { name: 'Quick catch' }));
    await user.click(steps.getByRole('button', { name: 'Skip photo' }));
    await user.type(steps.getByRole('combobox', { name: /Fish Type/ }), 'Pike');
    await user.click(steps.getByRole('button', { name: 'Cancel' }));
    const form = within(screen.getByRole('form', { name: 'Log a catch' }));
    expect((form.getByRole('combobox', { name: /Fish Type/ }) as HTMLInputElement).value).toBe('Pike');
  });
});

describe("the Log form's 'Use last' chips", () => {
  it("offers the species' last bait and line, and fills a field only when its chip is tapped", async () => {
    const { user } = renderScreen(<LogCatchForm />);
    const bait = screen.getByLabelText('Bait Used') as HTMLInputElement;
    const line = screen.getByLabelText('Line Size') as HTMLInputElement;
    // No species yet: the last catch of any species that has them.
    await screen.findByRole('button', { name: 'Use last: Jig & minnow' });

    await user.type(screen.getByRole('combobox', { name: /Fish Type/ }), 'Perch');
    const perchBait = await screen.findByRole('button', { name: 'Use last: Worm' });
    expect(perchBait.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(perchBait.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Bait',
    );
    // Perch has no line of its own: the last line of any species.
    screen.getByRole('button', { name: 'Use last: 8 lb' });
    expect(bait.value).toBe('');
    expect(line.value).toBe('');

    await user.click(perchBait);
    expect(bait.value).toBe('Worm');
    expect(line.value).toBe('');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Use last: Worm' })).toBeNull());
  });
});
