import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Catch } from '#core/catch.ts';

/**
 * The open toast (Radix Toast: an <li> in the 'Notifications (F8)' region's list). Radix also copies the
 * text into a hidden live region, so tests look for toast text inside this locator, never page-wide.
 * A CSS locator, not a role: while a modal dialog is open Radix marks the rest of the page aria-hidden.
 */
export function openToast(page: Page): Locator {
  return page.locator('ol > li[data-swipe-direction][data-state="open"]');
}

/**
 * Waits for a toast with exactly this title (and description, when given). The toast store keeps one
 * toast at a time, so a new one replaces the last.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<Locator> {
  const toast = openToast(page).filter({ has: page.getByText(title, { exact: true }) });
  await toast.waitFor({ state: 'visible' });
  if (description !== undefined) {
    await toast.getByText(description, { exact: true }).waitFor({ state: 'visible' });
  }
  return toast;
}

/**
 * An init script that records the text of every toast that ever opens (window.__toastsSeen), so a test can tell
 * that none was shown even if it was gone again before the test looked. Read it with toastsSeen().
 */
export const TOAST_RECORDER_SCRIPT = `(() => {
  window.__toastsSeen = [];
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const toasts = node.matches('li[data-swipe-direction]')
          ? [node]
          : [...node.querySelectorAll('li[data-swipe-direction]')];
        for (const toast of toasts) window.__toastsSeen.push(toast.textContent);
      }
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

/**
 * An init script that sums the page's layout shifts not caused by the user (window.__layoutShift), as the
 * cumulative layout shift counts them. Read it with layoutShiftSoFar().
 */
export const LAYOUT_SHIFT_RECORDER_SCRIPT = `(() => {
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

export function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate('window.__layoutShift');
}

/** Two animation frames: a layout shift is reported after the frame that painted it. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
}

/** The texts of the toasts opened since the page loaded (needs TOAST_RECORDER_SCRIPT). */
export function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate('window.__toastsSeen');
}

/** Closes the open toast with its close button and waits until it is gone. */
export async function closeToast(page: Page): Promise<void> {
  const toast = openToast(page);
  await toast.locator('button[aria-label="Close"]').click();
  await toast.waitFor({ state: 'detached' });
}

/** Waits until the element's trimmed text equals `text`. */
export async function expectText(locator: Locator, text: string, timeout = 10_000): Promise<void> {
  await expect
    .poll(async () => ((await locator.textContent({ timeout: 1000 }).catch(() => null)) ?? '').trim(), {
      timeout,
    })
    .toMatch(new RegExp(`^${escapeRegExp(text)}$`));
}

/** Waits until the input's value equals `value` (or matches it). */
export async function expectValue(locator: Locator, value: string | RegExp, timeout = 10_000): Promise<void> {
  await expect
    .poll(() => locator.inputValue({ timeout: 1000 }).catch(() => ''), { timeout })
    .toMatch(typeof value === 'string' ? new RegExp(`^${escapeRegExp(value)}$`) : value);
}

/** The parts of HTMLImageElement the suite reads (the Node-side tsconfig has no DOM types). */
interface ImageLike {
  complete: boolean;
  naturalWidth: number;
  naturalHeight: number;
}

/** Whether an <img> has finished loading a real image, and its natural size. */
function imageState(img: Locator): Promise<{ loaded: boolean; width: number; height: number }> {
  return img.evaluate((el) => {
    const image = el as unknown as ImageLike;
    return {
      loaded: image.complete && image.naturalWidth > 0,
      width: image.naturalWidth,
      height: image.naturalHeight,
    };
  });
}

/** Waits until an <img> has finished loading a real image (naturalWidth > 0) and returns its size. */
export async function expectImageLoaded(img: Locator): Promise<{ width: number; height: number }> {
  await img.waitFor({ state: 'visible' });
  await expect.poll(async () => (await imageState(img)).loaded, { timeout: 10_000 }).toBe(true);
  const { width, height } = await imageState(img);
  return { width, height };
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** GET /api/catches with the page's cookies. */
export async function fetchCatches(page: Page): Promise<Catch[]> {
  const response = await page.request.get('/api/catches');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Catch[];
}

/**
 * How many catches' photos the page's outbox still has to send after their catch (a catch's own photo waits as an
 * edit under the catch's clientId, docs/decisions/052-photo-sync-order.md). The database is only read when it
 * exists: opening a missing one would create it without its store. A page not on the app yet has none.
 */
const PHOTOS_STILL_GOING = `(async () => {
  // A page that has not opened the app yet (about:blank) has no outbox, and no IndexedDB to ask.
  if (!location.protocol.startsWith('http')) return 0;
  const names = (await indexedDB.databases()).map((d) => d.name);
  if (!names.includes('tightlines-offline')) return 0;
  return new Promise((resolve) => {
    const open = indexedDB.open('tightlines-offline');
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      const db = open.result;
      const all = db.transaction('outbox').objectStore('outbox').getAll();
      all.onsuccess = () => {
        db.close();
        resolve(all.result.filter((e) => e.kind === 'update' && e.state === 'pending' && e.photo && e.target.clientId === e.clientId).length);
      };
    };
  });
})()`;

/**
 * Waits until the server holds exactly `count` catches for the page's user, with every photo the page still had
 * to send for them, and returns them. Saving and deleting go through the phone's outbox first
 * (docs/product.md#offline), so the server learns of them a moment later; a catch's photo follows the catch.
 */
export async function expectServerCatches(page: Page, count: number, timeout = 20_000): Promise<Catch[]> {
  let latest: Catch[] = [];
  await expect
    .poll(
      async () => {
        latest = await fetchCatches(page);
        return latest.length === count ? await page.evaluate<number>(PHOTOS_STILL_GOING) : -1;
      },
      { timeout, interval: 250 },
    )
    .toBe(0);
  latest = await fetchCatches(page);
  expect(latest).toHaveLength(count);
  return latest;
}

/** Today in the browser's time zone, as the form's date input (yyyy-MM-dd) and a card ('MMM d, yyyy') show it. */
export async function browserToday(page: Page): Promise<{ iso: string; display: string; time: string }> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      iso: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
      display: now.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
      time: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    };
  });
}

/** Opens History's filter panel (the list, map, Stats and Insights share it) unless it is open. */
export async function openHistoryFilters(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /^Filters/ });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await page.getByLabel('Species', { exact: true }).waitFor();
}
