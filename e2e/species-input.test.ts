import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COMMON_SPORT_FISH } from '#core/species.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { expectServerCatches, expectValue } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * The Log form's fish type field suggests as you type (docs/product.md#log, decision 011): the angler's own species first (most
 * caught first, from the list History keeps, fetched by the field if this phone has none yet), then the bundled
 * common sport fish; free text is still saved.
 */
const e2e = setupE2E();

/** Three of the angler's own species, two of them bass, one name not in the bundled list. */
async function seedOwnSpecies(page: Page): Promise<void> {
  const catches = ['Smallmouth Bass', 'Smallmouth Bass', 'Backyard Pond Bass', 'Walleye'];
  for (const fishType of catches) {
    const response = await page.request.post('/api/catches', { data: { fishType } });
    expect(response.status(), await response.text()).toBe(201);
  }
  await expectServerCatches(page, catches.length);
}

/** The suggestion texts the field's listbox shows. */
async function suggestionTexts(field: Locator, page: Page): Promise<string[]> {
  const listId = await field.getAttribute('aria-controls');
  return page.locator(`[id="${listId}"] [role="option"]`).allTextContents();
}

describe('fish type suggestions on the Log form', () => {
  it('suggests own species first, then bundled ones; a tap or the keyboard picks one; free text still saves', async (test) => {
    const { page, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await seedOwnSpecies(page);
    // A phone that has never shown History: the field fetches the list itself when first focused.
    await page.goto('/');

    const form = page.getByRole('form', { name: 'Log a catch' });
    const field = form.getByRole('combobox', { name: 'Fish Type' });
    expect(await field.getAttribute('aria-required')).toBe('true');
    expect(await field.getAttribute('placeholder')).toBe('e.g. Largemouth Bass');
    expect(await field.getAttribute('aria-expanded')).toBe('false');

    // "bas": own species first, most caught first, then the bundled list (never the same name twice).
    await field.click();
    await field.pressSequentially('bas');
    const listbox = form.getByRole('listbox', { name: 'Suggestions' });
    await listbox.waitFor();
    await expect.poll(() => suggestionTexts(field, page).then((texts) => texts.length)).toBeGreaterThan(3);
    const texts = await suggestionTexts(field, page);
    expect(texts.slice(0, 2)).toEqual(['Smallmouth Bass', 'Backyard Pond Bass']);
    const bundled = texts.slice(2);
    expect(bundled[0]).toBe('Bass');
    for (const name of bundled) expect(COMMON_SPORT_FISH).toContain(name);
    expect(bundled).not.toContain('Smallmouth Bass');
    expect(await field.getAttribute('aria-expanded')).toBe('true');
    await form.getByText(`${texts.length} suggestions`, { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'form[aria-label="Log a catch"]');
    await saveScreenshot(page, 'species-suggestions');

    // A tap picks one and closes the list.
    await listbox.getByRole('option', { name: 'Backyard Pond Bass' }).click();
    await expectValue(field, 'Backyard Pond Bass');
    await listbox.waitFor({ state: 'hidden' });
    expect(await field.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);

    // The keyboard: Down moves through the list (the field keeps focus), Enter takes it, Escape closes.
    await field.fill('');
    await field.pressSequentially('wall');
    await listbox.getByRole('option', { name: 'Walleye' }).waitFor();
    await page.keyboard.press('ArrowDown');
    const first = listbox.getByRole('option').first();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await field.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    expect(await first.textContent()).toBe('Walleye');
    await page.keyboard.press('Enter');
    await expectValue(field, 'Walleye');
    await listbox.waitFor({ state: 'hidden' });
    // Enter took the suggestion: it did not submit the form.
    expect(await page.getByText('Catch Logged!').count()).toBe(0);
    await field.fill('');
    await field.pressSequentially('trou');
    await listbox.waitFor();
    await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
    await expectValue(field, 'trou');

    // Free text: a name in no list is saved as typed, and the next Log form is empty again.
    await field.fill('Three-Eyed Lake Monster');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await page.getByText('Catch Logged!', { exact: true }).waitFor();
    const saved = await expectServerCatches(page, 5);
    expect(saved.map((item) => item.fishType)).toContain('Three-Eyed Lake Monster');
    await page.getByText('Catch Logged!', { exact: true }).waitFor({ state: 'detached' });
    await expectValue(field, '');

    expect(blockedRequests).toEqual([]);
    expectNoConsoleErrors();
  });
});
