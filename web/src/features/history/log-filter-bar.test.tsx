import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test-support/render';
import { type LogFilter, NO_FILTER } from './log-filter.ts';
import { type FilterChoices, LogFilterBar } from './log-filter-bar.tsx';

const choices: FilterChoices = {
  species: ['Northern Pike', 'Walleye'],
  years: [2025, 2024],
  spots: [{ id: 3, label: 'Weed Bay' }],
  trips: [{ id: 9, label: 'Trip Jun 1, 2024, 6:00 AM' }],
  baits: ['Jig'],
  hemisphere: 'south',
};

/**
 * The bar with its own filter state, as History holds it; reports each filter it is given to `seen`, and counts how
 * often the choices were asked for in `asked`.
 */
function Harness({ seen, asked }: { seen: LogFilter[]; asked: { count: number } }) {
  const [filter, setFilter] = useState(NO_FILTER);
  return (
    <LogFilterBar
      filter={filter}
      onChange={(next) => {
        seen.push(next);
        setFilter(next);
      }}
      getChoices={() => {
        asked.count++;
        return choices;
      }}
      shownCount={1234}
    />
  );
}

function renderBar() {
  const seen: LogFilter[] = [];
  const asked = { count: 0 };
  return { ...renderScreen(<Harness seen={seen} asked={asked} />), seen, asked };
}

describe('the filter bar', () => {
  it('says how many catches are shown, grouped, and has no chips while nothing is filtered', () => {
    renderBar();
    expect(screen.getByTestId('filter-count').textContent).toBe('1,234 catches');
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('asks for the choices (a pass over the whole log) only once its panel opens', async () => {
    const { user, asked } = renderBar();
    expect(asked.count).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(asked.count).toBeGreaterThan(0);
    expect(
      Array.from(screen.getByLabelText('Species').querySelectorAll('option')).map(
        (option) => option.textContent,
      ),
    ).toEqual(['Any species', 'Northern Pike', 'Walleye']);
  });

  it('sets filters from the choices, shows each as a chip that removes it, and clears them all', async () => {
    const { user, seen } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('Species'), 'Northern Pike');
    await user.selectOptions(screen.getByLabelText('When'), '2024');
    await user.selectOptions(screen.getByLabelText('Released or kept'), 'released');
    await user.selectOptions(screen.getByLabelText('Spot'), '3');
    expect(seen.at(-1)).toEqual({
      ...NO_FILTER,
      species: 'Northern Pike',
      period: { kind: 'year', year: 2024 },
      released: 'released',
      spotId: 3,
    });
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual([
      'Remove filter: Northern Pike',
      'Remove filter: 2024',
      'Remove filter: Weed Bay',
      'Remove filter: Released',
      'Clear filters',
    ]);
    expect(screen.getByRole('button', { name: 'Filters (4)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove filter: 2024' }));
    expect(seen.at(-1)?.period).toEqual({ kind: 'all' });
    expect(seen.at(-1)?.species).toBe('Northern Pike');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(seen.at(-1)).toEqual(NO_FILTER);
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });

  it("offers seasons in the angler's hemisphere and says which, and custom days", async () => {
    const { user, seen } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('When'), 'season');
    await user.selectOptions(screen.getByLabelText('Season'), 'winter');
    expect(seen.at(-1)?.period).toEqual({
      kind: 'season',
      season: 'winter',
      year: 2025,
      hemisphere: 'south',
    });
    screen.getByText(/Seasons of the southern hemisphere/);
    screen.getByRole('button', { name: 'Remove filter: Winter 2025' });

    await user.selectOptions(screen.getByLabelText('When'), 'custom');
    await user.type(screen.getByLabelText('From'), '2024-06-01');
    expect(seen.at(-1)?.period).toEqual({ kind: 'custom', from: '2024-06-01', to: null });
    screen.getByRole('button', { name: 'Remove filter: From Jun 1, 2024' });
  });
});
