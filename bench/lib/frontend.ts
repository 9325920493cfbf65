// Front end: gzip size of every built chunk; what a first visit of /auth and of the signed-in shell downloads;
// and the History tab with 10,000 catches (time to first render, time from a keystroke in the search box to the
// filtered list on screen, the Stats view's first render), measured in the page with performance marks, with the
// long tasks (over 50 ms) of each step, a measure the machine's load disturbs less. Debian's Chromium via
// playwright-core.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { median } from './photos.ts';
import { onCleanup } from './processes.ts';
import { BENCH_PASSWORD, BENCH_USERS } from './seed.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface InitialLoad {
  page: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  totalGzipBytes: number;
  requests: number;
  scripts: string[];
  /** JS the app fetched after the screen was ready (idle prefetch of other screens). */
  prefetchedJsGzipBytes: number;
  prefetchedScripts: string[];
}

export interface HistoryFigures {
  catches: number;
  /** Navigation start → the first catch card in the DOM, ms. */
  firstCardMs: number;
  /** Navigation start → the frame after the first card was added (painted), ms. */
  firstCardPaintedMs: number;
  /** Navigation start → the whole list's JSON fully received, ms. */
  catchesArrivedMs: number;
  catchesJsonBytes: number;
  /** Navigation start → the newest catches (`?limit=`, History's first screen on a first visit) received, ms. */
  newestArrivedMs: number;
  /** Navigation start → the frame after the whole list replaced the newest catches (painted), ms. */
  wholeListPaintedMs: number;
  cardsRendered: number;
  /** Keystroke (keydown timestamp) → the filtered list painted, ms, one per key. */
  keystrokeMs: number[];
  query: string;
  clearMs: number;
  /** Long tasks (> 50 ms) between navigation start and the first card painted: how many, and their total. */
  firstRenderLongTasks?: number;
  firstRenderLongTasksMs?: number;
  /** Per keystroke: the total of the long tasks between keydown and the filtered list painted, ms. */
  keystrokeLongTasksMs?: number[];
  /** A returning visit (the list kept on the phone, then asked for again): navigation → first card painted, ms. */
  returningFirstCardPaintedMs?: number;
  /** The Stats view opened directly (/logs/stats) with the same 10,000 catches. */
  stats?: StatsFigures;
}

interface StatsFigures {
  /** Navigation start → the catches JSON fully received, ms. */
  catchesArrivedMs: number;
  /** Navigation start → the frame after the totals were in the DOM (painted), ms. */
  firstRenderPaintedMs: number;
  firstRenderLongTasks: number;
  firstRenderLongTasksMs: number;
}

const gzipSize = (file: string) => gzipSync(readFileSync(file)).length;

/** Every JS and CSS file of the build, with its gzip size (zlib level 6, what @fastify/compress sends). */
export function chunkSizes(webRoot: string): ChunkSize[] {
  const assets = path.join(webRoot, 'assets');
  return readdirSync(assets)
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => {
      const file = path.join(assets, name);
      return { file: `assets/${name}`, bytes: statSync(file).size, gzipBytes: gzipSize(file) };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Only our server is reachable: every other host name fails to resolve. Not Playwright's request
      // interception, which sends every request through this process and back and delayed each by several ms.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
  onCleanup(() => browser.close());
  return browser;
}

/**
 * A phone-sized context (launchChromium lets it reach only our server). Service workers are blocked: no precache
 * traffic.
 * `measuring` lets the benchmark's own in-page scripts run: Playwright evaluates string scripts with eval,
 * which our CSP rightly forbids (the app's own scripts are unaffected either way).
 */
export async function newPhoneContext(
  browser: Browser,
  baseUrl: string,
  measuring = false,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    serviceWorkers: 'block',
    bypassCSP: measuring,
  });
  return context;
}

async function signIn(context: BrowserContext, username: string): Promise<void> {
  const response = await context.request.post('/api/login', { data: { username, password: BENCH_PASSWORD } });
  if (response.status() !== 200) throw new Error(`login as ${username}: ${response.status()}`);
}

