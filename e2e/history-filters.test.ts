import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/browser.ts';
import { waitForPersistedCache, waitForWorkerControl } from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import {
  expectServerCatches,
  LAYOUT_SHIFT_RECORDER_SCRIPT,
  layoutShiftSoFar,
  nextFrames,
  openHistoryFilters,
} from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * History's filters (docs/product.md#filters) in Chromium on a 390 px phone against the real server: one filter bar
 * above the list, the map and Stats, picked on the phone from the kept list, so offline too.
 */
const e2e = setupE2E();

/**
 * A spot, a trip and six catches: a pike in two names (one in the trip, one at the spot), two walleyes of two
 * years, a bluefin tuna over a thousand pounds and a bluegill; released, kept and not said.
 */
async function seedLog(page: Page): Promise<void> {
  const spot = await page.request.post('/api/spots', {
    data: { name: 'Weed Bay', latitude: 45.9, longitude: -89.7 },
  });
  expect(spot.status(), await spot.text()).toBe(201);
  const spotId = ((await spot.json()) as { id: number }).id;
  const trip = await page.request.post('/api/trips', {
    data: { startedAt: '2024-06-10T10:00:00.000Z', endedAt: '2024-06-10T16:00:00.000Z' },
  });
  expect(trip.status(), await trip.text()).toBe(201);
  const tripId = ((await trip.json()) as { id: number }).id;
  const catches = [
    { fishType: 'Pike', weight: 8.2, catchDate: '2024-06-10', tripId, baitUsed: 'Spoon', released: true },
    {
      fishType: 'Northern Pike',
      weight: 6.5,
      catchDate: '2023-09-05',
      spotId,
      baitUsed: 'Jig',
      released: false,
    },
    { fishType: 'Walleye', weight: 3.1, catchDate: '2024-05-01', baitUsed: 'Jig', released: true },
    { fishType: 'Walleye', weight: 2.4, catchDate: '2023-07-01' },
    { fishType: 'Bluefin Tuna', weight: 1250.5, catchDate: '2024-08-01' },
    { fishType: 'Bluegill', catchDate: '2022-04-20', released: false },
  ];
  for (const data of catches) {
    const response = await page.request.post('/api/catches', { data });
    expect(response.status(), await response.text()).toBe(201);
  }
  await expectServerCatches(page, catches.length);
}

/** The fish types of the list's cards, top to bottom (newest saved first). */
function cardNames(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Catches' })
    .getByRole('listitem')
    .getByRole('heading', { level: 3 })
    .allTextContents();
}

const shownCount = async (page: Page) =>
  ((await page.getByTestId('filter-count').textContent()) ?? '').trim();

/** Whether the page scrolls sideways (it must not on a phone). */
const scrollsSideways = async (page: Page) =>
  (await page.evaluate<number>('document.documentElement.scrollWidth')) >
  (await page.evaluate<number>('document.documentElement.clientWidth'));

/** The filter bar's controls less than 44 px tall. */
async function smallTargets(page: Page): Promise<string[]> {
  const controls = page
    .locator('select, input[type="date"]')
    .or(page.getByRole('button', { name: /^(Filters|Remove filter|Clear filters)/ }));
  const small: string[] = [];
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    if (box && box.height < 44)
      small.push(`${await control.evaluate((element) => element.outerHTML.slice(0, 60))}: ${box.height}`);
  }
  return small;
}

