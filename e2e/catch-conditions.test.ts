import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { startFakeOpenMeteo } from '../server/test-support/fake-open-meteo.ts';
import { saveScreenshot } from './support/browser.ts';
import { waitForWorkerControl } from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import { expectValue, fetchCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * The conditions of a catch (docs/product.md#catch-details) in Chromium on the harness's 390 px phone, against the
 * real server and its background job, the weather from a local fake Open-Meteo.
 *
 * What this test assumes of the server side:
 * - POST /api/catches answers at once with `conditions.status` 'pending' and the sky (sun, moon, solunar) already
 *   worked out for a catch with a position; the job fills in the weather afterwards, by itself (no request of the
 *   app triggers it), within the 60 s this test waits.
 * - A provider that answers 503 leaves the catch pending, and the job tries it again later (within those 60 s):
 *   that is how the test sees 'pending' for sure before it sees 'complete', whatever the machine's speed.
 * - The fake Open-Meteo answers the hour the job asks for (an hourly series for start_date/end_date, or past_hours,
 *   with temperature_2m, weather_code, wind_speed_10m, wind_direction_10m, relative_humidity_2m, cloud_cover,
 *   precipitation and pressure_msl), in the scenario's values: the catch is logged now, so its hour is the fake's
 *   current one, and the 3-hour pressure change is the scenario's.
 * - WMO code 61 reads 'slight rain' (core/weather.ts).
 */
const fake = await startFakeOpenMeteo();
afterAll(() => fake.close());
const e2e = setupE2E({ env: { WEATHER_API_URL: fake.url } });

/** 10 °C (50 °F), wind 20 km/h (12 mph), 1012 hPa (29.88 inHg), falling 1.2 hPa over 3 hours. */
const RAINY_HOUR = {
  weatherCode: 61,
  temperatureC: 10,
  windKmh: 20,
  humidity: 88,
  pressureHpa: 1012,
  pressureChange3hHpa: -1.2,
};

/**
 * On the shore of Lake Michigan, in the zone of the harness's phone (America/Chicago): the Log form's date and time
 * are the phone's clock, and the server reads them on the clocks of the place, so there they are now. (At Lake
 * Tahoe, the harness's usual place, a Chicago clock would put the catch two hours in the future.)
 */
const CHICAGO = { latitude: 41.8781, longitude: -87.6298 };

/** The job waits between runs and retries: wait for the state, never a fixed time. */
const JOB_WAIT = { timeout: 60_000, interval: 500 };
/** The worker's install and two waits for the job, on a busy machine. */
const TEST_TIMEOUT_MS = 240_000;

const MOON_PHASE =
  '(New Moon|Waxing Crescent|First Quarter|Waxing Gibbous|Full Moon|Waning Gibbous|Last Quarter|Waning Crescent)';

/** The Conditions block's names and values, 'name' → 'value' (Intl's narrow spaces as plain ones). */
async function conditionsShown(block: Locator): Promise<Record<string, string>> {
  return block.evaluate((element) => {
    const shown: Record<string, string> = {};
    for (const term of element.querySelectorAll('dt')) {
      const value = term.nextElementSibling?.textContent ?? '';
      shown[term.textContent ?? ''] = value.replace(/[\u00a0\u202f]/g, ' ');
    }
    return shown;
  });
}

function historyCard(page: Page, fishType: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('button', { name: fishType, exact: true }) });
}

async function openDetails(page: Page, fishType: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'History' }).click();
  await historyCard(page, fishType).getByRole('button', { name: fishType, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: fishType });
  await dialog.waitFor();
  return dialog.getByRole('region', { name: 'Conditions' });
}

async function closeDetails(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** Nothing wider than the phone: the page does not scroll sideways, nor does the dialog. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  const dialog = page.getByRole('dialog');
  expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
}