/** What a first visit downloads until the network is idle (the screen is ready), sized as gzip. */
export async function initialLoads(
  browser: Browser,
  baseUrl: string,
  webRoot: string,
): Promise<InitialLoad[]> {
  const results: InitialLoad[] = [];
  for (const [label, pagePath, signedIn, ready] of [
    ['/auth', '/auth', false, 'form input'],
    ['signed-in shell (/)', '/', true, '[role="tabpanel"] input'],
  ] as const) {
    // measuring: the in-page marks below are read with page.evaluate (see newPhoneContext).
    const context = await newPhoneContext(browser, baseUrl, true);
    try {
      if (signedIn) await signIn(context, BENCH_USERS.reader.username);
      await context.addInitScript({ content: screenReadyScript(ready) });
      const page = await context.newPage();
      // Requests are split at the moment the screen is usable: what came before is the initial load; what the
      // app asks for afterwards (idle prefetch of other screens) is listed apart. Both moments are taken from
      // the page's own clock (a mark when the ready element enters the DOM, each request's Resource Timing
      // start): timing them here, after a round trip to the browser, counted requests the page made just after
      // the screen was ready as part of the initial load.
      const fetched: Array<{ path: string; type: string; startedAt: number }> = [];
      page.on('request', (request) => {
        fetched.push({ path: new URL(request.url()).pathname, type: request.resourceType(), startedAt: 0 });
      });
      await page.goto(pagePath);
      await page.waitForSelector(ready, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      await page.waitForLoadState('networkidle');
      const timing = (await page.evaluate(`(() => ({
        readyAt: performance.getEntriesByName('bench:screen-ready')[0]?.startTime ?? null,
        starts: performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.startTime]),
      }))()`)) as { readyAt: number | null; starts: Array<[string, number]> };
      if (timing.readyAt === null) throw new Error(`${label}: the page never marked ${ready} as shown`);
      const readyAt = timing.readyAt;
      const startedAt = new Map(timing.starts);
      // The document itself (and anything Resource Timing does not list) counts as initial.
      for (const request of fetched) request.startedAt = startedAt.get(request.path) ?? 0;
      const sized = (wanted: (startedAt: number) => boolean) => {
        let js = 0;
        let css = 0;
        let total = 0;
        let requests = 0;
        const scripts: string[] = [];
        for (const { path: urlPath, type, startedAt } of fetched) {
          if (!wanted(startedAt)) continue;
          requests++;
          if (urlPath.startsWith('/api/')) continue;
          const file = type === 'document' ? 'index.html' : urlPath.slice(1);
          let size = 0;
          try {
            size = gzipSize(path.join(webRoot, file));
          } catch {
            continue;
          }
          total += size;
          if (type === 'script') {
            js += size;
            scripts.push(file.replace('assets/', ''));
          }
          if (type === 'stylesheet') css += size;
        }
        return { js, css, total, requests, scripts };
      };
      const initial = sized((startedAt) => startedAt <= readyAt);
      const later = sized((startedAt) => startedAt > readyAt);
      results.push({
        page: label,
        jsGzipBytes: initial.js,
        cssGzipBytes: initial.css,
        totalGzipBytes: initial.total,
        requests: initial.requests,
        scripts: initial.scripts,
        prefetchedJsGzipBytes: later.js,
        prefetchedScripts: later.scripts,
      });
    } finally {
      await context.close();
    }
  }
  return results;
}

/** Runs before any script of the page: marks the moment an element matching `selector` is first in the DOM. */
const screenReadyScript = (selector: string) => `(() => {
  const observer = new MutationObserver(() => {
    if (document.querySelector(${JSON.stringify(selector)})) {
      observer.disconnect();
      performance.mark('bench:screen-ready');
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/**
 * Runs before any script of the page: opens the History tab on `view` and, for each of `marks`, marks the first
 * time its selector is in the DOM (its name) and the frame after it (name-painted). Keeps every long task in
 * window.__longTasks.
 */
const historyInitScript = (
  view: 'list' | 'stats',
  marks: Array<{ selector: string; name: string }>,
) => `(() => {
  try { localStorage.setItem('activeTab', 'history'); localStorage.setItem('historyView', '${view}'); } catch {}
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  for (const { selector, name } of ${JSON.stringify(marks)}) {
    const observer = new MutationObserver(() => {
      if (document.querySelector(selector)) {
        observer.disconnect();
        performance.mark(name);
        requestAnimationFrame(() => setTimeout(() => performance.mark(name + '-painted'), 0));
      }
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  }
})();`;

/** In the page: the long tasks that started between `from` and `to` (ms since navigation): count and total. */
const longTasksBetween = (from: string, to: string) =>
  `(() => { const tasks = (window.__longTasks || []).filter(([start]) => start >= ${from} && start <= ${to});
    return [tasks.length, tasks.reduce((sum, [, duration]) => sum + duration, 0)]; })()`;

/** Waits until the mark `name` exists in the page (the screen was painted), or fails after two minutes. */
async function waitForMark(page: Page, name: string, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!(await page.evaluate(`performance.getEntriesByName(${JSON.stringify(name)}).length > 0`))) {
    if (Date.now() > deadline) {
      await page.screenshot({ path: path.join(os.tmpdir(), 'tightlines-bench-history.png') });
      throw new Error(`${what} within 120 s (screenshot in ${os.tmpdir()})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Arms a one-shot measurement for the next keystroke in the search box: from the keydown's timestamp until
 * React has committed the filtered list and a frame has been painted after it. The list is committed once the
 * input event's task is over and the list is not busy (a render that defers the list marks it aria-busy until
 * the deferred one lands). Resolves window.__filterDone with the milliseconds.
 */
const ARM_KEYSTROKE_MEASURE = `(() => {
  window.__filterDone = new Promise((resolve) => {
    const input = document.querySelector('input[type="search"]');
    input.addEventListener('keydown', (event) => {
      const start = event.timeStamp;
      let inputHandled = false;
      let finished = false;
      let observer;
      const finish = (timedOut) => {
        if (finished) return;
        finished = true;
        observer?.disconnect();
        requestAnimationFrame(() => setTimeout(() => {
          const end = performance.now();
          performance.measure('history:filter', { start, end });
          const longTaskMs = (window.__longTasks || [])
            .filter(([at]) => at >= start - 1 && at <= end)
            .reduce((sum, [, duration]) => sum + duration, 0);
          resolve({ ms: end - start, timedOut, longTaskMs });
        }, 0));
      };
      const check = () => {
        const list = document.querySelector('ul[aria-label="Catches"]');
        const busy = list ? list.getAttribute('aria-busy') === 'true' : false;
        if (inputHandled && !busy) finish(false);
      };
      observer = new MutationObserver(check);
      observer.observe(document.body, { attributes: true, childList: true, subtree: true, attributeFilter: ['aria-busy'] });
      // React renders a keystroke's update in the input event's task (its microtasks): checked right after it.
      input.addEventListener('input', () => queueMicrotask(() => setTimeout(() => { inputHandled = true; check(); }, 0)), { once: true });
      setTimeout(() => finish(true), 10000);
    }, { once: true, capture: true });
  });
})()`;

/**
 * In-page expression: the Resource Timing entry of GET /api/catches, the whole list (`query` '') or the newest
 * catches alone (`query` 'limit', asked for first on a first visit).
 */
function findCatchesEntry(query: '' | 'limit'): string {
  return `performance.getEntriesByType('resource').find((e) => {
    const url = new URL(e.name);
    return url.pathname === '/api/catches' && ${query === '' ? "url.search === ''" : "url.searchParams.has('limit')"};
  })`;
}

export async function benchHistory(browser: Browser, baseUrl: string): Promise<HistoryFigures> {
  const context = await newPhoneContext(browser, baseUrl, true);
  let figures: HistoryFigures;
  try {
    await signIn(context, BENCH_USERS.history.username);
    await context.addInitScript({
      content: historyInitScript('list', [
        { selector: 'ul[aria-label="Catches"] > li', name: 'history:first-card' },
        // The whole list on screen: no longer busy with the newest catches alone.
        { selector: 'ul[aria-label="Catches"][aria-busy="false"] > li', name: 'history:whole-list' },
      ]),
    });
    const page = await context.newPage();
    await page.goto('/');
    await waitForMark(page, 'history:first-card-painted', 'the History tab showed no catch');
    // Typing is measured on the whole list.
    await waitForMark(page, 'history:whole-list-painted', 'the History tab never showed the whole list');
    const load = (await page.evaluate(`(() => {
      const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
      const catches = ${findCatchesEntry('')};
      const newest = ${findCatchesEntry('limit')};
      return {
        newestArrivedMs: newest ? newest.responseEnd : NaN,
        firstCardMs: mark('history:first-card'),
        firstCardPaintedMs: mark('history:first-card-painted'),
        wholeListPaintedMs: mark('history:whole-list-painted'),
        catchesArrivedMs: catches ? catches.responseEnd : NaN,
        catchesJsonBytes: catches ? catches.decodedBodySize : NaN,
        cardsRendered: document.querySelectorAll('ul[aria-label="Catches"] > li').length,
      };
    })()`)) as Omit<HistoryFigures, 'catches' | 'keystrokeMs' | 'query' | 'clearMs'>;
    const [firstRenderLongTasks, firstRenderLongTasksMs] = (await page.evaluate(
      longTasksBetween('0', String(load.firstCardPaintedMs)),
    )) as [number, number];

    const search = page.getByPlaceholder('Search your catches...');
    await search.click();
    const query = 'walleye';
    const keystrokeMs: number[] = [];
    const keystrokeLongTasksMs: number[] = [];
    for (const key of query) {
      await page.evaluate(ARM_KEYSTROKE_MEASURE);
      await page.keyboard.press(key);
      const { ms, timedOut, longTaskMs } = (await page.evaluate('window.__filterDone')) as {
        ms: number;
        timedOut: boolean;
        longTaskMs: number;
      };
      if (timedOut) throw new Error(`the list did not update after typing '${key}'`);
      keystrokeMs.push(ms);
      keystrokeLongTasksMs.push(longTaskMs);
    }
    // Clearing the box brings all 10,000 back: select everything and delete it in one keystroke.
    await page.keyboard.press('ControlOrMeta+a');
    await page.evaluate(ARM_KEYSTROKE_MEASURE);
    await page.keyboard.press('Backspace');
    const clear = (await page.evaluate('window.__filterDone')) as { ms: number; timedOut: boolean };
    if (clear.timedOut) throw new Error('the list did not update after clearing the search');
    const returningFirstCardPaintedMs = await returningVisit(context, page);
    figures = {
      catches: BENCH_USERS.history.catches,
      ...load,
      keystrokeMs,
      query,
      clearMs: clear.ms,
      firstRenderLongTasks,
      firstRenderLongTasksMs,
      keystrokeLongTasksMs,
      returningFirstCardPaintedMs,
    };
  } finally {
    await context.close();
  }
  figures.stats = await benchStats(browser, baseUrl);
  return figures;
}

/** In the page: whether the phone keeps the whole list (offline/query-persistence.ts writes it after a change). */
const LIST_KEPT = `new Promise((resolve) => {
  const open = indexedDB.open('tightlines-cache');
  open.onerror = () => resolve(false);
  open.onsuccess = () => {
    const get = open.result.transaction('queries').objectStore('queries').get('query-cache');
    get.onerror = () => resolve(false);
    get.onsuccess = () => {
      const kept = get.result?.state?.queries?.find((query) => query.queryKey[0] === '/api/catches');
      resolve(Array.isArray(kept?.state?.data) && kept.state.data.length === ${BENCH_USERS.history.catches});
      open.result.close();
    };
  };
})`;

/** History opened again once the phone keeps the list: navigation → first card painted, ms. */
async function returningVisit(context: BrowserContext, firstVisit: Page): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (!(await firstVisit.evaluate(LIST_KEPT))) {
    if (Date.now() > deadline) throw new Error('the phone never kept the list of catches');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await firstVisit.close();
  const page = await context.newPage();
  await page.goto('/');
  await waitForMark(page, 'history:first-card-painted', 'a returning visit showed no catch');
  return (await page.evaluate(
    `performance.getEntriesByName('history:first-card-painted')[0].startTime`,
  )) as number;
}

/** The Stats view opened directly on 10,000 catches: navigation start → the totals painted. */
async function benchStats(browser: Browser, baseUrl: string): Promise<StatsFigures> {
  const context = await newPhoneContext(browser, baseUrl, true);
  try {
    await signIn(context, BENCH_USERS.history.username);
    await context.addInitScript({
      content: historyInitScript('stats', [
        { selector: '[data-testid="stats-total-catches"]', name: 'stats:first-render' },
      ]),
    });
    const page = await context.newPage();
    await page.goto('/');
    await waitForMark(page, 'stats:first-render-painted', 'the Stats view showed no totals');
    const figures = (await page.evaluate(`(() => {
      const catches = ${findCatchesEntry('')};
      return {
        catchesArrivedMs: catches ? catches.responseEnd : NaN,
        firstRenderPaintedMs: performance.getEntriesByName('stats:first-render-painted')[0].startTime,
      };
    })()`)) as Pick<StatsFigures, 'catchesArrivedMs' | 'firstRenderPaintedMs'>;
    const [firstRenderLongTasks, firstRenderLongTasksMs] = (await page.evaluate(
      longTasksBetween('0', String(figures.firstRenderPaintedMs)),
    )) as [number, number];
    return { ...figures, firstRenderLongTasks, firstRenderLongTasksMs };
  } finally {
    await context.close();
  }
}

export const summariseKeystrokes = (figures: HistoryFigures) => ({
  median: median(figures.keystrokeMs),
  max: Math.max(...figures.keystrokeMs),
});
