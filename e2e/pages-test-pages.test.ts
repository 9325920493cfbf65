import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TAHOE } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { makeCatchPhoto } from './support/photo.ts';
import { openPublicPage, unexpectedConsoleErrors } from './support/public-pages.ts';
import { expectImageLoaded, expectToast, expectValue, fetchCatches } from './support/ui.ts';
import { currentUser, registerViaApi } from './support/users.ts';

const e2e = setupE2E();

/** The test pages' fixed coordinates (web/src/routes/test-pages/test-catch.tsx). */
const TEST_POSITION = { latitude: 39.0968, longitude: -120.0324 };

/** Waits for the page to land on /auth after a refused save. */
async function expectAuthPage(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/auth');
  await page.getByRole('tab', { name: 'Login' }).waitFor();
}

/** Waits for the main shell on its History tab (what /logs opens). */
async function expectHistoryTab(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/');
  const history = page.getByRole('tab', { name: 'History' });
  await expect.poll(() => history.getAttribute('aria-selected')).toBe('true');
}

describe('/basic-photo-upload', () => {
  it('asks for a file, refuses a signed-out upload, rejects a non-image and uploads a photo', async (test) => {
    const { page, consoleErrors } = await e2e.openPage(test);
    const photo = await makeCatchPhoto(TAHOE, 640, 480);
    test.onTestFinished(() => photo.remove());
    await openPublicPage(page, '/basic-photo-upload', 'Basic Photo Upload');
    const form = page.getByRole('form', { name: 'Basic photo upload' });
    const upload = form.getByRole('button', { name: 'Upload Photo' });

    // No file chosen.
    await upload.click();
    await form.getByRole('alert').filter({ hasText: 'Please select a file to upload' }).waitFor();

    // Signed out: the server refuses; the toast carries its message.
    await page.getByText('Uploads are saved to your account').waitFor();
    await form.getByLabel('Photo file').setInputFiles(photo.file);
    expect(await form.getByRole('alert').count()).toBe(0);
    await upload.click();
    await expectToast(page, 'Upload failed', 'You must be logged in');
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: 'Upload failed: You must be logged in' })
      .waitFor();

    // Signed in, a file that is not an image: the server's message.
    await registerViaApi(page);
    await page.reload();
    await form.waitFor();
    await form.getByLabel('Photo file').setInputFiles({
      name: 'not-a-photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('this is not an image at all'),
    });
    await upload.click();
    await expectToast(
      page,
      'Upload failed',
      'Only image files can be uploaded (JPEG, PNG, WebP, GIF, AVIF or TIFF)',
    );

    // A real photo: the result shows its URL and the stored image.
    await form.getByLabel('Photo file').setInputFiles(photo.file);
    await upload.click();
    await expectToast(page, 'Upload successful');
    const url = (await page.getByTestId('uploaded-photo-url').textContent()) ?? '';
    expect(url).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\.webp$/);
    expect(await expectImageLoaded(page.getByRole('img', { name: 'Uploaded result' }))).toEqual({
      width: photo.width,
      height: photo.height,
    });

    expect(
      unexpectedConsoleErrors(consoleErrors, [
        [401, '/api/upload-photo'],
        [400, '/api/upload-photo'],
      ]),
    ).toEqual([]);
  });
});