describe('the conditions of a catch', () => {
  it(
    'online: pending with the sky at once, complete once the job has the weather, in both unit systems',
    async (test) => {
      // The provider is down when the catch is logged: the weather stays pending until it is back.
      fake.setScenario({ failure: 'error' });
      const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
      await context.setGeolocation(CHICAGO);
      await registerViaApi(page);
      await page.goto('/');
      const form = page.getByRole('form', { name: 'Log a catch' });
      await expectValue(form.getByLabel('Latitude'), CHICAGO.latitude.toFixed(6));
      await form.getByLabel('Fish Type').fill('Cutthroat Trout');
      await form.getByRole('button', { name: 'Log Catch' }).click();
      await expect.poll(async () => (await fetchCatches(page)).length, JOB_WAIT).toBe(1);

      // Pending: said so, with the sun, moon and solunar period the server worked out at once.
      let block = await openDetails(page, 'Cutthroat Trout');
      await block.getByText('Conditions pending').waitFor();
      expect(await conditionsShown(block)).toEqual({
        Sun: expect.stringMatching(/^(Night|Dawn|Day|Dusk)/),
        Moon: expect.stringMatching(new RegExp(`^${MOON_PHASE}, \\d{1,3}% illuminated$`)),
        'Solunar periods (folklore)': expect.stringMatching(
          /^(Major period|Minor period|Outside the periods)$/,
        ),
      });
      const pendingLine = historyCard(page, 'Cutthroat Trout').getByTestId('card-conditions');
      await closeDetails(page);
      expect(await pendingLine.textContent()).toMatch(
        new RegExp(`^Conditions: ${MOON_PHASE}, Conditions pending$`),
      );

      // The provider is back: the job fills the weather in.
      fake.setScenario(RAINY_HOUR);
      await expect
        .poll(async () => (await fetchCatches(page))[0]?.conditions.status, JOB_WAIT)
        .toBe('complete');
      const [saved] = (await fetchCatches(page)) as [Catch];

      await page.reload();
      block = await openDetails(page, 'Cutthroat Trout');
      await block.getByText('Air Temperature', { exact: true }).waitFor();
      expect(await block.getByText('Conditions pending').count()).toBe(0);
      const imperial = await conditionsShown(block);
      expect(imperial).toMatchObject({
        'Air Temperature': '50°F',
        Sky: 'Slight rain',
        Pressure: '29.88 inHgFalling',
        Sun: expect.stringMatching(
          /^(Night|Dawn|Day|Dusk)Sunrise \d{1,2}:\d{2} (AM|PM) · Sunset \d{1,2}:\d{2} (AM|PM)$/,
        ),
        Moon: expect.stringMatching(new RegExp(`^${saved.conditions.moon?.phase}, \\d{1,3}% illuminated$`)),
      });
      expect(imperial.Wind).toMatch(/^12 mph( (N|NE|E|SE|S|SW|W|NW))?$/);
      await block.getByText(/Folklore, not science/).waitFor();
      await expectNoSidewaysScroll(page);
      await block.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'catch-conditions-imperial');
      await closeDetails(page);
      expect(await historyCard(page, 'Cutthroat Trout').getByTestId('card-conditions').textContent()).toBe(
        `Conditions: 50°F, pressure falling, ${saved.conditions.moon?.phase}`,
      );

      // Metric: the same catch in the angler's units; the API's values stay °F, mph and inHg.
      expect((await page.request.patch('/api/user', { data: { units: 'metric' } })).status()).toBe(200);
      await page.reload();
      block = await openDetails(page, 'Cutthroat Trout');
      await block.getByText('Air Temperature', { exact: true }).waitFor();
      const metric = await conditionsShown(block);
      expect(metric).toMatchObject({ 'Air Temperature': '10°C', Pressure: '1012 hPaFalling' });
      expect(metric.Wind).toMatch(/^20 km\/h( (N|NE|E|SE|S|SW|W|NW))?$/);
      await expectNoSidewaysScroll(page);
      await block.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'catch-conditions-metric');
      await closeDetails(page);
      expect(await historyCard(page, 'Cutthroat Trout').getByTestId('card-conditions').textContent()).toBe(
        `Conditions: 10°C, pressure falling, ${saved.conditions.moon?.phase}`,
      );
      expectNoConsoleErrors();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'offline: a catch saved on the phone shows its sun and moon at once and the weather pending',
    async (test) => {
      fake.setScenario(RAINY_HOUR);
      const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
      await context.setGeolocation(CHICAGO);
      await registerViaApi(page);
      await page.goto('/');
      const form = page.getByRole('form', { name: 'Log a catch' });
      await expectValue(form.getByLabel('Latitude'), CHICAGO.latitude.toFixed(6));
      // Ready for offline: the worker installs and precaches the app (on a busy machine it takes a while).
      await waitForWorkerControl(page, 60_000);

      await context.setOffline(true);
      await form.getByLabel('Fish Type').fill('Lake Trout');
      await form.getByRole('button', { name: 'Log Catch' }).click();
      await page.getByRole('status').filter({ hasText: 'Catch Logged!' }).waitFor();

      // At once, with no network: the sky worked out on the phone, the weather pending.
      const card = historyCard(page, 'Lake Trout');
      await page.getByRole('tab', { name: 'History' }).click();
      await card.getByText('Waiting to sync', { exact: true }).waitFor();
      await expect
        .poll(() => card.getByTestId('card-conditions').textContent())
        .toMatch(new RegExp(`^Conditions: ${MOON_PHASE}, Conditions pending$`));
      const block = await openDetails(page, 'Lake Trout');
      await block.getByText('Conditions pending').waitFor();
      expect(await conditionsShown(block)).toEqual({
        Sun: expect.stringMatching(
          /^(Night|Dawn|Day|Dusk)Sunrise \d{1,2}:\d{2} (AM|PM) · Sunset \d{1,2}:\d{2} (AM|PM)$/,
        ),
        Moon: expect.stringMatching(new RegExp(`^${MOON_PHASE}, \\d{1,3}% illuminated$`)),
        'Solunar periods (folklore)': expect.stringMatching(
          /^(Major period|Minor period|Outside the periods)$/,
        ),
      });
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, 'catch-conditions-offline');
      await closeDetails(page);

      // Back online: it syncs, with the phone's zone, and the job completes its weather.
      await context.setOffline(false);
      await expect.poll(async () => (await fetchCatches(page)).length, JOB_WAIT).toBe(1);
      await expect
        .poll(async () => (await fetchCatches(page))[0]?.conditions.status, JOB_WAIT)
        .toBe('complete');
      expectNoConsoleErrors();
    },
    TEST_TIMEOUT_MS,
  );
});
