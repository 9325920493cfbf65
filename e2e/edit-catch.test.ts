import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { TAHOE } from './support/browser.ts';
import { waitForWorkerControl } from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import { makeCatchPhoto } from './support/photo.ts';
import { expectImageLoaded, expectToast, expectValue, fetchCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * Editing a catch (docs/decisions/021-editing-a-catch.md) in Chromium on a 390 px phone against the real server: from the card menu and from
 * the details, online and offline (sent once when the signal is back), and the checks before anything is
 * promised: a refused value never shows 'Catch Logged!', and a catch the server refuses opens in the edit form
 * with the refused field marked.
 */

const e2e = setupE2E();
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/tightlines-e2e-screenshots';

const cards = (page: Page) => page.getByRole('list', { name: 'Catches' }).getByRole('listitem');
const card = (page: Page, fishType: string) =>
  cards(page).filter({ has: page.getByRole('button', { name: fishType, exact: true }) });

async function saveOnServer(page: Page, fields: Record<string, unknown>): Promise<Catch> {
  const answer = await page.request.post('/api/mobile-catch', { data: fields });
  expect(answer.status()).toBe(201);
  return (await answer.json()) as Catch;
}

async function openHistory(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();
}

/** PATCH requests the server answered, by path: how often an edit really went out. */
function countAnsweredPatches(page: Page): string[] {
  const answered: string[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'PATCH') answered.push(new URL(response.url()).pathname);
  });
  return answered;
}

describe('editing a catch', () => {
  it('edits a catch online from the card menu: every field pre-filled, the photo replaced, Save/Cancel', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const saved = await saveOnServer(page, {
      fishType: 'Brown Trout',
      weight: 3.4,
      length: 18.5,
      locationName: 'Fallen Leaf Lake',
      latitude: 38.9,
      longitude: -120.06,
      notes: 'Cruising the drop-off',
      waterTemperature: 54.5,
      catchDate: '2026-05-02',
      timeOfDay: '05:30',
      lineSize: '6 lb',
      baitUsed: 'PowerBait',
      depth: 12,
    });
    const patches = countAnsweredPatches(page);
    await page.goto('/');
    await openHistory(page);

    await card(page, 'Brown Trout').getByRole('button', { name: 'Catch options' }).click();
    await page.getByRole('menuitem', { name: 'Edit Catch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Catch' });
    const form = dialog.getByRole('form', { name: 'Edit catch' });
    await expectValue(form.getByLabel('Fish Type'), 'Brown Trout');
    await expectValue(form.getByLabel('Weight (lbs)'), '3.4');
    await expectValue(form.getByLabel('Length (inches)'), '18.5');
    await expectValue(form.getByLabel('Location Name'), 'Fallen Leaf Lake');
    await expectValue(form.getByLabel('Latitude'), '38.900000');
    await expectValue(form.getByLabel('Notes'), 'Cruising the drop-off');
    await expectValue(form.getByLabel('Water Temperature (°F)'), '54.5');
    await expectValue(form.getByLabel('Catch Date'), '2026-05-02');
    await expectValue(form.getByLabel('Time of Day'), '05:30');
    await expectValue(form.getByLabel('Line Size'), '6 lb');
    await expectValue(form.getByLabel('Bait Used'), 'PowerBait');
    await expectValue(form.getByLabel('Depth (ft)'), '12');
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.screenshot({ path: `${SCREENSHOTS}/edit-catch-dialog.png`, fullPage: false });

    // Cancel changes nothing.
    await form.getByLabel('Notes').fill('Not this');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(patches).toEqual([]);

    // Again, from the details: change the weight, clear the bait, add a photo.
    await card(page, 'Brown Trout').getByRole('button', { name: 'Brown Trout' }).click();
    const details = page.getByRole('dialog', { name: 'Brown Trout' });
    await details.getByRole('button', { name: 'Edit Catch' }).click();
    await details.waitFor({ state: 'detached' });
    await form.getByLabel('Weight (lbs)').fill('3.9');
    await form.getByLabel('Bait Used').fill('');
    const photo = await makeCatchPhoto(TAHOE);
    test.onTestFinished(() => photo.remove());
    await form.getByLabel('Photo').setInputFiles(photo.file);
    await expectImageLoaded(form.getByRole('img', { name: 'Preview of the selected catch' }));
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Catch updated', 'Your changes have been saved.');
    await dialog.waitFor({ state: 'detached' });

    // The card shows it at once; the server has exactly that, once.
    await card(page, 'Brown Trout').getByText('3.9 lbs', { exact: true }).waitFor();
    await expect
      .poll(async () => (await fetchCatches(page))[0], { timeout: 15_000 })
      .toMatchObject({ id: saved.id, weight: 3.9, baitUsed: null, notes: 'Cruising the drop-off' });
    const [edited] = await fetchCatches(page);
    expect(edited?.photo).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\.webp$/);
    await card(page, 'Brown Trout').getByText('Waiting to sync').waitFor({ state: 'detached' });
    expect(patches).toEqual([`/api/catches/${saved.id}`]);
    await expectImageLoaded(card(page, 'Brown Trout').getByRole('img', { name: 'Photo of Brown Trout' }));
    expectNoConsoleErrors();
  });

  it('edits offline: the change shows at once, waits, and is sent exactly once when the signal is back', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const saved = await saveOnServer(page, { fishType: 'Kokanee', weight: 1.2, notes: 'Trolling' });
    const patches = countAnsweredPatches(page);
    await page.goto('/');
    await waitForWorkerControl(page);
    await openHistory(page);
    await card(page, 'Kokanee').waitFor();

    await context.setOffline(true);
    await page.getByText("You're offline", { exact: true }).waitFor();
    await card(page, 'Kokanee').getByRole('button', { name: 'Catch options' }).click();
    await page.getByRole('menuitem', { name: 'Edit Catch' }).click();
    const form = page.getByRole('form', { name: 'Edit catch' });
    await form.getByLabel('Weight (lbs)').fill('1.6');
    await form.getByLabel('Notes').fill('Trolling at 40 ft');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Catch updated', 'Your changes have been saved.');

    const edited = card(page, 'Kokanee');
    await edited.getByText('1.6 lbs', { exact: true }).waitFor();
    await edited.getByText('Waiting to sync', { exact: true }).waitFor();
    // A second edit offline merges into the first.
    await edited.getByRole('button', { name: 'Catch options' }).click();
    await page.getByRole('menuitem', { name: 'Edit Catch' }).click();
    await expectValue(form.getByLabel('Weight (lbs)'), '1.6');
    await form.getByLabel('Length (inches)').fill('14');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    // Nothing reached the server yet (the test's own request goes around the offline browser).
    expect(await fetchCatches(page)).toMatchObject([{ id: saved.id, weight: 1.2, length: null }]);
    expect(patches).toEqual([]);

    await context.setOffline(false);
    await edited.getByText('Waiting to sync').waitFor({ state: 'detached', timeout: 20_000 });
    expect(await fetchCatches(page)).toMatchObject([
      { id: saved.id, weight: 1.6, length: 14, notes: 'Trolling at 40 ft' },
    ]);
    expect(patches).toEqual([`/api/catches/${saved.id}`]);
    expectNoConsoleErrors([{ status: 'network', path: '/api/catches' }]);
  });
});

