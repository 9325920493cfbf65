import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxPhoto, waitForWorkerControl } from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import { describeImage, makeCameraPhoto, type TestPhoto } from './support/photo.ts';
import { expectServerCatches, expectValue } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * Photos prepared on the phone (docs/decisions/045-photos-prepared-on-the-phone.md), in Chromium on the harness's
 * 390 px phone: a 12 MP camera JPEG held upright (EXIF orientation 6) with its capture time and GPS position.
 * The form offers its time and place (one tap), and what the outbox keeps and the server stores is upright,
 * at most 2048 px, and carries no metadata. The second test measures the preparation under 4× CPU throttling.
 */

const e2e = setupE2E();
const PLACE = { latitude: 45.12, longitude: -93.4 };
let camera: TestPhoto;

beforeAll(async () => {
  camera = await makeCameraPhoto({ gps: PLACE, takenAt: '2026:11:26 18:42:00', offset: '-06:00' });
});
afterAll(() => camera?.remove());

/** The chunk names of a WebP file (RIFF container): what it carries besides the picture. */
function webpChunks(bytes: Buffer): string[] {
  expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
  expect(bytes.toString('latin1', 8, 12)).toBe('WEBP');
  const chunks: string[] = [];
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32LE(at + 4);
    chunks.push(bytes.toString('latin1', at, at + 4));
    at += 8 + size + (size % 2);
  }
  return chunks;
}

/**
 * No EXIF or XMP anywhere in the bytes (nor a JPEG's EXIF header, nor the camera's or the GPS tags' text). Chromium's
 * canvas writes its own sRGB colour profile (ICCP): how to show the colours, nothing about the photo.
 */
function expectNoMetadata(bytes: Buffer, allowed: string[] = []): void {
  const picture = ['VP8 ', 'VP8L', 'VP8X', 'ALPH', ...allowed];
  expect(webpChunks(bytes).filter((chunk) => !picture.includes(chunk))).toEqual([]);
  for (const marker of ['Exif\0\0', 'http://ns.adobe.com/xap/', 'TightlinesTestCam', 'GPSLatitude']) {
    expect(bytes.includes(Buffer.from(marker, 'latin1')), marker).toBe(false);
  }
}

