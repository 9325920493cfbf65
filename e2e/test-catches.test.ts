import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { expectToast, fetchCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * The test pages' samples in Chromium against the real server (docs/decisions/028-test-catches.md): each page says
 * it saves a sample catch into the log; History labels the sample on its card and in its details; Stats and the
 * personal bests leave it out.
 */
const e2e = setupE2E();

const NOTICE = 'This page saves a sample catch into your log.';

const historyCard = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Catches' }).getByRole('listitem').filter({ hasText: text });

/** The test page at `path`, with its notice shown before anything is saved. */
async function openTestPage(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  await page.getByTestId('sample-catch-notice').filter({ hasText: NOTICE }).waitFor();
}

describe('test catches', () => {
  it('/final-fix’s one tap saves a sample that History labels and Stats and personal bests leave out', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const real = await page.request.post('/api/catches', {
      data: { fishType: 'Bass', weight: 1.2, length: 11, locationName: 'Lake Geneva', baitUsed: 'Worm' },
    });
    expect(real.status()).toBe(201);

    await openTestPage(page, '/final-fix', 'Direct Save Test');
    await expectNoAxeViolations(page, 'main');
    await saveScreenshot(page, 'test-catches-final-fix');
    await page.getByRole('button', { name: 'Save Test Catch' }).click();
    await expectToast(page, 'Success!');
    expect((await fetchCatches(page)).map((c) => [c.weight, c.isTestCatch])).toEqual([
      [2.5, true],
      [1.2, false],
    ]);

    // History: the sample is labelled, and the real bass keeps its personal best though the sample is heavier.
    await page.getByRole('link', { name: 'View All Catches' }).click();
    const sample = historyCard(page, '2.5 lbs');
    const bass = historyCard(page, '1.2 lbs');
    await sample.getByTestId('test-catch').filter({ hasText: 'Test catch' }).waitFor();
    await bass.getByTestId('personal-best').waitFor();
    expect(await bass.getByTestId('test-catch').count()).toBe(0);
    expect(await sample.getByTestId('personal-best').count()).toBe(0);
    await expectNoAxeViolations(page, '[aria-label="Catches"]');
    await saveScreenshot(page, 'test-catches-history');

    await sample.getByRole('button', { name: 'Bass' }).click();
    const details = page.getByRole('dialog', { name: 'Bass' });
    await details
      .getByTestId('test-catch-note')
      .filter({ hasText: 'a sample saved from a test page' })
      .waitFor();
    await saveScreenshot(page, 'test-catches-details');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // Stats counts the real bass only, and says why History holds one catch more.
    await page.getByRole('tab', { name: 'Stats' }).click();
    await page.getByRole('heading', { name: 'Your Stats' }).waitFor();
    const figure = async (testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();
    expect(await figure('stats-total-catches')).toBe('1');
    expect(await figure('stats-total-weight')).toBe('1.2 lbs');
    await page.getByRole('button', { name: 'Heaviest catch: 1.2 lbs Bass' }).waitFor();
    await page.getByRole('button', { name: 'Longest Bass: 11.0 in' }).waitFor();
    expect(await figure('stats-test-catches')).toBe('1 test catch (saved from a test page) is not counted.');
    await expectNoAxeViolations(page, '[data-testid="stats-test-catches"]');
    expect(
      await page.getByRole('list', { name: 'Top places' }).getByRole('listitem').allTextContents(),
    ).toEqual(['1Lake Geneva1 catch']);
    await saveScreenshot(page, 'test-catches-stats');
    expectNoConsoleErrors();
  });

  it('/simple-catch and /emergency-catch say so too, and mark what they save', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);

    await openTestPage(page, '/simple-catch', 'Simple Catch Form');
    const simple = page.getByRole('form', { name: 'Simple catch form' });
    await simple.getByLabel('Fish Type').fill('Walleye');
    await simple.getByRole('button', { name: 'Save Catch' }).click();
    await expectToast(page, 'Catch saved!', 'Walleye was added to your log as a test catch.');
    await historyCard(page, 'Walleye').getByTestId('test-catch').waitFor();

    await openTestPage(page, '/emergency-catch', 'Emergency Catch Form');
    await page
      .getByRole('form', { name: 'Emergency catch form' })
      .getByRole('button', { name: 'Save Catch' })
      .click();
    await expectToast(page, 'Success!');
    await page.getByRole('region', { name: 'Saved catch' }).waitFor();

    const saved = await fetchCatches(page);
    expect(saved.map((c) => [c.fishType, c.isTestCatch])).toEqual([
      ['Bass', true],
      ['Walleye', true],
    ]);
    await page.getByRole('link', { name: 'View All Catches' }).click();
    await page.getByRole('tab', { name: 'Stats' }).click();
    await page.getByText('No catches yet', { exact: true }).waitFor();
    expect(((await page.getByTestId('stats-test-catches').textContent()) ?? '').trim()).toBe(
      '2 test catches (saved from a test page) are not counted.',
    );
    expectNoConsoleErrors();
  });
});
