import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { describeImage, makeCatchPhoto, type TestPhoto } from './support/photo.ts';
import { expectServerCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * Sharing a catch as a picture (docs/decisions/047-share-card.md) on the harness's 390 px phone: the card is drawn
 * on the phone and handed to the share sheet as a JPEG file, the place hidden until the angler chooses the region,
 * never the coordinates; without a share sheet it downloads. Targets, axe, keyboard and 200 % text.
 */
const e2e = setupE2E();

/** Far from any number the card shows (sizes, date, temperatures), so a coordinate on it cannot hide among them. */
const SPOT = { latitude: 46.874213, longitude: -91.371954 };
const PLACE = 'Cornucopia, Wisconsin, US';
const REGION = 'Wisconsin, United States';

let photo: TestPhoto;
beforeAll(async () => {
  photo = await makeCatchPhoto(SPOT, 1200, 900);
});
afterAll(() => photo?.remove());

/**
 * What the page hands navigator.share, recorded before the app loads: Chromium on Linux has no share sheet, so
 * this is the share sheet; canShare answers as a phone's does for image files.
 */
const SHARE_RECORDER = `(() => {
  window.__shared = [];
  Object.defineProperty(Navigator.prototype, 'canShare', {
    configurable: true,
    value(data) {
      return Array.isArray(data?.files) && data.files.length > 0 && data.files.every((f) => f instanceof File && f.type.startsWith('image/'));
    },
  });
  Object.defineProperty(Navigator.prototype, 'share', {
    configurable: true,
    async value(data) {
      const file = data.files[0];
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      window.__shared.push({ name: file.name, type: file.type, size: file.size, title: data.title, base64: btoa(binary) });
    },
  });
})()`;

/** A browser without the Web Share API, as most desktop browsers are. */
const NO_SHARE_SHEET = `(() => {
  delete Navigator.prototype.share;
  delete Navigator.prototype.canShare;
})()`;

interface SharedFile {
  name: string;
  type: string;
  size: number;
  title: string;
  base64: string;
}

async function seedCatch(page: Page): Promise<void> {
  const upload = await page.request.post('/api/upload', {
    multipart: { photo: { name: 'trout.jpg', mimeType: 'image/jpeg', buffer: photo.bytes } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  const response = await page.request.post('/api/catches', {
    data: {
      fishType: 'Lake Trout',
      weight: 7.25,
      length: 27,
      photo: url,
      locationName: PLACE,
      ...SPOT,
      catchDate: '2026-05-02',
      timeOfDay: '19:10',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  await expectServerCatches(page, 1);
}

async function openShareDialog(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Lake Trout', exact: true }).click();
  const detail = page.getByRole('dialog', { name: 'Lake Trout' });
  await detail.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share catch' });
  await dialog.waitFor();
  return dialog;
}

/** The card is drawn and encoded on a phone's pace: a busy 2-core machine takes a second or more. */
const POLL = { timeout: 15_000 };

const preview = (dialog: Locator) => dialog.getByTestId('share-card-preview');

/** Every way the spot's position could be written, at any precision. */
function expectNoCoordinates(text: string) {
  for (const value of [SPOT.latitude, SPOT.longitude]) {
    for (const digits of [1, 2, 3, 4, 6]) expect(text).not.toContain(Math.abs(value).toFixed(digits));
    expect(text).not.toMatch(new RegExp(`\\b${Math.trunc(Math.abs(value))}\\b`));
  }
  expect(text).not.toContain('°');
}

/** Everything the dialog says, its preview's text alternative included. */
async function dialogText(dialog: Locator): Promise<string> {
  return `${await dialog.textContent()}\n${await preview(dialog).getAttribute('alt')}`;
}

async function expectTargets(dialog: Locator) {
  const targets = [
    ...(await dialog.getByRole('radio').all()),
    ...(await dialog.getByRole('button').all()),
    dialog.locator('label').filter({ has: dialog.getByRole('checkbox') }),
  ];
  for (const target of targets) {
    if (!(await target.isVisible())) continue;
    const box = await target.boundingBox();
    expect(
      box?.height,
      await target.evaluate((el) => (el as { outerHTML: string }).outerHTML),
    ).toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);
  }
}

describe('sharing a catch card', () => {
  it('hands the share sheet a JPEG card with the place hidden, then with the region when chosen', async (test) => {
    const { page, context, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test);
    await context.addInitScript(SHARE_RECORDER);
    await registerViaApi(page);
    await page.goto('/');
    await seedCatch(page);
    const shareChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/share-catch-dialog-[\w-]+\.js$/.test(request.url())) shareChunks.push(request.url());
    });

    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Lake Trout', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Lake Trout' });
    const opener = detail.getByRole('button', { name: 'Share', exact: true });
    await opener.waitFor();
    // The share code is not fetched until 'Share' is pressed.
    expect(shareChunks).toEqual([]);

    // Keyboard: the button opens the dialog; focus moves into it.
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Share catch' });
    await dialog.waitFor();
    expect(shareChunks).toHaveLength(1);

    // Hidden by default: the card names no place, and nothing in the dialog reads like the position.
    const hidden = dialog.getByRole('radio', { name: /^Hidden/ });
    expect(await hidden.isChecked()).toBe(true);
    await expect
      .poll(() => preview(dialog).getAttribute('alt'), POLL)
      .toMatch(/^Card: Lake Trout, 7\.3 lbs · 27\.0 in, May 2, 2026/);
    expect(await preview(dialog).getAttribute('alt')).not.toContain('Wisconsin');
    expectNoCoordinates(await dialogText(dialog));
    await expectTargets(dialog);
    await expectNoAxeViolations(
      page,
      '[role="dialog"][aria-labelledby]:has([data-testid="share-card-preview"])',
    );
    await saveScreenshot(page, 'share-card-dialog');

    // Share: the file handed to the sheet is the card, a real 1080 × 1350 JPEG with no metadata.
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => page.evaluate('window.__shared.length'), POLL).toBe(1);
    const [shared] = (await page.evaluate('window.__shared')) as SharedFile[];
    expect(shared).toMatchObject({
      name: 'tightlines-lake-trout-2026-05-02.jpg',
      type: 'image/jpeg',
      title: 'Lake Trout',
    });
    const bytes = Buffer.from(shared?.base64 ?? '', 'base64');
    expect(bytes.length).toBe(shared?.size);
    expect(await describeImage(bytes)).toMatchObject({
      format: 'jpeg',
      width: 1080,
      height: 1350,
      hasExif: false,
    });
    await expectCardPixels(bytes);

    // Region: the card says the state, still no coordinates; the radio moves with the arrow keys.
    await hidden.focus();
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: /^Region/ }).isChecked()).toBe(true);
    await expect.poll(() => preview(dialog).getAttribute('alt'), POLL).toContain(REGION);
    expect(await preview(dialog).getAttribute('alt')).not.toContain('Cornucopia');
    expectNoCoordinates(await dialogText(dialog));
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => page.evaluate('window.__shared.length'), POLL).toBe(2);
    const [first, second] = (await page.evaluate('window.__shared')) as SharedFile[];
    expect(second?.base64).not.toBe(first?.base64);

    // Escape closes the share dialog only; focus goes back to 'Share' in the details.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(
        () =>
          opener.evaluate(
            (el) => el === (el as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement,
          ),
        POLL,
      )
      .toBe(true);
    expect(blockedRequests.filter((url) => !url.includes('open-meteo'))).toEqual([]);
    expectNoConsoleErrors();
  });

  it('downloads the card where there is no share sheet', async (test) => {
    const { page, context } = await e2e.openPage(test);
    await context.addInitScript(NO_SHARE_SHEET);
    await registerViaApi(page);
    await page.goto('/');
    await seedCatch(page);
    const dialog = await openShareDialog(page);
    await preview(dialog).waitFor();
    expect(await dialog.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      dialog.getByRole('button', { name: 'Save image' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tightlines-lake-trout-2026-05-02.jpg');
    const bytes = await readFile(await download.path());
    expect(await describeImage(bytes)).toMatchObject({ format: 'jpeg', width: 1080, height: 1350 });
  });

  it('fits a 390 px screen at 200 % text', async (test) => {
    const { page, context } = await e2e.openPage(test);
    const session = await context.newCDPSession(page);
    await session.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await registerViaApi(page);
    await page.goto('/');
    await seedCatch(page);
    const dialog = await openShareDialog(page);
    await preview(dialog).waitFor();
    const widths = await dialog.evaluate((el) => {
      const element = el as unknown as {
        scrollWidth: number;
        clientWidth: number;
        ownerDocument: { documentElement: { scrollWidth: number; style: unknown } };
      };
      return {
        page: element.ownerDocument.documentElement.scrollWidth,
        dialog: element.scrollWidth - element.clientWidth,
      };
    });
    expect(widths).toEqual({ page: 390, dialog: 0 });
    await expectTargets(dialog);
    await saveScreenshot(page, 'share-card-large-text');
  });
});

/** The photo is in the card whole: letterboxed on the dark background above and below, its gradient in the middle. */
async function expectCardPixels(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
  };
  const dark = ([r, g, b]: number[]) => (r ?? 0) < 40 && (g ?? 0) < 40 && (b ?? 0) < 60;
  // 1200 × 900 fitted into 1080 × 960: 1080 × 810, from y 75 to 885.
  expect(dark(pixel(540, 30))).toBe(true);
  expect(dark(pixel(540, 930))).toBe(true);
  const middle = pixel(540, 480);
  expect(middle[2]).toBeGreaterThan(120);
  // Red grows from left to right across the photo, as in the picture uploaded.
  expect((pixel(1000, 480)[0] ?? 0) - (pixel(80, 480)[0] ?? 0)).toBeGreaterThan(150);
}