describe('check before you promise', () => {
  it("a value the server would refuse is marked under its field, and never shows 'Catch Logged!'", async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('catch')) posts.push(request.url());
    });
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Log a catch' });
    await form.getByLabel('Fish Type').fill('Lake Trout');
    await form.getByLabel('Weight (lbs)').fill('-3');
    await form.getByLabel('Depth (ft)').fill('50000');
    await form.getByRole('button', { name: 'Log Catch' }).click();

    const weight = form.getByLabel('Weight (lbs)');
    await form.getByText('Weight must be at least 0 lbs', { exact: true }).waitFor();
    await form.getByText('Depth must be at most 40000 ft', { exact: true }).waitFor();
    expect(await weight.getAttribute('aria-invalid')).toBe('true');
    const weightId = await weight.getAttribute('id');
    await expect
      .poll(() => page.evaluate<string | null>('document.activeElement?.id ?? null'))
      .toBe(weightId);
    await page.screenshot({ path: `${SCREENSHOTS}/log-form-refused-value.png`, fullPage: false });
    expect(await page.getByText('Catch Logged!', { exact: true }).count()).toBe(0);

    // The angler fixes the weight: its message goes; the depth's stays until fixed too.
    await weight.fill('3');
    await form.getByText('Weight must be at least 0 lbs').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await form.getByText('Depth must be at most 40000 ft', { exact: true }).waitFor();
    expect(await page.getByText('Catch Logged!', { exact: true }).count()).toBe(0);
    await form.getByLabel('Depth (ft)').fill('40');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await page.getByText('Catch Logged!', { exact: true }).waitFor();
    await expect.poll(async () => (await fetchCatches(page)).length, { timeout: 15_000 }).toBe(1);
    expect(await fetchCatches(page)).toMatchObject([{ fishType: 'Lake Trout', weight: 3, depth: 40 }]);
    expect(posts).toHaveLength(1);
    expectNoConsoleErrors();
  });

  it('a catch the server refuses opens in the edit form with the refused field marked; fixed, it is sent once', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    const logForm = page.getByRole('form', { name: 'Log a catch' });

    // A rule only the server knows (a lake's own limit, say): it refuses the weight with a field reason.
    const refuse = (route: Route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Weight must be at most 20 in this water',
          code: 'INVALID_INPUT',
          errors: { weight: 'Weight must be at most 20 in this water' },
        }),
      });
    await context.route('**/api/mobile-catch', refuse);
    await logForm.getByLabel('Fish Type').fill('Mackinaw');
    await logForm.getByLabel('Weight (lbs)').fill('31');
    await logForm.getByRole('button', { name: 'Log Catch' }).click();
    await expectToast(
      page,
      'Catch not synced',
      'Weight must be at most 20 in this water. Open History to fix it, retry or discard it.',
    );

    await openHistory(page);
    const refused = card(page, 'Mackinaw');
    await refused.getByText('Not synced: Weight must be at most 20 in this water', { exact: true }).waitFor();
    await refused.getByRole('button', { name: 'Fix' }).click();
    const form = page.getByRole('form', { name: 'Edit catch' });
    const weight = form.getByLabel('Weight (lbs)');
    await expectValue(weight, '31');
    await form.getByText('Weight must be at most 20 in this water', { exact: true }).waitFor();
    expect(await weight.getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: `${SCREENSHOTS}/edit-refused-catch.png`, fullPage: false });

    await context.unroute('**/api/mobile-catch', refuse);
    await weight.fill('19.5');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await fetchCatches(page)).map((c) => [c.fishType, c.weight]), { timeout: 15_000 })
      .toEqual([['Mackinaw', 19.5]]);
    await refused.getByText(/Not synced/).waitFor({ state: 'detached' });
    expect(await cards(page).count()).toBe(1);
    expectNoConsoleErrors([{ status: 400, path: '/api/mobile-catch' }]);
  });
});
