import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordsHeld } from '#core/catch-stats.ts';
import { testCatch } from '#core/test-catch.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { renderScreen } from '@/test-support/render';
import { CatchCard } from './catch-card.tsx';

/** A History card's effort (docs/decisions/043-trips-and-spots.md): '12 × Perch' and the 'Released' badge. */
const angler: User = {
  id: 45,
  username: 'card_cal',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};
const ignore = () => {};

function renderCard(fields: Parameters<typeof testCatch>[0], personalBest?: RecordsHeld) {
  queryClient.setQueryData(queryKeys.user, angler);
  const { unmount } = renderScreen(
    <CatchCard
      item={testCatch(fields)}
      personalBest={personalBest}
      onOpen={ignore}
      onEdit={ignore}
      onDelete={ignore}
    />,
  );
  return { card: screen.getByRole('article'), unmount };
}

describe('a catch card', () => {
  it("names an entry of 12 '12 × Perch' and badges it Released", () => {
    const { card } = renderCard({ fishType: 'Perch', quantity: 12, released: true });
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('12\u00a0× Perch');
    expect(within(card).getByTestId('released').textContent).toBe('Released');
  });

  it('names one fish by its species alone, and has no badge for a fish kept or not said', () => {
    for (const released of [false, null]) {
      const { card, unmount } = renderCard({ fishType: 'Walleye', quantity: 1, released });
      expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Walleye');
      expect(within(card).queryByTestId('released')).toBeNull();
      unmount();
    }
  });

  it('says which record a personal best holds: by weight, by length or both', () => {
    const held: Array<[RecordsHeld, string]> = [
      [{ heaviest: true, longest: false }, 'Personal best: heaviest'],
      [{ heaviest: false, longest: true }, 'Personal best: longest'],
      [{ heaviest: true, longest: true }, 'Personal best: heaviest, longest'],
    ];
    for (const [records, label] of held) {
      const { card, unmount } = renderCard({ fishType: 'Walleye', weight: 12896.4 }, records);
      expect(within(card).getByTestId('personal-best').textContent).toBe(label);
      // Figures are grouped (core/units.ts).
      within(card).getByText('12,896.4 lbs');
      unmount();
    }
    const { card } = renderCard({ fishType: 'Walleye' });
    expect(within(card).queryByTestId('personal-best')).toBeNull();
  });
});
