import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, type TestContext } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/browser.ts';
import { outboxEntries, waitForWorkerControl } from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import { expectServerCatches, expectValue, fetchCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * Logging with wet hands (docs/decisions/046-quick-capture.md) on the harness's 390 × 844 phone: the Quick catch
 * (photo skipped, species, Save) offline, its 'Needs details' badge until the catch has a size, the 'Use last'
 * chips of the Log form, and the tabs at the bottom of a phone's screen (at the top of a wide one).
 */
const e2e = setupE2E();

const PHONE_HEIGHT = 844;

function historyCard(page: Page, fishType: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('button', { name: fishType, exact: true }) });
}

async function saveOnServer(page: Page, fields: Record<string, unknown>): Promise<void> {
  const response = await page.request.post('/api/catches', {
    data: {
      locationName: 'Mille Lacs',
      latitude: 46.2,
      longitude: -93.65,
      catchDate: '2026-11-20',
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The bottom of `locator`'s box and its height, px. */
async function boxOf(locator: Locator): Promise<{ top: number; bottom: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { top: box.y, bottom: box.y + box.height, height: box.height };
}

async function openWithLargeText(test: TestContext) {
  const opened = await e2e.openPage(test);
  const session = await opened.context.newCDPSession(opened.page);
  await session.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  return opened;
}

describe('the Quick catch', () => {
  it('offline with the photo skipped: listed as Needs details, synced once, completed by an edit', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    // The species the angler logged last is offered first, ahead of one caught more often.
    await saveOnServer(page, { fishType: 'Perch', weight: 0.4, catchDate: '2026-11-01' });
    await saveOnServer(page, { fishType: 'Perch', weight: 0.5, catchDate: '2026-11-02' });
    await saveOnServer(page, { fishType: 'Walleye', weight: 3.1, catchDate: '2026-11-20' });
    await page.goto('/');
    await expectValue(page.getByRole('form', { name: 'Log a catch' }).getByLabel('Latitude'), /\d/);
    await waitForWorkerControl(page, 60_000);
    // History keeps the list on the phone (the species suggestions read it offline).
    await page.getByRole('tab', { name: 'History' }).click();
    await historyCard(page, 'Walleye').waitFor();
    await page.getByRole('tab', { name: 'Log' }).click();

    // Within a thumb's reach: above the bottom tabs, at least 56 px tall.
    const quick = page.getByRole('button', { name: 'Quick catch' });
    const quickBox = await boxOf(quick);
    const tabsBox = await boxOf(page.getByRole('tablist'));
    expect(quickBox.height).toBeGreaterThanOrEqual(56);
    expect(quickBox.bottom).toBeLessThanOrEqual(tabsBox.top);
    expect(quickBox.top).toBeGreaterThan(PHONE_HEIGHT / 2);

    await context.setOffline(true);
    await quick.click();
    const steps = page.getByRole('form', { name: 'Quick catch' });
    await steps.getByRole('button', { name: 'Take photo' }).waitFor();
    await expectNoAxeViolations(page, 'main');
    await steps.getByRole('button', { name: 'Skip photo' }).click();
    const fishType = steps.getByRole('combobox', { name: 'Fish Type' });
    await expect
      .poll(() => fishType.evaluate((input) => input === input.ownerDocument.activeElement))
      .toBe(true);
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.allTextContents()).toEqual(['Walleye', 'Perch']);
    await saveScreenshot(page, 'quick-catch-species');
    await options.first().click();
    await expectValue(fishType, 'Walleye');
    await steps.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Catch Logged!' }).waitFor();
    await page.getByText("You're offline: it is kept on this phone").waitFor();

    await page.getByRole('tab', { name: 'History' }).click();
    const card = historyCard(page, 'Walleye').filter({ hasText: 'Waiting to sync' });
    await card.getByTestId('needs-details').waitFor();
    await expectNoAxeViolations(page, 'main');
    await saveScreenshot(page, 'quick-catch-needs-details');

    // The filter shows only what needs details.
    await page.getByRole('button', { name: 'Needs details', exact: true }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await page.getByRole('button', { name: 'Needs details', exact: true }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(4);

    // Back online: sent once, with the phone's time and position.
    await context.setOffline(false);
    const [synced] = (await expectServerCatches(page, 4)).filter(
      (item) => item.fishType === 'Walleye' && item.weight === null,
    );
    expect(synced).toMatchObject({ latitude: 39.0968, longitude: -120.0324, weight: null, length: null });
    await card.waitFor({ state: 'detached' });
    expect(await outboxEntries(page)).toEqual([]);
    expect((await fetchCatches(page)).filter((item) => item.fishType === 'Walleye')).toHaveLength(2);

    // Completed through Edit Catch: the badge goes.
    const pending = page.getByRole('article').filter({ has: page.getByTestId('needs-details') });
    await pending.getByRole('button', { name: 'Catch options' }).click();
    await page.getByRole('menuitem', { name: 'Edit Catch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Catch' });
    await dialog.getByLabel('Weight (lbs)').fill('2.8');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('needs-details').count()).toBe(0);
    await expect
      .poll(async () => (await fetchCatches(page)).filter((item) => item.weight === 2.8).length, {
        timeout: 15_000,
      })
      .toBe(1);
    expect((await fetchCatches(page)).length).toBe(4);
    expectNoConsoleErrors();
  }, 120_000);

  it("a dismissed 'Needs details' stays dismissed on this phone", async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await saveOnServer(page, { fishType: 'Bluegill' });
    await page.goto('/');
    await page.getByRole('tab', { name: 'History' }).click();
    await historyCard(page, 'Bluegill').getByTestId('needs-details').waitFor();
    await historyCard(page, 'Bluegill').getByRole('button', { name: 'Dismiss Needs details' }).click();
    await historyCard(page, 'Bluegill').getByTestId('needs-details').waitFor({ state: 'detached' });
    await page.reload();
    await historyCard(page, 'Bluegill').waitFor();
    expect(await page.getByTestId('needs-details').count()).toBe(0);
    expectNoConsoleErrors();
  });
});

describe('remembered choices', () => {
  it("offers the species' last bait, line and spot as chips, and fills only when tapped", async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const spot = await page.request.post('/api/spots', {
      data: { name: 'Sand bar', latitude: 46.21, longitude: -93.66 },
    });
    expect(spot.status(), await spot.text()).toBe(201);
    const { id: spotId } = (await spot.json()) as { id: number };
    await saveOnServer(page, {
      fishType: 'Walleye',
      weight: 3,
      baitUsed: 'Jig & minnow',
      lineSize: '8 lb',
      spotId,
      catchDate: '2026-11-10',
    });
    await saveOnServer(page, { fishType: 'Bass', weight: 2, baitUsed: 'Senko', catchDate: '2026-11-20' });
    await page.goto('/');
    // The kept list: History fetches it (the form reads it, never asks for it by itself but through the species field).
    await page.getByRole('tab', { name: 'History' }).click();
    await historyCard(page, 'Walleye').waitFor();
    await page.getByRole('tab', { name: 'Log' }).click();
    const form = page.getByRole('form', { name: 'Log a catch' });
    await expectValue(form.getByLabel('Latitude'), '39.096800');

    // No species yet: the last catch's bait (the Bass's), offered, not filled.
    // Each chip is described by what it fills (its hidden description, read by screen readers).
    const chip = (what: string) =>
      form.getByRole('button', { name: /^Use last: / }).filter({ hasText: new RegExp(`${what}$`) });
    const lastBait = chip('Bait');
    await expect.poll(() => lastBait.textContent()).toBe('Use last: SenkoBait');
    expect(await form.getByLabel('Bait Used').inputValue()).toBe('');

    // Walleye: its own last bait, line and spot.
    await form.getByLabel('Fish Type').fill('Walleye');
    await expect.poll(() => lastBait.textContent()).toBe('Use last: Jig & minnowBait');
    await form.getByRole('button', { name: 'Use last: Jig & minnow', exact: true }).waitFor();
    expect(
      await lastBait.evaluate(
        (button) =>
          button.ownerDocument.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
      ),
    ).toBe('Bait');
    expect(await chip('Line size').textContent()).toBe('Use last: 8 lbLine size');
    expect(await chip('Spot').textContent()).toBe('Use last: Sand barSpot');
    expect(await form.getByLabel('Bait Used').inputValue()).toBe('');
    expect(await form.getByLabel('Line Size', { exact: true }).inputValue()).toBe('');
    const chipBox = await boxOf(lastBait);
    expect(chipBox.height).toBeGreaterThanOrEqual(44);

    await lastBait.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'log-form-use-last');
    await lastBait.click();
    await expectValue(form.getByLabel('Bait Used'), 'Jig & minnow');
    // Taken: the chip goes, the others stay.
    await lastBait.waitFor({ state: 'detached' });
    expect(await form.getByLabel('Line Size', { exact: true }).inputValue()).toBe('');
    await chip('Spot').click();
    await expectValue(form.getByLabel('Latitude'), '46.210000');
    await expectNoAxeViolations(page, 'main');

    await form.getByRole('button', { name: 'Log Catch' }).click();
    await page.getByRole('status').filter({ hasText: 'Catch Logged!' }).waitFor();
    const saved = (await expectServerCatches(page, 3)).find(
      (item) => item.fishType === 'Walleye' && !item.weight,
    );
    expect(saved).toMatchObject({ baitUsed: 'Jig & minnow', lineSize: null, spotId });
    expectNoConsoleErrors();
  });
});

