import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTileServer, startFakeTileServer } from '../server/test-support/fake-tile-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/browser.ts';
import {
  cachedUrls,
  expirationRecordsText,
  waitForPersistedCache,
  waitForWorkerControl,
} from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import type { ServerOptions } from './support/server.ts';
import { expectServerCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * The maps (docs/product.md#map, docs/product.md#catch-details) in Chromium against the real server, whose tiles come from a local fake provider:
 * History's Map view (pins of the searched list, clustered, a tap opens the catch), the 'View Map' drawer's map,
 * no tile before a map opens, every request to our own server only, and viewed tiles from the service worker's
 * cache offline. Screenshots of each map at 390 px go to the screenshot folder.
 */
let tiles: FakeTileServer;
const serverOptions: ServerOptions = {};
beforeAll(async () => {
  tiles = await startFakeTileServer();
  serverOptions.env = { MAP_TILE_URL: tiles.template, MAP_TILE_ATTRIBUTION: '© Fake Tiles contributors' };
});
afterAll(async () => {
  await tiles.close();
});
const e2e = setupE2E(serverOptions);

/** Three catches a few hundred metres apart at Lake Tahoe, one in Wisconsin, one without coordinates. */
const LOG = [
  { fishType: 'Rainbow Trout', latitude: 39.0968, longitude: -120.0324, catchDate: '2025-06-01' },
  { fishType: 'Rainbow Trout', latitude: 39.0975, longitude: -120.033, catchDate: '2025-06-02' },
  { fishType: 'Largemouth Bass', latitude: 39.096, longitude: -120.0315, catchDate: '2025-06-03' },
  {
    fishType: 'Walleye',
    latitude: 42.5917,
    longitude: -88.4334,
    catchDate: '2025-05-20',
    locationName: 'Lake Geneva',
  },
  { fishType: 'Bluegill', catchDate: '2025-05-01' },
];

async function seedLog(page: Page): Promise<void> {
  for (const data of LOG) {
    const response = await page.request.post('/api/catches', { data });
    expect(response.status(), await response.text()).toBe(201);
  }
  await expectServerCatches(page, LOG.length);
}

/** Every URL the page (and its service worker) asks for, to check what went where and when. */
/** Every URL the page and its service worker request (to check that nothing goes to another host). */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.context().on('request', (request) => urls.push(request.url()));
  return urls;
}

/**
 * The URLs the page itself requests. The service worker's are left out: once installed it precaches every chunk,
 * the map's too (so a map opens offline), whenever it gets to it, which says nothing about the page loading it.
 */
function recordPageRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (!request.serviceWorker()) urls.push(request.url());
  });
  return urls;
}

const isTile = (url: string) => /\/api\/tiles\/\d+\/\d+\/\d+$/.test(new URL(url).pathname);
/** Tile images the map shows (decoded), and those that failed (Leaflet marks both 'loaded'). */
function tileImages(page: Page, state: 'shown' | 'failed'): Promise<number> {
  return page.locator('img.leaflet-tile').evaluateAll(
    (images, wanted) =>
      images.filter((image) => {
        const { complete, naturalWidth } = image as unknown as { complete: boolean; naturalWidth: number };
        return complete && (wanted === 'shown' ? naturalWidth > 0 : naturalWidth === 0);
      }).length,
    state,
  );
}
const loadedTiles = (page: Page) => tileImages(page, 'shown');

async function openHistoryMap(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('tab', { name: 'Map' }).click();
  await page.getByRole('region', { name: 'Map of your catches' }).waitFor();
}