describe('/photo-upload', () => {
  it('previews and removes a photo, reports a failed upload, then uploads with a success banner', async (test) => {
    const { page, consoleErrors } = await e2e.openPage(test);
    const photo = await makeCatchPhoto(TAHOE, 800, 600);
    test.onTestFinished(() => photo.remove());
    await openPublicPage(page, '/photo-upload', 'Photo Upload');
    const main = page.getByRole('main');
    await main.getByText('For best results, use image files under 5MB.').waitFor();
    await main.getByText('No photo selected').waitFor();

    await main.getByRole('button', { name: 'Upload Photo' }).click();
    await expectToast(page, 'No file selected');

    // none → selected (preview) → removed.
    const input = main.getByLabel('Photo file');
    const preview = main.getByRole('img', { name: 'Preview of the selected file' });
    await input.setInputFiles(photo.file);
    expect(await expectImageLoaded(preview)).toEqual({ width: photo.width, height: photo.height });
    await main.getByRole('button', { name: 'Remove photo' }).click();
    await preview.waitFor({ state: 'detached' });
    await main.getByText('No photo selected').waitFor();
    expect(await input.inputValue()).toBe('');

    // Signed out the server answers 401: 'Upload failed: {status} {statusText}'.
    await input.setInputFiles(photo.file);
    await expectImageLoaded(preview);
    await main.getByRole('button', { name: 'Upload Photo' }).click();
    await expectToast(page, 'Upload failed', 'Upload failed: 401 Unauthorized');
    await main.getByRole('alert').filter({ hasText: 'Upload failed: 401 Unauthorized' }).waitFor();

    // Signed in: success banner and the stored photo.
    await registerViaApi(page);
    await main.getByRole('button', { name: 'Upload Photo' }).click();
    await expectToast(page, 'Upload successful');
    await main.getByRole('status').filter({ hasText: 'Photo uploaded successfully!' }).waitFor();
    const url = (await page.getByTestId('uploaded-photo-url').textContent()) ?? '';
    expect(url).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\.webp$/);
    expect(await expectImageLoaded(main.getByRole('img', { name: 'Uploaded result' }))).toEqual({
      width: photo.width,
      height: photo.height,
    });
    expect(await main.getByRole('alert').count()).toBe(0);

    // Back to the Tools tab (after a reload: the page still remembers the signed-out visitor of its first load).
    await page.reload();
    await main.getByRole('link', { name: 'Back to Tools' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    const tools = page.getByRole('tab', { name: 'Tools' });
    await expect.poll(() => tools.getAttribute('aria-selected')).toBe('true');

    expect(unexpectedConsoleErrors(consoleErrors, [[401, '/api/upload']])).toEqual([]);
  });
});

describe('/simple-catch', () => {
  it('asks a signed-out visitor to log in', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await openPublicPage(page, '/simple-catch', 'Simple Catch Form');
    await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    expect(await page.getByRole('form').count()).toBe(0);
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await expectAuthPage(page);
    expectNoConsoleErrors();
  });

  it('validates, saves with the fixed coordinates and goes to the History tab', async (test) => {
    const { page, consoleErrors } = await e2e.openPage(test);
    const user = await registerViaApi(page);
    await openPublicPage(page, '/simple-catch', 'Simple Catch Form');
    const form = page.getByRole('form', { name: 'Simple catch form' });

    // The test defaults.
    await expectValue(form.getByLabel('Fish Type'), 'Bass');
    await expectValue(form.getByLabel('Weight (lbs)'), '2.5');
    await expectValue(form.getByLabel('Length (inches)'), '14');
    expect(await form.getByLabel('Location').inputValue()).not.toBe('');

    // Every field is required; weight at least 0.1 and length at least 1. Nothing is sent.
    await form.getByLabel('Fish Type').fill('   ');
    await form.getByLabel('Weight (lbs)').fill('0.05');
    await form.getByLabel('Length (inches)').fill('0.5');
    await form.getByLabel('Location').fill('');
    await form.getByRole('button', { name: 'Save Catch' }).click();
    for (const message of [
      'Fish type is required',
      'Weight must be at least 0.1',
      'Length must be at least 1',
      'Location is required',
    ]) {
      await form.getByText(message, { exact: true }).waitFor();
    }
    expect(await form.getByLabel('Fish Type').getAttribute('aria-invalid')).toBe('true');
    expect(await fetchCatches(page)).toEqual([]);

    // A server refusal: 'Error Saving Catch' with 'Server error: {status} - {message}'; the form stays.
    await form.getByLabel('Fish Type').fill('Largemouth Bass');
    await form.getByLabel('Weight (lbs)').fill('6000');
    await form.getByLabel('Length (inches)').fill('16');
    await form.getByLabel('Location').fill('Test Lake');
    await form.getByRole('button', { name: 'Save Catch' }).click();
    await expectToast(page, 'Error Saving Catch', 'Server error: 400 - Weight must be at most 5000');
    expect(new URL(page.url()).pathname).toBe('/simple-catch');
    expect(await fetchCatches(page)).toEqual([]);

    // Success: 'Catch saved!', then /logs opens the History tab with the new catch.
    await form.getByLabel('Weight (lbs)').fill('3.2');
    await form.getByRole('button', { name: 'Save Catch' }).click();
    await expectToast(page, 'Catch saved!');
    await expectHistoryTab(page);
    await page.getByText('Largemouth Bass', { exact: true }).first().waitFor();
    const saved = await fetchCatches(page);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      fishType: 'Largemouth Bass',
      weight: 3.2,
      length: 16,
      locationName: 'Test Lake',
      ...TEST_POSITION,
    });
    expect((await currentUser(page))?.id).toBe(user.id);

    expect(unexpectedConsoleErrors(consoleErrors, [[400, '/api/catches']])).toEqual([]);
  });

  it('sends an angler whose session ended to /auth without saving anything', async (test) => {
    const { page, context, consoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await openPublicPage(page, '/simple-catch', 'Simple Catch Form');
    const form = page.getByRole('form', { name: 'Simple catch form' });
    await form.waitFor();

    const cookies = await context.cookies();
    await context.clearCookies();
    await form.getByRole('button', { name: 'Save Catch' }).click();
    await expectToast(page, 'Authentication Required', 'You must be logged in to save catches');
    await expectAuthPage(page);

    await context.addCookies(cookies);
    expect(await fetchCatches(page)).toEqual([]);
    expect(unexpectedConsoleErrors(consoleErrors, [[401, '/api/catches']])).toEqual([]);
  });
});

