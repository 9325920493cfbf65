import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DOWNLOADS_CUT_OFF_IN_FIRST_SECONDS } from './support/browser.ts';
import { waitForWorkerControl } from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import {
  closeToast,
  expectServerCatches,
  expectToast,
  expectValue,
  fetchCatches,
  openToast,
} from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

const e2e = setupE2E();

/** Every catch-saving request the page sends, as 'METHOD /path'. */
function recordCatchWrites(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (
      request.method() !== 'GET' &&
      /^\/api\/(mobile-catch|catches|emergency-catch|upload)/.test(pathname)
    ) {
      seen.push(`${request.method()} ${pathname}`);
    }
  });
  return seen;
}

/** Waits for the automatic GPS fix and place name of a freshly opened log form. */
async function waitForAutoLocation(form: Locator): Promise<void> {
  await expectValue(form.getByLabel('Latitude'), '39.096800');
  await expectValue(form.getByLabel('Location Name'), /\S/);
}

describe('the Log tab', () => {
  it('refuses a catch without a fish type and saves nothing', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const writes = recordCatchWrites(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Log a catch' });
    // Let the automatic location lookup finish first, so its outcome cannot race the toasts below.
    await waitForAutoLocation(form);

    await form.getByLabel('Weight (lbs)').fill('2.5');
    // Tapped at the bottom of the form, as on a phone: the page goes to the field, not only a toast below.
    await form.getByRole('button', { name: 'Log Catch' }).scrollIntoViewIfNeeded();
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await expectToast(page, 'Fish type required', 'Please enter the type of fish you caught.');
    const fishType = form.getByLabel('Fish Type');
    await expect
      .poll(() => fishType.evaluate((input) => input === input.ownerDocument.activeElement))
      .toBe(true);
    expect(await fishType.getAttribute('aria-invalid')).toBe('true');
    await form.getByText('Fish type required', { exact: true }).waitFor();
    const box = await fishType.boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
    // Once a fish type is typed the toast is stale: it goes by itself.
    await fishType.pressSequentially('Bl');
    await openToast(page).waitFor({ state: 'detached' });
    await fishType.fill('');

    // Only spaces count as empty too.
    await form.getByLabel('Fish Type').fill('   ');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await expectToast(page, 'Fish type required', 'Please enter the type of fish you caught.');

    // The form stays as it was, nothing was sent and the server holds no catch.
    expect(await page.getByText('Catch Logged!').count()).toBe(0);
    expect(await form.getByLabel('Weight (lbs)').inputValue()).toBe('2.5');
    expect(await form.getByLabel('Fish Type').inputValue()).toBe('   ');
    expect(writes).toEqual([]);
    expect(await fetchCatches(page)).toEqual([]);
    expectNoConsoleErrors();
  });

  it('keeps the active tab across a reload', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    const logTab = page.getByRole('tab', { name: 'Log' });
    const historyTab = page.getByRole('tab', { name: 'History' });
    await logTab.waitFor();
    expect(await logTab.getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('activeTab'))).toBeNull();

    await historyTab.click();
    await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('activeTab'))).toBe('history');

    await page.reload();
    await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();
    expect(await historyTab.getAttribute('aria-selected')).toBe('true');
    expect(await logTab.getAttribute('aria-selected')).toBe('false');
    await page.getByText('No catches found', { exact: true }).waitFor();

    // A value that is not a tab falls back to Log.
    await page.evaluate(() => localStorage.setItem('activeTab', 'settings'));
    await page.reload();
    await page.getByRole('form', { name: 'Log a catch' }).waitFor();
    expect(await logTab.getAttribute('aria-selected')).toBe('true');
    expectNoConsoleErrors();
  });

  it("shows 'You're offline' while the browser is offline", async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    await page.getByRole('form', { name: 'Log a catch' }).waitFor();
    const banner = page.getByText("You're offline", { exact: true });
    expect(await banner.count()).toBe(0);

    await context.setOffline(true);
    await banner.waitFor({ state: 'visible' });
    // It sits at the bottom of the screen.
    const box = await banner.boundingBox();
    expect(box?.y ?? 0).toBeGreaterThan(844 / 2);

    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    // The network dropped within a second of the first visit, maybe while the browser was fetching the
    // service worker: once it is back, the worker still registers and takes control (ready for offline).
    await waitForWorkerControl(page);
    // The GPS fix may also land while offline: its place-name lookup fails quietly (the name is a convenience).
    expectNoConsoleErrors([
      ...DOWNLOADS_CUT_OFF_IN_FIRST_SECONDS,
      { status: 'network', path: '/api/reverse-geocode' },
    ]);
  });

  it('keeps the Log tab whole when the code it loads after painting is cut off, and loads it once back online', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    // The 'Use last' chips, the quick catch's steps and the place row's ways come after the first paint: their
    // downloads fail once, as when the signal drops in a first visit's first seconds (before the service worker
    // has the build).
    const cutOnce = new Set<string>();
    await page.route(
      /\/assets\/(remembered-chips|quick-catch|place-panels)-[^/]+\.js$/,
      async (route: Route) => {
        const name = new URL(route.request().url()).pathname;
        if (cutOnce.has(name)) return route.continue();
        cutOnce.add(name);
        return route.abort('internetdisconnected');
      },
    );
    await registerViaApi(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Log a catch' });
    await form.waitFor();
    await expect.poll(() => cutOnce.size).toBe(3);
    expect(await page.getByRole('alert').filter({ hasText: "Couldn't load" }).count()).toBe(0);

    // Back online: the code loads, the quick catch opens. Not while the first load is still asking for the rest
    // (trips, the offline runtime): cut off, those would fail too (a CI run under load caught it).
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await context.setOffline(false);
    await form.getByRole('button', { name: 'Place on map' }).click();
    await form.getByRole('region', { name: 'Map to place the catch' }).waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Quick catch' }).click();
    await page.getByRole('button', { name: 'Skip photo' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: "Couldn't load" }).count()).toBe(0);
    expectNoConsoleErrors([{ status: 'network', path: /^\/assets\// }]);
  });

  it('keeps a catch on the phone while the server cannot be reached, and syncs it later', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Log a catch' });
    await waitForAutoLocation(form);

    // Bad signal at the lake: the browser believes it is online, but no write reaches the server.
    const cutWrites = async (route: Route) => {
      if (route.request().method() === 'GET') await route.fallback();
      else await route.abort('internetdisconnected');
    };
    await context.route('**/api/**', cutWrites);
    await form.getByLabel('Fish Type').fill('Lake Trout');
    await form.getByLabel('Weight (lbs)').fill('7.25');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await page.getByText('Catch Logged!', { exact: true }).waitFor();

    // History shows it, marked as waiting; the server has nothing yet.
    await page.getByRole('tab', { name: 'History' }).click();
    const card = page.getByRole('list', { name: 'Catches' }).getByRole('listitem');
    await card.getByRole('button', { name: 'Lake Trout' }).waitFor();
    await card.getByText('7.3 lbs', { exact: true }).waitFor();
    await card.getByText('Waiting to sync', { exact: true }).waitFor();
    expect(await fetchCatches(page)).toEqual([]);

    // The signal comes back: the outbox is sent on its next try, exactly once.
    await context.unroute('**/api/**', cutWrites);
    const [saved] = await expectServerCatches(page, 1, 45_000);
    expect(saved).toMatchObject({ fishType: 'Lake Trout', weight: 7.25 });
    await card.getByText('Waiting to sync', { exact: true }).waitFor({ state: 'detached', timeout: 20_000 });
    expect(await card.count()).toBe(1);
    expect(await fetchCatches(page)).toHaveLength(1);
    expectNoConsoleErrors([
      { status: 'network', path: '/api/mobile-catch' },
      { status: 'network', path: '/api/catches' },
    ]);
  });

  // Regression: the save (an IndexedDB write) must not wait for the network; TanStack Query pauses mutations
  // offline unless they use networkMode 'always'.
  it('logs a catch while offline and syncs it once back online', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Log a catch' });
    await waitForAutoLocation(form);

    // 'Once visited' (docs/product.md#offline): the service worker has installed and controls the page, so every tab's code
    // is on the phone.
    await waitForWorkerControl(page);
    await context.setOffline(true);
    await page.getByText("You're offline", { exact: true }).waitFor();
    await form.getByLabel('Fish Type').fill('Lake Trout');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await page.getByText('Catch Logged!', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'History' }).click();
    const card = page.getByRole('list', { name: 'Catches' }).getByRole('listitem');
    await card.getByText('Waiting to sync', { exact: true }).waitFor();
    expect(await fetchCatches(page)).toEqual([]);

    await context.setOffline(false);
    await expectServerCatches(page, 1);
    await card.getByText('Waiting to sync', { exact: true }).waitFor({ state: 'detached' });
    expectNoConsoleErrors();
  });

  it('without location permission, says so and still saves a catch with a typed place', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test, { geolocation: false });
    await registerViaApi(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Log a catch' });

    await expectToast(page, 'Location error', 'Could not get your current location. Please enter manually.');
    await form
      .getByText('Location permission denied. Please allow location access in your browser settings.', {
        exact: true,
      })
      .waitFor();
    expect(await form.getByLabel('Latitude').inputValue()).toBe('');
    expect(await form.getByLabel('Location Name').inputValue()).toBe('');
    await closeToast(page);

    await form.getByLabel('Fish Type').fill('  Brook Trout ');
    await form.getByLabel('Location Name').fill('Secret Beaver Pond');
    await form.getByLabel('Length (inches)').fill('11');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await page.getByText('Catch Logged!', { exact: true }).waitFor();
    expect(await openToast(page).count()).toBe(0);

    const saved = await expectServerCatches(page, 1);
    expect(saved[0]).toMatchObject({
      fishType: 'Brook Trout',
      locationName: 'Secret Beaver Pond',
      latitude: null,
      longitude: null,
      length: 11,
      weight: null,
      photo: null,
    });

    // The card shows the species placeholder (its initial), as there is no photo.
    await page.getByRole('tab', { name: 'History' }).click();
    const card = page.getByRole('list', { name: 'Catches' }).getByRole('listitem');
    await card.getByText('Secret Beaver Pond', { exact: true }).waitFor();
    await card.getByRole('img', { name: 'Brook Trout (no photo)' }).waitFor();
    expectNoConsoleErrors();
  });
});

