import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, it, type TestContext } from 'vitest';
import { startFakeOpenMeteo } from '../server/test-support/fake-open-meteo.ts';
import { type PageOptions, TAHOE, type TestPage } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { scanQrCode } from './support/qr.ts';
import {
  closeToast,
  escapeRegExp,
  expectText,
  expectToast,
  LAYOUT_SHIFT_RECORDER_SCRIPT,
  layoutShiftSoFar,
  nextFrames,
  openToast,
  TOAST_RECORDER_SCRIPT,
  toastsSeen,
} from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * The Tools tab (docs/product.md#tools) against the real server, whose weather provider is a local fake Open-Meteo
 * started here. The server caches weather per ~1 km cell for 5 minutes, so each test stands somewhere else.
 */
const fake = await startFakeOpenMeteo();
afterAll(() => fake.close());
const e2e = setupE2E({ env: { WEATHER_API_URL: fake.url } });
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/tightlines-e2e-screenshots';

beforeEach(() => {
  fake.setScenario({});
});

/** Rain, 50 °F, wind 12 mph, 29.88 inHg, falling 1.2 hPa (0.04 inHg) over 3 hours. */
const RAINY_DAY = {
  weatherCode: 61,
  temperatureC: 10,
  windKmh: 20,
  humidity: 88,
  pressureHpa: 1012,
  pressureChange3hHpa: -1.2,
};

const CHICAGO = { latitude: 41.8781, longitude: -87.6298 };
const WOODRUFF = { latitude: 45.9, longitude: -89.7 };
const MINOCQUA_LAKE = { latitude: 45.8711, longitude: -89.711 };
const GENEVA_LAKE = { latitude: 42.5917, longitude: -88.4334 };
const LAKE_TAUPO = { latitude: -38.8, longitude: 175.9 };
const OKEECHOBEE = { latitude: 26.9506, longitude: -80.8001 };
const CHAMPLAIN = { latitude: 44.4759, longitude: -73.2121 };
const MILLE_LACS = { latitude: 46.2408, longitude: -93.6486 };
const LEECH_LAKE = { latitude: 47.13, longitude: -94.38 };

/** Chrome answers DeviceOrientationEvent.requestPermission() from these (Playwright denies what it is not given). */
const MOTION_SENSORS = ['accelerometer', 'gyroscope', 'magnetometer'];

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

interface ToolsPage extends TestPage {
  /** Every GET /api/weather the page made. */
  weatherCalls: string[];
  weather: Locator;
  barometer: Locator;
  gear: Locator;
  compass: Locator;
}

/** A signed-in angler standing at `position`, on the Tools tab (remembered in local storage, as the shell does). */
async function openTools(
  test: TestContext,
  options: PageOptions & {
    position: { latitude: number; longitude: number };
    initScript?: string;
    /** Simulate the browser's clock (Playwright's clock, installed before the app loads). */
    installClock?: boolean;
    /** Runs before the app loads (routes to hold an answer back). */
    beforeLoad?: (page: Page) => Promise<void>;
  },
): Promise<ToolsPage> {
  const opened = await e2e.openPage(test, options);
  const { context, page } = opened;
  if (options.installClock) await context.clock.install();
  await context.setGeolocation(options.position);
  if (options.initScript) await context.addInitScript(options.initScript);
  await context.addInitScript("localStorage.setItem('activeTab', 'tools')");
  await registerViaApi(page);
  await options.beforeLoad?.(page);
  const weatherCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/weather') weatherCalls.push(request.url());
  });
  await page.goto('/');
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  await region('Weather').waitFor();
  return {
    ...opened,
    weatherCalls,
    weather: region('Weather'),
    barometer: region('Barometer'),
    gear: region('Gear Recommendations'),
    compass: region('Compass'),
  };
}