/** Mean red and green of a square of the picture. */
async function meanColour(bytes: Buffer, left: number, top: number): Promise<{ red: number; green: number }> {
  const { data, info } = await sharp(bytes)
    .extract({ left, top, width: 100, height: 100 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let red = 0;
  let green = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    red += data[i] ?? 0;
    green += data[i + 1] ?? 0;
  }
  const pixels = data.length / info.channels;
  return { red: red / pixels, green: green / pixels };
}

describe('a photo prepared on the phone', () => {
  it('offers the photo’s time and place, and keeps and uploads it upright, 2048 px, without metadata', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Log a catch' });
    // The GPS fix the form asks for when it opens, in before the photo's place is taken.
    await expectValue(form.getByLabel('Latitude'), '39.096800');
    await waitForWorkerControl(page, 60_000);

    // The control: two 44 px buttons, the file pickers themselves off screen, the camera one asking for the back camera.
    const take = form.getByRole('button', { name: 'Take photo' });
    const choose = form.getByRole('button', { name: 'Choose photo' });
    for (const button of [take, choose])
      expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    const pickers = form.locator('input[type=file]');
    expect(await pickers.count()).toBe(2);
    for (const picker of await pickers.all()) {
      const box = await picker.boundingBox();
      expect((box?.width ?? 0) <= 1 && (box?.height ?? 0) <= 1).toBe(true);
    }
    expect(await form.locator('input[type=file][capture=environment]').count()).toBe(1);

    // Choose photo opens the gallery picker.
    const chooser = page.waitForEvent('filechooser');
    await choose.click();
    await (await chooser).setFiles(camera.file);
    await form.getByRole('img', { name: 'Preview of the selected catch' }).waitFor();
    await form.getByRole('button', { name: 'Replace photo' }).waitFor();
    await form.getByRole('button', { name: 'Remove photo' }).waitFor();
    await form.getByText('This photo was taken 26 Nov 2026, 6:42 pm at 45.12, -93.4').waitFor();
    // Offered, never filled silently.
    expect(await form.getByLabel('Catch Date').inputValue()).not.toBe('2026-11-26');
    expect(await form.getByLabel('Latitude').inputValue()).toBe('39.096800');

    const geocode = await page.request.get(
      `/api/reverse-geocode?lat=${PLACE.latitude}&lon=${PLACE.longitude}`,
    );
    const { locationName: placeName } = (await geocode.json()) as { locationName: string };
    await form.getByRole('button', { name: 'Use its time and place' }).click();
    await expectValue(form.getByLabel('Catch Date'), '2026-11-26');
    await expectValue(form.getByLabel('Time of Day'), '18:42');
    await expectValue(form.getByLabel('Latitude'), '45.120000');
    await expectValue(form.getByLabel('Longitude'), '-93.400000');
    await expectValue(form.getByLabel('Location Name'), placeName);
    expect(await form.getByRole('button', { name: 'Use its time and place' }).count()).toBe(0);

    // Saved with no network, so what the outbox keeps can be read before it is sent.
    await context.setOffline(true);
    await form.getByLabel('Fish Type').fill('Walleye');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await page.getByRole('status').filter({ hasText: 'Catch Logged!' }).waitFor();
    const kept = await outboxPhoto(page);
    expect(kept?.type).toBe('image/webp');
    const keptBytes = kept?.bytes ?? Buffer.alloc(0);
    expectNoMetadata(keptBytes, ['ICCP']);
    expect(await describeImage(keptBytes)).toMatchObject({ format: 'webp', width: 1536, height: 2048 });
    console.info(
      `Photo prepared on the phone: ${camera.bytes.length} bytes (4000×3000 JPEG) → ${keptBytes.length} bytes (1536×2048 WebP)`,
    );

    await context.setOffline(false);
    const [saved] = await expectServerCatches(page, 1);
    expect(saved).toMatchObject({
      fishType: 'Walleye',
      catchDate: '2026-11-26',
      timeOfDay: '18:42',
      latitude: PLACE.latitude,
      longitude: PLACE.longitude,
      locationName: placeName,
    });
    const stored = await page.request.get(saved?.photo ?? '');
    expect(stored.status()).toBe(200);
    const storedBytes = await stored.body();
    expect(storedBytes.length).toBeLessThanOrEqual(600 * 1024);
    expectNoMetadata(storedBytes);
    // Upright: taller than wide (the camera stored it sideways), the stored top-left corner now at the top right.
    expect(await describeImage(storedBytes)).toMatchObject({ width: 1536, height: 2048, hasExif: false });
    const topRight = await meanColour(storedBytes, 1536 - 150, 50);
    const topLeft = await meanColour(storedBytes, 50, 50);
    expect(topRight.red).toBeGreaterThan(200);
    expect(topRight.green).toBeLessThan(60);
    expect(topLeft.red).toBeLessThan(200);

    // History's card shows the whole photo, fitted into its box: the tall fish is not cropped.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('img', { name: 'Photo of Walleye' }).waitFor();
    expect(
      await page.evaluate<string>(
        `getComputedStyle(document.querySelector('img[alt="Photo of Walleye"]')).objectFit`,
      ),
    ).toBe('contain');
    expectNoConsoleErrors();
  });

  it('prepares a 12 MP photo in a few seconds on a phone 4× slower than this machine', async (test) => {
    const { page, context } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Log a catch' });
    await expectValue(form.getByLabel('Latitude'), '39.096800');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await form.getByLabel('Photo').setInputFiles(camera.file);
    await expect
      .poll(() => page.evaluate<number>(`performance.getEntriesByName('photo prepared').length`), {
        timeout: 30_000,
      })
      .toBe(1);
    const took = await page.evaluate<number>(`performance.getEntriesByName('photo prepared')[0].duration`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    console.info(`Photo prepared in ${Math.round(took)} ms under 4× CPU throttling`);
    expect(took).toBeLessThan(15_000);
  });
});
