import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import type { TideDayAnswer } from '#core/tides.ts';
import { startFakeOpenMeteo } from '../server/test-support/fake-open-meteo.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { waitForPersistedCache, waitForWorkerControl } from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import { expectToast } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * The Tools tab's Tides card (docs/decisions/035-tides.md) in a 390 px Chromium on Chicago time: the nearest
 * station's day predicted on the phone, the same highs and lows as GET /api/tides, on the station's clock, in the
 * angler's units; a day picked for planning; nothing inland; and the same card with no signal, from the stations
 * the phone kept.
 */
const fake = await startFakeOpenMeteo();
afterAll(() => fake.close());
const e2e = setupE2E({ env: { WEATHER_API_URL: fake.url } });

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/tightlines-e2e-screenshots';
mkdirSync(SCREENSHOT_DIR, { recursive: true });

/** Boston harbour, 100 m from NOAA's station 8443970. */
const BOSTON = { latitude: 42.3548, longitude: -71.0503 };
/** Hull, across the harbour: 13 km from the station, within what the phone kept around Boston. */
const HULL = { latitude: 42.3, longitude: -70.9 };
/** Puget Sound: a coast whose stations the phone never kept. */
const SEATTLE = { latitude: 47.6026, longitude: -122.3393 };
/** Lake Tahoe, 250 km from the sea. */
const TAHOE = { latitude: 39.0968, longitude: -120.0324 };

/** 10:00 EDT on 22 October 2025 (09:00 on the page's own Chicago clock). */
const MORNING = '2025-10-22T14:00:00Z';

/** Text with every run of white space (ICU writes a narrow no-break space before AM/PM) as one space. */
const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A station time as the card writes it for an en-US phone: on the station's clock. */
const stationClock = (iso: string, timeZone: string) =>
  squeezed(new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone }).format(new Date(iso)));

/** The highs and lows the card lists, as written: 'High 12:18 AM 9.4 ft'. */
async function listedTurns(card: Locator): Promise<string[]> {
  return card
    .getByTestId('tide-turns')
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.textContent ?? ''))
    .then((texts) => texts.map(squeezed));
}

/** What the card must list for a GET /api/tides answer: the server's own prediction. */
function expectedTurns(answer: TideDayAnswer, unit: 'ft' | 'm'): string[] {
  const timeZone = answer.station?.timeZone as string;
  return answer.extremes.map((extreme) => {
    const height =
      unit === 'ft' ? `${extreme.height.toFixed(1)} ft` : `${(extreme.height * 0.3048).toFixed(2)} m`;
    return `${extreme.type === 'high' ? 'High' : 'Low'} ${stationClock(extreme.time, timeZone)} ${height}`;
  });
}

/** The card as a person sees it on the 390 px screen, saved for looking at (tests never compare pixels). */
async function saveCardScreenshot(card: Locator, name: string): Promise<void> {
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

async function serverDay(page: Page, where: { latitude: number; longitude: number }, date: string) {
  const response = await page.request.get(
    `/api/tides?lat=${where.latitude}&lon=${where.longitude}&date=${date}`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as TideDayAnswer;
}

/** A signed-in angler at `position` whose browser clock says `now`, on the Tools tab. */
async function openTools(
  test: TestContext,
  position: { latitude: number; longitude: number },
  now = MORNING,
) {
  const opened = await e2e.openPage(test);
  const { context, page } = opened;
  await context.setGeolocation(position);
  await context.clock.setFixedTime(new Date(now));
  await context.addInitScript("localStorage.setItem('activeTab', 'tools')");
  await registerViaApi(page);
  const apiCalls: string[] = [];
  const chunks: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/api/tides')) apiCalls.push(`${pathname}${search}`);
    if (pathname.startsWith('/assets/')) chunks.push(pathname);
  });
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Tides', exact: true });
  return { ...opened, card, apiCalls, chunks };
}

