import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testCatch } from '#core/test-catch.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { renderScreen } from '@/test-support/render';
import { ShareCatchButton } from './share-catch-button.tsx';

// happy-dom has no canvas: the card is a stand-in JPEG here (e2e/share-card.test.ts draws the real one).
const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
const drawShareCard = vi.hoisted(() => vi.fn(async () => new Blob([])));
vi.mock('./share-card-image.ts', () => ({ loadCardPhoto: async () => null, drawShareCard }));

const angler: User = {
  id: 47,
  username: 'share_sam',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'metric',
};

const walleye = testCatch({
  fishType: 'Walleye',
  weight: 4.5,
  locationName: 'Woodruff, Wisconsin, US',
  latitude: 45.896512,
  longitude: -89.690321,
  catchDate: '2026-05-01',
});

async function openShare(item = walleye) {
  queryClient.setQueryData(queryKeys.user, angler);
  const view = renderScreen(<ShareCatchButton item={item} />);
  await view.user.click(screen.getByRole('button', { name: 'Share' }));
  const dialog = await screen.findByRole('dialog', { name: 'Share catch' });
  return { ...view, dialog };
}

const preview = (dialog: HTMLElement) => within(dialog).findByTestId('share-card-preview');

beforeEach(() => {
  drawShareCard.mockImplementation(async () => jpeg());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the share dialog', () => {
  it('hides the place by default, and shows the region only when chosen', async () => {
    const { user, dialog } = await openShare();
    const hidden = within(dialog).getByRole('radio', { name: /Hidden/ });
    expect(hidden).toHaveProperty('checked', true);
    expect((await preview(dialog)).getAttribute('alt')).toBe('Card: Walleye, 2.0 kg, May 1, 2026');
    expect(dialog.textContent).not.toMatch(/45\.8|89\.6/);

    await user.click(within(dialog).getByRole('radio', { name: /Region/ }));
    await waitFor(async () =>
      expect((await preview(dialog)).getAttribute('alt')).toBe(
        'Card: Walleye, 2.0 kg, May 1, 2026, Wisconsin, United States',
      ),
    );
    await user.click(within(dialog).getByRole('radio', { name: /Place name/ }));
    await waitFor(async () =>
      expect((await preview(dialog)).getAttribute('alt')).toContain('Woodruff, Wisconsin, US'),
    );
  });

  it('offers no choice it has nothing for', async () => {
    const { dialog } = await openShare(testCatch({ fishType: 'Perch', locationName: 'Grandpa’s pond' }));
    expect(within(dialog).getByRole('radio', { name: /Region/ })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('radio', { name: /Place name/ })).toHaveProperty('disabled', false);
    // No conditions worked out: no conditions toggle.
    expect(within(dialog).queryByRole('checkbox', { name: 'Conditions line' })).toBeNull();
  });

  it('saves the image where the browser has no share sheet', async () => {
    const { dialog } = await openShare();
    await preview(dialog);
    expect(within(dialog).queryByRole('button', { name: 'Share' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save image' })).toHaveProperty('disabled', false);
  });

  it('hands on nothing while the card of a new choice is being drawn', async () => {
    const { user, dialog } = await openShare();
    await preview(dialog);
    const save = within(dialog).getByRole('button', { name: 'Save image' });
    expect(save).toHaveProperty('disabled', false);
    let drawn: (card: Blob) => void = () => {};
    drawShareCard.mockImplementation(() => new Promise<Blob>((resolve) => (drawn = resolve)));
    await user.click(within(dialog).getByRole('radio', { name: /Place name/ }));
    // The card still on screen shows no place: saving it now would not be what was chosen.
    expect(save).toHaveProperty('disabled', true);
    drawn(jpeg());
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
  });

  it('hands the card to the share sheet where it takes files', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    vi.stubGlobal('navigator', { ...navigator, share, canShare: () => true });
    const { user, dialog } = await openShare();
    await preview(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledTimes(1);
    const file = share.mock.calls[0]?.[0].files?.[0];
    expect(file?.name).toBe('tightlines-walleye-2026-05-01.jpg');
    expect(file?.type).toBe('image/jpeg');
  });
});
