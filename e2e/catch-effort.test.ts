import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { setupE2E } from './support/harness.ts';
import { expectServerCatches, fetchCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * A catch's effort fields (docs/decisions/043-trips-and-spots.md) in Chromium on the harness's 390 px phone, against
 * the real server: "12 perch, released" logged as one entry shows as '12 × Perch' with a 'Released' badge, and
 * Stats count 12 fish and the share released.
 */
const e2e = setupE2E();
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/tightlines-e2e-screenshots';

/** A text as the eye reads it: the no-break spaces that keep '12 ×' and '70 %' together read as spaces. */
const spaced = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

async function openStats(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Stats' }).click();
  await page.getByRole('heading', { name: 'Your Stats' }).waitFor();
}

describe('the effort behind the fish', () => {
  it('logs 12 released perch as one entry: the card says 12 × Perch and Released, Stats count 12', async (test) => {
    const { page, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    // A walleye kept, so the released share has a catch of each fate.
    const kept = await page.request.post('/api/catches', {
      data: { fishType: 'Walleye', released: false, quantity: 1 },
    });
    expect(kept.status(), await kept.text()).toBe(201);
    await page.goto('/');

    const form = page.getByRole('form', { name: 'Log a catch' });
    const fate = form.getByRole('group', { name: 'Kept or released' });
    const released = fate.getByRole('button', { name: 'Released' });
    // Not chosen until the angler says.
    expect(await released.getAttribute('aria-pressed')).toBe('false');
    expect(await fate.getByRole('button', { name: 'Kept' }).getAttribute('aria-pressed')).toBe('false');
    await form.getByLabel('Fish Type').fill('Perch');
    await form.getByLabel('Quantity').fill('12');
    await released.click();
    expect(await released.getAttribute('aria-pressed')).toBe('true');

    // The row fits the phone, and each choice is a 44 px target.
    for (const button of [released, fate.getByRole('button', { name: 'Kept' })]) {
      const box = await button.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await fate.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/catch-effort-log-form.png` });
    await expectNoAxeViolations(page, 'form[aria-label="Log a catch"]');

    await form.getByRole('button', { name: 'Log Catch' }).click();
    await page.getByText('Catch Logged!', { exact: true }).waitFor();
    await expectServerCatches(page, 2);
    const perch = (await fetchCatches(page)).find((item: Catch) => item.fishType === 'Perch');
    expect(perch).toMatchObject({ quantity: 12, released: true });

    // History: one card, named '12 × Perch', with the Released badge; the walleye has none.
    await page.getByRole('tab', { name: 'History' }).click();
    const cards = page.getByRole('list', { name: 'Catches' }).getByRole('listitem');
    const perchCard = cards.filter({ hasText: 'Perch' });
    await perchCard.waitFor();
    const name = perchCard.getByRole('heading', { level: 3 });
    expect(spaced(await name.textContent())).toBe('12 × Perch');
    await perchCard.getByTestId('released').waitFor();
    expect(spaced(await perchCard.getByTestId('released').textContent())).toBe('Released');
    expect(await cards.filter({ hasText: 'Walleye' }).getByTestId('released').count()).toBe(0);

    // The details say it too.
    await name.getByRole('button').click();
    const details = page.getByRole('dialog', { name: /12\s×\sPerch/ });
    await details.getByTestId('released').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/catch-effort-details.png` });
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // Stats: 13 fish, 12 of them perch, 12 of the 13 whose fate was said released.
    await openStats(page);
    const text = async (testId: string) => spaced(await page.getByTestId(testId).textContent());
    expect(await text('stats-total-catches')).toBe('13');
    expect(await text('stats-released')).toBe('12 of 13 (92 %)');
    const species = page.getByRole('table', { name: 'Each species with its heaviest and longest catch' });
    const perchRow = species.getByRole('row', { name: /Perch/ });
    expect(await perchRow.getByRole('cell').first().textContent()).toBe('12');
    await page.screenshot({ path: `${SCREENSHOTS}/catch-effort-stats.png` });

    expect(blockedRequests).toEqual([]);
    expectNoConsoleErrors();
  });
});
