import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import { sunDay } from '#core/astronomy.ts';
import { tripEffort } from '#core/trip-effort.ts';
import type { Trip } from '#core/trips.ts';
import { zonedDayWindow } from '#core/zoned-day.ts';
import { startFakeOpenMeteo } from '../server/test-support/fake-open-meteo.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { registerViaApi } from './support/users.ts';

/**
 * The Tools tab's Today card (core/today-matches.ts) on the harness's 390 px phone, against the real server and
 * the fake Open-Meteo the Tools tests use. The log is seeded through the API: twelve evening trips at Mille Lacs,
 * walleye at dusk. A trip's effort (the minutes in each bucket) is worked out by a server job that is not part of
 * this build yet, so GET /api/trips answers `effort: null`; the test fills it in on the way to the page with
 * core/trip-effort.ts, the very function that job counts with, for each trip's own span and place. The test pages
 * run on Chicago time in en-US.
 */
const fake = await startFakeOpenMeteo();
afterAll(() => fake.close());
const e2e = setupE2E({ env: { WEATHER_API_URL: fake.url } });

const MILLE_LACS = { latitude: 46.2408, longitude: -93.6486 };
const ZONE = 'America/Chicago';
/** The browser's clock: noon at the lake on 20 November 2026. */
const TODAY = '2026-11-20';
const NOW = '2026-11-20T18:00:00Z';
/** Evenings of 3–14 November 2026 (after the clocks went back): trips from 4 to 6 pm, CST. */
const EVENINGS = Array.from({ length: 12 }, (_, index) => 3 + index);

async function seedDuskLog(page: Page): Promise<void> {
  for (const day of EVENINGS) {
    const date = `2026-11-${String(day).padStart(2, '0')}`;
    const next = `2026-11-${String(day + 1).padStart(2, '0')}`;
    const trip = await page.request.post('/api/trips', {
      data: { startedAt: `${date}T22:00:00.000Z`, endedAt: `${next}T00:00:00.000Z` },
    });
    expect(trip.status(), await trip.text()).toBe(201);
    // Two walleye at dusk, just after 5 pm (the sun sets between 4:56 and 4:43 pm those days, the last light
    // fades about half an hour later), and on four of the evenings one in daylight at 4:10 pm.
    const times = day <= 6 ? ['17:05', '17:08', '16:10'] : ['17:05', '17:08'];
    for (const timeOfDay of times) {
      const response = await page.request.post('/api/catches', {
        data: { fishType: 'Walleye', ...MILLE_LACS, catchDate: date, timeOfDay, timeZone: ZONE },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
  }
}

/** GET /api/trips as the effort job will answer it: each trip with its minutes worked out at the lake. */
async function withTripEffort(context: BrowserContext): Promise<void> {
  // The context's route, not the page's: the app's service worker makes the requests, and only this sees them.
  await context.route('**/api/trips', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const trips = (await response.json()) as Trip[];
    const json = trips.map((trip) => ({
      ...trip,
      effort: tripEffort(
        { start: Date.parse(trip.startedAt), end: Date.parse(trip.endedAt ?? trip.startedAt) },
        { place: MILLE_LACS, timeZone: ZONE },
      ),
    }));
    await route.fulfill({ response, json });
  });
}

async function openTools(test: TestContext, seed: (page: Page) => Promise<void>) {
  const opened = await e2e.openPage(test);
  const { context, page } = opened;
  await context.setGeolocation(MILLE_LACS);
  await context.clock.setFixedTime(new Date(NOW));
  await context.addInitScript("localStorage.setItem('activeTab', 'tools')");
  await registerViaApi(page);
  await seed(page);
  await withTripEffort(context);
  const weatherCalls: string[] = [];
  const todayChunk = page.waitForResponse((response) =>
    /\/assets\/today-panel-[\w-]+\.js$/.test(response.url()),
  );
  const answered = new Set<string>();
  page.on('response', (response) => answered.add(new URL(response.url()).pathname));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/weather') weatherCalls.push(request.url());
  });
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Weather', exact: true })
    .getByTestId('weather-temperature')
    .waitFor();
  return {
    ...opened,
    weatherCalls,
    todayChunk,
    answered,
    card: page.getByRole('region', { name: 'Today', exact: true }),
  };
}

