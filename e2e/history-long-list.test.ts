import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { registerViaApi } from './support/users.ts';

/**
 * History's list is windowed (docs/product.md#history, decision 023): only the cards in view, and a few around them, are in the DOM, yet the
 * list scrolls as the whole log, every card is reached by scrolling or by the keyboard, search looks at every
 * catch, and screen readers hear each card's place in the whole list.
 */
const e2e = setupE2E();

const COUNT = 400;
const name = (n: number) => `Fish ${String(n).padStart(3, '0')}`;

/** COUNT catches through the import (one request), logged a minute apart: Fish 400 newest, Fish 001 oldest. */
async function importLongLog(page: Page): Promise<void> {
  const catches = Array.from({ length: COUNT }, (_, index) => ({
    fishType: name(index + 1),
    weight: 1 + (index % 5),
    locationName: 'Clear Lake',
    notes: index === 6 ? 'The rare golden one' : null,
    createdAt: new Date(Date.UTC(2025, 0, 1, 6) + index * 60_000).toISOString(),
  }));
  const response = await page.request.post('/api/import', {
    multipart: {
      file: {
        name: 'long-log.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(catches)),
      },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { created: number }).created).toBe(COUNT);
}

const list = (page: Page) => page.getByRole('list', { name: 'Catches' });
const cardButton = (page: Page, n: number) => list(page).getByRole('button', { name: name(n), exact: true });

const LOADING_THE_REST = 'Loading the rest of your catches...';

/** Opens History on a first visit and waits for the whole list (the newest catches show before it). */
async function openHistory(page: Page): Promise<void> {
  await page.addInitScript("localStorage.setItem('activeTab', 'history')");
  await page.goto('/');
  await cardButton(page, COUNT).waitFor();
  await expect.poll(() => list(page).getAttribute('aria-busy')).toBe('false');
}

describe('History with a long log', () => {
  it('on a first visit shows the newest catches at once while the whole list is on its way, then the whole list', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await importLongLog(page);
    // The whole list is held back until the test lets it go: a long log on one bar of signal.
    let releaseWholeList = () => {};
    const wholeListHeld = new Promise<void>((resolve) => {
      releaseWholeList = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/catches' && url.search === '',
      async (route) => {
        await wholeListHeld;
        await route.continue();
      },
    );
    await page.addInitScript("localStorage.setItem('activeTab', 'history')");
    await page.goto('/');

    await cardButton(page, COUNT).waitFor();
    await page.getByRole('status').filter({ hasText: LOADING_THE_REST }).waitFor();
    const items = list(page).getByRole('listitem');
    expect(await list(page).getAttribute('aria-busy')).toBe('true');
    expect(await items.first().getAttribute('aria-setsize')).toBe('20');
    // Records need the whole log: none is claimed from the newest 20.
    expect(await list(page).getByTestId('personal-best').count()).toBe(0);
    await saveScreenshot(page, 'history-newest-first');

    // A search waits for the whole list instead of answering from the newest 20 ('golden' is Fish 007).
    const search = page.getByRole('searchbox', { name: 'Search catches' });
    await search.fill('golden');
    await page.getByRole('status', { name: 'Loading catches' }).waitFor();
    releaseWholeList();
    await cardButton(page, 7).waitFor();
    expect(await items.count()).toBe(1);

    await search.fill('');
    await expect.poll(() => items.first().getAttribute('aria-setsize')).toBe(String(COUNT));
    await expect.poll(() => list(page).getAttribute('aria-busy')).toBe('false');
    expect(await page.getByText(LOADING_THE_REST).count()).toBe(0);
    await list(page).getByTestId('personal-best').first().waitFor();
    expectNoConsoleErrors();
  });

  it('a first visit of /logs/list asks for the newest catches with the page, once', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await importLongLog(page);
    // Named as a preload in the page's answer (server/http/route-preloads.ts); the app's request takes it.
    const newestRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/catches' && url.searchParams.has('limit'))
        newestRequests.push(request.resourceType());
    });
    await page.goto('/logs/list');
    await cardButton(page, COUNT).waitFor();
    await expect.poll(() => list(page).getAttribute('aria-busy')).toBe('false');
    expect(newestRequests).toEqual(['other']);
    expectNoConsoleErrors();
  });

  it('renders only the cards in view, scrolls to the last card and back, and says where each card is', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await importLongLog(page);
    await openHistory(page);

    const items = list(page).getByRole('listitem');
    const rendered = await items.count();
    expect(rendered).toBeGreaterThan(2);
    expect(rendered).toBeLessThan(40);
    expect(await items.first().getAttribute('aria-setsize')).toBe(String(COUNT));
    expect(await items.first().getAttribute('aria-posinset')).toBe('1');
    // The page is as tall as the whole list, so the scroll bar tells how long the log is.
    const listHeight = Number(
      await page.evaluate(
        `document.querySelector('ul[aria-label="Catches"]').getBoundingClientRect().height`,
      ),
    );
    expect(listHeight).toBeGreaterThan(COUNT * 140);

    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await cardButton(page, 1).waitFor();
    await expect.poll(() => cardButton(page, 1).isVisible()).toBe(true);
    const last = items.filter({ has: page.getByRole('button', { name: name(1), exact: true }) });
    expect(await last.getAttribute('aria-posinset')).toBe(String(COUNT));
    expect(await items.count()).toBeLessThan(40);
    expect(await cardButton(page, COUNT).count()).toBe(0);

    await page.evaluate('window.scrollTo(0, 0)');
    await expect.poll(() => cardButton(page, COUNT).isVisible()).toBe(true);
    // The card opens its details, wherever it was in the list.
    await cardButton(page, COUNT).click();
    await page.getByRole('dialog').waitFor();
    expectNoConsoleErrors();
  });

  it('searches every catch, not only the cards rendered', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await importLongLog(page);
    await openHistory(page);

    await page.getByPlaceholder('Search your catches...').fill('golden');
    await expect.poll(() => list(page).getByRole('listitem').count()).toBe(1);
    await cardButton(page, 7).waitFor();
    expect(await list(page).getByRole('listitem').first().getAttribute('aria-setsize')).toBe('1');

    await page.getByPlaceholder('Search your catches...').fill('');
    await cardButton(page, COUNT).waitFor();
    expect(await list(page).getByRole('listitem').first().getAttribute('aria-setsize')).toBe(String(COUNT));
    expectNoConsoleErrors();
  });

  it('moves the keyboard focus card after card beyond the first window, and passes axe', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await importLongLog(page);
    await openHistory(page);
    await expectNoAxeViolations(page);

    await cardButton(page, COUNT).focus();
    /** The place in the list of the card holding the focus (0 when the focus is outside the list). */
    const focusedPlace = async () =>
      Number(
        await page.evaluate(
          `document.activeElement?.closest('ul[aria-label="Catches"] > li')?.getAttribute('aria-posinset') ?? 0`,
        ),
      );
    // Tab on until the 31st card, far past the first window: the focus never falls out of the list.
    let presses = 0;
    while ((await focusedPlace()) < 31) {
      await page.keyboard.press('Tab');
      presses++;
      expect(await focusedPlace(), `after ${presses} presses`).toBeGreaterThan(0);
      expect(presses).toBeLessThan(200);
    }
    const focusedCard = await page.evaluate(
      "document.activeElement?.closest('li')?.querySelector('h3')?.textContent ?? ''",
    );
    expect(focusedCard).toBe(name(COUNT - 30));
    // On screen, where the browser scrolled it.
    expect(await cardButton(page, COUNT - 30).isVisible()).toBe(true);
    // And back up to the first card.
    while ((await focusedPlace()) > 1) {
      await page.keyboard.press('Shift+Tab');
      presses--;
      expect(await focusedPlace()).toBeGreaterThan(0);
      expect(presses).toBeGreaterThan(-5);
    }
    await expect.poll(() => cardButton(page, COUNT).isVisible()).toBe(true);
    expectNoConsoleErrors();
  });
});
