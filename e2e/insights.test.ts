import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EffortMinutes } from '#core/insights.ts';
import type { Trip } from '#core/trips.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { launchBrowser, openTestPage, saveScreenshot } from './support/browser.ts';
import { waitForPersistedCatches, waitForWorkerControl } from './support/device-storage.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { openHistoryFilters } from './support/ui.ts';
import { registerViaUi } from './support/users.ts';

/**
 * History's Insights view (docs/decisions/044-insights.md) in Chromium on a 390 px phone against the real server:
 * trips and catches made through the API, the plain sentence of a clear effect, its numbers a tap away, a species
 * chosen, and the same figures offline from the kept lists.
 *
 * A trip's effort (its minutes in each bucket) is worked out by a server job once the trip has ended; the test
 * does not wait for a job (nor for a weather provider): it writes the effort into the server's SQLite file, as
 * the job would, the way the job's own tests see its result. The harness (support/harness.ts) does not hand out
 * the server's DATA_DIR, so this file starts its server and browser itself.
 */
let server: RunningServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  try {
    await browser?.close();
  } finally {
    await server?.stop();
  }
});

afterEach(() => {
  const errors = server?.takeErrorLogs() ?? [];
  if (errors.length > 0) throw new Error(`The server logged errors during the test:\n${errors.join('\n')}`);
});

/** Four 8-hour afternoons, noon to 8 pm on the phone's (Chicago's) clock: half of each from 4 to 8 pm. */
const TRIP_DAYS = ['2026-06-06', '2026-06-13', '2026-06-20', '2026-06-27'];
const EFFORT: EffortMinutes = { timeOfDay: { '12-16': 240, '16-20': 240 } };

async function post(page: Page, url: string, data: object): Promise<{ id: number }> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/**
 * Per trip, 6 walleye from 4 to 8 pm, 1 walleye and 1 perch before: over 32 hours, walleye 1.5 an hour from 4 to
 * 8 pm against 0.25 the rest, all fish 1.5 against 0.5. Then the effort the server's job would work out.
 */
async function seedTrips(page: Page, dataDir: string): Promise<void> {
  const tripIds: number[] = [];
  for (const day of TRIP_DAYS) {
    // Chicago keeps UTC−5 in June.
    const trip = await post(page, '/api/trips', {
      startedAt: `${day}T12:00:00-05:00`,
      endedAt: `${day}T20:00:00-05:00`,
    });
    tripIds.push(trip.id);
    const timeZone = 'America/Chicago';
    const common = { catchDate: day, tripId: trip.id, timeZone };
    await post(page, '/api/catches', { ...common, fishType: 'Walleye', quantity: 6, timeOfDay: '17:15' });
    await post(page, '/api/catches', { ...common, fishType: 'Walleye', quantity: 1, timeOfDay: '13:30' });
    await post(page, '/api/catches', {
      ...common,
      fishType: 'Yellow Perch',
      quantity: 1,
      timeOfDay: '13:45',
    });
  }
  const database = new DatabaseSync(path.join(dataDir, 'tightlines.db'));
  try {
    const update = database.prepare("UPDATE trips SET effort = ?, effort_status = 'done' WHERE id = ?");
    for (const id of tripIds) update.run(JSON.stringify(EFFORT), id);
  } finally {
    database.close();
  }
  const response = await page.request.get('/api/trips');
  const trips = (await response.json()) as Trip[];
  expect(trips.map((trip) => trip.effort)).toEqual(TRIP_DAYS.map(() => EFFORT));
}

const ALL_FISH = 'All fish: 1.5 per hour at 4–8 pm against 0.5 the rest of the time, over 32 hours';
const WALLEYE = 'Walleye: 1.5 per hour at 4–8 pm against 0.25 the rest of the time, over 32 hours';

/** The first clear effect's sentence once it says `text`. */
async function expectFirstEffect(page: Page, text: string): Promise<void> {
  const first = page.getByTestId('insights-clear').getByRole('listitem').first();
  await expect.poll(() => first.textContent(), { timeout: 10_000 }).toContain(text);
}

/** Nothing wider than the phone, and every button and select at least 44 px high. */
async function expectPhoneFit(page: Page): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(390);
  const view = page.getByRole('region', { name: 'Insights' });
  for (const control of await view.locator('button:visible, select:visible').all()) {
    const box = await control.boundingBox();
    expect(box?.height, (await control.textContent()) ?? '').toBeGreaterThanOrEqual(44);
  }
}

describe('insights', () => {
  it('tells a clear effect in plain words with its numbers a tap away, for a species too, and offline', async (test) => {
    if (!server || !browser) throw new Error('the e2e server or browser is not running');
    const { page, context, blockedRequests, expectNoConsoleErrors } = await openTestPage(
      browser,
      server.baseUrl,
      test,
    );
    await registerViaUi(page);
    await seedTrips(page, server.dataDir);
    await page.reload();
    await waitForWorkerControl(page);

    // The view's code is a chunk of its own, fetched when the view opens.
    const chunk = page.waitForResponse((response) =>
      /\/assets\/insights-view-[\w-]+\.js$/.test(response.url()),
    );
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('tab', { name: 'Insights' }).click();
    await chunk;
    await page.getByRole('heading', { name: 'Insights', level: 2 }).waitFor();
    await expectFirstEffect(page, ALL_FISH);
    expect(await page.getByTestId('insights-summary').textContent()).toBe('32 catches in 32 hours fished');

    // The numbers behind it, one tap away.
    const first = page.getByTestId('insights-clear').getByRole('listitem').first();
    const numbers = first.getByRole('button', { name: 'Numbers for 4–8 pm' });
    await numbers.click();
    expect(await numbers.getAttribute('aria-expanded')).toBe('true');
    const figures = first.locator('dl');
    await figures.getByText('Exact Poisson rate comparison with Bonferroni correction').waitFor();
    expect(await figures.textContent()).toContain('24 catches in 16 hours');
    expect(await figures.textContent()).toContain('(1 − 0.05 / 2 comparisons)');

    // One species: its other names count as it (none here), the perch left out.
    await openHistoryFilters(page);
    await page.getByLabel('Species', { exact: true }).selectOption('Walleye');
    await expectFirstEffect(page, WALLEYE);
    await expectPhoneFit(page);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'insights');

    // No signal: the view comes back from the kept lists and the precached chunk, with the same figures.
    // Three catches per trip (the walleye of 4–8 pm are one entry of 6).
    await waitForPersistedCatches(page, TRIP_DAYS.length * 3);
    await context.setOffline(true);
    await page.reload();
    await page.getByText("You're offline", { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Insights', level: 2 }).waitFor();
    await expectFirstEffect(page, ALL_FISH);
    await openHistoryFilters(page);
    await page.getByLabel('Species', { exact: true }).selectOption('Walleye');
    await expectFirstEffect(page, WALLEYE);

    // 200 % text: still no sideways scrolling.
    const session = await context.newCDPSession(page);
    await session.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await expect
      .poll(() => page.evaluate('parseFloat(getComputedStyle(document.documentElement).fontSize)'))
      .toBe(32);
    await expectPhoneFit(page);
    await page.getByTestId('insights-clear').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'insights-large-text');
    await context.setOffline(false);

    expect(blockedRequests).toEqual([]);
    expectNoConsoleErrors();
  });
});
