import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import type { Trip } from '#core/trips.ts';
import { outboxEntries, waitForWorkerControl } from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import { fetchCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * Trips offline-first (docs/decisions/043-trips-and-spots.md) in Chromium on a 390 px phone against the real server:
 * a trip started, fished and ended with no signal arrives once, ended, with the catches logged meanwhile linked to it
 * by their moments, and History's Trips view shows it with its fish.
 */
const e2e = setupE2E();
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/tightlines-e2e-screenshots';
const LEECH_LAKE = { latitude: 47.15, longitude: -94.39 };

async function fetchTrips(page: Page): Promise<Trip[]> {
  const response = await page.request.get('/api/trips');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Trip[];
}

/** The catches a map shows: its pins plus the count each cluster holds. */
async function catchesOnMap(page: Page, name: string): Promise<number> {
  const map = page.getByRole('region', { name });
  const clusters = await map.getByTestId('map-cluster').allTextContents();
  return (await map.getByTestId('map-pin').count()) + clusters.reduce((sum, text) => sum + Number(text), 0);
}

describe('trips', () => {
  it('a trip started, fished and ended offline arrives once, with its two catches, and shows in Trips', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    // On a lake in the phone's own time zone (the harness's phone keeps Chicago's clock): the server reads a catch's
    // date and time on the clocks of where it was caught.
    await context.setGeolocation(LEECH_LAKE);
    await page.goto('/');
    const logForm = page.getByRole('form', { name: 'Log a catch' });
    const trip = page.getByRole('region', { name: 'Trip' });
    await trip.getByRole('button', { name: 'Start trip' }).waitFor();
    await waitForWorkerControl(page);

    await context.setOffline(true);
    await page.getByText("You're offline", { exact: true }).waitFor();
    await trip.getByRole('button', { name: 'Start trip' }).click();
    const timer = trip.getByRole('timer');
    await expect.poll(() => timer.textContent()).toMatch(/^Trip 0:0\d:\d\d$/);
    await page.screenshot({ path: `${SCREENSHOTS}/trip-running.png`, fullPage: false });
    const box = await trip.getByRole('button', { name: 'End trip' }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);

    for (const fishType of ['Walleye', 'Yellow Perch']) {
      await logForm.getByLabel('Fish Type').fill(fishType);
      await logForm.getByRole('button', { name: 'Log Catch' }).click();
      await page.getByText('Catch Logged!').waitFor();
    }
    await trip.getByRole('button', { name: 'Add a fish lost' }).click();
    await trip.getByRole('button', { name: 'End trip' }).click();
    await trip.getByRole('button', { name: 'Start trip' }).waitFor();
    // Nothing has left the phone: the trip, two catches (its end and count folded into the trip).
    await expect
      .poll(async () => (await outboxEntries(page)).map((entry) => entry.kind).sort())
      .toEqual(['create', 'create', 'record-create']);
    expect(await fetchTrips(page)).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => outboxEntries(page), { timeout: 20_000 }).toEqual([]);
    const [saved, ...more] = await fetchTrips(page);
    expect(more).toEqual([]);
    expect(saved).toMatchObject({ catchCount: 2, fishLost: 1, skunked: false });
    expect(saved?.endedAt).not.toBeNull();
    const catches: Catch[] = await fetchCatches(page);
    expect(catches.map((item) => [item.fishType, item.tripId]).sort()).toEqual([
      ['Walleye', saved?.id],
      ['Yellow Perch', saved?.id],
    ]);

    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('tab', { name: 'Trips' }).click();
    expect(await page.getByRole('tab', { name: 'Trips' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'List' }).getAttribute('aria-selected')).toBe('false');
    const trips = page.getByRole('list', { name: 'Your trips' }).getByRole('listitem');
    await trips.filter({ hasText: '2 fish' }).waitFor();
    expect(await trips.count()).toBe(1);
    await page.screenshot({ path: `${SCREENSHOTS}/trips-view.png`, fullPage: false });
    await trips.first().getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    const linked = dialog.getByRole('list', { name: 'Catches on this trip' }).getByRole('listitem');
    await linked.filter({ hasText: 'Walleye' }).waitFor();
    expect(await linked.count()).toBe(2);
    // Both were logged on the lake: the trip's map shows the two (one spot, so maybe as a cluster of 2).
    expect(catches.every((item) => item.latitude !== null)).toBe(true);
    const map = dialog.getByRole('region', { name: "Map of this trip's catches" });
    await expect.poll(() => catchesOnMap(page, "Map of this trip's catches")).toBe(2);
    expect(await map.getByTestId('map-place').count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/trip-dialog.png`, fullPage: false });

    // Stats counts the trip with its effort.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: 'Stats' }).click();
    await expect.poll(() => page.getByTestId('stats-trips').textContent()).toBe('1');
    expect(await page.getByTestId('stats-skunked-trips').textContent()).toBe('0');
    expectNoConsoleErrors();
  });
});
