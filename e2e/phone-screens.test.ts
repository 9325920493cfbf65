import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenMeteo } from '../server/test-support/fake-open-meteo.ts';
import { setupE2E } from './support/harness.ts';
import { closeToast, expectToast, openToast } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * The angler's screens on a 390 px phone (docs/decisions/007-phone-screens.md): toasts that leave the navigation and
 * the submit button free, long fish names, 44 px touch targets, the way home from a wrong address and a search
 * that matches nothing. Every page here is the harness's 390 × 844 phone.
 */
const fake = await startFakeOpenMeteo();
afterAll(() => fake.close());
const e2e = setupE2E({ env: { WEATHER_API_URL: fake.url } });

/** WCAG 2.5.5 (AAA) and the platforms' own guidance: 44 × 44 CSS px. */
const MIN_TARGET_PX = 44;

/** Whether the element at the centre of `locator`'s box is that element or inside it (the tap would reach it). */
async function receivesTapAtCentre(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = element.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

async function createCatch(page: Page, fishType: string): Promise<void> {
  const response = await page.request.post('/api/catches', {
    data: {
      fishType,
      weight: 3.2,
      length: 15,
      locationName: 'Woodruff, Wisconsin, US',
      latitude: 45.8964,
      longitude: -89.6957,
      catchDate: '2025-04-29',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

describe('toasts on a phone', () => {
  it('never cover the header, the tabs or the Log Catch button, and leave the tabs tappable', async (test) => {
    // Location denied: the Log tab shows 'Location error' as soon as it opens, the toast of the issue.
    const { page, expectNoConsoleErrors } = await e2e.openPage(test, { geolocation: false });
    await registerViaApi(page);
    await page.goto('/');
    const toast = await expectToast(
      page,
      'Location error',
      'Could not get your current location. Please enter manually.',
    );

    const tabs = ['Log', 'History', 'Tools'].map((name) => page.getByRole('tab', { name }));
    const headerButtons = page.locator('header').getByRole('button');
    expect(await headerButtons.count()).toBeGreaterThanOrEqual(4);
    for (const target of [...tabs, ...(await headerButtons.all())]) {
      expect(await receivesTapAtCentre(target), (await target.textContent()) ?? '').toBe(true);
    }
    // The strip around the toast takes no taps either: only the toast's own box is in the way.
    expect(await receivesTapAtCentre(toast)).toBe(true);

    // While it shows, a tap on History opens History.
    await tabs[1]?.click({ timeout: 5000 });
    await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();
    expect(await openToast(page).count()).toBe(1);
    await tabs[0]?.click({ timeout: 5000 });
    await closeToast(page);

    // The submit button at the very bottom of the screen: the toast it causes rises above it.
    const form = page.getByRole('form', { name: 'Log a catch' });
    const submit = form.getByRole('button', { name: 'Log Catch' });
    await submit.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await submit.click();
    const required = await expectToast(
      page,
      'Fish type required',
      'Please enter the type of fish you caught.',
    );
    // The form takes the angler to the empty field; scrolled back down to the button, the toast moves off it.
    await expect
      .poll(() => page.evaluate<string | null>('document.activeElement?.getAttribute("name") ?? null'))
      .toBe('fishType');
    await submit.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await expect.poll(() => receivesTapAtCentre(submit)).toBe(true);
    const [toastBox, submitBox] = await Promise.all([required.boundingBox(), submit.boundingBox()]);
    expect(toastBox && submitBox && toastBox.y + toastBox.height <= submitBox.y).toBe(true);
    for (const target of [...tabs, ...(await headerButtons.all())]) {
      const box = await target.boundingBox();
      const onScreen = box !== null && box.y >= 0 && box.y + box.height <= 844;
      if (onScreen) expect(await receivesTapAtCentre(target), (await target.textContent()) ?? '').toBe(true);
    }
    expectNoConsoleErrors();
  });
});

describe('History cards on a phone', () => {
  it('show long fish names whole on two lines or end them with an ellipsis, never cut mid-letter', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const names = [
      'Largemouthbassofextraordinarysizeandweightindeed',
      'Smallmouth Bass from the far side of the northern lake',
      'Trout',
    ];
    for (const name of names) await createCatch(page, name);
    await page.addInitScript("localStorage.setItem('activeTab', 'history')");
    await page.goto('/');
    const list = page.getByRole('list', { name: 'Catches' });
    await list
      .getByRole('listitem')
      .nth(names.length - 1)
      .waitFor();

    for (const name of names) {
      const card = list
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name, exact: true }) });
      const title = card.getByRole('heading', { name, exact: true });
      const fit = await title.evaluate((heading) => {
        const button = heading.querySelector('button');
        const view = heading.ownerDocument.defaultView;
        if (!button || !view) throw new Error('no button in the card heading');
        const style = view.getComputedStyle(button);
        return {
          // No text runs past the heading's right edge, where it would be clipped mid-letter.
          clippedSideways:
            heading.scrollWidth > heading.clientWidth + 1 || button.scrollWidth > button.clientWidth + 1,
          // What does not fit in two lines ends in an ellipsis (line clamp), never a hard cut.
          lines: Math.round(button.getBoundingClientRect().height / Number.parseFloat(style.lineHeight)),
          clampedWithEllipsis: style.webkitLineClamp === '2' && style.overflow === 'hidden',
        };
      });
      expect(fit.clippedSideways, name).toBe(false);
      expect(fit.lines, name).toBeLessThanOrEqual(2);
      expect(fit.clampedWithEllipsis, name).toBe(true);
      // The name stays clear of the card's options button.
      const [titleBox, menuBox] = await Promise.all([
        title.boundingBox(),
        card.getByRole('button', { name: 'Catch options' }).boundingBox(),
      ]);
      expect((titleBox?.x ?? 0) + (titleBox?.width ?? 0), name).toBeLessThanOrEqual(menuBox?.x ?? 0);
    }
    // The whole name is in the details.
    await list.getByRole('button', { name: names[1] }).click();
    await page.getByRole('dialog', { name: names[1] }).waitFor();
    expectNoConsoleErrors();
  });

  it('say when a search matches nothing, and keep the empty-log text for an empty log', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.addInitScript("localStorage.setItem('activeTab', 'history')");
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search catches' });

    // An empty log: the text of docs/product.md#history, also while searching.
    await page.getByText('Start logging your catches to see them here', { exact: true }).waitFor();
    await search.fill('xyz');
    await page.getByText('Start logging your catches to see them here', { exact: true }).waitFor();
    await search.fill('');

    await createCatch(page, 'Walleye');
    await page.reload();
    await page.getByRole('button', { name: 'Walleye' }).waitFor();
    await search.fill('xyz');
    await page.getByText('No catches match "xyz"', { exact: true }).waitFor();
    expect(await page.getByText('Start logging your catches to see them here').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await page.getByRole('button', { name: 'Walleye' }).waitFor();
    expect(await search.inputValue()).toBe('');
    expectNoConsoleErrors();
  });
});

