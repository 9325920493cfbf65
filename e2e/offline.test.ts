import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Page, type Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TAHOE } from './support/browser.ts';
import { cachedUrls, persistedCacheText, waitForPersistedCache } from './support/device-storage.ts';
import { makeCatchPhoto, type TestPhoto } from './support/photo.ts';
import { REPO_ROOT, type RunningServer, startServer } from './support/server.ts';
import { expectImageLoaded, expectToast, expectValue, fetchCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * The offline-first PWA (docs/product.md#offline, decision 004) in Chromium against the real server: the service worker takes
 * control, the app opens offline, a catch with a photo logged offline survives closing the browser, syncs by
 * itself once online and lands on the server exactly once, photo included; an offline delete is carried out
 * later too. Runs in a persistent profile (launchPersistentContext), so "closing and reopening the app" is a
 * real browser restart on the same disk, and so Chrome judges installability as for a normal profile.
 */

/** Polls wait up to 10 s (the default second is short on a busy CI machine). */
const POLL = { timeout: 10_000 };

let server: RunningServer;
let photo: TestPhoto;
const profiles: string[] = [];

beforeAll(async () => {
  server = await startServer();
  photo = await makeCatchPhoto(TAHOE);
});

afterEach(() => {
  const problems = pageProblems.splice(0);
  expect(problems, 'errors in the page').toEqual([]);
  const serverErrors = server?.takeErrorLogs() ?? [];
  expect(serverErrors, 'errors in the server log').toEqual([]);
});

afterAll(async () => {
  await server?.stop();
  await photo?.remove();
  for (const dir of profiles) await rm(dir, { recursive: true, force: true });
});

async function newProfileDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tightlines-e2e-profile-'));
  profiles.push(dir);
  return dir;
}

/** Uncaught errors in any page, and warnings of a failed sync run: none is expected in any test. */
const pageProblems: string[] = [];

/** The phone: Chromium on a profile directory that outlives the browser. */
async function launchPhone(profileDir: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      // Background Sync would let the browser send the outbox by itself right after a restart, racing the
      // "still waiting after reopening" check. The page's own triggers ('online', start, visibility) are
      // what these tests drive; the engine behind both paths is the same and unit-tested.
      '--disable-features=BackgroundSync',
    ],
    baseURL: server.baseUrl,
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    timezoneId: 'America/Chicago',
    geolocation: TAHOE,
    permissions: ['geolocation'],
    serviceWorkers: 'allow',
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => pageProblems.push(`Uncaught: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.text().startsWith('Outbox sync failed')) pageProblems.push(message.text());
  });
  return { context, page };
}

const historyCards = (page: Page) => page.getByRole('list', { name: 'Catches' }).getByRole('listitem');
const card = (page: Page, fishType: string) => historyCards(page).filter({ hasText: fishType });

async function openHistory(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();
}

/**
 * Browser-side snippets, as strings: this file is type-checked with Node's types, not the DOM's (like the
 * rest of e2e/), and these only run in the page.
 */
const IN_PAGE = {
  workerReady: 'navigator.serviceWorker.ready.then(() => true)',
  controllerUrl: 'navigator.serviceWorker.controller ? navigator.serviceWorker.controller.scriptURL : null',
  checkForUpdate: 'navigator.serviceWorker.getRegistration().then((r) => r && r.update()).then(() => true)',
  hasWaitingWorker: 'navigator.serviceWorker.getRegistration().then((r) => Boolean(r && r.waiting))',
  setMarker: 'window.beforeUpdate = true',
  marker: 'window.beforeUpdate ?? null',
};

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(IN_PAGE.workerReady);
  await page.reload();
  await expect.poll(() => page.evaluate<string | null>(IN_PAGE.controllerUrl), POLL).toMatch(/\/sw\.js$/);
}

/** Writes the worker script the way a build does: with the .br and .gz twins the server prefers. */
async function deployWorker(workerFile: string, source: string): Promise<void> {
  await writeFile(workerFile, source);
  await writeFile(`${workerFile}.br`, brotliCompressSync(source));
  await writeFile(`${workerFile}.gz`, gzipSync(source));
}

describe('offline first', () => {
  it('opens offline, keeps a catch logged offline across a browser restart, syncs it once with its photo, and carries out an offline delete', {
    timeout: 150_000,
  }, async () => {
    const profileDir = await newProfileDir();
    let { context, page } = await launchPhone(profileDir);
    try {
      await page.goto('/auth');
      await registerViaApi(page);
      // A catch that is already on the server, to delete while offline later.
      const created = await page.request.post('/api/mobile-catch', {
        data: { fishType: 'Old Pike', weight: 6.5, locationName: 'Fallen Leaf Lake' },
      });
      expect(created.status()).toBe(201);
      const oldPike = (await created.json()) as Catch;

      // First visit online: the service worker installs and controls the page after a reload.
      await page.goto('/');
      await page.getByRole('tab', { name: 'Log' }).waitFor();
      await waitForServiceWorkerControl(page);

      // History online: the list is kept on the phone (IndexedDB) for offline starts.
      await openHistory(page);
      await card(page, 'Old Pike').waitFor();
      await waitForPersistedCache(page, 'Old Pike');

      // No signal: a reload still renders the app, from the service worker and the kept cache.
      await context.setOffline(true);
      await page.reload();
      await page.getByText("You're offline", { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();
      await card(page, 'Old Pike').waitFor();

      // Log a catch with a photo offline: 'Catch Logged!' (it is on the phone).
      await page.getByRole('tab', { name: 'Log' }).click();
      const form = page.getByRole('form', { name: 'Log a catch' });
      await form.getByLabel('Fish Type').fill('Offline Trout');
      await form.getByLabel('Weight (lbs)').fill('2.8');
      await form.getByLabel('Location Name').fill('Emerald Bay');
      await form.getByLabel('Photo').setInputFiles(photo.file);
      await expectImageLoaded(form.getByRole('img', { name: 'Preview of the selected catch' }));
      await form.getByRole('button', { name: 'Log Catch' }).click();
      await page.getByText('Catch Logged!', { exact: true }).waitFor();

      // History shows it, marked, with the photo from the phone.
      await openHistory(page);
      const pending = card(page, 'Offline Trout');
      await pending.getByText('Waiting to sync', { exact: true }).waitFor();
      const localThumb = pending.getByRole('img', { name: 'Photo of Offline Trout' });
      expect(await localThumb.getAttribute('src')).toMatch(/^blob:/);
      await expectImageLoaded(localThumb);

      // Delete the synced catch while offline: it disappears at once ('Catch deleted').
      await card(page, 'Old Pike').getByRole('button', { name: 'Catch options' }).click();
      await page.getByRole('menuitem', { name: 'Delete Catch' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToast(page, 'Catch deleted', 'Your catch has been removed from your log');
      await card(page, 'Old Pike').waitFor({ state: 'detached' });

      // Nothing has reached the server yet.
      let onServer = await fetchCatches(page);
      expect(onServer.map((c) => c.fishType)).toEqual(['Old Pike']);

      // Close the app (the whole browser), reopen it, still without signal: the catch is still there.
      await context.close();
      ({ context, page } = await launchPhone(profileDir));
      await context.setOffline(true);
      await page.goto('/');
      await page.getByText("You're offline", { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();
      await card(page, 'Offline Trout').getByText('Waiting to sync', { exact: true }).waitFor();
      await expectImageLoaded(
        card(page, 'Offline Trout').getByRole('img', { name: 'Photo of Offline Trout' }),
      );
      expect(await card(page, 'Old Pike').count()).toBe(0);
      onServer = await fetchCatches(page);
      expect(onServer.map((c) => c.fishType)).toEqual(['Old Pike']);

      // Back in coverage: it syncs by itself within seconds and the mark goes away.
      const syncedWithin = Date.now();
      await context.setOffline(false);
      await card(page, 'Offline Trout')
        .getByText('Waiting to sync')
        .waitFor({ state: 'detached', timeout: 10_000 });
      expect(Date.now() - syncedWithin).toBeLessThan(10_000);
      await page.getByText("You're offline", { exact: true }).waitFor({ state: 'detached' });

      // The server holds exactly one copy, with its photo; the offline delete was carried out too.
      await expect
        .poll(async () => (await fetchCatches(page)).map((c) => c.fishType), POLL)
        .toEqual(['Offline Trout']);
      onServer = await fetchCatches(page);
      const [synced] = onServer;
      expect(synced).toMatchObject({ fishType: 'Offline Trout', weight: 2.8, locationName: 'Emerald Bay' });
      expect(synced?.clientId).toMatch(/^[0-9a-f-]{36}$/);
      const syncedPhoto = synced?.photo ?? '';
      expect(syncedPhoto).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\.webp$/);
      const full = await page.request.get(syncedPhoto);
      expect(full.status()).toBe(200);
      expect(full.headers()['content-type']).toBe('image/webp');
      expect(onServer.some((c) => c.id === oldPike.id)).toBe(false);

      // The card now shows the server's thumbnail, which the service worker keeps for offline use.
      const serverThumb = card(page, 'Offline Trout').getByRole('img', { name: 'Photo of Offline Trout' });
      await expect.poll(() => serverThumb.getAttribute('src'), POLL).toBe(`${syncedPhoto}?size=thumb`);
      await expectImageLoaded(serverThumb);
      // The kept copy must hold the synced catch (its server photo), not the copy kept before it was sent.
      await waitForPersistedCache(page, syncedPhoto);
      await expect
        .poll(async () => (await cachedUrls(page, 'photo-thumbs')).join(), POLL)
        .toContain('size=thumb');

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();
      const offlineThumb = card(page, 'Offline Trout').getByRole('img', { name: 'Photo of Offline Trout' });
      expect(await offlineThumb.getAttribute('src')).toBe(`${syncedPhoto}?size=thumb`);
      await expectImageLoaded(offlineThumb);
      expect(await card(page, 'Offline Trout').getByText('Waiting to sync').count()).toBe(0);
      await context.setOffline(false);

      // Signing out forgets what the phone kept for this account: the cached list and the cached photos.
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await expect.poll(async () => (await cachedUrls(page, 'photo-thumbs')).length, POLL).toBe(0);
      await expect.poll(() => persistedCacheText(page), POLL).not.toContain('Offline Trout');
    } finally {
      await context.close();
    }
  });

  it('a catch the server refuses for good stays on the phone, says why, and can be retried or discarded', {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await launchPhone(await newProfileDir());
    try {
      await page.goto('/auth');
      await registerViaApi(page);
      await page.goto('/');
      const form = page.getByRole('form', { name: 'Log a catch' });
      await expectValue(form.getByLabel('Latitude'), '39.096800');

      // The server refuses every catch with a 4xx that retrying cannot fix.
      const refuse = (route: Route) =>
        route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'This water is closed to fishing' }),
        });
      await context.route('**/api/mobile-catch', refuse);

      for (const fishType of ['Closed-water Carp', 'Second Carp']) {
        await form.getByLabel('Fish Type').fill(fishType);
        await form.getByRole('button', { name: 'Log Catch' }).click();
        await page.getByText('Catch Logged!', { exact: true }).waitFor();
        await expectToast(
          page,
          'Catch not synced',
          'This water is closed to fishing. Open History to fix it, retry or discard it.',
        );
        await page.getByText('Catch Logged!', { exact: true }).waitFor({ state: 'detached' });
      }

      await openHistory(page);
      for (const fishType of ['Closed-water Carp', 'Second Carp']) {
        await card(page, fishType)
          .getByText('Not synced: This water is closed to fishing', { exact: true })
          .waitFor();
      }
      expect(await fetchCatches(page)).toEqual([]);

      // Fixed on the server's side: Retry sends it, once.
      await context.unroute('**/api/mobile-catch', refuse);
      await card(page, 'Closed-water Carp').getByRole('button', { name: 'Retry' }).click();
      await expect
        .poll(async () => (await fetchCatches(page)).map((c) => c.fishType), POLL)
        .toEqual(['Closed-water Carp']);
      await card(page, 'Closed-water Carp')
        .getByText(/Not synced/)
        .waitFor({ state: 'detached' });

      // Discard asks first, then forgets the other one for good.
      await card(page, 'Second Carp').getByRole('button', { name: 'Discard' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToast(page, 'Catch deleted', 'Your catch has been removed from your log');
      await card(page, 'Second Carp').waitFor({ state: 'detached' });
      await page.waitForTimeout(1000);
      expect((await fetchCatches(page)).map((c) => c.fishType)).toEqual(['Closed-water Carp']);
      expect(await card(page, 'Closed-water Carp').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('is installable: manifest, icons and service worker served right, no installability errors', async () => {
    const { context, page } = await launchPhone(await newProfileDir());
    try {
      await page.goto('/auth');
      await registerViaApi(page);
      await page.goto('/');
      await waitForServiceWorkerControl(page);

      const manifest = await page.request.get('/manifest.webmanifest');
      expect(manifest.status()).toBe(200);
      expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest.headers()['cache-control']).toBe('no-cache');
      expect(await manifest.json()).toMatchObject({
        name: 'Tightlines Fishing Log',
        short_name: 'Tightlines',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        theme_color: '#0b5e78',
      });
      const worker = await page.request.get('/sw.js');
      expect(worker.status()).toBe(200);
      expect(worker.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(worker.headers()['cache-control']).toBe('no-cache');
      for (const icon of ['icon-192.png', 'icon-512.png', 'maskable-512.png', 'apple-touch-icon-180.png']) {
        const response = await page.request.get(`/icons/${icon}`);
        expect(response.status(), icon).toBe(200);
        expect(response.headers()['content-type']).toBe('image/png');
      }

      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { url, errors } = await cdp.send('Page.getAppManifest');
      expect(url).toBe(`${server.baseUrl}/manifest.webmanifest`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offers a new version with a reload prompt and never swaps it in under a half-filled form', {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await launchPhone(await newProfileDir());
    const workerFile = path.join(REPO_ROOT, 'dist/web/sw.js');
    const original = await readFile(workerFile, 'utf8');
    let deployed = original;
    try {
      await page.goto('/auth');
      await registerViaApi(page);
      await page.goto('/');
      await waitForServiceWorkerControl(page);
      const form = page.getByRole('form', { name: 'Log a catch' });
      await form.getByLabel('Fish Type').fill('Half-typed Bass');
      await page.evaluate(IN_PAGE.setMarker);

      // A new deployment: the worker script changes on the server and the app checks for it.
      deployed = `${original}\n// deployed again ${Date.now()}\n`;
      await deployWorker(workerFile, deployed);
      await page.evaluate(IN_PAGE.checkForUpdate);
      const prompt = page.getByRole('status').filter({ hasText: 'A new version of Tightlines is available' });
      await prompt.waitFor();

      // Nothing is swapped on its own: the form keeps what was typed.
      await page.waitForTimeout(1500);
      expect(await page.evaluate(IN_PAGE.marker)).toBe(true);
      expect(await form.getByLabel('Fish Type').inputValue()).toBe('Half-typed Bass');
      expect(await page.evaluate<boolean>(IN_PAGE.hasWaitingWorker)).toBe(true);

      // 'Later' puts the offer away; the next check offers it again; 'Reload' switches to the new version.
      await prompt.getByRole('button', { name: 'Later' }).click();
      await prompt.waitFor({ state: 'detached' });
      await page.reload();
      await prompt.waitFor();
      await prompt.getByRole('button', { name: 'Reload' }).click();
      // The page reloads under the new version: the marker set before is gone.
      await expect
        .poll(() => page.evaluate(IN_PAGE.marker).catch(() => 'navigating'), { timeout: 15_000 })
        .toBeNull();
      await page.getByRole('tab', { name: 'Log' }).waitFor();
      await expect
        .poll(() => page.evaluate<boolean>(IN_PAGE.hasWaitingWorker).catch(() => 'navigating'), POLL)
        .toBe(false);
      expect(await page.getByText('A new version of Tightlines is available').count()).toBe(0);
    } finally {
      // Put the build back, unless someone rebuilt it meanwhile.
      if ((await readFile(workerFile, 'utf8')) === deployed) await deployWorker(workerFile, original);
      await context.close();
    }
  });
});