describe('the Log tab against double taps', () => {
  /** How many entries the phone's outbox still holds (IndexedDB 'tightlines-offline', store 'outbox'). */
  const OUTBOX_COUNT = `new Promise((resolve, reject) => {
    const open = indexedDB.open('tightlines-offline');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('outbox')) { db.close(); resolve(0); return; }
      const count = db.transaction('outbox').objectStore('outbox').count();
      count.onsuccess = () => { db.close(); resolve(count.result); };
      count.onerror = () => reject(count.error);
    };
  })`;

  it('two taps in the same instant on Log Catch save one catch', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const writes = recordCatchWrites(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Log a catch' });
    await waitForAutoLocation(form);
    await form.getByLabel('Fish Type').fill('Double Tap Bass');

    // Both clicks run in one task: no render, no state update, no await between them.
    await page.evaluate(`(() => {
      const button = [...document.querySelectorAll('form[aria-label="Log a catch"] button[type="submit"]')][0];
      button.click();
      button.click();
    })()`);
    await page.getByText('Catch Logged!', { exact: true }).waitFor();

    // Once the outbox has sent everything it held, the server has exactly one catch.
    await expect.poll(() => page.evaluate<number>(OUTBOX_COUNT), { timeout: 20_000 }).toBe(0);
    const saved = await expectServerCatches(page, 1);
    expect(saved[0]?.fishType).toBe('Double Tap Bass');
    expect(writes.filter((write) => write.startsWith('POST /api/mobile-catch'))).toHaveLength(1);
    expectNoConsoleErrors();
  });
});
