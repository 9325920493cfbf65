import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { waitForPersistedCache, waitForWorkerControl } from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import { browserToday, expectServerCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * History's Stats view and the 'Personal best' badges (docs/product.md#stats) in Chromium against the real server:
 * totals, each species' best catches, catches per month and top baits and places, computed on the phone from
 * the list History keeps, so also offline.
 */
const e2e = setupE2E();

/** The first of the month `monthsAgo` months before the browser's today, as a catch date (yyyy-MM-dd). */
function monthsBefore(todayIso: string, monthsAgo: number): { iso: string; label: string } {
  const [year, month] = todayIso.split('-').map(Number);
  const date = new Date(year ?? 2000, (month ?? 1) - 1 - monthsAgo, 15);
  const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-15`;
  return { iso, label: date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' }) };
}

/**
 * Six catches: three largemouth bass in two spellings (the heaviest and the longest are different catches),
 * two walleyes of equal weight (the earlier keeps the record), and a bluegill without measurements or a date.
 */
async function seedLog(page: Page): Promise<{ months: ReturnType<typeof monthsBefore>[] }> {
  const today = await browserToday(page);
  const months = [0, 2, 3, 5].map((ago) => monthsBefore(today.iso, ago));
  const [thisMonth, twoAgo, threeAgo, fiveAgo] = months;
  const catches = [
    {
      fishType: 'Largemouth Bass',
      weight: 5.2,
      length: 20,
      catchDate: today.iso,
      baitUsed: 'Plastic Worm',
      locationName: 'Lake Geneva',
    },
    {
      fishType: 'largemouth bass',
      weight: 6.8,
      length: 19,
      catchDate: twoAgo?.iso,
      baitUsed: 'plastic worm',
      locationName: 'Lake Geneva',
    },
    {
      fishType: 'Largemouth Bass',
      weight: 3.1,
      length: 22,
      catchDate: twoAgo?.iso,
      baitUsed: 'Plastic Worm',
      locationName: 'Lake Geneva',
    },
    { fishType: 'Walleye', weight: 4, catchDate: fiveAgo?.iso, baitUsed: 'Jig', locationName: 'Mille Lacs' },
    { fishType: 'Walleye', weight: 4, catchDate: threeAgo?.iso, baitUsed: 'Jig', locationName: 'Leech Lake' },
    { fishType: 'Bluegill', catchDate: null, locationName: 'Unknown Location' },
  ];
  for (const data of catches) {
    const response = await page.request.post('/api/catches', { data });
    expect(response.status(), await response.text()).toBe(201);
  }
  await expectServerCatches(page, catches.length);
  expect(thisMonth).toBeDefined();
  return { months };
}

/** The parts of a table row the test reads (e2e/ is type-checked with Node's types, not the DOM's). */
interface RowLike {
  children: ArrayLike<{ textContent: string | null }>;
}

/** A table's body rows, each as its cells' texts joined by ' | '. */
function tableRows(table: Locator): Promise<string[]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from((row as unknown as RowLike).children, (cell) => (cell.textContent ?? '').trim()).join(
          ' | ',
        ),
      ),
    );
}

const historyCard = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Catches' }).getByRole('listitem').filter({ hasText: text });

async function openStats(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('tab', { name: 'Stats' }).click();
  await page.getByRole('heading', { name: 'Your Stats' }).waitFor();
}

/** The Stats view's figures for the seeded log. */
async function expectSeededStats(page: Page, months: ReturnType<typeof monthsBefore>[]): Promise<void> {
  const text = async (testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();
  expect(await text('stats-total-catches')).toBe('6');
  expect(await text('stats-total-species')).toBe('3');
  expect(await text('stats-total-weight')).toBe('23.1 lbs');
  await page
    .getByTestId('stats-heaviest')
    .getByRole('button', { name: 'Heaviest catch: 6.8 lbs Largemouth Bass' })
    .waitFor();

  // Each species once, in its most common spelling, most caught first, with its records.
  const species = page.getByRole('table', { name: 'Each species with its heaviest and longest catch' });
  expect(await tableRows(species)).toEqual([
    'Largemouth Bass | 3 | 6.8 lbs | 22.0 in',
    'Walleye | 2 | 4.0 lbs | —',
    'Bluegill | 1 | — | —',
  ]);

  // Catches per month: the last twelve months, months without a catch as 0.
  const chart = page.getByRole('table', { name: 'Catches per month' });
  const monthRows = await tableRows(chart);
  expect(monthRows).toHaveLength(12);
  const [thisMonth, twoAgo, threeAgo, fiveAgo] = months;
  const expected = new Map([
    [thisMonth?.label, 2],
    [twoAgo?.label, 2],
    [threeAgo?.label, 1],
    [fiveAgo?.label, 1],
  ]);
  expect(monthRows.at(-1)).toBe(`${thisMonth?.label} | 2`);
  for (const row of monthRows) {
    const [label] = row.split(' | ');
    expect(row).toBe(`${label} | ${expected.get(label) ?? 0}`);
  }

  expect(await page.getByRole('list', { name: 'Top baits' }).getByRole('listitem').allTextContents()).toEqual(
    ['1Plastic Worm3 catches', '2Jig2 catches'],
  );
  expect(
    await page.getByRole('list', { name: 'Top places' }).getByRole('listitem').allTextContents(),
  ).toEqual(['1Lake Geneva3 catches', '2Leech Lake1 catch', '3Mille Lacs1 catch']);
}

describe('stats and personal bests', () => {
  it('shows totals, each species’ records, catches per month, top baits and places, and badges the records in the list', async (test) => {
    const { page, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    const { months } = await seedLog(page);
    await page.reload();

    // The list: a 'Personal best' badge on the heaviest and the longest bass and on the first walleye.
    await page.getByRole('tab', { name: 'History' }).click();
    await historyCard(page, 'Bluegill').waitFor();
    const badged = async (text: string) => historyCard(page, text).getByTestId('personal-best').count();
    await expect.poll(() => badged('6.8 lbs')).toBe(1);
    expect(await badged('3.1 lbs')).toBe(1);
    expect(await badged('5.2 lbs')).toBe(0);
    expect(await badged('Mille Lacs')).toBe(1);
    expect(await badged('Leech Lake')).toBe(0);
    expect(await badged('Bluegill')).toBe(0);
    await historyCard(page, '6.8 lbs').getByText('Personal best: heaviest', { exact: true }).waitFor();

    // The Stats view, its own chunk.
    const statsChunk = page.waitForResponse((response) =>
      /\/assets\/catch-stats-view-[\w-]+\.js$/.test(response.url()),
    );
    await openStats(page);
    await statsChunk;
    await expectSeededStats(page, months);

    // A record opens its catch's details; closing gives focus back to it.
    const record = page.getByRole('button', { name: 'Longest Largemouth Bass: 22.0 in' });
    await record.click();
    const dialog = page.getByRole('dialog', { name: 'Largemouth Bass' });
    await dialog.getByText('22.0 in').first().waitFor();
    await dialog.getByText('3.1 lbs').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await record.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);

    // Back to the list, search kept working.
    await page.getByRole('tab', { name: 'List' }).click();
    await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();
    expect(blockedRequests).toEqual([]);
    expectNoConsoleErrors();
  });

  it('a first visit of /logs/stats asks for its figures with the page, once, and shows them', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const { months } = await seedLog(page);
    // The page's answer names GET /api/stats as a preload for a visitor with a session cookie
    // (server/http/route-preloads.ts): the browser asks with the page's scripts, and the app's own request takes
    // that answer instead of asking again ('other' is the preload, 'fetch' would be the app asking itself).
    const statsRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/stats') statsRequests.push(request.resourceType());
    });
    await page.goto('/logs/stats');
    await page.getByRole('heading', { name: 'Your Stats' }).waitFor();
    await expectSeededStats(page, months);
    expect(statsRequests).toEqual(['other']);
    expectNoConsoleErrors();
  });

  it('names every record button with the text it shows, so axe finds nothing on Stats', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    await seedLog(page);
    await page.reload();
    await openStats(page);
    await page.getByTestId('stats-heaviest').getByRole('button').waitFor();
    // Speech input users say what they see: the name must contain the visible label (label-content-name-mismatch).
    await expectNoAxeViolations(page);
    expectNoConsoleErrors();
  });

  it('says there is nothing yet for an empty log', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    await openStats(page);
    await page.getByText('No catches yet', { exact: true }).waitFor();
    expectNoConsoleErrors();
  });

  it('works offline from the kept list, and the Sun & Moon card with it', async (test) => {
    const { page, context, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    const { months } = await seedLog(page);
    await page.reload();
    await page.getByRole('form', { name: 'Log a catch' }).waitFor();
    await waitForWorkerControl(page);
    await page.getByRole('tab', { name: 'History' }).click();
    await historyCard(page, 'Bluegill').waitFor();
    await waitForPersistedCache(page, 'Mille Lacs');

    await context.setOffline(true);
    await page.reload();
    await page.getByText("You're offline", { exact: true }).waitFor();
    await historyCard(page, 'Bluegill').waitFor();
    await expect.poll(() => historyCard(page, '6.8 lbs').getByTestId('personal-best').count()).toBe(1);
    await openStats(page);
    await expectSeededStats(page, months);
    await page.getByRole('button', { name: 'Heaviest Walleye: 4.0 lbs' }).click();
    await page.getByRole('dialog', { name: 'Walleye' }).getByText('Mille Lacs').first().waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Tools' }).click();
    const sky = page.getByRole('region', { name: 'Sun & Moon', exact: true });
    await sky.getByTestId('sun-rise').waitFor();
    expect(await sky.getByTestId('sun-rise').textContent()).toMatch(/^\d{1,2}:\d{2}\s?(AM|PM)$|^None today$/);
    expect(blockedRequests).toEqual([]);
    // Offline, the Log tab's place-name lookup fails quietly (as in offline-sessions.test.ts).
    expectNoConsoleErrors([{ status: 'network', path: '/api/reverse-geocode' }]);
  });
});
