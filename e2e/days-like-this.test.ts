import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { tripEffort } from '#core/trip-effort.ts';
import type { Trip } from '#core/trips.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/browser.ts';
import { waitForWorkerControl } from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import { fetchCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * 'Days like this' (core/similar-days.ts) in Chromium on the harness's 390 px phone against the real server: from a
 * catch and from a trip, the past trip fished in the closest conditions comes first, with its fish.
 *
 * A trip's minutes in each condition (`effort`) are worked out by a server job once the trip has ended; no API
 * sets them. The test works them out with the very function that job uses (core/trip-effort.ts `tripEffort`, the
 * sky on the place's clocks, no weather or tide) and writes them into the server's SQLite file, marked done so the
 * job leaves them be: what the job would have frozen, without waiting for it.
 */
const e2e = setupE2E();
const VIEWPORT_WIDTH = 390;
/** In the zone of the harness's phone (America/Chicago), so the phone's clock and the lake's agree. */
const LEECH_LAKE = { latitude: 47.15, longitude: -94.39 };
const LAKE_ZONE = 'America/Chicago';

/** Start and end on the lake's clock (CDT in June, CST in January, given as offsets). */
const TRIPS = {
  winterMorning: { startedAt: '2026-01-15T08:00:00-06:00', endedAt: '2026-01-15T10:00:00-06:00' },
  juneEvening: { startedAt: '2026-06-19T20:00:00-05:00', endedAt: '2026-06-19T22:30:00-05:00' },
  nextEvening: { startedAt: '2026-06-20T20:00:00-05:00', endedAt: '2026-06-20T22:30:00-05:00' },
};

async function post<T>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

async function fetchTrips(page: Page): Promise<Trip[]> {
  const response = await page.request.get('/api/trips');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Trip[];
}

/** Freezes each trip's effort as the server's job would (see above). */
function writeEffort(trips: readonly Trip[]): void {
  const db = new DatabaseSync(path.join(e2e.dataDir, 'tightlines.db'), { timeout: 10_000 });
  try {
    const update = db.prepare("UPDATE trips SET effort = ?, effort_status = 'done' WHERE id = ?");
    for (const trip of trips) {
      const span = { start: Date.parse(trip.startedAt), end: Date.parse(trip.endedAt ?? trip.startedAt) };
      const effort = tripEffort(span, { place: LEECH_LAKE, timeZone: LAKE_ZONE });
      update.run(JSON.stringify(effort), trip.id);
    }
  } finally {
    db.close();
  }
}

async function expectTapTarget(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
}

/** The closest trips listed, each item's text (Intl's narrow spaces as plain ones). */
async function closestTrips(dialog: Locator): Promise<string[]> {
  const items = dialog.getByRole('list', { name: 'Closest trips' }).getByRole('listitem');
  await items.first().waitFor();
  return (await items.allTextContents()).map((text) => text.replace(/[\u00a0\u202f]/g, ' '));
}

describe('Days like this', () => {
  it('from a catch and from a trip, lists the trip fished in the closest conditions first, with its fish', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const spot = await post<{ id: number }>(page, '/api/spots', { name: 'North Bay', ...LEECH_LAKE });
    for (const trip of Object.values(TRIPS)) await post(page, '/api/trips', { ...trip, spotId: spot.id });
    const fish = [
      { fishType: 'Walleye', quantity: 3, catchDate: '2026-06-19', timeOfDay: '21:00' },
      { fishType: 'Northern Pike', quantity: 1, catchDate: '2026-06-19', timeOfDay: '21:15' },
      { fishType: 'Yellow Perch', quantity: 1, catchDate: '2026-01-15', timeOfDay: '09:00' },
      // Dusk on the next evening: the catch asked about, on the trip asked about.
      { fishType: 'Smallmouth Bass', quantity: 1, catchDate: '2026-06-20', timeOfDay: '21:40' },
    ];
    for (const item of fish) await post(page, '/api/catches', { ...item, ...LEECH_LAKE });

    // Each catch joined the trip holding its moment.
    const trips = await fetchTrips(page);
    const tripOf = (startedAt: string) =>
      trips.find((trip) => trip.startedAt === new Date(startedAt).toISOString());
    const catches: Catch[] = await fetchCatches(page);
    expect(Object.fromEntries(catches.map((item) => [item.fishType, item.tripId]))).toEqual({
      Walleye: tripOf(TRIPS.juneEvening.startedAt)?.id,
      'Northern Pike': tripOf(TRIPS.juneEvening.startedAt)?.id,
      'Yellow Perch': tripOf(TRIPS.winterMorning.startedAt)?.id,
      'Smallmouth Bass': tripOf(TRIPS.nextEvening.startedAt)?.id,
    });
    writeEffort(trips);
    expect((await fetchTrips(page)).every((trip) => trip.effort?.sunPhase !== undefined)).toBe(true);

    // From the catch's details.
    await page.goto('/');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Smallmouth Bass', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Smallmouth Bass' });
    const fromCatch = details.getByRole('button', { name: 'Days like this' });
    await expectTapTarget(fromCatch);
    await fromCatch.click();
    const dialog = page.getByRole('dialog', { name: 'Days like this' });
    const listed = await closestTrips(dialog);
    // Its own trip is not listed; the June evening (same hours, moon and spot) before the winter morning.
    expect(listed).toHaveLength(2);
    expect(listed[0]).toContain('Fri, Jun 19, 2026, 8:00 PM–10:30 PM');
    expect(listed[0]).toContain('North Bay');
    expect(listed[0]).toContain('3 Walleye, 1 Northern Pike · 1.6 per hour');
    expect(listed[0]).toContain('Very close');
    expect(listed[1]).toContain('1 Yellow Perch · 0.5 per hour');
    expect(listed[1]).toContain('Not much alike');
    // The figure is one tap away.
    const closeness = dialog.getByText('Very close', { exact: true });
    await expectTapTarget(closeness);
    const figure = dialog.getByText(/^0\.15 apart over 5 conditions/);
    expect(await figure.isVisible()).toBe(false);
    await closeness.click();
    await figure.waitFor();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await saveScreenshot(page, 'days-like-this-catch');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus comes back to the button that opened it.
    expect(await fromCatch.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // From a trip, with no signal: the kept lists are enough.
    await waitForWorkerControl(page);
    await page.getByRole('tab', { name: 'Trips' }).click();
    const tripCards = page.getByRole('list', { name: 'Your trips' }).getByRole('listitem');
    await tripCards.filter({ hasText: 'Jun 20, 2026' }).getByRole('button').first().click();
    const tripDialog = page.getByRole('dialog', { name: /^Trip of Jun 20, 2026/ });
    await context.setOffline(true);
    await page.getByText("You're offline", { exact: true }).waitFor();
    const fromTrip = tripDialog.getByRole('button', { name: 'Days like this' });
    await expectTapTarget(fromTrip);
    await fromTrip.click();
    const fromTripListed = await closestTrips(dialog);
    expect(fromTripListed).toHaveLength(2);
    // The same sky and hours the evening before: nothing apart.
    expect(fromTripListed[0]).toContain('3 Walleye, 1 Northern Pike');
    expect(fromTripListed[0]).toContain('Very close');
    expect(fromTripListed[0]).toMatch(
      /Conditions: day, 8:00 PM–12:00 AM, waxing crescent, outside the periods/,
    );
    expect(fromTripListed[1]).toContain('1 Yellow Perch');
    await expectNoAxeViolations(page, '[role="dialog"]');

    // At 200 % text it reflows: nothing sideways on the page or in the dialog.
    const session = await context.newCDPSession(page);
    await session.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await expect
      .poll(() => page.evaluate('parseFloat(getComputedStyle(document.documentElement).fontSize)'))
      .toBe(32);
    const fits = await dialog.evaluate((element) => ({
      page: element.ownerDocument.documentElement.scrollWidth,
      dialog: element.scrollWidth <= element.clientWidth,
    }));
    expect(fits).toEqual({ page: VIEWPORT_WIDTH, dialog: true });
    await saveScreenshot(page, 'days-like-this-trip-large-text');
    await context.setOffline(false);
    // The trip's small map of its catches asks for its tiles with no signal.
    expectNoConsoleErrors([{ status: 'network', path: /^\/api\/tiles/ }]);
  });
});
