import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTileServer, startFakeTileServer } from '../server/test-support/fake-tile-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import type { ServerOptions } from './support/server.ts';
import { closeToast, expectServerCatches, expectToast, expectValue } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * Placing a catch by hand (docs/product.md#location) in Chromium on a 390 px phone whose angler denied the
 * position: a pin dropped on the map and dragged, or coordinates typed, saved and read back through the API. The
 * map's tiles come through our own tile route from a local fake provider, as the History map's (e2e/map.test.ts).
 * Screenshots at 390 px go to the screenshot folder (place-by-hand-*.png).
 */
let tiles: FakeTileServer;
const serverOptions: ServerOptions = {};
beforeAll(async () => {
  tiles = await startFakeTileServer();
  serverOptions.env = { MAP_TILE_URL: tiles.template, MAP_TILE_ATTRIBUTION: '© Fake Tiles contributors' };
});
afterAll(async () => {
  await tiles.close();
});
const e2e = setupE2E(serverOptions);

/** The angler's last catch, at Lake Geneva (Wisconsin): where the map opens when the phone has no position. */
const LAST_CATCH = { fishType: 'Walleye', latitude: 42.5917, longitude: -88.4334, catchDate: '2025-05-20' };

/** Tile images the map shows (decoded). */
function loadedTiles(page: Page): Promise<number> {
  return page.locator('img.leaflet-tile').evaluateAll(
    (images) =>
      images.filter((image) => {
        const { complete, naturalWidth } = image as unknown as { complete: boolean; naturalWidth: number };
        return complete && naturalWidth > 0;
      }).length,
  );
}

/** The Log form after the position was refused, its 'Location error' toast closed. */
async function openLogWithoutPosition(page: Page): Promise<Locator> {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Log a catch' });
  await expectToast(page, 'Location error', 'Could not get your current location. Please enter manually.');
  await closeToast(page);
  await expectValue(form.getByLabel('Latitude'), '');
  return form;
}

/** The pin's position as the map panel says it, e.g. '42.591700, -88.433400'. */
async function placedPosition(panel: Locator): Promise<{ latitude: number; longitude: number }> {
  const text = (await panel.getByText(/^-?\d+\.\d{6}, -?\d+\.\d{6}$/).textContent()) ?? '';
  const [latitude, longitude] = text.split(', ').map(Number);
  return { latitude: latitude ?? Number.NaN, longitude: longitude ?? Number.NaN };
}

/** The page is no wider than the 390 px screen (no sideways scrolling). */
async function expectNothingWiderThanThePhone(page: Page): Promise<void> {
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  expect(width).toBe(390);
}

describe('placing a catch by hand', () => {
  it('drops a pin on the map and drags it, uses that place, and saves the catch there', async (test) => {
    const { page, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test, { geolocation: false });
    await registerViaApi(page);
    const seeded = await page.request.post('/api/catches', { data: LAST_CATCH });
    expect(seeded.status(), await seeded.text()).toBe(201);
    const form = await openLogWithoutPosition(page);
    await form.getByLabel('Fish Type').fill('Yellow Perch');

    // The map comes with its own chunk, when it is opened.
    const mapButton = form.getByRole('button', { name: 'Place on map' });
    expect(await mapButton.getAttribute('aria-expanded')).toBe('false');
    await mapButton.click();
    expect(await mapButton.getAttribute('aria-expanded')).toBe('true');
    const map = form.getByRole('region', { name: 'Map to place the catch' });
    await map.waitFor();
    await map.getByText('© Fake Tiles contributors').waitFor();
    await expect.poll(() => loadedTiles(page)).toBeGreaterThan(0);
    expect(tiles.requests.length).toBeGreaterThan(0);
    const panel = form.getByRole('group', { name: 'Tap the map to drop the pin, drag it to move it.' });
    await panel.getByText('No pin yet', { exact: true }).waitFor();
    const useThisPlace = panel.getByRole('button', { name: 'Use this place' });
    expect(await useThisPlace.isDisabled()).toBe(true);

    // 44 px targets: the map's buttons and the panel's.
    for (const button of [mapButton, useThisPlace, panel.getByRole('button', { name: 'Cancel' })]) {
      const box = await button.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }

    // A tap drops the pin: the map opened on the last catch, so the pin lands near it.
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    const tap = { x: box.x + box.width / 2 - 60, y: box.y + box.height / 2 + 40 };
    await page.mouse.click(tap.x, tap.y);
    const pin = map.getByTestId('placed-pin');
    await pin.waitFor();
    await panel.getByText(/^-?\d+\.\d{6}, -?\d+\.\d{6}$/).waitFor();
    const dropped = await placedPosition(panel);
    expect(Math.abs(dropped.latitude - LAST_CATCH.latitude)).toBeLessThan(0.05);
    expect(Math.abs(dropped.longitude - LAST_CATCH.longitude)).toBeLessThan(0.05);
    // West of the map's middle and south of it, where it was tapped.
    expect(dropped.longitude).toBeLessThan(LAST_CATCH.longitude);
    expect(dropped.latitude).toBeLessThan(LAST_CATCH.latitude);
    await saveScreenshot(page, 'place-by-hand-pin');
    await expectNoAxeViolations(page);

    // Dragging moves it: 100 px east and 50 px north.
    const pinBox = await pin.boundingBox();
    if (!pinBox) throw new Error('the pin has no box');
    const grab = { x: pinBox.x + pinBox.width / 2, y: pinBox.y + pinBox.height / 2 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x + 100, grab.y - 50, { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => (await placedPosition(panel)).longitude).toBeGreaterThan(dropped.longitude);
    const dragged = await placedPosition(panel);
    expect(dragged.latitude).toBeGreaterThan(dropped.latitude);

    await useThisPlace.click();
    await map.waitFor({ state: 'detached' });
    // Back on the button that opened the map.
    await expect
      .poll(() => mapButton.evaluate((element) => element === element.ownerDocument.activeElement))
      .toBe(true);
    await expectValue(form.getByLabel('Latitude'), dragged.latitude.toFixed(6));
    await expectValue(form.getByLabel('Longitude'), dragged.longitude.toFixed(6));
    // The place name follows the pin (the server's own place list).
    await expectValue(form.getByLabel('Location Name'), /\S/);
    const placeName = await form.getByLabel('Location Name').inputValue();
    await saveScreenshot(page, 'place-by-hand-used');
    await expectNothingWiderThanThePhone(page);

    await form.getByRole('button', { name: 'Log Catch' }).click();
    await page.getByText('Catch Logged!', { exact: true }).waitFor();
    const saved = await expectServerCatches(page, 2);
    expect(saved.find((item) => item.fishType === 'Yellow Perch')).toMatchObject({
      latitude: dragged.latitude,
      longitude: dragged.longitude,
      locationName: placeName,
    });
    expect(tiles.requests.every((request) => request.headers.cookie === undefined)).toBe(true);
    expect(blockedRequests).toEqual([]);
    expectNoConsoleErrors();
  });

  it('saves typed coordinates, marks one out of range at its field first', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test, { geolocation: false });
    await registerViaApi(page);
    const form = await openLogWithoutPosition(page);
    await form.getByLabel('Fish Type').fill('Northern Pike');

    const latitude = form.getByLabel('Latitude');
    const longitude = form.getByLabel('Longitude');
    await latitude.fill('144.95');
    await longitude.fill('-93.1');
    await longitude.press('Tab');
    await form.getByText('Latitude must be at most 90', { exact: true }).waitFor();
    expect(await latitude.getAttribute('aria-invalid')).toBe('true');
    await saveScreenshot(page, 'place-by-hand-typed-refused');
    // Saved anyway: refused, nothing logged, the message still at its field.
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await expect
      .poll(() => latitude.evaluate((element) => element === element.ownerDocument.activeElement))
      .toBe(true);
    expect(await page.getByText('Catch Logged!').count()).toBe(0);

    await latitude.fill('44.95');
    await latitude.press('Tab');
    await form.getByText('Latitude must be at most 90', { exact: true }).waitFor({ state: 'detached' });
    await expectValue(form.getByLabel('Location Name'), /\S/);
    await saveScreenshot(page, 'place-by-hand-typed');
    await expectNothingWiderThanThePhone(page);

    await form.getByRole('button', { name: 'Log Catch' }).click();
    await page.getByText('Catch Logged!', { exact: true }).waitFor();
    const [saved] = await expectServerCatches(page, 1);
    expect(saved).toMatchObject({ fishType: 'Northern Pike', latitude: 44.95, longitude: -93.1 });
    expect(saved?.locationName).not.toBe('Unknown Location');
    expectNoConsoleErrors();
  });

  it('moves a saved catch in the edit dialog: the map opens on its pin, a tap or the center button moves it', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test, { geolocation: false });
    await registerViaApi(page);
    const seeded = await page.request.post('/api/catches', { data: LAST_CATCH });
    expect(seeded.status(), await seeded.text()).toBe(201);
    await page.addInitScript("localStorage.setItem('activeTab', 'history')");
    await page.goto('/');
    const list = page.getByRole('list', { name: 'Catches' });
    await list.getByRole('button', { name: 'Catch options' }).click();
    await page.getByRole('menuitem', { name: 'Edit Catch' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Catch' }).getByRole('form', { name: 'Edit catch' });
    await expectValue(form.getByLabel('Latitude'), '42.591700');

    await form.getByRole('button', { name: 'Place on map' }).click();
    const map = form.getByRole('region', { name: 'Map to place the catch' });
    await map.getByTestId('placed-pin').waitFor();
    await expect.poll(() => loadedTiles(page)).toBeGreaterThan(0);
    const panel = form.getByRole('group', { name: 'Tap the map to drop the pin, drag it to move it.' });
    // North-east of the saved spot, in the map's upper right (measured each time: a tap on a button may scroll).
    const tapNorthEast = async () => {
      await map.scrollIntoViewIfNeeded();
      const box = await map.boundingBox();
      if (!box) throw new Error('the map has no box');
      await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height / 2 - 40);
    };
    await tapNorthEast();
    await expect
      .poll(async () => (await placedPosition(panel)).latitude)
      .toBeGreaterThan(LAST_CATCH.latitude);
    const moved = await placedPosition(panel);
    expect(moved.longitude).toBeGreaterThan(LAST_CATCH.longitude);
    // Without a pointer: the map opened on the saved spot, so its center is that spot (to a few pixels: the page's
    // scrollbar changes the map's width after it opened on the spot).
    await panel.getByRole('button', { name: "Pin the map's center" }).click();
    await expect.poll(async () => (await placedPosition(panel)).latitude).toBeLessThan(moved.latitude);
    const center = await placedPosition(panel);
    expect(Math.abs(center.latitude - LAST_CATCH.latitude)).toBeLessThan(0.002);
    expect(Math.abs(center.longitude - LAST_CATCH.longitude)).toBeLessThan(0.002);
    await tapNorthEast();
    await expect.poll(() => placedPosition(panel)).toEqual(moved);
    await saveScreenshot(page, 'place-by-hand-edit');
    await panel.getByRole('button', { name: 'Use this place' }).click();
    await expectValue(form.getByLabel('Latitude'), moved.latitude.toFixed(6));
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Catch updated');

    await expect
      .poll(async () => {
        const [saved] = await expectServerCatches(page, 1);
        return saved && { latitude: saved.latitude, longitude: saved.longitude };
      })
      .toEqual(moved);
    expectNoConsoleErrors();
  });
});
