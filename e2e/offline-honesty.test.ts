import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { DOWNLOADS_CUT_OFF_IN_FIRST_SECONDS, TAHOE } from './support/browser.ts';
import { cachedUrls, waitForPersistedCache, waitForWorkerControl } from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import { makeCatchPhoto, type TestPhoto } from './support/photo.ts';
import { expectImageLoaded, expectToast, expectValue } from './support/ui.ts';
import { registerViaApi, uniqueUsername } from './support/users.ts';

/**
 * What the app says and keeps when the signal goes: where a catch saved offline waits, that signing in
 * needs a connection, and the thumbnails seen online shown offline too and again once the connection is back.
 */

const e2e = setupE2E();
let photo: TestPhoto;
beforeAll(async () => {
  photo = await makeCatchPhoto(TAHOE);
});
afterAll(() => photo?.remove());

const NO_CONNECTION =
  "No connection: logging in and registering need the internet. Try again when you're back online.";

/** A catch with a photo, made through the API with the page's session. */
async function catchWithPhoto(page: Page, fishType: string): Promise<Catch & { photo: string }> {
  const upload = await page.request.post('/api/upload', {
    multipart: { photo: { name: 'catch.jpg', mimeType: 'image/jpeg', buffer: photo.bytes } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  const created = await page.request.post('/api/mobile-catch', {
    data: { fishType, weight: 3.5, locationName: 'Emerald Bay', photo: url },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Catch & { photo: string };
}

/** Holds back the service worker's script until `release` is called (the worker installs late, as on a slow line). */
async function holdServiceWorker(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.context().route('**/sw.js', async (route: Route) => {
    await released;
    await route.fallback();
  });
  return release;
}

const thumbnail = (page: Page, fishType: string) =>
  page.getByRole('list', { name: 'Catches' }).getByRole('img', { name: `Photo of ${fishType}` });

async function openHistory(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();
}

describe('offline honesty', () => {
  it("a catch saved offline says it is kept on the phone until it syncs; one saved online doesn't", async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Log a catch' });
    await expectValue(form.getByLabel('Latitude'), '39.096800');
    // Ready for offline: the worker installs (on a busy machine it takes a while).
    await waitForWorkerControl(page, 60_000);
    const kept = "You're offline: it is kept on this phone and syncs by itself when you're back online.";

    await form.getByLabel('Fish Type').fill('Brook Trout');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    const card = page.getByRole('status').filter({ hasText: 'Catch Logged!' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Your catch has been saved to your log.');
    expect(await card.textContent()).not.toContain(kept);
    await card.waitFor({ state: 'detached' });

    await context.setOffline(true);
    await form.getByLabel('Fish Type').fill('Lake Trout');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await card.getByText(`Your catch has been saved to your log. ${kept}`, { exact: true }).waitFor();
    await context.setOffline(false);
    expectNoConsoleErrors();
  });

  it('the login screen of a first visit says there is no connection instead of logging in for ever', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await page.goto('/auth');
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill(uniqueUsername());
    await login.getByLabel('Password').fill('Riffle-and-Pool-2468');

    // The browser knows it is offline; on a first visit not even the toasts' code is on the phone yet, so the
    // form says it itself.
    await context.setOffline(true);
    await login.getByRole('button', { name: 'Login' }).click();
    await login.getByRole('alert').getByText(NO_CONNECTION, { exact: true }).waitFor();
    await login.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByText('Logging in...').count()).toBe(0);

    // The browser believes it is online, but nothing reaches the server.
    await context.setOffline(false);
    const cut = (route: Route) => route.abort('internetdisconnected');
    await context.route('**/api/register', cut);
    await page.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('tabpanel', { name: 'Register' });
    const username = uniqueUsername();
    await register.getByLabel('Username').fill(username);
    await register.getByLabel('Password', { exact: true }).fill('Riffle-and-Pool-2468');
    await register.getByLabel('Confirm Password').fill('Riffle-and-Pool-2468');
    await register.getByRole('button', { name: 'Register' }).click();
    await register.getByRole('alert').getByText(NO_CONNECTION, { exact: true }).waitFor();
    await register.getByRole('button', { name: 'Register' }).waitFor();

    // The connection is back: the same tap works.
    await context.unroute('**/api/register', cut);
    await register.getByRole('button', { name: 'Register' }).click();
    await expectToast(page, 'Registration successful', `Welcome, ${username}!`);
    await page.waitForURL((url) => url.pathname === '/');
    // A first visit: the network went while the worker's script and the deferred code may still have been loading.
    expectNoConsoleErrors([
      ...DOWNLOADS_CUT_OFF_IN_FIRST_SECONDS,
      { status: 'network', path: '/api/register' },
      // The first visit's session check may still be on its way when the network goes (a busy machine).
      { status: 'network', path: '/api/user' },
    ]);
  });

  it('keeps the thumbnails seen before the app was ready for offline, and shows the list photos again once back online', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const pike = await catchWithPhoto(page, 'Pike');
    const bass = await catchWithPhoto(page, 'Bass');
    // A first visit on a slow line: History is open before the worker has installed. Bass's thumbnail does not
    // come through at all.
    const releaseWorker = await holdServiceWorker(page);
    const bassThumbnail = `**${bass.photo}?size=thumb`;
    const cut = (route: Route) => route.abort('internetdisconnected');
    await context.route(bassThumbnail, cut);
    await page.goto('/');
    await openHistory(page);
    await expectImageLoaded(thumbnail(page, 'Pike'));
    await page.getByRole('img', { name: 'Bass (no photo)' }).waitFor();
    expect(await page.evaluate('navigator.serviceWorker.controller === null')).toBe(true);

    // The worker installs and takes control: the thumbnail seen before is kept.
    await context.unroute(bassThumbnail, cut);
    releaseWorker();
    await waitForWorkerControl(page);
    await expect
      .poll(async () => (await cachedUrls(page, 'photo-thumbs')).join(' '), { timeout: 10_000 })
      .toContain(`${pike.photo}?size=thumb`);

    // No signal: the app opens with Pike's photo; Bass's was never on the phone. The list is kept a second after it
    // arrived (offline/query-persistence.ts), so the test waits for it to be on the phone first.
    await waitForPersistedCache(page, 'Pike');
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();
    await expectImageLoaded(thumbnail(page, 'Pike'));
    await page.getByRole('img', { name: 'Bass (no photo)' }).waitFor();

    // Back online, without leaving the list: it shows Bass's photo now.
    await context.setOffline(false);
    await expectImageLoaded(thumbnail(page, 'Bass'));
    expectNoConsoleErrors([{ status: 'network', path: `${bass.photo}` }]);
  });
});