describe('the maps', () => {
  it('History map: pins of the searched list, clustered when dense; a tap opens the catch; no tile before it opens', async (test) => {
    const { page, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test);
    const requests = recordRequests(page);
    const pageRequests = recordPageRequests(page);
    await registerViaApi(page);
    await page.goto('/');
    await seedLog(page);
    await page.reload();

    // The list and a catch's details without the map: not one tile, nor the map's code.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('list', { name: 'Catches' }).getByText('Walleye').waitFor();
    await page.getByRole('list', { name: 'Catches' }).getByText('Walleye').click();
    await page.getByRole('dialog', { name: 'Walleye' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Walleye' }).waitFor({ state: 'detached' });
    expect(requests.filter(isTile)).toEqual([]);
    expect(pageRequests.filter((url) => /\/assets\/catch-map-/.test(url))).toEqual([]);
    expect(tiles.requests).toHaveLength(0);

    // The Map view: Tahoe's three catches one cluster at this zoom, Wisconsin's walleye a pin of its own.
    const mapChunk = page.waitForResponse((response) =>
      /\/assets\/catch-map-[\w-]+\.js$/.test(response.url()),
    );
    await page.getByRole('tab', { name: 'Map' }).click();
    await mapChunk;
    const map = page.getByRole('region', { name: 'Map of your catches' });
    await page.getByText('4 catches on the map · 1 without a location', { exact: true }).waitFor();
    await map.getByRole('button', { name: '3 catches here: zoom in' }).waitFor();
    const walleye = map.getByRole('button', { name: 'Walleye, May 20, 2025: open details' });
    await walleye.waitFor();
    await map.getByText('© Fake Tiles contributors').waitFor();
    await expect.poll(() => loadedTiles(page)).toBeGreaterThan(0);
    expect(tiles.requests.length).toBeGreaterThan(0);
    // Asked by our server with its own User-Agent, nothing of the angler's.
    expect(tiles.requests.every((request) => request.headers.cookie === undefined)).toBe(true);
    await saveScreenshot(page, 'map-history');
    await expectNoAxeViolations(page);

    // A tap on a pin opens that catch's details.
    await walleye.click();
    const dialog = page.getByRole('dialog', { name: 'Walleye' });
    await dialog.getByText('Lake Geneva').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // So does Enter on a focused pin, and closing the details gives the focus back to it.
    await walleye.focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('Lake Geneva').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => walleye.evaluate((element) => element === element.ownerDocument.activeElement))
      .toBe(true);

    // The search applies to the map: only the trout, a cluster of two; a tap zooms in until each is a pin.
    await page.getByRole('searchbox', { name: 'Search catches' }).fill('trout');
    await page.getByText('2 catches on the map', { exact: true }).waitFor();
    await expect.poll(() => map.getByTestId('map-pin').count()).toBe(0);
    const troutPins = map.getByRole('button', { name: /^Rainbow Trout, Jun [12], 2025: open details$/ });
    const troutCluster = map.getByRole('button', { name: '2 catches here: zoom in' });
    // Each tap zooms in to fit the cluster's catches, 90 m apart: one or two taps separate them.
    for (let taps = 0; taps < 5; taps += 1) {
      await expect
        .poll(async () => (await troutPins.count()) === 2 || (await troutCluster.count()) === 1)
        .toBe(true);
      if ((await troutPins.count()) === 2) break;
      await troutCluster.click();
    }
    await expect.poll(() => troutPins.count()).toBe(2);
    await map.getByRole('button', { name: 'Rainbow Trout, Jun 2, 2025: open details' }).click();
    await page.getByRole('dialog', { name: 'Rainbow Trout' }).getByText('Jun 2, 2025').first().waitFor();
    await page.keyboard.press('Escape');

    // Every request went to our own server.
    const origin = new URL(e2e.baseUrl).origin;
    expect(requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin)).toEqual([]);
    expect(blockedRequests).toEqual([]);
    expectNoConsoleErrors();
  });

  it("the 'View Map' drawer shows an interactive map with the catch's pin, and is axe clean", async (test) => {
    const { page, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test);
    const requests = recordRequests(page);
    await registerViaApi(page);
    await page.goto('/');
    await seedLog(page);
    await page.reload();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('list', { name: 'Catches' }).getByText('Largemouth Bass').click();
    const detail = page.getByRole('dialog', { name: 'Largemouth Bass' });
    await detail.getByRole('button', { name: 'View Map' }).waitFor();
    expect(requests.filter(isTile)).toEqual([]);

    await detail.getByRole('button', { name: 'View Map' }).click();
    const drawer = page.getByRole('dialog', { name: 'Catch Location' });
    const map = drawer.getByRole('region', { name: 'Map of the catch location' });
    await map.waitFor();
    await expect.poll(() => map.getByTestId('map-pin').count()).toBe(1);
    await expect.poll(() => loadedTiles(page)).toBeGreaterThan(0);
    await map.getByText('© Fake Tiles contributors').waitFor();
    await drawer.getByText('39.096000, -120.031500', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Copy Coordinates' }).waitFor();
    await drawer.getByRole('button', { name: 'Open in Maps' }).waitFor();

    // Interactive: zooming in asks for deeper tiles.
    const zoomBefore = Math.max(
      ...requests.filter(isTile).map((url) => Number(new URL(url).pathname.split('/')[3])),
    );
    await map.getByRole('button', { name: 'Zoom in' }).click();
    await expect
      .poll(() =>
        requests.filter(isTile).some((url) => Number(new URL(url).pathname.split('/')[3]) > zoomBefore),
      )
      .toBe(true);
    const zoomIn = await map.getByRole('button', { name: 'Zoom in' }).boundingBox();
    expect(zoomIn?.width).toBeGreaterThanOrEqual(44);
    expect(zoomIn?.height).toBeGreaterThanOrEqual(44);
    await page.waitForFunction(() => {
      const drawerElement = (
        globalThis as unknown as { document: { querySelector: (s: string) => unknown } }
      ).document.querySelector('[data-vaul-drawer][data-state="open"]');
      return drawerElement !== null;
    });
    await expectNoAxeViolations(page, '[role="dialog"]');
    await saveScreenshot(page, 'map-drawer');

    // A drag on the map pans the map; it does not pull the drawer closed.
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    const centreBefore = await map
      .locator('.leaflet-map-pane')
      .evaluate((pane) => (pane as unknown as { style: { transform: string } }).style.transform);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 5; step += 1) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + step * 30);
    }
    await page.mouse.up();
    await expect
      .poll(() =>
        map
          .locator('.leaflet-map-pane')
          .evaluate((pane) => (pane as unknown as { style: { transform: string } }).style.transform),
      )
      .not.toBe(centreBefore);
    expect(await drawer.isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Copy Coordinates' }).waitFor();

    const origin = new URL(e2e.baseUrl).origin;
    expect(requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin)).toEqual([]);
    expect(blockedRequests).toEqual([]);
    expectNoConsoleErrors();
  });

  it('shows the viewed tiles offline from the service worker, the pins even with no tile, and forgets them at Logout', async (test) => {
    const { page, context, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test);
    const user = await registerViaApi(page);
    await page.goto('/');
    await seedLog(page);
    await page.reload();
    await page.getByRole('form', { name: 'Log a catch' }).waitFor();
    await waitForWorkerControl(page);
    await openHistoryMap(page);
    await expect.poll(() => loadedTiles(page)).toBeGreaterThan(0);
    const shown = await page
      .locator('.leaflet-tile-loaded')
      .evaluateAll((images) =>
        images.map((image) => new URL((image as unknown as { src: string }).src).pathname),
      );
    // The worker kept every tile the map showed.
    await expect
      .poll(async () => {
        const kept = new Set((await cachedUrls(page, 'map-tiles')).map((url) => new URL(url).pathname));
        return shown.every((path) => kept.has(path));
      })
      .toBe(true);
    await waitForPersistedCache(page, 'Lake Geneva');

    await context.setOffline(true);
    const providerCalls = tiles.requests.length;
    await page.reload();
    await page.getByText("You're offline", { exact: true }).waitFor();
    await openHistoryMap(page);
    await page
      .getByRole('region', { name: 'Map of your catches' })
      .getByText('© Fake Tiles contributors')
      .waitFor();
    await expect.poll(() => loadedTiles(page)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Walleye, May 20, 2025: open details' }).waitFor();
    expect(tiles.requests.length).toBe(providerCalls);
    await saveScreenshot(page, 'map-history-offline');

    // Offline and zoomed where no tile was viewed: no tile, but the pins show.
    await page.getByRole('button', { name: 'Walleye, May 20, 2025: open details' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search catches' }).fill('walleye');
    await page.getByText('1 catch on the map', { exact: true }).waitFor();
    await expect.poll(() => tileImages(page, 'failed')).toBeGreaterThan(0);
    expect(await tileImages(page, 'shown')).toBe(0);
    await page.getByRole('button', { name: 'Walleye, May 20, 2025: open details' }).waitFor();
    await saveScreenshot(page, 'map-history-offline-no-tiles');

    // Logout (here offline) forgets the viewed tiles with the photos: they show where the angler looked.
    await page.getByRole('button', { name: user.username }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await expect.poll(() => cachedUrls(page, 'map-tiles'), { timeout: 10_000 }).toEqual([]);
    expect(await expirationRecordsText(page)).not.toContain('/api/tiles/');
    expect(blockedRequests).toEqual([]);
    // Tiles never viewed cannot load offline; Chromium logs each as a failed load. The place-name lookup of the
    // Log tab fails quietly offline (as in offline-sessions.test.ts).
    expectNoConsoleErrors([
      { status: 'network', path: /^\/api\/tiles\// },
      { status: 504, path: /^\/api\/tiles\// },
      { status: 'network', path: '/api/reverse-geocode' },
    ]);
  });
  it('fits a log spread over the world on the phone: every pin and cluster inside the map', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const world = [
      { fishType: 'Rainbow Trout', latitude: 39.0968, longitude: -120.0324, catchDate: '2025-06-01' },
      { fishType: 'Largemouth Bass', latitude: 39.096, longitude: -120.0315, catchDate: '2025-06-03' },
      { fishType: 'Muskellunge', latitude: 44.9, longitude: -93.2, catchDate: '2025-06-04' },
      { fishType: 'Australian Bass', latitude: -33.9, longitude: 151.2, catchDate: '2025-06-05' },
      { fishType: 'Atlantic Salmon', latitude: 64.1, longitude: -21.9, catchDate: '2025-06-06' },
    ];
    for (const data of world) expect((await page.request.post('/api/catches', { data })).status()).toBe(201);
    await page.goto('/');
    await openHistoryMap(page);
    const map = page.getByRole('region', { name: 'Map of your catches' });
    await page.getByText('5 catches on the map', { exact: true }).waitFor();
    // Sydney and Tahoe are 270° of longitude apart: at zoom 1 (the old least zoom) a 358 px map shows 250°, so the
    // fit left the Tahoe cluster or the Sydney pin outside the map, where no tap reaches them.
    // At the zoom that fits the world, Tahoe and Minneapolis are ~20 px apart, so their clusters overlap and merge
    // into one of three catches; Sydney and Iceland stay single pins.
    const markerLabels = () =>
      map
        .locator('.leaflet-marker-icon')
        .evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')).sort());
    await expect
      .poll(markerLabels)
      .toEqual([
        '3 catches here: zoom in',
        'Atlantic Salmon, Jun 6, 2025: open details',
        'Australian Bass, Jun 5, 2025: open details',
      ]);
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    const markers = await map.locator('.leaflet-marker-icon').evaluateAll((elements) =>
      elements.map((element) => {
        const rect = element.getBoundingClientRect();
        return {
          name: element.getAttribute('aria-label'),
          x: rect.x + rect.width / 2,
          y: rect.y + rect.height / 2,
        };
      }),
    );
    for (const marker of markers) {
      expect(marker.x, `${marker.name} inside the map`).toBeGreaterThan(box.x);
      expect(marker.x, `${marker.name} inside the map`).toBeLessThan(box.x + box.width);
      expect(marker.y, `${marker.name} inside the map`).toBeGreaterThan(box.y);
      expect(marker.y, `${marker.name} inside the map`).toBeLessThan(box.y + box.height);
    }
    await map.getByRole('button', { name: 'Australian Bass, Jun 5, 2025: open details' }).click();
    await page.getByRole('dialog', { name: 'Australian Bass' }).waitFor();
    expectNoConsoleErrors();
  });
});