describe('the Tides card', () => {
  it("shows the nearest station's highs and lows on its own clock, as the server predicts them, the tide now, and a planned day", async (test) => {
    const { page, card, apiCalls, chunks, blockedRequests, expectNoConsoleErrors } = await openTools(
      test,
      BOSTON,
    );
    await card.getByTestId('tide-turns').waitFor();

    expect(await card.getByTestId('tide-station').textContent()).toBe(
      'Boston · 0.1 mi away · NOAA CO-OPS station',
    );
    // NOAA's published predictions for the day: 00:18 EDT 9.398 ft, 06:15 1.085, 12:24 10.093, 18:43 0.343.
    const today = await serverDay(page, BOSTON, '2025-10-22');
    const listed = await listedTurns(card);
    expect(listed).toEqual(expectedTurns(today, 'ft'));
    expect(listed[0]).toBe('High 12:18 AM 9.4 ft');
    // 10:00 EDT: 3 h 45 min after the 6:15 low, rising towards the 12:25 high.
    const now = squeezed((await card.getByTestId('tide-now').textContent()) ?? '');
    expect(now).toMatch(/^Now: rising, \d+\.\d ft/);
    expect(now).toMatch(/High water 10\.1 ft at 12:25 PM, in 2 h 25 min \(low water was 3 h 45 min ago\)/);
    await card.getByTestId('tide-curve-now').waitFor();
    // The datum, the station's clock, the warning and the credit.
    const notes = (await card.getByTestId('tide-notes').textContent()) ?? '';
    expect(notes).toContain("Times are the station's (EDT).");
    expect(notes).toContain('Heights above MLLW (mean lower low water).');
    expect(notes).toContain('Not for navigation');
    expect(await card.getByTestId('tide-credit').textContent()).toBe(
      'Tide data: Neaps tide database (https://github.com/openwatersio/tide-database)',
    );
    await expectNoAxeViolations(page, '[aria-labelledby="tools-tides-title"]');
    await saveCardScreenshot(card, 'tides-boston-today');

    // Planning: another day, predicted on the phone too.
    await card.getByLabel('Day', { exact: true }).fill('2026-07-04');
    await card.getByRole('heading', { name: 'High and low water on 2026-07-04' }).waitFor();
    expect(await listedTurns(card)).toEqual(expectedTurns(await serverDay(page, BOSTON, '2026-07-04'), 'ft'));
    expect(await card.getByTestId('tide-now').count()).toBe(0);
    await card.getByRole('button', { name: 'Today' }).click();
    await card.getByRole('heading', { name: 'High and low water today' }).waitFor();

    // The predictor came as a chunk of its own; the phone asked only for the stations around it, once.
    expect(chunks.some((path) => /\/assets\/tides-panel-[\w-]+\.js$/.test(path))).toBe(true);
    expect(apiCalls.filter((call) => call.startsWith('/api/tides/stations'))).toEqual([
      '/api/tides/stations?lat=42.35&lon=-71.05',
    ]);
    expect(blockedRequests).toEqual([]);
    expect(await page.getByText(/NaN|Invalid Date/).count()).toBe(0);
    expectNoConsoleErrors();
  });

  it('writes heights in metres for a metric angler', async (test) => {
    const { page, card, expectNoConsoleErrors } = await openTools(test, BOSTON);
    await card.getByTestId('tide-turns').waitFor();
    expect((await page.request.patch('/api/user', { data: { units: 'metric' } })).status()).toBe(200);
    await page.reload();
    await card.getByTestId('tide-turns').waitFor();
    expect(await listedTurns(card)).toEqual(expectedTurns(await serverDay(page, BOSTON, '2025-10-22'), 'm'));
    expect(await card.getByTestId('tide-station').textContent()).toBe(
      'Boston · 0.1 km away · NOAA CO-OPS station',
    );
    await saveCardScreenshot(card, 'tides-boston-metric');
    expectNoConsoleErrors();
  });

  it('stays away inland', async (test) => {
    const { page, card, apiCalls, expectNoConsoleErrors } = await openTools(test, TAHOE);
    await page
      .getByRole('region', { name: 'Sun & Moon', exact: true })
      .getByRole('heading', { name: 'Sun' })
      .waitFor();
    await expect
      .poll(() => apiCalls, { timeout: 15_000 })
      .toEqual(['/api/tides/stations?lat=39.1&lon=-120.03']);
    await page.getByRole('region', { name: 'Gear Recommendations' }).waitFor();
    expect(await card.count()).toBe(0);
    expectNoConsoleErrors();
  });

  it('keeps the tides of a coastal spot saved from home, for the day there with no signal', async (test) => {
    const { page, context, card, expectNoConsoleErrors } = await openTools(test, TAHOE);
    // A catch on Seattle's waterfront, logged from inland; its place saved as a spot.
    const logged = await page.request.post('/api/catches', {
      data: { fishType: 'Lingcod', ...SEATTLE, locationName: 'Seattle waterfront' },
    });
    expect(logged.status(), await logged.text()).toBe(201);
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('list', { name: 'Catches' }).getByRole('button', { name: 'Lingcod' }).click();
    const details = page.getByRole('dialog', { name: 'Lingcod' });
    await details.getByRole('button', { name: 'Save this place as a spot' }).click();
    const naming = page.getByRole('dialog', { name: 'Save this place as a spot' });
    await naming.getByLabel('Spot name').fill('Pier 57');
    await naming.getByRole('button', { name: 'Save Spot' }).click();
    await expectToast(page, 'Spot saved');
    await waitForWorkerControl(page);
    await waitForPersistedCache(page, '"/api/tides/stations",47.6,-122.34');

    // At the spot, no signal: the Tides card predicts from what was kept when the spot was saved.
    await context.setOffline(true);
    await context.setGeolocation(SEATTLE);
    await page.reload();
    await page.getByText("You're offline", { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Tools' }).click();
    await card.getByTestId('tide-turns').waitFor();
    await card
      .getByTestId('tide-station')
      .getByText(/^Seattle/)
      .waitFor();
    await context.setOffline(false);
    expectNoConsoleErrors([{ status: 'network', path: '/api/reverse-geocode' }]);
  });

  it('works with no signal from the stations the phone kept, and says so where it kept none', async (test) => {
    const { page, context, card, apiCalls, expectNoConsoleErrors } = await openTools(test, BOSTON);
    await card.getByTestId('tide-turns').waitFor();
    const online = await listedTurns(card);
    await waitForWorkerControl(page);
    await waitForPersistedCache(page, '/api/tides/stations');

    // No signal: the app opens from the service worker and the kept cache, and so does the card.
    await context.setOffline(true);
    const callsBefore = apiCalls.length;
    await page.reload();
    await page.getByText("You're offline", { exact: true }).waitFor();
    await card.getByTestId('tide-turns').waitFor();
    expect(await listedTurns(card)).toEqual(online);
    await card.getByTestId('tide-now').waitFor();
    await saveCardScreenshot(card, 'tides-boston-offline');

    // Across the harbour, still offline: the kept stations are enough to be sure of the nearest one.
    await context.setGeolocation(HULL);
    await page.getByRole('tab', { name: 'Log' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Tools' }).click();
    await card
      .getByTestId('tide-station')
      .getByText(/mi away/)
      .waitFor();
    expect(await card.getByTestId('tide-station').textContent()).toMatch(
      /^.+ · \d+\.\d mi away · NOAA CO-OPS station$/,
    );

    // On another coast, nothing kept: the card says what it needs.
    await context.setGeolocation(SEATTLE);
    await page.getByRole('tab', { name: 'Log' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Tools' }).click();
    await card.getByText('Tides here need a connection once', { exact: true }).waitFor();
    await saveCardScreenshot(card, 'tides-offline-elsewhere');
    expect(apiCalls.length).toBe(callsBefore);

    // Back online: Seattle's stations come, and its tides with them.
    await context.setOffline(false);
    await card
      .getByTestId('tide-station')
      .getByText(/^Seattle/)
      .waitFor();
    expectNoConsoleErrors([{ status: 'network', path: '/api/reverse-geocode' }]);
  });
});