/** The place name the server gives for the position the tab asks about (rounded to 3 decimals). */
async function placeNameAt(page: Page, position: { latitude: number; longitude: number }): Promise<string> {
  const lat = position.latitude.toFixed(3);
  const lon = position.longitude.toFixed(3);
  const response = await page.request.get(`/api/reverse-geocode?lat=${lat}&lon=${lon}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { locationName: string }).locationName;
}

/**
 * Waits until the simulated heading has turned by 5° or more (at least half a second): long enough for a toast
 * fired with the fallback to the simulation to have opened.
 */
async function expectSimulatedHeadingAdvances(compass: Locator): Promise<void> {
  const start = await compassDegrees(compass);
  await expect
    .poll(async () => ((await compassDegrees(compass)) - start + 360) % 360, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(5);
}

async function compassDegrees(compass: Locator): Promise<number> {
  const text = (await compass.getByTestId('compass-degrees').textContent()) ?? '';
  const match = /^(\d{1,3})°$/.exec(text.trim());
  expect(match, `compass degrees '${text}'`).not.toBeNull();
  return Number(match?.[1]);
}

/** Replaces the browser's geolocation permission answer with 'prompt' (as on a first visit). */
const PERMISSION_PROMPT_SCRIPT = `(() => {
  const original = navigator.permissions.query.bind(navigator.permissions);
  navigator.permissions.query = (descriptor) =>
    descriptor && descriptor.name === 'geolocation'
      ? Promise.resolve({ state: 'prompt', addEventListener() {}, removeEventListener() {} })
      : original(descriptor);
})();`;

function phoneScript(userAgent: string, platform: string, extra = ''): string {
  return `(() => {
  Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => ${JSON.stringify(userAgent)} });
  Object.defineProperty(Navigator.prototype, 'platform', { get: () => ${JSON.stringify(platform)} });
  ${extra}
})();`;
}

describe('the Tools tab', () => {
  it('with location allowed shows the weather, the barometer, gear and a compass, and keeps every request at home', async (test) => {
    fake.setScenario(RAINY_DAY);
    const providerCallsBefore = fake.requests.length;
    const tools = await openTools(test, { position: TAHOE });
    const { page, weather, barometer, gear, compass } = tools;

    // Weather: place, °F, description, wind mph, humidity %, pressure inHg and a bundled icon.
    const placeName = await placeNameAt(page, TAHOE);
    expect(placeName).toMatch(/Taho/);
    await expectText(weather.getByTestId('weather-location'), placeName);
    await expectText(weather.getByTestId('weather-temperature'), '50°F');
    await expectText(weather.getByTestId('weather-description'), 'Slight rain');
    await weather.getByText('12 mph', { exact: true }).waitFor();
    await weather.getByText('88%', { exact: true }).waitFor();
    await weather.getByText('29.88 inHg', { exact: true }).waitFor();
    expect(await weather.locator('svg[data-weather-icon="rain"]').count()).toBe(1);
    expect(await weather.locator('img').count()).toBe(0);

    // Barometer: the same reading with its category, one trend (the provider's 3-hour tendency: 1.2 hPa down is
    // falling, never a 'Stable' badge above it) and the insight that follows from that trend.
    await expectText(barometer.getByTestId('barometer-pressure'), '29.88');
    await expectText(barometer.getByTestId('barometer-category'), 'Normal pressure');
    await expectText(barometer.getByTestId('barometer-trend'), 'Falling');
    await expectText(barometer.getByTestId('barometer-insight'), 'Fish may be less active');
    await expectText(
      barometer.getByTestId('barometer-tendency'),
      '3-hour tendency (weather provider): falling 0.04 inHg in 3 h',
    );
    await barometer.getByText(/\(1 of 10 kept\)/).waitFor();
    expect(await barometer.getByTestId('barometer-trend-source').textContent()).toMatch(
      /^Trend from the weather provider's last 3 hours \(1 hPa or more is a change\)\./,
    );

    // One call served both cards; the provider saw only the ~1 km cell, never the exact spot.
    expect(tools.weatherCalls).toHaveLength(1);
    expect(tools.weatherCalls[0]).toContain('/api/weather?lat=39.097&lon=-120.032');
    const providerCalls = fake.requests.slice(providerCallsBefore);
    expect(providerCalls).toHaveLength(1);
    expect(providerCalls[0]?.get('latitude')).toBe('39.1');
    expect(providerCalls[0]?.get('longitude')).toBe('-120.03');

    // Gear: the rules for 50 °F, rain and 12 mph wind, essential first.
    await gear.getByRole('button', { name: 'Get Recommendations' }).click();
    await expectToast(page, 'Recommendations Generated', '10 items recommended for current conditions');
    const essential = gear.getByRole('list', { name: 'Essential gear' }).getByRole('listitem');
    const recommended = gear.getByRole('list', { name: 'Recommended gear' }).getByRole('listitem');
    await essential.first().waitFor();
    const names = async (items: Locator) =>
      Promise.all(
        (await items.all()).map(async (item) => (await item.locator('p').first().textContent()) ?? ''),
      );
    expect(await names(essential)).toEqual([
      'Fishing Rod & Reel',
      'Fishing License',
      'Tackle Box',
      'Waterproof Jacket',
      'Thermal Layers',
    ]);
    expect(await names(recommended)).toEqual([
      'Waterproof Pants',
      'Waterproof Hat',
      'Bag Cover',
      'Heavier Weights',
      'Windbreaker',
    ]);
    expect(await gear.getByRole('list', { name: 'Optional gear' }).count()).toBe(0);
    await expectText(
      gear.getByTestId('gear-conditions'),
      `For 50°F, slight rain, wind 12 mph at ${placeName}.`,
    );
    // The gear used the cached weather (fresh for 5 minutes): no new call.
    expect(tools.weatherCalls).toHaveLength(1);
    await closeToast(page);

    // Compass: this desktop browser has no sensor, so it simulates, 1° every 100 ms, as an unmistakable demo:
    // said in words above the dial, a hollow needle instead of the real one, and 'Demo' beside the heading.
    await expectText(compass.getByTestId('compass-demo'), 'No compass on this device — demo');
    expect(await compass.getByTestId('compass-demo-needle').count()).toBe(1);
    expect(await compass.getByTestId('compass-needle').count()).toBe(0);
    expect(await compass.getByTestId('compass-heading').textContent()).toMatch(/^\d{1,3}° [NESW]{1,2}Demo$/);
    const first = await compassDegrees(compass);
    await page.waitForTimeout(1000);
    const second = await compassDegrees(compass);
    const advanced = (second - first + 360) % 360;
    expect(advanced).toBeGreaterThanOrEqual(5);
    expect(advanced).toBeLessThanOrEqual(15);
    expect(await compass.getByTestId('compass-point').textContent()).toMatch(/^(N|NE|E|SE|S|SW|W|NW)$/);
    expect(await openToast(page).count()).toBe(0);

    // Get Pro App, the shops (new tab, no opener, no referrer), Help & Support and the footer.
    const proApp = page.getByRole('region', { name: 'Get Pro App' });
    // Its QR code scans to this deployment's download page.
    expect(await scanQrCode(proApp.getByTestId('pro-app-qr'))).toBe(`${e2e.baseUrl}/download`);
    expect(await proApp.getByRole('link', { name: 'Download Instructions' }).getAttribute('href')).toBe(
      '/download',
    );
    for (const [name, path] of [
      ['Premium Gear', '/gear'],
      ['Apparel', '/apparel'],
      ['Accessories', '/accessories'],
    ] as const) {
      const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(await link.getAttribute('href')).toBe(`https://shop.tightlines.app${path}`);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect((await link.getAttribute('rel'))?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    }
    const help = page.getByRole('region', { name: 'Help & Support' });
    const helpLinks = await help.getByRole('link').all();
    const helpTargets = await Promise.all(
      helpLinks.map(async (link) => [(await link.textContent())?.trim(), await link.getAttribute('href')]),
    );
    expect(helpTargets).toEqual([
      ['Support Center', '/support'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
      ['Download App', '/download'],
      ['Test Photo Upload', '/photo-upload'],
    ]);
    const year = await page.evaluate('new Date().getFullYear()');
    await page.getByText(`v1.0.0 © ${year} All Rights Reserved`, { exact: true }).waitFor();

    expect(tools.blockedRequests).toEqual([]);
    tools.expectNoConsoleErrors();
  });

  it("starts with the 'Enable Weather' prompt until the angler allows location, then fills every card", async (test) => {
    const tools = await openTools(test, { position: OKEECHOBEE, initScript: PERMISSION_PROMPT_SCRIPT });
    const { page, weather, barometer } = tools;

    const enable = weather.getByRole('button', { name: 'Enable Weather' });
    await enable.waitFor();
    await barometer.getByRole('button', { name: 'Start Barometer' }).waitFor();
    await page.waitForTimeout(300);
    expect(tools.weatherCalls).toEqual([]);

    await enable.click();
    await expectText(weather.getByTestId('weather-location'), await placeNameAt(page, OKEECHOBEE));
    await weather.getByText('30.01 inHg', { exact: true }).waitFor();
    // The one consent serves the barometer too.
    await expectText(barometer.getByTestId('barometer-pressure'), '30.01');
    expect(tools.weatherCalls).toHaveLength(1);
    expect(tools.blockedRequests).toEqual([]);
    tools.expectNoConsoleErrors();
  });

  it('keeps the cards still when the weather arrives: the loading shapes are the size of what replaces them', async (test) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tools = await openTools(test, {
      position: GENEVA_LAKE,
      initScript: LAYOUT_SHIFT_RECORDER_SCRIPT,
      beforeLoad: async (page) => {
        await page.route('**/api/weather?*', async (route) => {
          await held;
          await route.continue();
        });
      },
    });
    const { page, weather, barometer } = tools;
    await weather.getByRole('status').filter({ hasText: 'Loading weather…' }).waitFor();
    await barometer.getByRole('status').filter({ hasText: 'Reading the pressure…' }).waitFor();
    const shiftBefore = await layoutShiftSoFar(page);

    release();
    await barometer.getByTestId('barometer-trend-source').waitFor();
    await weather.getByRole('button', { name: 'Refresh weather' }).waitFor();
    await nextFrames(page);
    // Before the loading shapes matched, the reading pushed the cards below down by a third of the screen (0.2).
    expect((await layoutShiftSoFar(page)) - shiftBefore).toBeLessThan(0.01);
    tools.expectNoConsoleErrors();
  });

  it("with location denied says so in the spec's words and recovers once location is allowed", async (test) => {
    const tools = await openTools(test, { position: MILLE_LACS, geolocation: false });
    const { page, context, weather, barometer, gear } = tools;
    const denied = 'Location permission denied. Please allow location access in your browser settings.';

    await weather.getByText('Location Access Needed', { exact: true }).waitFor();
    await weather.getByText(denied, { exact: true }).waitFor();
    await weather.getByRole('button', { name: 'Try Again' }).waitFor();
    await barometer.getByText('Unable to read atmospheric pressure', { exact: true }).waitFor();
    await barometer.getByRole('button', { name: 'Retry' }).waitFor();

    await gear.getByRole('button', { name: 'Get Recommendations' }).click();
    await expectToast(page, 'Location Error', denied);
    await closeToast(page);
    expect(tools.weatherCalls).toEqual([]);

    // Allowed in the browser's settings: the cards notice and fill in without a reload.
    await context.grantPermissions(['geolocation']);
    await expectText(weather.getByTestId('weather-location'), await placeNameAt(page, MILLE_LACS), 15_000);
    await expectText(barometer.getByTestId('barometer-category'), 'Normal pressure');

    expect(tools.blockedRequests).toEqual([]);
    tools.expectNoConsoleErrors();
  });

  it('with location denied lets the angler choose a town or type coordinates for the weather', async (test) => {
    const tools = await openTools(test, { position: MILLE_LACS, geolocation: false });
    const { page, weather, barometer } = tools;
    await weather.getByText('Location Access Needed', { exact: true }).waitFor();
    const choose = weather.getByRole('form', { name: 'Choose a place' });

    // A town from the server's own place list.
    await choose.getByLabel('Or choose a place for the weather').fill('truckee');
    await choose.getByRole('button', { name: 'Find' }).click();
    const found = weather.getByRole('list', { name: 'Places found' });
    const truckee = weather.getByRole('button', { name: 'Truckee, California, US' });
    await truckee.or(weather.getByTestId('chosen-place')).first().waitFor();
    if (await found.count()) await truckee.click();
    await expectText(
      weather.getByTestId('chosen-place'),
      'Chosen place: Truckee, California, USUse my location',
    );
    await weather.getByTestId('weather-temperature').waitFor();
    // Every card uses it: the barometer reads there too.
    await barometer.getByTestId('barometer-pressure').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/tools-chosen-place.png` });
    expect(tools.weatherCalls.at(-1)).toContain('/api/weather?lat=39.3');

    // Back to the device (still denied), then typed coordinates.
    await weather.getByRole('button', { name: 'Use my location' }).click();
    await weather.getByText('Location Access Needed', { exact: true }).waitFor();
    await choose.getByLabel('Or choose a place for the weather').fill('47.13, -94.38');
    await choose.getByRole('button', { name: 'Find' }).click();
    await expectText(weather.getByTestId('chosen-place'), 'Chosen place: 47.13°N, 94.38°WUse my location');
    await expectText(weather.getByTestId('weather-location'), await placeNameAt(page, LEECH_LAKE));

    // A name the list does not know says so.
    await weather.getByRole('button', { name: 'Use my location' }).click();
    await choose.getByLabel('Or choose a place for the weather').fill('Xqzzyville');
    await choose.getByRole('button', { name: 'Find' }).click();
    await weather.getByText(/^No town called “Xqzzyville” in our list\./).waitFor();
    expect(tools.blockedRequests).toEqual([]);
    tools.expectNoConsoleErrors();
  });

  it('with the weather provider down shows the failure texts, then Retry works once it is back', async (test) => {
    fake.setScenario({ failure: 'error' });
    const tools = await openTools(test, { position: CHICAGO });
    const { page, weather, barometer, gear } = tools;

    await weather.getByText('Weather Unavailable', { exact: true }).waitFor();
    await weather
      .getByText('Could not load weather data. Please check your internet connection.', { exact: true })
      .waitFor();
    await barometer.getByText('Unable to read atmospheric pressure', { exact: true }).waitFor();

    await gear.getByRole('button', { name: 'Get Recommendations' }).click();
    await expectToast(page, 'Weather Error', 'Failed to fetch weather data');
    await closeToast(page);

    // The provider is back: both cards recover through their own buttons.
    fake.setScenario({ pressureHpa: 1030, pressureChange3hHpa: 0 });
    await weather.getByRole('button', { name: 'Try Again' }).click();
    await expectText(weather.getByTestId('weather-location'), await placeNameAt(page, CHICAGO));
    await weather.getByText('30.42 inHg', { exact: true }).waitFor();
    await barometer.getByRole('button', { name: 'Retry' }).click();
    await expectText(barometer.getByTestId('barometer-category'), 'High pressure');
    await expectText(barometer.getByTestId('barometer-insight'), 'Excellent fishing conditions');
    await expectText(
      barometer.getByTestId('barometer-tendency'),
      '3-hour tendency (weather provider): steady over 3 h',
    );

    expect(tools.blockedRequests).toEqual([]);
    tools.expectNoConsoleErrors([{ status: 502, path: '/api/weather' }]);
  });

  it('asks for the provider at most once per 5 minutes while the barometer reads every 2 minutes', async (test) => {
    // The browser's clock is simulated from the start, so ten minutes pass in seconds.
    const tools = await openTools(test, { position: CHAMPLAIN, installClock: true });
    const { page, barometer } = tools;
    await barometer.getByText(/\(1 of 10 kept\)/).waitFor();
    const providerBefore = fake.requests.length;
    const callsBefore = tools.weatherCalls.length;

    for (let minute = 2; minute <= 10; minute += 2) {
      await page.clock.fastForward('02:00');
      await barometer.getByText(new RegExp(`\\(${minute / 2 + 1} of 10 kept\\)`)).waitFor();
    }
    const clientCalls = tools.weatherCalls.length - callsBefore;
    const providerCalls = fake.requests.length - providerBefore;
    console.info(
      `Simulated 10 minutes on the Tools tab: ${clientCalls} GET /api/weather from the page, ` +
        `${providerCalls} provider calls (server cache: one per ~1 km cell per 5 minutes of real time).`,
    );
    // One reading every 120 s, each a request to our server; the server's cache answers them.
    expect(clientCalls).toBe(5);
    expect(providerCalls).toBe(0);

    // Leaving the tab unmounts the cards: the barometer's timer stops with them.
    await page.getByRole('tab', { name: 'Log' }).click();
    await barometer.waitFor({ state: 'detached' });
    const callsAfterLeaving = tools.weatherCalls.length;
    await page.clock.fastForward('02:00');
    await page.clock.fastForward('02:00');
    await page.waitForTimeout(300);
    expect(tools.weatherCalls.length).toBe(callsAfterLeaving);
    expect(tools.blockedRequests).toEqual([]);
    tools.expectNoConsoleErrors();
  });
});

describe('the Tools tab offline', () => {
  /** What the cards may take to say they need a connection: well under the old 15 s and more of skeletons. */
  const AT_ONCE_MS = 5000;

  /**
   * Waits until the service worker controls the page, so the app's code (toasts included) comes from its precache
   * once offline: what these tests look at is the cards, not the first visit's loading (decision 007).
   */
  async function waitUntilReadyForOffline(page: Page): Promise<void> {
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await expect
      .poll(() => page.evaluate('navigator.serviceWorker.controller !== null'), { timeout: 10_000 })
      .toBe(true);
  }

  it('at a new spot says at once that weather needs a connection, shows the last reading with its place and age, and fills in when back online', async (test) => {
    fake.setScenario(RAINY_DAY);
    const tools = await openTools(test, { position: WOODRUFF });
    const { page, context } = tools;
    const woodruff = await placeNameAt(page, WOODRUFF);
    await expectText(tools.weather.getByTestId('weather-location'), woodruff);
    await expectText(tools.barometer.getByTestId('barometer-pressure'), '29.88');
    await waitUntilReadyForOffline(page);

    // Open the Log tab (online, so its code is loaded), lose the signal, walk to another lake, come back.
    await page.getByRole('tab', { name: 'Log' }).click();
    await tools.weather.waitFor({ state: 'detached' });
    await context.setOffline(true);
    await context.setGeolocation(MINOCQUA_LAKE);
    const callsBefore = tools.weatherCalls.length;
    await page.getByRole('tab', { name: 'Tools' }).click();
    const { weather, barometer } = tools;

    await weather.getByText('Weather needs a connection', { exact: true }).waitFor({ timeout: AT_ONCE_MS });
    const lastReadingThere = new RegExp(
      `^Last reading \\d+ (seconds?|minutes?) ago at ${escapeRegExp(woodruff)}$`,
    );
    expect((await weather.getByTestId('offline-reading-age').textContent())?.trim()).toMatch(
      lastReadingThere,
    );
    await weather.getByText('50°F', { exact: true }).waitFor();
    await barometer
      .getByText('Pressure readings need a connection', { exact: true })
      .waitFor({ timeout: AT_ONCE_MS });
    expect((await barometer.getByTestId('offline-reading-age').textContent())?.trim()).toMatch(
      lastReadingThere,
    );
    await barometer.getByText('29.88', { exact: true }).waitFor();
    // No skeleton left waiting: their screen-reader labels are gone.
    expect(
      await page.getByText(/^(Loading weather|Finding your location|Reading the pressure)…$/).count(),
    ).toBe(0);
    // Nothing was sent while offline (a request could only fail).
    expect(tools.weatherCalls.length).toBe(callsBefore);

    // The gear card says so too, at once, instead of 'Checking Conditions...' for good.
    await tools.gear.getByRole('button', { name: 'Get Recommendations' }).click();
    await expectToast(page, 'Weather Error', "Weather needs a connection: you're offline.");
    await closeToast(page);

    // Back online: both cards fill in for the new spot by themselves.
    await context.setOffline(false);
    const minocqua = await placeNameAt(page, MINOCQUA_LAKE);
    await expectText(weather.getByTestId('weather-location'), minocqua);
    await expectText(barometer.getByTestId('barometer-pressure'), '29.88');
    expect(await weather.getByText('Weather needs a connection', { exact: true }).count()).toBe(0);
    expect(tools.blockedRequests).toEqual([]);
    // The Log tab's place-name lookup for its GPS fix, and its spots (asked for by the panels it loads once it has
    // painted), may still be on their way when the signal goes; they fail quietly (the name is a convenience, the
    // spots come from the kept list), as in offline-sessions.test.ts.
    tools.expectNoConsoleErrors([
      { status: 'network', path: '/api/reverse-geocode' },
      { status: 'network', path: '/api/spots' },
    ]);
  });

  it('with no reading kept on the phone says so instead of loading for ever', async (test) => {
    const tools = await openTools(test, { position: GENEVA_LAKE, initScript: PERMISSION_PROMPT_SCRIPT });
    const { page, context, weather, barometer } = tools;
    await weather.getByRole('button', { name: 'Enable Weather' }).waitFor();
    await waitUntilReadyForOffline(page);

    await context.setOffline(true);
    await weather.getByText('Weather needs a connection', { exact: true }).waitFor({ timeout: AT_ONCE_MS });
    await weather.getByText(/no earlier reading is kept on this phone/).waitFor();
    await barometer
      .getByText('Pressure readings need a connection', { exact: true })
      .waitFor({ timeout: AT_ONCE_MS });
    expect(await page.getByTestId('offline-reading-age').count()).toBe(0);
    expect(tools.weatherCalls).toEqual([]);

    await context.setOffline(false);
    await weather.getByRole('button', { name: 'Enable Weather' }).click();
    await expectText(weather.getByTestId('weather-location'), await placeNameAt(page, GENEVA_LAKE));
    expect(tools.blockedRequests).toEqual([]);
    tools.expectNoConsoleErrors();
  });
});

describe('a thunderstorm', () => {
  it('puts the SAFETY ALERT first among the gear and on the weather card', async (test) => {
    // Hot, stormy and windy: sunscreen, hat and water are essential too, and the alert still comes first.
    fake.setScenario({ weatherCode: 95, temperatureC: 30, windKmh: 30 });
    const tools = await openTools(test, { position: LAKE_TAUPO });
    const { page, weather, gear } = tools;

    await expectText(weather.getByTestId('weather-description'), 'Thunderstorm');
    const alert = weather.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe(
      'SAFETY ALERT: Thunderstorms expected: postpone your trip. Rods and open water attract lightning.',
    );
    expect(await alert.isVisible()).toBe(true);

    // The barometer's insight gives way to the danger: no 'Average fishing conditions' under the alert.
    await expectText(tools.barometer.getByTestId('barometer-insight'), 'Thunderstorm: stay off the water');
    expect(await tools.barometer.getByText(/fishing conditions|Fish may be/).count()).toBe(0);

    await gear.getByRole('button', { name: 'Get Recommendations' }).click();
    await expectToast(page, 'Recommendations Generated');
    const essential = gear.getByRole('list', { name: 'Essential gear' }).getByRole('listitem');
    await essential.first().waitFor();
    const essentialNames = await essential.evaluateAll((items) =>
      items.map((item) => item.querySelector('p')?.textContent ?? ''),
    );
    expect(essentialNames[0]).toBe('SAFETY ALERT');
    expect(essentialNames).toEqual(expect.arrayContaining(['Sunscreen', 'Fishing Rod & Reel']));
    // The first gear card is on screen without scrolling past the others.
    const first = await essential.first().boundingBox();
    const sunscreen = await essential.filter({ hasText: 'Sunscreen' }).boundingBox();
    expect(first?.y ?? 0).toBeLessThan(sunscreen?.y ?? 0);
    await closeToast(page);
    tools.expectNoConsoleErrors();
  });
});

describe('the compass on phones', () => {
  it('on iOS asks for the orientation permission and tells when it is denied', async (test) => {
    const tools = await openTools(test, {
      position: TAHOE,
      initScript: phoneScript(
        IPHONE_UA,
        'iPhone',
        "DeviceOrientationEvent.requestPermission = () => Promise.resolve('denied');",
      ),
    });
    const { page, compass } = tools;
    await expectText(compass.getByTestId('compass-demo'), 'Compass needs motion access — demo');
    await compass.getByRole('button', { name: 'Allow Motion Access' }).click();
    await expectToast(page, 'Permission to access device orientation was denied');
    expect(await compass.getByRole('button', { name: 'Allow Motion Access' }).count()).toBe(0);
    await expectText(compass.getByTestId('compass-demo'), 'Motion access denied — demo');
    tools.expectNoConsoleErrors();
  });

  it('on iOS follows webkitCompassHeading once allowed', async (test) => {
    const tools = await openTools(test, {
      position: TAHOE,
      initScript: phoneScript(
        IPHONE_UA,
        'iPhone',
        "DeviceOrientationEvent.requestPermission = () => Promise.resolve('granted');",
      ),
    });
    const { page, compass } = tools;
    await expectText(compass.getByTestId('compass-demo'), 'Compass needs motion access — demo');
    await compass.getByRole('button', { name: 'Allow Motion Access' }).click();
    await page.evaluate(`window.dispatchEvent(Object.assign(new Event('deviceorientation'), {
      alpha: 12, absolute: false, webkitCompassHeading: 92.4 }))`);
    await expectText(compass.getByTestId('compass-source'), "Following your device's compass.");
    await expectText(compass.getByTestId('compass-heading'), '92° E');
    // A real heading: the real needle, no demo left.
    expect(await compass.getByTestId('compass-demo').count()).toBe(0);
    expect(await compass.getByTestId('compass-needle').count()).toBe(1);
    await page.waitForTimeout(500);
    await expectText(compass.getByTestId('compass-heading'), '92° E');
    tools.expectNoConsoleErrors();
  });

  it('on Android follows the absolute orientation', async (test) => {
    const tools = await openTools(test, {
      position: TAHOE,
      permissions: MOTION_SENSORS,
      initScript: phoneScript(ANDROID_UA, 'Linux armv81'),
    });
    const { page, compass } = tools;
    await expectText(compass.getByTestId('compass-source'), 'Starting the compass…');
    await page.evaluate(
      "window.dispatchEvent(Object.assign(new Event('deviceorientationabsolute'), { alpha: 90, absolute: true }))",
    );
    await expectText(compass.getByTestId('compass-heading'), '270° W');
    await expectText(compass.getByTestId('compass-source'), "Following your device's compass.");
    tools.expectNoConsoleErrors();
  });

  // These were red toasts on every visit (decision 007); the product's texts now answer only a tap on 'Allow Motion Access'.
  it('on a phone without a compass says so in the card and simulates as a demo, without a toast', async (test) => {
    const tools = await openTools(test, {
      position: TAHOE,
      permissions: MOTION_SENSORS,
      initScript: phoneScript(ANDROID_UA, 'Linux armv81') + TOAST_RECORDER_SCRIPT,
    });
    const { page, compass } = tools;
    await expectText(compass.getByTestId('compass-demo'), 'No compass on this device — demo');
    expect(await compass.getByTestId('compass-demo-needle').count()).toBe(1);
    await expectSimulatedHeadingAdvances(compass);
    expect(await toastsSeen(page)).toEqual([]);
    tools.expectNoConsoleErrors();
  });

  it('on a phone whose browser refused the orientation permission says so in the demo, without a toast', async (test) => {
    const tools = await openTools(test, {
      position: TAHOE,
      initScript:
        phoneScript(
          ANDROID_UA,
          'Linux armv81',
          "DeviceOrientationEvent.requestPermission = () => Promise.resolve('denied');",
        ) + TOAST_RECORDER_SCRIPT,
    });
    const { page, compass } = tools;
    await expectText(compass.getByTestId('compass-demo'), 'Motion access denied — demo');
    await expectSimulatedHeadingAdvances(compass);
    expect(await toastsSeen(page)).toEqual([]);
    tools.expectNoConsoleErrors();
  });
});