/** Minutes after midnight of a time the card shows ('4:40 PM'). */
function shownMinutes(text: string): number {
  const match = /^(\d{1,2}):(\d{2})\s?(AM|PM)$/.exec(text.trim());
  if (!match) throw new Error(`not a clock time: '${text}'`);
  return ((Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0)) * 60 + Number(match[2]);
}

/** Minutes after midnight of a moment on the lake's clock. */
function lakeMinutes(moment: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(moment);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return value('hour') * 60 + value('minute');
}

describe('the Today card', () => {
  it('says when today the walleye’s clear dusk effect holds, at 390 px, axe-clean and at 200 % text', async (test) => {
    const { page, card, weatherCalls, blockedRequests, expectNoConsoleErrors } = await openTools(
      test,
      seedDuskLog,
    );
    const sentence = card.getByTestId('today-match').locator('p').first();
    await sentence.waitFor();
    const text = ((await sentence.textContent()) ?? '').replace(/\s+/g, ' ');
    const match =
      /^Your best Walleye conditions: at dusk — today (\d{1,2}:\d{2}\sPM)–(\d{1,2}:\d{2}\sPM)$/.exec(text);
    expect(match, text).not.toBeNull();

    // Today's dusk at the lake, from sunset to the end of civil twilight, on the 5-minute slices effort is
    // counted in: each end within a slice of the almanac's.
    const { sun, civilTwilight } = sunDay(zonedDayWindow(TODAY, ZONE), MILLE_LACS);
    if (!sun.set || !civilTwilight.set) throw new Error('no sunset at the lake');
    expect(Math.abs(shownMinutes(match?.[1] ?? '') - lakeMinutes(sun.set))).toBeLessThanOrEqual(5);
    expect(Math.abs(shownMinutes(match?.[2] ?? '') - lakeMinutes(civilTwilight.set))).toBeLessThanOrEqual(5);
    // The figures behind it: 24 walleye at dusk, against the rest of the time.
    expect(await card.textContent()).toMatch(
      /Dusk: [\d.]+ fish\/h, [\d.]+ fish\/h the rest of the time \(24 fish in /,
    );
    // One match: all fish would only say the same again.
    expect(await card.getByTestId('today-match').count()).toBe(1);
    // The weather card's answer is the only weather asked for.
    expect(weatherCalls).toHaveLength(1);

    // Nothing to tap in it; nothing wider than the phone.
    expect(await card.getByRole('button').count()).toBe(0);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, '[aria-labelledby="tools-today-title"]');
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'today-card');

    // 200 % text (Chromium's own text size, as e2e/large-text.test.ts sets it): it reflows, nothing sideways.
    const session = await page.context().newCDPSession(page);
    await session.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await expect
      .poll(() => page.evaluate<number>('parseFloat(getComputedStyle(document.documentElement).fontSize)'))
      .toBe(32);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    const box = await card.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'today-card-200-percent');

    expect(blockedRequests).toEqual([]);
    expectNoConsoleErrors();
  });

  it('shows no card for an empty log', async (test) => {
    const { page, card, todayChunk, answered, expectNoConsoleErrors } = await openTools(test, async () => {});
    // Everything the card reads is here: its code, the lists, and today's sky (the Sun & Moon card shows it).
    await todayChunk;
    await page.getByRole('region', { name: 'Sun & Moon', exact: true }).getByTestId('sun-set').waitFor();
    await expect.poll(() => answered.has('/api/catches') && answered.has('/api/trips')).toBe(true);
    expect(await card.count()).toBe(0);
    expect(await page.getByText(/Your best/).count()).toBe(0);
    expectNoConsoleErrors();
  });
});