describe('/emergency-catch', () => {
  it('has no login check on the page, but a signed-out save is refused and goes to /auth', async (test) => {
    const { page, consoleErrors } = await e2e.openPage(test);
    await openPublicPage(page, '/emergency-catch', 'Emergency Catch Form');
    const form = page.getByRole('form', { name: 'Emergency catch form' });
    await expectValue(form.getByLabel('Fish Type'), 'Bass');
    await form.getByRole('button', { name: 'Save Catch' }).click();
    await expectToast(page, 'Authentication Required', 'You must be logged in to save catches');
    await expectAuthPage(page);
    expect(unexpectedConsoleErrors(consoleErrors, [[401, '/api/emergency-catch']])).toEqual([]);
  });

  it('validates, shows the returned record, adds another and views all catches', async (test) => {
    const { page, consoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await openPublicPage(page, '/emergency-catch', 'Emergency Catch Form');
    const form = page.getByRole('form', { name: 'Emergency catch form' });

    await form.getByLabel('Length (inches)').fill('');
    await form.getByRole('button', { name: 'Save Catch' }).click();
    await form.getByText('Length is required', { exact: true }).waitFor();
    await form.getByLabel('Length (inches)').fill('14');

    await form.getByRole('button', { name: 'Save Catch' }).click();
    await expectToast(page, 'Success!');
    const record = page.getByRole('region', { name: 'Saved catch' });
    await record.waitFor();
    const [first] = await fetchCatches(page);
    expect(first).toMatchObject({ fishType: 'Bass', weight: 2.5, length: 14 });
    expect(await record.textContent()).toContain(`#${first?.id}`);
    // The server's answer, as-is.
    await record.getByText('Server response (JSON)').click();
    const json = JSON.parse((await record.locator('pre').textContent()) ?? '{}') as {
      id: number;
      fishType: string;
    };
    expect(json).toMatchObject({ id: first?.id, fishType: 'Bass', weight: 2.5, length: 14 });

    // Add Another Catch: a fresh form with the defaults.
    await page.getByRole('button', { name: 'Add Another Catch' }).click();
    await expectValue(form.getByLabel('Fish Type'), 'Bass');
    await form.getByLabel('Fish Type').fill('Walleye');
    await form.getByRole('button', { name: 'Save Catch' }).click();
    await record.getByText('Walleye', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'View All Catches' }).click();
    await expectHistoryTab(page);
    await page.getByText('Walleye', { exact: true }).first().waitFor();
    expect((await fetchCatches(page)).map((c) => c.fishType)).toEqual(['Walleye', 'Bass']);
    expect(unexpectedConsoleErrors(consoleErrors, [])).toEqual([]);
  });
});

describe('/final-fix', () => {
  it('shows "Not signed in" and sends a signed-out direct save to /auth', async (test) => {
    const { page, consoleErrors } = await e2e.openPage(test);
    await openPublicPage(page, '/final-fix', 'Direct Save Test');
    const userId = page.getByTestId('current-user-id');
    await expect.poll(() => userId.textContent()).toBe('Not signed in');
    await page.getByRole('button', { name: 'Save Test Catch' }).click();
    await expectToast(page, 'Authentication Required', 'You must be logged in to save catches');
    await expectAuthPage(page);
    expect(unexpectedConsoleErrors(consoleErrors, [[401, '/api/catches']])).toEqual([]);
  });

  it('shows the user id and saves the test catch with one tap', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    const user = await registerViaApi(page);
    await openPublicPage(page, '/final-fix', 'Direct Save Test');
    await expect.poll(() => page.getByTestId('current-user-id').textContent()).toBe(String(user.id));
    await page.getByRole('button', { name: 'Save Test Catch' }).click();
    await expectToast(page, 'Success!');
    await page.getByRole('region', { name: 'Saved catch' }).waitFor();
    const saved = await fetchCatches(page);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ fishType: 'Bass', weight: 2.5, length: 14, ...TEST_POSITION });
    await page.getByRole('link', { name: 'View All Catches' }).click();
    await expectHistoryTab(page);
    expectNoConsoleErrors();
  });
});
