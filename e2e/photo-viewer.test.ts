import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speciesPlaceholder } from '../web/src/features/history/species-placeholder.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot, TAHOE } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { makeCatchPhoto, type TestPhoto } from './support/photo.ts';
import { expectImageLoaded, expectServerCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * Whole photos (docs/product.md#photos) on the harness's 390 × 844 phone: the detail view shows a portrait photo whole
 * (never cropped to 4:3), a tap opens the full-screen viewer (its own chunk, fetched only then), which zooms on
 * a double-tap, a pinch and with keys, keeps focus inside, and closes on Escape, its button or a swipe down, giving
 * focus back. Cards without a photo show the species' initial on the species' colour.
 */
const e2e = setupE2E();

let portrait: TestPhoto;
beforeAll(async () => {
  portrait = await makeCatchPhoto(TAHOE, 900, 1200);
});
afterAll(() => portrait?.remove());

/** Two species without photos whose placeholders differ in colour, and one with a portrait photo. */
const PHOTOLESS = ['Walleye', 'Yellow Perch'] as const;

async function seedCatches(page: Page): Promise<string> {
  const upload = await page.request.post('/api/upload', {
    multipart: { photo: { name: 'pike.jpg', mimeType: 'image/jpeg', buffer: portrait.bytes } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  for (const data of [
    ...PHOTOLESS.map((fishType) => ({ fishType })),
    { fishType: 'Portrait Pike', photo: url, weight: 9.5 },
  ]) {
    const response = await page.request.post('/api/catches', { data });
    expect(response.status(), await response.text()).toBe(201);
  }
  await expectServerCatches(page, PHOTOLESS.length + 1);
  return url;
}

const historyCard = (page: Page, fishType: string) =>
  page
    .getByRole('list', { name: 'Catches' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: fishType, exact: true }) });

/** The parts of the DOM the checks read (the Node-side tsconfig has no DOM types). */
interface ElementLike {
  ownerDocument: {
    activeElement: unknown;
    defaultView: { getComputedStyle(el: unknown): { backgroundColor: string; objectFit: string } };
  };
  contains(other: unknown): boolean;
  getBoundingClientRect(): {
    width: number;
    height: number;
    top: number;
    bottom: number;
    left: number;
    right: number;
  };
}

const isFocused = (locator: Locator) =>
  locator.evaluate((el) => el === (el as unknown as ElementLike).ownerDocument.activeElement);

/** The element's box on screen, transforms included. */
const screenBox = (locator: Locator) =>
  locator.evaluate((el) => {
    const { width, height, top, bottom, left, right } = (
      el as unknown as ElementLike
    ).getBoundingClientRect();
    return { width, height, top, bottom, left, right };
  });

const screenshot = (page: Page, name: string) => saveScreenshot(page, `photo-viewer-${name}`);

describe('whole photos and the photo viewer', () => {
  it('shows a portrait photo whole, opens it full screen, zooms, closes and gives focus back', async (test) => {
    const { page, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    const photoUrl = await seedCatches(page);
    const viewerChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/photo-viewer-[\w-]+\.js$/.test(request.url())) viewerChunks.push(request.url());
    });
    await page.getByRole('tab', { name: 'History' }).click();

    // Cards: a photo where there is one; otherwise the species' initial on its own colour, each with its text.
    const pikeThumb = historyCard(page, 'Portrait Pike').getByRole('img', { name: 'Photo of Portrait Pike' });
    await expectImageLoaded(pikeThumb);
    const thumbBox = await screenBox(pikeThumb);
    // More room than the old 96 px square.
    expect(thumbBox.width).toBeGreaterThanOrEqual(112);
    expect(thumbBox.height).toBeGreaterThanOrEqual(128);
    const colours: string[] = [];
    const style = (locator: Locator) =>
      locator.evaluate((el) => {
        const element = el as unknown as ElementLike;
        const { backgroundColor, objectFit } = element.ownerDocument.defaultView.getComputedStyle(element);
        return { backgroundColor, objectFit };
      });
    for (const fishType of PHOTOLESS) {
      const placeholder = historyCard(page, fishType).getByRole('img', { name: `${fishType} (no photo)` });
      await placeholder.waitFor();
      expect((await placeholder.textContent())?.trim()).toBe(fishType.charAt(0));
      colours.push((await style(placeholder)).backgroundColor);
    }
    expect(speciesPlaceholder(PHOTOLESS[0]).colorClass).not.toBe(speciesPlaceholder(PHOTOLESS[1]).colorClass);
    expect(colours[0]).not.toBe(colours[1]);
    await expectNoAxeViolations(page, 'main');
    await screenshot(page, 'history-cards');

    // The detail view: the whole portrait photo, its box of the photo's own shape, entirely on screen.
    await historyCard(page, 'Portrait Pike').getByRole('button', { name: 'Portrait Pike' }).click();
    const detail = page.getByRole('dialog', { name: 'Portrait Pike' });
    const photo = detail.getByRole('img', { name: 'Photo of Portrait Pike' });
    expect(await photo.getAttribute('src')).toBe(photoUrl);
    const natural = await expectImageLoaded(photo);
    expect(natural).toEqual({ width: 900, height: 1200 });
    const shown = await screenBox(photo);
    expect(shown.width / shown.height).toBeCloseTo(natural.width / natural.height, 2);
    const dialogBox = await screenBox(detail);
    expect(shown.width).toBeLessThanOrEqual(dialogBox.width);
    expect(shown.height).toBeGreaterThan(300);
    expect(shown.height).toBeLessThanOrEqual(844 * 0.6 + 1);
    expect((await style(photo)).objectFit).toBe('contain');
    await screenshot(page, 'detail');
    await expectNoAxeViolations(page, '[role="dialog"]');
    // The viewer's code is not fetched until a photo is tapped.
    expect(viewerChunks).toEqual([]);

    // Tap the photo: the viewer, full screen, focus on its close button.
    const opener = detail.getByRole('button', { name: 'View photo full screen' });
    await opener.click();
    const viewer = page.getByRole('dialog', { name: 'Photo of Portrait Pike' });
    await viewer.waitFor();
    expect(viewerChunks).toHaveLength(1);
    const close = viewer.getByRole('button', { name: 'Close photo' });
    await expect.poll(() => isFocused(close)).toBe(true);
    const big = viewer.getByRole('img', { name: 'Photo of Portrait Pike' });
    await expectImageLoaded(big);
    const fitted = await screenBox(big);
    // The whole photo on the whole screen, its own shape.
    expect(fitted.width / fitted.height).toBeCloseTo(0.75, 2);
    expect(fitted.width).toBeGreaterThan(380);
    await screenshot(page, 'viewer');
    await expectNoAxeViolations(page, '[data-testid="photo-viewer"]');

    // A double-tap zooms in around the tap; another shows the whole photo again. (Mouse events here: the viewer
    // reads pointer events, the same for a finger.)
    await big.dblclick();
    await expect.poll(async () => (await screenBox(big)).width / fitted.width).toBeCloseTo(2.5, 1);
    await screenshot(page, 'viewer-zoomed');
    await big.dblclick();
    await expect.poll(async () => (await screenBox(big)).width / fitted.width).toBeCloseTo(1, 2);

    // A pinch (two fingers, through the DevTools protocol's touch input) spreading to twice their distance.
    const cdp = await page.context().newCDPSession(page);
    const centre = { x: fitted.left + fitted.width / 2, y: fitted.top + fitted.height / 2 };
    const fingers = (spread: number) => [
      { x: centre.x - spread / 2, y: centre.y, id: 1 },
      { x: centre.x + spread / 2, y: centre.y, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(80) });
    for (const spread of [100, 120, 140, 160]) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(async () => (await screenBox(big)).width / fitted.width).toBeCloseTo(2, 1);
    await page.keyboard.press('0');
    await expect.poll(async () => (await screenBox(big)).width / fitted.width).toBeCloseTo(1, 2);

    // Keys: + zooms in, arrows move the zoomed photo, 0 fits it again; Tab stays inside the viewer.
    await page.keyboard.press('+');
    await expect.poll(async () => (await screenBox(big)).width / fitted.width).toBeCloseTo(1.5, 1);
    const beforePan = await screenBox(big);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await screenBox(big)).left).toBeLessThan(beforePan.left - 30);
    await page.keyboard.press('0');
    await expect.poll(async () => (await screenBox(big)).width / fitted.width).toBeCloseTo(1, 2);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(
        await viewer.evaluate((el) => {
          const element = el as unknown as ElementLike;
          return element.contains(element.ownerDocument.activeElement);
        }),
      ).toBe(true);
    }

    // Escape closes the viewer only; focus goes back to the photo in the details.
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await detail.waitFor();
    await expect.poll(() => isFocused(opener)).toBe(true);

    // The close button, from the keyboard.
    await page.keyboard.press('Enter');
    await viewer.waitFor();
    await expect.poll(() => isFocused(close)).toBe(true);
    await page.keyboard.press('Enter');
    await viewer.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(opener)).toBe(true);

    // A swipe down closes it too.
    await opener.click();
    await viewer.waitFor();
    const start = await screenBox(big);
    const x = start.left + start.width / 2;
    const y = start.top + start.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + 100, { steps: 5 });
    await page.mouse.move(x, y + 220, { steps: 5 });
    await page.mouse.up();
    await viewer.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(opener)).toBe(true);
    // The chunk came once and was reused.
    expect(viewerChunks).toHaveLength(1);

    // A catch without a photo: its placeholder in the details, and nothing to open full screen.
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await historyCard(page, 'Walleye').getByRole('button', { name: 'Walleye' }).click();
    const walleye = page.getByRole('dialog', { name: 'Walleye' });
    await walleye.getByRole('img', { name: 'Walleye (no photo)' }).waitFor();
    expect(await walleye.getByRole('button', { name: 'View photo full screen' }).count()).toBe(0);
    await screenshot(page, 'detail-no-photo');

    expect(blockedRequests).toEqual([]);
    expectNoConsoleErrors();
  });
});
