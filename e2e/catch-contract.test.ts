import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { catchSchema } from '#core/catch-schema.ts';
import { EVERY_FIELD_SET } from '#core/test-catch.ts';
import { TAHOE } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { makeCatchPhoto } from './support/photo.ts';
import { expectImageLoaded } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * Walks every field of the catch contract (core/catch-schema.ts) through History's detail dialog in Chromium: a catch
 * with every field set must show each one. The server's views are walked in server/export/catch-contract.test.ts;
 * docs/decisions/018-one-catch-contract.md lists the steps of adding a field.
 */
const e2e = setupE2E();

/** How the dialog shows a field of EVERY_FIELD_SET (en-US, imperial units, America/Chicago), or why it does not. */
type Shown = { text: string } | { image: string } | { notShown: string };

/** tsc refuses a field of the contract missing here: say how the dialog shows it (or why it does not). */
const DETAIL_DIALOG: Record<keyof Catch, Shown> = {
  id: { notShown: "the server's number for the catch means nothing to the angler" },
  clientId: { notShown: "the phone's id for the outbox means nothing to the angler" },
  fishType: { text: 'Rainbow Trout' },
  photo: { image: 'Photo of Rainbow Trout' },
  weight: { text: '3.4 lbs' },
  length: { text: '18.5 in' },
  locationName: { text: 'Lake Tahoe, "West Shore"' },
  latitude: { text: '39.096848, -120.032349' },
  longitude: { text: '39.096848, -120.032349' },
  notes: { text: 'Caught near the drop-off,\nsecond line' },
  waterTemperature: { text: '54.2°F' },
  depth: { text: '12.5 ft' },
  catchDate: { text: 'May 1, 2026' },
  timeOfDay: { text: 'May 1, 2026 at 6:45 AM' },
  lineSize: { text: '6 lb fluoro' },
  baitUsed: { text: 'PowerBait, chartreuse' },
  createdAt: { text: 'Saved Apr 20, 2026' },
  isTestCatch: { text: 'Test catch: a sample saved from a test page.' },
  caughtAt: {
    notShown: 'the same moment as the catch date and time of day, shown as those on the clocks of the place',
  },
  // The sky is worked out when the catch is created (it has a position), so its solunar period is there at once.
  conditions: { text: 'Solunar periods (folklore)' },
  // docs/decisions/043-trips-and-spots.md: the dialog shows these with the app's trips and spots.
  released: { notShown: 'not shown yet: the trips and spots screens of the app show it' },
  quantity: { notShown: 'not shown yet: the trips and spots screens of the app show it' },
  spotId: { notShown: 'not shown yet: the trips and spots screens of the app show it' },
  tripId: { notShown: 'not shown yet: the trips and spots screens of the app show it' },
};

async function expectShown(dialog: Locator, field: string, shown: Shown): Promise<void> {
  if ('notShown' in shown) return;
  if ('image' in shown) {
    await expectImageLoaded(dialog.getByRole('img', { name: shown.image }).first());
    return;
  }
  // Intl writes '6:45 AM' with a narrow no-break space.
  const text = ((await dialog.textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ');
  expect(text.includes(shown.text), `the detail dialog shows ${field} as "${shown.text}"`).toBe(true);
}

describe('the catch contract in the detail dialog', () => {
  it('shows every field of a catch that has them all', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const photo = await makeCatchPhoto(TAHOE, 640, 480);
    test.onTestFinished(() => photo.remove());
    const uploaded = await page.request.post('/api/upload', {
      multipart: { photo: { name: 'trout.jpg', mimeType: 'image/jpeg', buffer: photo.bytes } },
    });
    const { url } = (await uploaded.json()) as { url: string };
    const created = await page.request.post('/api/catches', { data: { ...EVERY_FIELD_SET, photo: url } });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Rainbow Trout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rainbow Trout' });
    await dialog.waitFor();

    for (const field of Object.keys(catchSchema.shape)) {
      const shown = DETAIL_DIALOG[field as keyof Catch];
      expect(shown, `say in DETAIL_DIALOG how the detail dialog shows ${field}`).toBeDefined();
      await expectShown(dialog, field, shown);
    }
    expectNoConsoleErrors();
  });
});
