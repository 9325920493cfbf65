import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenMeteo } from '../server/test-support/fake-open-meteo.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot, TAHOE } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { closeToast, expectServerCatches, expectText, expectToast } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * Units you think in (docs/product.md#units) on the harness's 390 px phone: Profile switches the account to metric,
 * and the Log form, History, the detail dialog, weather, barometer and gear follow, while the server keeps the
 * spec's units. The weather comes from a local fake Open-Meteo.
 */
const fake = await startFakeOpenMeteo();
afterAll(() => fake.close());
const e2e = setupE2E({ env: { WEATHER_API_URL: fake.url } });

/** 10 °C (50 °F), wind 20 km/h, 1012 hPa, falling 1.2 hPa over 3 hours (sent as -0.04 inHg: 1.4 hPa). */
const RAINY_DAY = {
  weatherCode: 61,
  temperatureC: 10,
  windKmh: 20,
  humidity: 88,
  pressureHpa: 1012,
  pressureChange3hHpa: -1.2,
};

describe('units', () => {
  it('switching to Metric in Profile applies to logging, History, details and the Tools tab, and survives a reload', async (test) => {
    fake.setScenario(RAINY_DAY);
    const { page, context, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test);
    await context.setGeolocation(TAHOE);
    await registerViaApi(page);

    // Profile: Imperial (the stored units) until the angler chooses.
    await page.goto('/profile');
    const imperial = page.getByRole('radio', { name: /Imperial/ });
    const metric = page.getByRole('radio', { name: /Metric/ });
    await imperial.waitFor();
    expect(await imperial.isChecked()).toBe(true);
    const metricBox = await page.locator('label', { has: metric }).boundingBox();
    expect(metricBox?.height).toBeGreaterThanOrEqual(44);
    await expectNoAxeViolations(page);
    // The radio is controlled by the saved setting: it shows checked once React has taken the choice, a moment
    // after the tap (check() would look at once and can see the old state).
    await metric.click();
    await expect.poll(() => metric.isChecked()).toBe(true);
    await expect.poll(async () => (await (await page.request.get('/api/user')).json()).units).toBe('metric');
    expect(await metric.isChecked()).toBe(true);
    await saveScreenshot(page, 'profile-units-metric');
    // A long username is cut with an ellipsis; it used to widen the whole page past the phone's screen.
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

    // Log a 2.5 kg catch in metric.
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Log a catch' });
    await form.getByLabel('Fish Type').fill('Brown Trout');
    await form.getByLabel('Weight (kg)').fill('2.5');
    await form.getByLabel('Length (cm)').fill('45.7');
    await form.getByLabel('Water Temperature (°C)').fill('12.5');
    await form.getByLabel('Depth (m)').fill('3');
    await form.getByRole('button', { name: 'Log Catch' }).click();

    // The server stored imperial units.
    const [saved] = await expectServerCatches(page, 1);
    expect(saved?.weight).toBeCloseTo(2.5 / 0.45359237, 9); // 5.51 lbs
    expect(saved?.length).toBeCloseTo(45.7 / 2.54, 9); // 17.99 in
    expect(saved?.waterTemperature).toBeCloseTo(54.5, 9); // °F
    expect(saved?.depth).toBeCloseTo(3 / 0.3048, 9); // 9.84 ft

    const expectHistoryInMetric = async () => {
      await page.getByRole('tab', { name: 'History' }).click();
      const card = page.getByRole('list', { name: 'Catches' }).getByRole('listitem').first();
      await card.getByText('2.5 kg', { exact: true }).waitFor();
      await card.getByText('45.7 cm', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Brown Trout' }).click();
      const detail = page.getByRole('dialog', { name: 'Brown Trout' });
      await detail.getByText('2.5 kg', { exact: true }).waitFor();
      await detail.getByText('45.7 cm', { exact: true }).waitFor();
      const details = detail.getByRole('region', { name: 'Fishing Details' });
      const values = (await details.locator('dd').allTextContents()).map((text) => text.trim());
      expect(values.slice(0, 2)).toEqual(['12.5°C', '3 m']);
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
    };
    await expectHistoryInMetric();

    const expectToolsInMetric = async () => {
      await page.getByRole('tab', { name: 'Tools' }).click();
      const weather = page.getByRole('region', { name: 'Weather', exact: true });
      await expectText(weather.getByTestId('weather-temperature'), '10°C');
      await weather.getByText('20 km/h', { exact: true }).waitFor();
      await weather.getByText('1012 hPa', { exact: true }).waitFor();
      const barometer = page.getByRole('region', { name: 'Barometer', exact: true });
      await expectText(barometer.getByTestId('barometer-pressure'), '1012');
      await barometer.getByText('hPa', { exact: true }).waitFor();
      await expectText(
        barometer.getByTestId('barometer-tendency'),
        '3-hour tendency (weather provider): falling 1.4 hPa in 3 h',
      );
      const gear = page.getByRole('region', { name: 'Gear Recommendations' });
      await gear.getByRole('button', { name: 'Get Recommendations' }).click();
      await gear.getByText(/^For 10°C, slight rain, wind 20 km\/h at /).waitFor();
      await gear.getByText('Below 16°C: base layers keep you warm.', { exact: true }).waitFor();
      await gear.getByText('Wind above 16 km/h: heavier sinkers hold bottom.', { exact: true }).waitFor();
      // Its 'Recommendations Generated' toast would take the next Escape (the details' below) for itself.
      await expectToast(page, 'Recommendations Generated');
      await closeToast(page);
    };
    await expectToolsInMetric();

    // A reload keeps it (the account's setting, not this page's state).
    await page.reload();
    await page.getByRole('tab', { name: 'Tools' }).waitFor();
    await expectToolsInMetric();
    await expectHistoryInMetric();

    // Stats: the totals and records in metric too.
    await page.getByRole('tab', { name: 'Stats' }).click();
    await expectText(page.getByTestId('stats-total-weight'), '2.5 kg');
    await page.getByTestId('stats-heaviest').getByText('2.5 kg', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'List' }).click();

    // Back to Imperial: the same catch reads in imperial units again.
    await page.goto('/profile');
    await imperial.click();
    await expect.poll(() => imperial.isChecked()).toBe(true);
    await expect
      .poll(async () => (await (await page.request.get('/api/user')).json()).units)
      .toBe('imperial');
    await page.goto('/');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('tab', { name: 'List' }).click();
    const card = page.getByRole('list', { name: 'Catches' }).getByRole('listitem').first();
    await card.getByText('5.5 lbs', { exact: true }).waitFor();
    await card.getByText('18.0 in', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Stats' }).click();
    await expectText(page.getByTestId('stats-total-weight'), '5.5 lbs');

    expect(blockedRequests).toEqual([]);
    expectNoConsoleErrors();
  });
});