describe('the tabs', () => {
  it('sit at the bottom of a 390 px phone, within reach, and nothing hides behind them', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    const tablist = page.getByRole('tablist');
    const bar = await boxOf(tablist);
    expect(bar.bottom).toBe(PHONE_HEIGHT);
    expect(bar.top).toBeGreaterThan(PHONE_HEIGHT - 100);
    for (const name of ['Log', 'History', 'Tools']) {
      const tab = page.getByRole('tab', { name });
      expect((await boxOf(tab)).height).toBeGreaterThanOrEqual(44);
    }
    // The header and its buttons stay at the top.
    const header = await boxOf(page.getByRole('banner'));
    expect(header.top).toBe(0);
    await page.getByRole('button', { name: 'Profile' }).waitFor();

    // The end of the page clears the bar: the Log Catch button can be scrolled above it.
    const logCatch = page.getByRole('button', { name: 'Log Catch' });
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    expect((await boxOf(logCatch)).bottom).toBeLessThanOrEqual(bar.top);

    // Screen readers: the same tablist, its tabs named and selected as before.
    await page.getByRole('tab', { name: 'History' }).click();
    expect(await page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tabpanel', { name: 'History' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('tab', { name: 'Log' }).getAttribute('aria-selected')).toBe('true');
    await expectNoAxeViolations(page);
    expectNoConsoleErrors();
  });

  it('stay above the content on a 1280 px screen', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await page.setViewportSize({ width: 1280, height: 800 });
    await registerViaApi(page);
    await page.goto('/');
    const bar = await boxOf(page.getByRole('tablist'));
    const header = await boxOf(page.getByRole('banner'));
    const form = await boxOf(page.getByRole('form', { name: 'Log a catch' }));
    expect(bar.top).toBeGreaterThanOrEqual(header.bottom);
    expect(bar.bottom).toBeLessThan(form.top);
    expect(
      await page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--bottom-tabs-height')",
      ),
    ).toBe('0px');
    expectNoConsoleErrors();
  });

  it('at 200 % text: the bar stays whole on one row at the bottom, the page does not scroll sideways', async (test) => {
    const { page, expectNoConsoleErrors } = await openWithLargeText(test);
    await registerViaApi(page);
    await page.goto('/');
    const tablist = page.getByRole('tablist');
    const bar = await boxOf(tablist);
    expect(bar.bottom).toBe(PHONE_HEIGHT);
    // One row: the three tabs level, their labels whole.
    const tops = await Promise.all(
      ['Log', 'History', 'Tools'].map(async (name) => (await boxOf(page.getByRole('tab', { name }))).top),
    );
    expect(new Set(tops).size).toBe(1);
    expect(bar.height).toBeLessThan(PHONE_HEIGHT / 5);
    for (const name of ['Log', 'History', 'Tools']) {
      const clipped = await page
        .getByRole('tab', { name })
        .evaluate((tab) => tab.scrollWidth > tab.clientWidth || tab.scrollHeight > tab.clientHeight);
      expect(clipped, name).toBe(false);
    }
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    // The Quick catch at the end of the form (large text keeps the screen for the form).
    const quick = page.getByRole('button', { name: 'Quick catch' });
    await quick.scrollIntoViewIfNeeded();
    expect((await boxOf(quick)).bottom).toBeLessThanOrEqual(bar.top);
    await quick.click();
    await page
      .getByRole('form', { name: 'Quick catch' })
      .getByRole('button', { name: 'Skip photo' })
      .waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await expectNoAxeViolations(page, 'main');
    expectNoConsoleErrors();
  });
});