describe('the not-found screen', () => {
  it("keeps the product's texts and gains a way home", async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?', { exact: true }).waitFor();
    const home = page.getByRole('link', { name: 'Go to Tightlines' });
    expect(await home.getAttribute('href')).toBe('/');
    await home.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('tab', { name: 'Log' }).waitFor();
    expectNoConsoleErrors();
  });
});

/**
 * Every visible interactive element of the page under MIN_TARGET_PX in width or height, as 'role "name" w×h'.
 * Measured: links, buttons, form fields, tabs and anything with an interactive role. Exempt, as WCAG 2.5.8
 * allows: a link inside a sentence (inline, in a paragraph or list item with other text), whose size the line
 * of text sets. A button stretched over its card with ::after (the History cards) is measured by the card it
 * covers, which is what the finger hits.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const MIN = ${MIN_TARGET_PX};
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, ' +
      '[role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"]';
    const small = [];
    for (const element of document.querySelectorAll(selector)) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || element.closest('[aria-hidden="true"], [hidden], [inert]')) continue;
      let box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const inSentence = style.display === 'inline' && element.tagName === 'A' &&
        element.parentElement && ['P', 'LI', 'SPAN', 'DD'].includes(element.parentElement.tagName) &&
        element.parentElement.textContent.trim() !== element.textContent.trim();
      if (inSentence) continue;
      const after = getComputedStyle(element, '::after');
      if (after.content !== 'none' && after.position === 'absolute') {
        let holder = element.parentElement;
        while (holder && getComputedStyle(holder).position === 'static') holder = holder.parentElement;
        if (holder) box = holder.getBoundingClientRect();
      }
      if (box.width + 0.5 < MIN || box.height + 0.5 < MIN) {
        const name = (element.getAttribute('aria-label') || element.textContent || element.getAttribute('placeholder') ||
          element.getAttribute('type') || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
        small.push(element.tagName.toLowerCase() + (element.getAttribute('role') ? '[' + element.getAttribute('role') + ']' : '') +
          ' "' + name + '" ' + Math.round(box.width) + '×' + Math.round(box.height));
      }
    }
    return small;
  })()`);
}

describe('touch targets on a phone', () => {
  it('are at least 44 × 44 px on Log, History (list, map, stats and spots), Tools, /auth and /profile', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    const found: Record<string, string[]> = {};

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    found['/auth (Login)'] = await smallTargets(page);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Confirm Password').waitFor();
    found['/auth (Register)'] = await smallTargets(page);

    await registerViaApi(page);
    await createCatch(page, 'Walleye');
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Log a catch' });
    await form.getByLabel('Latitude').waitFor();
    await expect.poll(() => form.getByLabel('Latitude').inputValue()).not.toBe('');
    // A toast on screen too (its close button is a target).
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await expectToast(page, 'Fish type required');
    found['Log (with a toast)'] = await smallTargets(page);
    await closeToast(page);

    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Walleye' }).waitFor();
    found.History = await smallTargets(page);
    await page.getByRole('button', { name: 'Walleye' }).click();
    await page.getByRole('dialog', { name: 'Walleye' }).waitFor();
    found['History (details)'] = await smallTargets(page);
    // The edit form (decision 021), opened from the details, with its photo field showing nothing yet.
    await page.getByRole('dialog', { name: 'Walleye' }).getByRole('button', { name: 'Edit Catch' }).click();
    await page.getByRole('form', { name: 'Edit catch' }).waitFor();
    found['History (edit)'] = await smallTargets(page);
    await page.getByRole('form', { name: 'Edit catch' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Edit Catch' }).waitFor({ state: 'detached' });
    // The Stats view (docs/product.md#stats): its records are buttons too.
    await page.getByRole('tab', { name: 'Stats' }).click();
    await page.getByRole('button', { name: 'Heaviest Walleye: 3.2 lbs' }).waitFor();
    found['History (Stats)'] = await smallTargets(page);
    // The Map view and the 'View Map' drawer's map (docs/product.md#map): pins, zoom buttons.
    await page.getByRole('tab', { name: 'Map' }).click();
    await page.getByRole('button', { name: 'Walleye, Apr 29, 2025: open details' }).waitFor();
    await page.getByRole('button', { name: 'Zoom in' }).waitFor();
    found['History (Map)'] = await smallTargets(page);
    await page.getByRole('button', { name: 'Walleye, Apr 29, 2025: open details' }).click();
    await page.getByRole('dialog', { name: 'Walleye' }).getByRole('button', { name: 'View Map' }).click();
    const drawer = page.getByRole('dialog', { name: 'Catch Location' });
    await drawer.getByRole('region', { name: 'Map of the catch location' }).getByTestId('map-pin').waitFor();
    found['History (map drawer)'] = await smallTargets(page);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Walleye' }).waitFor({ state: 'detached' });
    // The Spots view (decision 043): each spot's Edit and Delete.
    const spot = await page.request.post('/api/spots', {
      data: { name: 'Weed edge', latitude: 39.0968, longitude: -120.0324 },
    });
    expect(spot.status(), await spot.text()).toBe(201);
    await page.getByRole('tab', { name: 'Spots' }).click();
    await page.getByRole('button', { name: 'Edit Weed edge' }).waitFor();
    found['History (Spots)'] = await smallTargets(page);

    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.getByTestId('weather-location').waitFor();
    await page.getByRole('region', { name: 'Sun & Moon' }).getByTestId('moon-phase').waitFor();
    await page.getByRole('button', { name: 'Get Recommendations' }).click();
    await expectToast(page, 'Recommendations Generated');
    found.Tools = await smallTargets(page);
    await closeToast(page);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    found['/profile'] = await smallTargets(page);
    // The account section's dialogs (docs/product.md#account).
    for (const [button, title] of [
      ['Sign out everywhere', 'Sign out everywhere?'],
      ['Delete account', 'Delete your account?'],
    ]) {
      await page.getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      found[`/profile (${title})`] = await smallTargets(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }

    const problems = Object.entries(found).flatMap(([screen, list]) =>
      list.map((item) => `${screen}: ${item}`),
    );
    expect(problems, `targets under ${MIN_TARGET_PX} px`).toEqual([]);
    expectNoConsoleErrors();
  });
});
