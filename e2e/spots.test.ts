import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { expectServerCatches, expectToast, fetchCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * Spots in the web app (decision 043) in Chromium on a 390 px phone against the real server: a spot saved from a
 * catch's details links that catch, the Spots view counts it, the History map marks the spot apart from the catches'
 * pins (its radius once zoomed in), and deleting the spot keeps the catch. 'Pick a spot' in the Log form puts a spot's
 * place into the form and links the new catch to it.
 */
const e2e = setupE2E();

/** A walleye at a weed edge in Wisconsin and a perch 400 km away, so the map holds more than the spot. */
const LOG = [
  {
    fishType: 'Walleye',
    weight: 5.2,
    latitude: 45.8712,
    longitude: -89.7093,
    catchDate: '2026-05-01',
    locationName: 'Minocqua, Wisconsin, US',
  },
  { fishType: 'Yellow Perch', latitude: 42.5917, longitude: -88.4334, catchDate: '2026-05-02' },
];

async function seedLog(page: Page): Promise<void> {
  for (const data of LOG) {
    const response = await page.request.post('/api/catches', { data });
    expect(response.status(), await response.text()).toBe(201);
  }
  await expectServerCatches(page, LOG.length);
}

/** The spot of the server's walleye (null when it has none). */
async function walleyeSpotId(page: Page): Promise<number | null> {
  const walleye = (await fetchCatches(page)).find((item) => item.fishType === 'Walleye');
  return walleye?.spotId ?? null;
}

/** A marker's look: what tells a spot from a catch's pin at a glance. */
function markerLook(marker: Locator): Promise<{ background: string; radius: string }> {
  return marker.locator('span').evaluate((element) => {
    // The page's getComputedStyle (the Node-side tsconfig has no DOM types).
    const page = globalThis as unknown as {
      getComputedStyle: (of: unknown) => { backgroundColor: string; borderRadius: string };
    };
    const style = page.getComputedStyle(element);
    return { background: style.backgroundColor, radius: style.borderRadius };
  });
}

describe('spots', () => {
  it('a spot saved from a catch: linked, counted, on the map apart from the pins, deleted with the catch kept', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    await seedLog(page);
    await page.reload();

    // From the walleye's details: the place name to start with, renamed, saved.
    await page.getByRole('tab', { name: 'History' }).click();
    const catches = page.getByRole('list', { name: 'Catches' });
    await catches.getByRole('button', { name: 'Walleye' }).click();
    const details = page.getByRole('dialog', { name: 'Walleye' });
    await details.getByRole('button', { name: 'Save this place as a spot' }).click();
    const naming = page.getByRole('dialog', { name: 'Save this place as a spot' });
    const name = naming.getByLabel('Spot name');
    expect(await name.inputValue()).toBe('Minocqua, Wisconsin, US');
    await name.fill('Weed edge');
    await naming.getByRole('button', { name: 'Save Spot' }).click();
    await expectToast(page, 'Spot saved', 'Weed edge is in your spots.');
    await details.getByText('Spot: Weed edge').waitFor();
    await saveScreenshot(page, 'spots-catch-details');
    // Not Escape: that closes the toast on top first.
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });

    // Linked on the server, named on its card.
    await expect.poll(() => walleyeSpotId(page), { timeout: 20_000 }).not.toBeNull();
    await catches.getByText('Spot: Weed edge').waitFor();

    // The Spots view: one catch, the walleye its best.
    await page.getByRole('tab', { name: 'Spots' }).click();
    const spot = page.getByRole('article', { name: 'Weed edge' });
    await spot.getByText('1 catch', { exact: true }).waitFor();
    await spot.getByText('Best catch: Walleye, 5.2 lbs').waitFor();
    await saveScreenshot(page, 'spots-list');
    await expectNoAxeViolations(page);

    // The map: the spot a marker of its own, not a catch's pin; its radius once zoomed in on it.
    await page.getByRole('tab', { name: 'Map' }).click();
    const map = page.getByRole('region', { name: 'Map of your catches' });
    const spotMarker = map.getByRole('img', { name: 'Spot: Weed edge' });
    await spotMarker.waitFor();
    const walleyePin = map.getByRole('button', { name: 'Walleye, May 1, 2026: open details' });
    await walleyePin.waitFor();
    await map.getByRole('button', { name: 'Yellow Perch, May 2, 2026: open details' }).waitFor();
    expect(await map.getByTestId('map-place').count()).toBe(1);
    expect(await map.getByTestId('map-pin').count()).toBe(2);
    const [spotLook, pinLook] = await Promise.all([markerLook(spotMarker), markerLook(walleyePin)]);
    expect(spotLook.background).not.toBe(pinLook.background);
    expect(spotLook.radius).not.toBe(pinLook.radius);
    // Both catches in view, 400 km apart: 150 m is under a pixel, no circle.
    expect(await map.locator('path.tl-place-area').count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search catches' }).fill('Walleye');
    await expect.poll(() => map.getByTestId('map-pin').count()).toBe(1);
    const zoomIn = map.getByRole('button', { name: 'Zoom in' });
    // Zoomed in step by step until 150 m is wide enough on screen to draw (a zoom level or two past the pin's).
    await expect
      .poll(
        async () => {
          if ((await map.locator('path.tl-place-area').count()) > 0) return true;
          await zoomIn.click();
          return false;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    await map.locator('path.tl-place-area').waitFor();
    await saveScreenshot(page, 'spots-map');
    await expectNoAxeViolations(page);
    await page.getByRole('searchbox', { name: 'Search catches' }).fill('');

    // Deleted after a confirmation that says the catches stay: the walleye stays, linked to no spot.
    await page.getByRole('tab', { name: 'Spots' }).click();
    await page.getByRole('button', { name: 'Delete Weed edge' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Weed edge?' });
    await confirm.getByText('Deleting a spot keeps its catches.').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Spot deleted', 'Its catches are still in your log.');
    await page.getByText('No spots yet').waitFor();
    expect((await fetchCatches(page)).map((item) => item.fishType).sort()).toEqual([
      'Walleye',
      'Yellow Perch',
    ]);
    // The delete goes through the outbox: the screen shows it at once, the server has it a moment later.
    await expect.poll(() => walleyeSpotId(page), { timeout: 20_000 }).toBeNull();

    await page.getByRole('tab', { name: 'List' }).click();
    await catches.getByRole('button', { name: 'Walleye' }).waitFor();
    expect(await catches.getByText('Spot: Weed edge').count()).toBe(0);
    await page.getByRole('tab', { name: 'Map' }).click();
    await map.getByRole('button', { name: 'Walleye, May 1, 2026: open details' }).waitFor();
    expect(await map.getByTestId('map-place').count()).toBe(0);
    expectNoConsoleErrors();
  });
  it("'Pick a spot' in the Log form: the spot's place and name go into the form and the catch is saved linked to it", async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    // Two spots 20 km apart, saved on the server (the panel lists the kept list).
    const spotIds = new Map<string, number>();
    for (const data of [
      { name: 'Weed edge', latitude: 45.8712, longitude: -89.7093 },
      { name: 'North dock', latitude: 46.05, longitude: -89.7093 },
    ]) {
      const response = await page.request.post('/api/spots', { data });
      expect(response.status(), await response.text()).toBe(201);
      spotIds.set(data.name, ((await response.json()) as { id: number }).id);
    }
    await page.reload();

    const form = page.getByRole('form', { name: 'Log a catch' });
    await form.getByRole('button', { name: 'Pick a spot' }).click();
    const panel = form.getByRole('group', { name: 'Your spots' });
    await panel.getByRole('button', { name: 'North dock' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await form.getByLabel('Latitude').inputValue()).toBe('46.050000');
    expect(await form.getByLabel('Longitude').inputValue()).toBe('-89.709300');
    await expect.poll(() => form.getByLabel('Location Name').inputValue()).toBe('North dock');
    await saveScreenshot(page, 'spots-pick-in-log');
    await expectNoAxeViolations(page);

    await form.getByRole('combobox', { name: /Fish Type/ }).fill('Walleye');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await page.getByText('Catch Logged!').waitFor();
    await expectServerCatches(page, 1);
    const [saved] = await fetchCatches(page);
    expect(saved).toMatchObject({
      fishType: 'Walleye',
      spotId: spotIds.get('North dock'),
      latitude: 46.05,
      longitude: -89.7093,
      locationName: 'North dock',
    });
    expectNoConsoleErrors();
  });
});