describe('filtering History', () => {
  it('filters the list, the map and Stats by species (both names), a year and released, as removable chips', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    await seedLog(page);
    await page.reload();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => shownCount(page)).toBe('6 catches');
    // Figures are grouped.
    await page.getByRole('list', { name: 'Catches' }).getByText('1,250.5 lbs', { exact: true }).waitFor();

    // Species: 'Pike' and 'Northern Pike' are one species, each card keeping its name.
    await openHistoryFilters(page);
    expect(await page.getByLabel('Species', { exact: true }).locator('option').allTextContents()).toEqual([
      'Any species',
      'Northern Pike',
      'Walleye',
      'Bluefin Tuna',
      'Bluegill',
    ]);
    await page.getByLabel('Species', { exact: true }).selectOption('Northern Pike');
    await expect.poll(() => cardNames(page)).toEqual(['Northern Pike', 'Pike']);
    expect(await shownCount(page)).toBe('2 catches');
    const chips = page.getByRole('list', { name: 'Active filters' });
    await chips.getByRole('button', { name: 'Remove filter: Northern Pike' }).waitFor();
    expect(await smallTargets(page)).toEqual([]);
    // The settled layout must fit: one CI run under load read it wider for a moment, right after the chip came.
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'history-filters-species');

    // The chip removes its filter.
    await chips.getByRole('button', { name: 'Remove filter: Northern Pike' }).click();
    await expect.poll(() => shownCount(page)).toBe('6 catches');

    // A year, then released fish of it.
    await page.getByLabel('When', { exact: true }).selectOption('2024');
    await expect.poll(() => cardNames(page)).toEqual(['Bluefin Tuna', 'Walleye', 'Pike']);
    await page.getByLabel('Released or kept', { exact: true }).selectOption('released');
    await expect.poll(() => cardNames(page)).toEqual(['Walleye', 'Pike']);
    expect(await chips.getByRole('button').allTextContents()).toEqual(['2024', 'Released', 'Clear filters']);

    // Stats follow the filters: two fish, their months only.
    await page.getByRole('tab', { name: 'Stats' }).click();
    await page.getByRole('heading', { name: 'Your Stats' }).waitFor();
    await expect
      .poll(async () => (await page.getByTestId('stats-total-catches').textContent())?.trim())
      .toBe('2');
    // The total and the month table are separate renders: each is waited for, not read once.
    await expect
      .poll(() =>
        page.getByRole('table', { name: 'Catches per month' }).locator('tbody tr').allTextContents(),
      )
      .toEqual(['May 20241', 'June 20241']);
    await expect.poll(() => shownCount(page)).toBe('2 catches');
    await expectNoAxeViolations(page);

    // The map shows the same catches, the filters still set.
    await page.getByRole('tab', { name: 'Map' }).click();
    await page.getByRole('heading', { name: 'Catch Map' }).waitFor();
    await expect.poll(() => shownCount(page)).toBe('2 catches');
    expect(await chips.getByRole('button').allTextContents()).toEqual(['2024', 'Released', 'Clear filters']);

    // Kept fish at the spot: the Northern Pike caught there.
    await page.getByRole('tab', { name: 'List' }).click();
    await chips.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => shownCount(page)).toBe('6 catches');
    await openHistoryFilters(page);
    await page.getByLabel('Spot', { exact: true }).selectOption({ label: 'Weed Bay' });
    await expect.poll(() => cardNames(page)).toEqual(['Northern Pike']);
    expectNoConsoleErrors();
  });

  it('keeps its room while the catches load, so Insights under it does not jump when they come', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    await seedLog(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/catches', async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.fallback();
    });
    await page.addInitScript(LAYOUT_SHIFT_RECORDER_SCRIPT);
    await page.addInitScript("localStorage.setItem('activeTab', 'history')");
    await page.goto('/logs/insights');
    await page.getByRole('heading', { name: 'Insights', exact: true }).waitFor();
    await nextFrames(page);
    const shiftBefore = await layoutShiftSoFar(page);

    release();
    await expect.poll(() => shownCount(page)).toBe('6 catches');
    await nextFrames(page);
    // Before the bar kept its room, the heading and all under it moved down 60 px (a 0.05 shift).
    expect((await layoutShiftSoFar(page)) - shiftBefore).toBeLessThan(0.005);
    expectNoConsoleErrors();
  });

  it('filters offline from the kept list', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    await seedLog(page);
    await page.reload();
    await page.getByRole('form', { name: 'Log a catch' }).waitFor();
    await waitForWorkerControl(page);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => shownCount(page)).toBe('6 catches');
    await waitForPersistedCache(page, 'Bluefin Tuna');

    await context.setOffline(true);
    await page.reload();
    await page.getByText("You're offline", { exact: true }).waitFor();
    await expect.poll(() => shownCount(page)).toBe('6 catches');
    await openHistoryFilters(page);
    await page.getByLabel('Species', { exact: true }).selectOption('Northern Pike');
    await expect.poll(() => cardNames(page)).toEqual(['Northern Pike', 'Pike']);
    await page.getByLabel('When', { exact: true }).selectOption('2023');
    await expect.poll(() => cardNames(page)).toEqual(['Northern Pike']);
    await page.getByRole('tab', { name: 'Stats' }).click();
    await expect
      .poll(async () => (await page.getByTestId('stats-total-catches').textContent())?.trim())
      .toBe('1');
    // Offline, the Log tab's place-name lookup fails quietly (as in offline-sessions.test.ts).
    expectNoConsoleErrors([{ status: 'network', path: '/api/reverse-geocode' }]);
  });

  it('fits a 390 px phone with text at 200 %', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    const session = await context.newCDPSession(page);
    await session.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await registerViaApi(page);
    await page.goto('/');
    await seedLog(page);
    await page.reload();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(async () => (await cardNames(page)).length).toBeGreaterThan(0);
    await openHistoryFilters(page);
    await page.getByLabel('When', { exact: true }).selectOption('season');
    await page.getByLabel('Species', { exact: true }).selectOption('Walleye');
    await page.getByLabel('Released or kept', { exact: true }).selectOption('unsaid');
    await page.getByRole('button', { name: 'Remove filter: Walleye' }).waitFor();
    // The settled layout must fit: one CI run under load read it wider for a moment, right after the chip came.
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    expect(await smallTargets(page)).toEqual([]);
    await saveScreenshot(page, 'history-filters-large-text');
    expectNoConsoleErrors();
  });
});
