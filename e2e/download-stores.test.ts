import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';

/** A deployment that has set no store listings (APP_STORE_URL, GOOGLE_PLAY_URL unset): docs/product.md#static-pages. */
const e2e = setupE2E();

describe('/download without store listings', () => {
  it('says the app is not in the stores yet instead of linking to a made-up listing', async (test) => {
    const { page, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test);
    await page.goto('/download');
    const main = page.getByRole('main');
    for (const store of ['App Store', 'Google Play']) {
      await main
        .getByText(`Not yet on${store}`, { exact: false })
        .or(main.getByText(store))
        .first()
        .waitFor();
    }
    await expect.poll(() => main.getByText('Not yet on').count()).toBe(2);
    expect(await main.getByRole('link', { name: /App Store|Google Play/ }).count()).toBe(0);
    await main.getByText('Google Play', { exact: true }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'download-no-store-listings');
    expect(blockedRequests).toEqual([]);
    expectNoConsoleErrors();
  });
});
