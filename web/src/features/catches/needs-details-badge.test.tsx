import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { NeedsDetailsBadge } from './needs-details-badge.tsx';

/** 'Needs details' on a History card (docs/decisions/046-quick-capture.md) and its dismissal, kept on the phone. */
const quick = (id: number, sizes: Partial<Pick<Catch, 'weight' | 'length'>> = {}) =>
  ({ id, clientId: `client-${id}`, weight: null, length: null, ...sizes }) as Catch;

afterEach(() => localStorage.clear());

describe('NeedsDetailsBadge', () => {
  it('shows for a catch with neither weight nor length, and not once either is there', () => {
    const { rerender } = render(<NeedsDetailsBadge item={quick(1)} />);
    expect(screen.getByTestId('needs-details').textContent).toBe('Needs details');
    rerender(<NeedsDetailsBadge item={quick(1, { length: 14 })} />);
    expect(screen.queryByTestId('needs-details')).toBeNull();
  });

  it('goes when dismissed, for that catch only, and stays dismissed on this phone', async () => {
    render(
      <>
        <NeedsDetailsBadge item={quick(1)} />
        <NeedsDetailsBadge item={quick(2)} />
      </>,
    );
    const [first] = screen.getAllByRole('button', { name: 'Dismiss Needs details' });
    await userEvent.click(first as HTMLElement);
    expect(screen.getAllByTestId('needs-details')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('detailsDismissed') ?? '[]')).toEqual(['client-1']);
  });
});
