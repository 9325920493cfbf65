import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import { startFakeOpenMeteo } from '../server/test-support/fake-open-meteo.ts';
import { saveScreenshot } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { closeToast, expectToast } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * Every main screen on a 390 px phone whose angler has set text to 200 % (WCAG 1.4.4 resize text, 1.4.10
 * reflow): nothing wider than the screen (no sideways scrolling), every tab label whole, and a number never
 * parted from its unit ("203.9 lbs" on one line). Screenshots of each screen go to the harness's screenshot
 * folder (large-text-*.png) for a person to look at.
 */
const fake = await startFakeOpenMeteo();
afterAll(() => fake.close());
const e2e = setupE2E({ env: { WEATHER_API_URL: fake.url } });

const VIEWPORT_WIDTH = 390;

/**
 * 200 % text the way a browser's text-size setting gives it: the default font size doubled (Chromium's own
 * setting, through the DevTools protocol), so everything sized in rem (all of Tailwind's sizes) doubles.
 */
async function openWithLargeText(test: TestContext, options?: { geolocation?: boolean }) {
  const opened = await e2e.openPage(test, options);
  const session = await opened.context.newCDPSession(opened.page);
  await session.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  return opened;
}

/** A catch of `fishType` weighing `weight` lbs, through the API with the page's session. */
async function createCatch(page: Page, fishType: string, weight: number): Promise<void> {
  const response = await page.request.post('/api/catches', {
    data: {
      fishType,
      weight,
      length: 15,
      waterTemperature: 58,
      depth: 12,
      locationName: 'Woodruff, Wisconsin, US',
      latitude: 45.8964,
      longitude: -89.6957,
      catchDate: '2025-04-29',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

interface Reflow {
  rootFontSizePx: number;
  pageWidth: number;
  viewportWidth: number;
  /** Visible elements reaching past the screen's left or right edge, as 'tag.class "text" left–right'. */
  wideElements: string[];
  /** Text running out of its box sideways, as '"text" left–right in tag left–right'. */
  spilledText: string[];
  /** Text a box clips away without an ellipsis, and field values wider than their field. */
  hiddenText: string[];
  /** Boxes that scroll sideways because what they hold is wider than they are. */
  sidewaysScrollers: string[];
  /** Tab labels whose text runs past their tab (clipped or spilling out), as 'label scrollWidth/clientWidth'. */
  clippedTabs: string[];
  /** Numbers with a unit that break across lines, e.g. '203. / 9 lbs'. */
  brokenQuantities: string[];
}

/**
 * Measures the page now. An element inside a box that clips its overflow sideways (a map's tiles, a row that
 * scrolls on purpose) is measured by that box; text cut short with an ellipsis counts as fitting.
 */
async function measureReflow(page: Page): Promise<Reflow> {
  return page.evaluate(`(() => {
    const viewportWidth = window.innerWidth;
    const visible = (element) => {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const clipsSideways = (element) => {
      const overflow = getComputedStyle(element).overflowX;
      return overflow !== 'visible';
    };
    const describe = (element) => {
      const box = element.getBoundingClientRect();
      const text = (element.getAttribute('aria-label') || element.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
      const cls = (typeof element.className === 'string' ? element.className : '').split(/\\s+/).slice(0, 4).join('.');
      return element.tagName.toLowerCase() + (cls ? '.' + cls : '') + ' "' + text + '" ' +
        Math.round(box.left) + '–' + Math.round(box.right);
    };

    const wide = [];
    const wideElements = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (!visible(element)) continue;
      let clipped = false;
      for (let holder = element.parentElement; holder && holder !== document.body; holder = holder.parentElement) {
        if (clipsSideways(holder)) { clipped = true; break; }
      }
      if (clipped) continue;
      const box = element.getBoundingClientRect();
      if (box.left >= -1 && box.right <= viewportWidth + 1) continue;
      // Only the outermost: the children of a box too wide are mostly too wide with it.
      if (wide.some((outer) => outer.contains(element))) continue;
      wide.push(element);
      wideElements.push(describe(element));
    }

    // Text running out of its box (a word longer than a button is wide), measured against the nearest box that is
    // not inline; text cut off inside a clipping box counts as fitting (an ellipsis or a line clamp).
    const spilledText = [];
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if (!node.data.trim() || !node.parentElement || !visible(node.parentElement)) continue;
      let box = node.parentElement;
      while (box.parentElement && ['inline', 'contents'].includes(getComputedStyle(box).display))
        box = box.parentElement;
      let clipped = false;
      for (let holder = node.parentElement; holder && holder !== document.body; holder = holder.parentElement) {
        if (clipsSideways(holder)) { clipped = true; break; }
      }
      if (clipped) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      const outer = box.getBoundingClientRect();
      if (text.left < outer.left - 1 || text.right > outer.right + 1 || text.right > viewportWidth + 1)
        spilledText.push('"' + node.data.trim().slice(0, 30) + '" ' + Math.round(text.left) + '–' + Math.round(text.right) +
          ' in ' + box.tagName.toLowerCase() + ' ' + Math.round(outer.left) + '–' + Math.round(outer.right));
    }

    // Text a box hides by clipping it (overflow hidden or clip), unless it is cut short on purpose with an ellipsis or
    // a line clamp: a paragraph pushed past a card's edge is simply gone.
    const cutOnPurpose = (element) => {
      for (let holder = element; holder && holder !== document.body; holder = holder.parentElement) {
        const style = getComputedStyle(holder);
        if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') return true;
      }
      return false;
    };
    const hiddenText = [];
    const hidden = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = hidden.nextNode(); node; node = hidden.nextNode()) {
      if (!node.data.trim() || !node.parentElement || !visible(node.parentElement) || cutOnPurpose(node.parentElement)) continue;
      let holder = node.parentElement;
      while (holder && holder !== document.body && !['hidden', 'clip'].includes(getComputedStyle(holder).overflowX))
        holder = holder.parentElement;
      if (!holder || holder === document.body) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      const box = holder.getBoundingClientRect();
      // A box of a pixel is the visually hidden text for screen readers (sr-only): hidden on purpose.
      if (box.width <= 1 || box.height <= 1) continue;
      if (text.width > 0 && (text.left < box.left - 1 || text.right > box.right + 1))
        hiddenText.push('"' + node.data.trim().slice(0, 30) + '" ' + Math.round(text.left) + '–' + Math.round(text.right) +
          ' hidden by ' + describe(holder));
    }
    // A read-only field (the position from GPS) whose value is wider than the field: nobody can scroll it to read it.
    for (const input of document.querySelectorAll('input[readonly]')) {
      if (visible(input) && input.value && input.scrollWidth > input.clientWidth + 1)
        hiddenText.push('value "' + input.value.slice(0, 30) + '" ' + input.scrollWidth + ' px in ' + input.clientWidth + ' px ' + describe(input));
    }

    // A box that scrolls sideways (overflow auto or scroll, like a dialog that scrolls) with more than its width in it.
    // Except a data table in its own scroller: WCAG 1.4.10 exempts content that needs two dimensions to make sense.
    const sidewaysScrollers = [];
    for (const element of document.querySelectorAll('*')) {
      if (element.children.length === 1 && element.firstElementChild.tagName === 'TABLE') continue;
      const overflow = getComputedStyle(element).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && visible(element) && element.scrollWidth > element.clientWidth + 1)
        sidewaysScrollers.push(describe(element) + ' holds ' + element.scrollWidth + ' px in ' + element.clientWidth);
    }

    const clippedTabs = [];
    for (const tab of document.querySelectorAll('[role="tab"]')) {
      if (!visible(tab)) continue;
      const tabBox = tab.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(tab);
      const textBox = range.getBoundingClientRect();
      const spills = textBox.left < tabBox.left - 1 || textBox.right > tabBox.right + 1;
      if (tab.scrollWidth > tab.clientWidth + 1 || spills || textBox.right > viewportWidth + 1) {
        clippedTabs.push(tab.textContent.trim() + ' ' + tab.scrollWidth + '/' + tab.clientWidth);
      }
    }

    const quantity = /\\d[\\d,]*(?:\\.\\d+)?\\s?(?:lbs|lb|kg|oz|g|in|cm|ft|m|mph|km\\/h|kn|inHg|hPa|mb|°F|°C|%)(?![A-Za-z])/g;
    const brokenQuantities = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement || !visible(node.parentElement)) continue;
      for (const match of node.data.matchAll(quantity)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) brokenQuantities.push(match[0] + ' on ' + lines.size + ' lines');
      }
    }

    return {
      rootFontSizePx: Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
      pageWidth: document.documentElement.scrollWidth,
      viewportWidth,
      wideElements,
      spilledText,
      hiddenText,
      sidewaysScrollers,
      clippedTabs,
      brokenQuantities,
    };
  })()`);
}

/** Measures the screen, saves its screenshot as large-text-<name>.png and expects it to reflow. */
async function expectReflows(page: Page, name: string): Promise<void> {
  const reflow = await measureReflow(page);
  const file = await saveScreenshot(page, `large-text-${name}`);
  console.info(`${name}: page ${reflow.pageWidth} px wide in a ${reflow.viewportWidth} px screen (${file})`);
  // Soft: every screen of a test is measured and reported, not only the first that fails.
  expect.soft({ screen: name, ...reflow }, 'fits the screen, tabs whole, numbers with their units').toEqual({
    screen: name,
    rootFontSizePx: 32,
    pageWidth: VIEWPORT_WIDTH,
    viewportWidth: VIEWPORT_WIDTH,
    wideElements: [],
    spilledText: [],
    hiddenText: [],
    sidewaysScrollers: [],
    clippedTabs: [],
    brokenQuantities: [],
  });
}

const LONG_NAMES = [
  'Smallmouth Bass from the far side of the northern lake',
  'Largemouthbassofextraordinarysizeandweightindeed',
];

describe('text at 200 % on a 390 px phone', () => {
  it('the sign-in screen reflows: Login and Register', async (test) => {
    const { page, expectNoConsoleErrors } = await openWithLargeText(test);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await expectReflows(page, 'auth-login');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Confirm Password').waitFor();
    await expectReflows(page, 'auth-register');
    expectNoConsoleErrors();
  });

  it('Log Catch reflows', async (test) => {
    const { page, expectNoConsoleErrors } = await openWithLargeText(test);
    await registerViaApi(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Log a catch' });
    await form.getByLabel('Latitude').waitFor();
    await expect.poll(() => form.getByLabel('Latitude').inputValue()).not.toBe('');
    await expectReflows(page, 'log');
    // The whole form, down to its button.
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await expectToast(page, 'Fish type required');
    await closeToast(page);
    await expectReflows(page, 'log-bottom');
    // Placing the catch by hand: the map and its buttons.
    await form.getByRole('button', { name: 'Place on map' }).click();
    await form.getByRole('region', { name: 'Map to place the catch' }).getByTestId('placed-pin').waitFor();
    await form.getByRole('button', { name: 'Use this place' }).scrollIntoViewIfNeeded();
    await expectReflows(page, 'log-place-on-map');
    expectNoConsoleErrors();
  });

  it('History reflows: the list with long names and a big weight, a catch, Stats, Map and Spots', async (test) => {
    const { page, expectNoConsoleErrors } = await openWithLargeText(test);
    await registerViaApi(page);
    await createCatch(page, 'Walleye', 3.2);
    for (const name of LONG_NAMES) await createCatch(page, name, 203.9);
    const spot = await page.request.post('/api/spots', {
      data: { name: LONG_NAMES[0], latitude: 39.0968, longitude: -120.0324, notes: 'Drop-off by the weeds' },
    });
    expect(spot.status(), await spot.text()).toBe(201);
    await page.addInitScript("localStorage.setItem('activeTab', 'history')");
    await page.goto('/');
    const list = page.getByRole('list', { name: 'Catches' });
    await list.getByRole('listitem').first().waitFor();
    await expectReflows(page, 'history-list');
    // History renders only the cards in view (tall ones with large text): each card in turn, scrolled to.
    for (const [index, name] of LONG_NAMES.entries()) {
      const card = list.getByRole('button', { name });
      await expect
        .poll(async () => {
          if ((await card.count()) > 0) return true;
          await page.mouse.wheel(0, 400);
          return false;
        })
        .toBe(true);
      await card.scrollIntoViewIfNeeded();
      await expectReflows(page, `history-card-${index + 1}`);
    }

    // The weight badge: on one line, whatever the card's width.
    const badge = list.getByText('203.9 lbs', { exact: true }).first();
    const badgeLines = await badge.evaluate((element) => {
      const range = element.ownerDocument.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect.soft(badgeLines, '"203.9 lbs" on one line').toBe(1);

    await list.getByRole('button', { name: LONG_NAMES[0] }).click();
    const details = page.getByRole('dialog', { name: LONG_NAMES[0] });
    await details.waitFor();
    await expectReflows(page, 'history-details');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Stats' }).click();
    await page
      .getByRole('button', { name: /^Heaviest / })
      .first()
      .waitFor();
    await expectReflows(page, 'history-stats');

    await page.getByRole('tab', { name: 'Map' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).first().waitFor();
    await expectReflows(page, 'history-map');

    await page.getByRole('tab', { name: 'Spots' }).click();
    await page.getByRole('button', { name: `Delete ${LONG_NAMES[0]}` }).waitFor();
    await expectReflows(page, 'history-spots');
    expectNoConsoleErrors();
  });

  it('Tools reflows: weather, barometer, gear and compass', async (test) => {
    const { page, context, expectNoConsoleErrors } = await openWithLargeText(test);
    await context.addInitScript("localStorage.setItem('activeTab', 'tools')");
    await registerViaApi(page);
    await page.goto('/');
    const region = (name: string) => page.getByRole('region', { name, exact: true });
    await region('Weather').getByTestId('weather-temperature').waitFor();
    await region('Barometer').getByTestId('barometer-pressure').waitFor();
    await region('Sun & Moon').getByTestId('moon-phase').waitFor();
    await region('Gear Recommendations').getByRole('button', { name: 'Get Recommendations' }).click();
    await expectToast(page, 'Recommendations Generated');
    await closeToast(page);
    await region('Compass').waitFor();
    await expectReflows(page, 'tools');
    await region('Compass').scrollIntoViewIfNeeded();
    await expectReflows(page, 'tools-compass');
    expectNoConsoleErrors();
  });

  it('Profile reflows', async (test) => {
    const { page, expectNoConsoleErrors } = await openWithLargeText(test);
    await registerViaApi(page);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await expectReflows(page, 'profile');
    expectNoConsoleErrors();
  });
});
