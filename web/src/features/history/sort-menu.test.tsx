import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test-support/render';
import { SortMenu } from './sort-menu.tsx';

describe('the sort menu', () => {
  it('says the order in use on its button, its name keeping the word Sort', async () => {
    renderScreen(<SortMenu value="caught-oldest" onChange={vi.fn()} />);
    await screen.findAllByRole('menuitemradio');
    expect(screen.getByRole('button', { name: 'Sort: Caught, oldest', hidden: true })).toBeTruthy();
  });

  it('opens with every order, the current one checked, and reports the one chosen', async () => {
    const onChange = vi.fn();
    const { user } = renderScreen(<SortMenu value="newest" onChange={onChange} />);

    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      'Newest First',
      'Oldest First',
      'Heaviest First',
      'Lightest First',
      'Catch Date (newest)',
      'Catch Date (oldest)',
    ]);
    const checked = items.filter((item) => item.getAttribute('aria-checked') === 'true');
    expect(checked.map((item) => item.textContent)).toEqual(['Newest First']);

    await user.click(screen.getByRole('menuitemradio', { name: 'Heaviest First' }));
    expect(onChange).toHaveBeenCalledWith('heaviest');
    expect(screen.getByRole('button', { name: 'Sort: Newest' })).toBeTruthy();
  });
});
