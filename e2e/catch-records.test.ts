import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { expectToast, expectValue, fetchCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * "Are you sure?" before a catch beyond its species' record is saved (core/species-records.ts), in the Log form
 * and in the edit dialog, in either unit system: asked, never refused.
 */

const e2e = setupE2E();

async function openLogForm(page: Page) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Log a catch' });
  // The automatic GPS fix fills the position first, so nothing races the question below.
  await expectValue(form.getByLabel('Latitude'), '39.096800');
  return form;
}

const question = (page: Page) => page.getByRole('alertdialog', { name: 'Are you sure?' });

describe('a catch beyond its species record', () => {
  it('asks before the Log form saves a 10 lb bluegill, and saves it when the angler insists', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const form = await openLogForm(page);

    await form.getByLabel('Fish Type').fill('Bluegill');
    await form.getByLabel('Weight (lbs)').fill('10');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await question(page).waitFor();
    await question(page)
      .getByText('10 lbs is more than the heaviest Bluegill on record (4.8 lbs).', { exact: true })
      .waitFor();
    // The question has the focus (a phone scrolls to it), nothing is saved yet.
    await expect
      .poll(() => question(page).evaluate((box) => box === box.ownerDocument.activeElement))
      .toBe(true);
    await expectNoAxeViolations(page, 'form');
    await saveScreenshot(page, 'log-form-record-question');
    expect(await page.getByText('Catch Logged!').count()).toBe(0);

    await question(page).getByRole('button', { name: 'Save anyway' }).click();
    await page.getByText('Catch Logged!', { exact: true }).waitFor();
    await expect
      .poll(async () => (await fetchCatches(page)).map((c) => [c.fishType, c.weight]))
      .toEqual([['Bluegill', 10]]);
    expectNoConsoleErrors();
  });

  it('takes the angler back to a 36 in perch, and saves the corrected one without asking', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const form = await openLogForm(page);

    await form.getByLabel('Fish Type').fill('perch');
    await form.getByLabel('Length (inches)').fill('36');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await question(page)
      .getByText('36 in is longer than the longest Perch on record (24 in).', { exact: true })
      .waitFor();
    await question(page).getByRole('button', { name: 'Check the length' }).click();
    await question(page).waitFor({ state: 'detached' });
    const length = form.getByLabel('Length (inches)');
    await expect
      .poll(() => length.evaluate((input) => input === input.ownerDocument.activeElement))
      .toBe(true);

    await length.fill('13.6');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await page.getByText('Catch Logged!', { exact: true }).waitFor();
    expect(await question(page).count()).toBe(0);
    await expect.poll(async () => (await fetchCatches(page)).map((c) => c.length)).toEqual([13.6]);
    expectNoConsoleErrors();
  });

  it('asks in the edit dialog too, in metric: a 4.5 kg bluegill', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    expect((await page.request.patch('/api/user', { data: { units: 'metric' } })).status()).toBe(200);
    const created = await page.request.post('/api/mobile-catch', {
      data: { fishType: 'Bluegill', weight: 0.8, locationName: 'Lake Tahoe' },
    });
    expect(created.status()).toBe(201);
    await page.goto('/');
    await page.getByRole('tab', { name: 'History' }).click();
    const card = page.getByRole('list', { name: 'Catches' }).getByRole('listitem');
    await card.getByRole('button', { name: 'Catch options' }).click();
    await page.getByRole('menuitem', { name: 'Edit Catch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Catch' });
    const form = dialog.getByRole('form', { name: 'Edit catch' });
    await expectValue(form.getByLabel('Weight (kg)'), '0.36');

    await form.getByLabel('Weight (kg)').fill('4.5');
    await form.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByRole('alertdialog', { name: 'Are you sure?' })
      .getByText('4.5 kg is more than the heaviest Bluegill on record (2.2 kg).', { exact: true })
      .waitFor();
    await saveScreenshot(page, 'edit-dialog-record-question');
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await expectToast(page, 'Catch updated', 'Your changes have been saved.');
    await expect
      .poll(async () => ((await fetchCatches(page))[0]?.weight ?? 0).toFixed(2))
      .toBe((4.5 / 0.45359237).toFixed(2));
    expectNoConsoleErrors();
  });
});
