import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import { startFakeOpenMeteo } from '../server/test-support/fake-open-meteo.ts';
import { setupE2E } from './support/harness.ts';
import { registerViaApi } from './support/users.ts';

/**
 * The Tools tab's Sun & Moon card (docs/product.md#sun-and-moon) in Chromium: for a fixed position and a fixed browser clock
 * it shows the times the US Naval Observatory publishes (within 2 minutes), computed on the phone. The test
 * pages run on Chicago time in en-US, so the published times are converted to that clock here.
 */
const fake = await startFakeOpenMeteo();
afterAll(() => fake.close());
const e2e = setupE2E({ env: { WEATHER_API_URL: fake.url } });

const PAGE_TIME_ZONE = 'America/Chicago';

/** Minutes after midnight of a moment on the page's clock. */
function pageClockMinutes(iso: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: PAGE_TIME_ZONE,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return value('hour') * 60 + value('minute');
}

/** Minutes after midnight of a time the card shows ('6:18 AM'). */
function shownMinutes(text: string): number {
  const match = /^(\d{1,2}):(\d{2})\s?(AM|PM)$/.exec(text.trim());
  if (!match) throw new Error(`not a clock time: '${text}'`);
  const hour = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return hour * 60 + Number(match[2]);
}

async function expectShownNear(card: Locator, testId: string, publishedIso: string): Promise<void> {
  const text = (await card.getByTestId(testId).textContent()) ?? '';
  const difference = Math.abs(shownMinutes(text) - pageClockMinutes(publishedIso));
  expect(difference, `${testId}: shown '${text}', published ${publishedIso}`).toBeLessThanOrEqual(2);
}

/** A signed-in angler at `position` whose browser clock says `now`, on the Tools tab. */
async function openSunMoon(
  test: TestContext,
  position: { latitude: number; longitude: number },
  now: string,
) {
  const opened = await e2e.openPage(test);
  const { context, page } = opened;
  await context.setGeolocation(position);
  await context.clock.setFixedTime(new Date(now));
  await context.addInitScript("localStorage.setItem('activeTab', 'tools')");
  await registerViaApi(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Sun & Moon', exact: true });
  await card.getByRole('heading', { name: 'Sun', exact: true }).waitFor();
  return { ...opened, card, requests };
}

describe('the Sun & Moon card', () => {
  it('shows the sunrise, sunset, moonrise and moonset the Naval Observatory publishes for central Florida, 1 January 2019', async (test) => {
    // USNO "Rise and Set for the Sun/Moon for 2019", W81°00′ N29°00′, Universal Time.
    const { page, card, requests, blockedRequests, expectNoConsoleErrors } = await openSunMoon(
      test,
      { latitude: 29, longitude: -81 },
      '2019-01-01T18:00:00Z',
    );
    await expectShownNear(card, 'sun-rise', '2019-01-01T12:18Z');
    await expectShownNear(card, 'sun-set', '2019-01-01T22:38Z');
    await expectShownNear(card, 'moon-rise', '2019-01-01T08:12Z');
    await expectShownNear(card, 'moon-set', '2019-01-01T19:34Z');
    // Five days before the new moon of 6 January 2019: a waning crescent, about a quarter lit.
    expect(await card.getByTestId('moon-phase').textContent()).toBe('Waning Crescent');
    const lit = Number.parseInt((await card.getByTestId('moon-illumination').textContent()) ?? '', 10);
    expect(lit).toBeGreaterThanOrEqual(15);
    expect(lit).toBeLessThanOrEqual(35);
    // The folklore is labelled as such.
    await card.getByRole('heading', { name: 'Solunar periods (folklore)' }).waitFor();
    expect(await card.getByTestId('solunar-periods').getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    await card.getByText(/Folklore, not science/).waitFor();

    // Computed on the phone: its own code chunk, and no request about the sky.
    expect(requests.some((path) => /\/assets\/astronomy-[\w-]+\.js$/.test(path))).toBe(true);
    expect(requests.filter((path) => /sun|moon|astro/i.test(path) && !path.startsWith('/assets/'))).toEqual(
      [],
    );
    expect(blockedRequests).toEqual([]);
    expect(await page.getByText(/NaN|Invalid Date/).count()).toBe(0);
    expectNoConsoleErrors();
  });

  it('shows civil twilight as the Naval Observatory gives it for Washington, DC, 20 March 2002', async (test) => {
    // USNO "Sun and Moon Data for One Day", W77.0 N38.9, Eastern Standard Time.
    const { card, expectNoConsoleErrors } = await openSunMoon(
      test,
      { latitude: 38.9, longitude: -77 },
      '2002-03-20T17:00:00Z',
    );
    await expectShownNear(card, 'sun-dawn', '2002-03-20T05:45-05:00');
    await expectShownNear(card, 'sun-rise', '2002-03-20T06:12-05:00');
    await expectShownNear(card, 'sun-set', '2002-03-20T18:21-05:00');
    await expectShownNear(card, 'sun-dusk', '2002-03-20T18:47-05:00');
    expectNoConsoleErrors();
  });

  it('says so when the sun does not set (N80, 21 June 2019), never a broken time', async (test) => {
    const { page, card, expectNoConsoleErrors } = await openSunMoon(
      test,
      { latitude: 80, longitude: 0 },
      '2019-06-21T12:00:00Z',
    );
    await card
      .getByTestId('sun-all-day')
      .getByText(/midnight sun/)
      .waitFor();
    expect(await card.getByTestId('sun-rise').count()).toBe(0);
    expect(await card.getByTestId('sun-set').count()).toBe(0);
    expect(await page.getByText(/NaN|Invalid Date/).count()).toBe(0);
    expectNoConsoleErrors();
  });
});
