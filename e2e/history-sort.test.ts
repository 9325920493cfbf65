import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { expectServerCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * History's sort by when a catch was caught (docs/product.md#search-and-sort): catchDate then timeOfDay, undated catches last
 * both ways, next to the four first orders; the choice is remembered across reloads like the active tab.
 */
const e2e = setupE2E();

/** Logged after the trip, in an order that is neither when they were caught nor its reverse. */
const TRIP = [
  { fishType: 'Dawn Perch', catchDate: '2025-06-02', timeOfDay: '06:15' },
  { fishType: 'Undated Carp', catchDate: null, timeOfDay: null },
  { fishType: 'Evening Pike', catchDate: '2025-06-01', timeOfDay: '18:40' },
  { fishType: 'Night Walleye', catchDate: '2025-06-02', timeOfDay: '21:05' },
];

/** The fish types of the history cards, top to bottom. */
function cardOrder(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Catches' })
    .getByRole('listitem')
    .getByRole('heading', { level: 3 })
    .allTextContents();
}

/** The sort button, whichever order it says it is in ('Sort: Newest'). */
const sortButton = (page: Page) => page.getByRole('button', { name: /^Sort: / });

async function chooseSort(page: Page, label: string): Promise<void> {
  await sortButton(page).click();
  await page.getByRole('menuitemradio', { name: label, exact: true }).click();
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

describe('sorting History by catch date', () => {
  it('offers the six orders, sorts by when the fish were caught and remembers the choice', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    for (const data of TRIP) {
      const response = await page.request.post('/api/catches', { data });
      expect(response.status(), await response.text()).toBe(201);
    }
    await expectServerCatches(page, TRIP.length);
    await page.getByRole('tab', { name: 'History' }).click();

    // By default, newest logged first (docs/product.md#search-and-sort).
    const loggedNewest = ['Night Walleye', 'Evening Pike', 'Undated Carp', 'Dawn Perch'];
    await expect.poll(() => cardOrder(page)).toEqual(loggedNewest);

    // The button says the order in use.
    await page.getByRole('button', { name: 'Sort: Newest', exact: true }).click();
    expect(await page.getByRole('menuitemradio').allTextContents()).toEqual([
      'Newest First',
      'Oldest First',
      'Heaviest First',
      'Lightest First',
      'Catch Date (newest)',
      'Catch Date (oldest)',
    ]);
    await saveScreenshot(page, 'history-sort-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    await chooseSort(page, 'Catch Date (newest)');
    const caughtNewest = ['Night Walleye', 'Dawn Perch', 'Evening Pike', 'Undated Carp'];
    await expect.poll(() => cardOrder(page)).toEqual(caughtNewest);

    // Remembered across a reload, like the active tab.
    await page.reload();
    await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();
    await expect.poll(() => cardOrder(page)).toEqual(caughtNewest);
    await page.getByRole('button', { name: 'Sort: Caught, newest', exact: true }).click();
    const checked = page.getByRole('menuitemradio', { name: 'Catch Date (newest)', exact: true });
    expect(await checked.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    await chooseSort(page, 'Catch Date (oldest)');
    await expect
      .poll(() => cardOrder(page))
      .toEqual(['Evening Pike', 'Dawn Perch', 'Night Walleye', 'Undated Carp']);
    // The search still filters the sorted list.
    await page.getByRole('searchbox', { name: 'Search catches' }).fill('ni');
    await expect.poll(() => cardOrder(page)).toEqual(['Evening Pike', 'Night Walleye']);

    // The four first orders are still there and still remembered.
    await page.getByRole('searchbox', { name: 'Search catches' }).fill('');
    await chooseSort(page, 'Oldest First');
    await expect.poll(() => cardOrder(page)).toEqual([...loggedNewest].reverse());
    await page.reload();
    await expect.poll(() => cardOrder(page)).toEqual([...loggedNewest].reverse());
    expect(await page.evaluate(() => localStorage.getItem('historySort'))).toBe('oldest');
    expectNoConsoleErrors();
  });
});
