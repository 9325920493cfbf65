// Front end: gzip size of every built chunk; what a first visit of /auth and of the signed-in shell downloads;
// and History at 10,000 catches with their conditions in 1,000 trips (time to first render, to the whole list usable,
// from a keystroke in the search box to the filtered list on screen, the Stats and Insights views' first render, and
// each view's first render on a returning visit), measured in the page with performance marks, with the long tasks
// (over 50 ms) of each step, a measure the machine's load disturbs less; medians of several runs. Debian's Chromium
// via playwright-core.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { INSIGHTS_LOG } from './insights.ts';
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
  /** How many runs each figure is the median of (one before runs were repeated). */
  runs?: number;
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
  /**
   * Navigation start → the whole list usable: painted, and the main thread free to answer a keystroke or a scroll
   * (the end of the last long task that started before it, if later), ms.
   */
  usableMs?: number;
  /** A returning visit (kept cache, then revalidated): navigation start → the first card painted, ms. */
  returningFirstCardMs?: number;
  cardsRendered: number;
  /** Keystroke (keydown timestamp) → the filtered list painted, ms, one per key (of every run). */
  keystrokeMs: number[];
  /** Each run's slowest keystroke, ms. */
  keystrokeWorstMs?: number[];
  query: string;
  clearMs: number;
  /** Long tasks (> 50 ms) between navigation start and the first card painted: how many, and their total. */
  firstRenderLongTasks?: number;
  firstRenderLongTasksMs?: number;
  /** Per keystroke: the total of the long tasks between keydown and the filtered list painted, ms. */
  keystrokeLongTasksMs?: number[];
  /** The Stats view opened directly (/logs/stats) with the same 10,000 catches. */
  stats?: ViewFigures;
  /** The Insights view opened directly (/logs/insights) with the same log. */
  insights?: ViewFigures;
}

interface ViewFigures {
  /** Navigation start → the catches JSON fully received, ms. */
  catchesArrivedMs: number;
  /** Navigation start → the frame after its first figures (Stats: the totals) were in the DOM (painted), ms. */
  firstRenderPaintedMs: number;
  firstRenderLongTasks: number;
  firstRenderLongTasksMs: number;
  /** The same on a returning visit (kept cache, then revalidated), ms. */
  returningPaintedMs?: number;
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
 * A History view's own address, as a shared link or Lighthouse opens it: the server names the view's first answer
 * in the page's headers there (decision 055), which it cannot do for `/`.
 */
const historyViewPath = (view: 'list' | 'stats' | 'insights') => `/logs/${view}`;

/**
 * Runs before any script of the page: opens the History tab on `view` and, for each of `marks`, marks the first
 * time its selector is in the DOM (its name) and the frame after it (name-painted). Keeps every long task in
 * window.__longTasks.
 */
const historyInitScript = (
  view: 'list' | 'stats' | 'insights',
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

/** The angler measured: 10,000 catches with their conditions in 1,000 trips with their effort (insights.ts). */
const HISTORY_ANGLER = BENCH_USERS.insights.username;

/**
 * History, Stats and Insights at 10,000 catches (with conditions) and 1,000 trips, `runs` times each in a fresh
 * phone context; every figure is the median of the runs (the keystrokes: the median of them all, and the median of
 * each run's worst).
 */
export async function benchHistory(
  browser: Browser,
  baseUrl: string,
  runs: number,
  log: (line: string) => void,
): Promise<HistoryFigures> {
  const lists: HistoryRun[] = [];
  const stats: Required<ViewFigures>[] = [];
  const insights: Required<ViewFigures>[] = [];
  for (let run = 1; run <= runs; run++) {
    const list = await measureHistoryList(browser, baseUrl);
    lists.push(list);
    stats.push(await measureView(browser, baseUrl, 'stats', '[data-testid="stats-total-catches"]'));
    insights.push(await measureView(browser, baseUrl, 'insights', '[data-testid="insights-summary"]'));
    log(
      `  run ${run}: list first card ${list.firstCardPaintedMs.toFixed(0)} ms, usable ${list.usableMs.toFixed(0)} ms, ` +
        `returning ${list.returningFirstCardMs.toFixed(0)} ms; keystrokes ${list.keystrokeMs.map((v) => v.toFixed(0)).join(', ')} ms; ` +
        `Stats ${stats.at(-1)?.firstRenderPaintedMs.toFixed(0)} ms (returning ${stats.at(-1)?.returningPaintedMs.toFixed(0)}), ` +
        `Insights ${insights.at(-1)?.firstRenderPaintedMs.toFixed(0)} ms (returning ${insights.at(-1)?.returningPaintedMs.toFixed(0)})`,
    );
  }
  const middle = <T>(items: T[], pick: (item: T) => number) => median(items.map(pick));
  const first = lists[0];
  if (!first) throw new Error('no History runs');
  return {
    catches: INSIGHTS_LOG.catches,
    runs,
    firstCardMs: middle(lists, (r) => r.firstCardMs),
    firstCardPaintedMs: middle(lists, (r) => r.firstCardPaintedMs),
    catchesArrivedMs: middle(lists, (r) => r.catchesArrivedMs),
    catchesJsonBytes: first.catchesJsonBytes,
    newestArrivedMs: middle(lists, (r) => r.newestArrivedMs),
    wholeListPaintedMs: middle(lists, (r) => r.wholeListPaintedMs),
    usableMs: middle(lists, (r) => r.usableMs),
    returningFirstCardMs: middle(lists, (r) => r.returningFirstCardMs),
    cardsRendered: first.cardsRendered,
    keystrokeMs: lists.flatMap((r) => r.keystrokeMs),
    keystrokeWorstMs: lists.map((r) => Math.max(...r.keystrokeMs)),
    query: first.query,
    clearMs: middle(lists, (r) => r.clearMs),
    firstRenderLongTasks: middle(lists, (r) => r.firstRenderLongTasks),
    firstRenderLongTasksMs: middle(lists, (r) => r.firstRenderLongTasksMs),
    keystrokeLongTasksMs: lists.flatMap((r) => r.keystrokeLongTasksMs),
    stats: medianView(stats),
    insights: medianView(insights),
  };
}

function medianView(runs: Required<ViewFigures>[]): ViewFigures {
  const middle = (pick: (item: Required<ViewFigures>) => number) => median(runs.map(pick));
  return {
    catchesArrivedMs: middle((r) => r.catchesArrivedMs),
    firstRenderPaintedMs: middle((r) => r.firstRenderPaintedMs),
    firstRenderLongTasks: middle((r) => r.firstRenderLongTasks),
    firstRenderLongTasksMs: middle((r) => r.firstRenderLongTasksMs),
    returningPaintedMs: middle((r) => r.returningPaintedMs),
  };
}

/** One History run's figures, before the medians. */
type HistoryRun = Omit<
  HistoryFigures,
  'catches' | 'runs' | 'stats' | 'insights' | 'keystrokeWorstMs' | 'firstRenderLongTasks'
> & {
  usableMs: number;
  returningFirstCardMs: number;
  firstRenderLongTasks: number;
  firstRenderLongTasksMs: number;
  keystrokeLongTasksMs: number[];
};

/**
 * In the page: the whole list usable, ms since navigation: it is painted and the main thread is free to answer a
 * keystroke or a scroll, i.e. the later of the whole list painted and the end of the last long task that started
 * before it.
 */
const USABLE_AT = `(() => {
  const painted = performance.getEntriesByName('history:whole-list-painted')[0].startTime;
  const busyUntil = (window.__longTasks || [])
    .filter(([start]) => start <= painted)
    .reduce((end, [start, duration]) => Math.max(end, start + duration), 0);
  return Math.max(painted, busyUntil);
})()`;

/**
 * In the page: resolves once the kept cache (IndexedDB, offline/query-persistence.ts) was written after the last
 * answer of the server the screen had before the mark `name`, and after the last answer it keeps that came since
 * (the whole catch list lands after History's first card), and holds the whole list: the next visit is a returning
 * one, with the copy an angler who used the app has, and does not open while the page before it still asks for,
 * reads or writes the list (a Stats or Insights view's answer is kept before the list lands).
 */
const keptAfter = (name: string) => `new Promise((resolve, reject) => {
  const shown = performance.getEntriesByName(${JSON.stringify(name)})[0].startTime;
  const kept = ['/api/user', '/api/catches', '/api/trips', '/api/spots'];
  const lastAnswer = () => performance.getEntriesByType('resource')
    .filter((e) => {
      const pathname = new URL(e.name).pathname;
      return pathname.startsWith('/api/') && (e.responseEnd <= shown || kept.includes(pathname));
    })
    .reduce((last, e) => Math.max(last, e.responseEnd), 0);
  const deadline = Date.now() + 60000;
  const check = () => {
    const after = performance.timeOrigin + lastAnswer();
    const open = indexedDB.open('tightlines-cache');
    open.onerror = () => reject(new Error('no kept cache'));
    open.onsuccess = () => {
      const db = open.result;
      const done = (saved) => {
        db.close();
        const holdsList = saved && saved.state.queries.some((q) => q.queryKey.length === 1 && q.queryKey[0] === '/api/catches');
        if (saved && saved.savedAt >= after && holdsList) resolve(saved.savedAt);
        else if (Date.now() > deadline) reject(new Error('the cache was not kept within 60 s'));
        else setTimeout(check, 100);
      };
      if (!db.objectStoreNames.contains('queries')) return done(undefined);
      const get = db.transaction('queries').objectStore('queries').get('query-cache');
      get.onsuccess = () => done(get.result);
      get.onerror = () => done(undefined);
    };
  };
  check();
})`;

/**
 * The returning visit: the same phone (its kept cache and local storage) opens the app again at its start address,
 * as the installed app does; navigation start → the frame after `name`'s selector was first in the DOM. Not the
 * view's own path: the bench blocks the service worker, which on a phone answers that path without the server's
 * Link header, and the header's view-data preload, unused with a kept copy, would be measured in its place.
 */
async function returningVisit(page: Page, name: string, what: string): Promise<number> {
  await page.evaluate(keptAfter(`${name}-painted`));
  await page.goto('/');
  await waitForMark(page, `${name}-painted`, what);
  return (await page.evaluate(
    `performance.getEntriesByName(${JSON.stringify(`${name}-painted`)})[0].startTime`,
  )) as number;
}

async function measureHistoryList(browser: Browser, baseUrl: string): Promise<HistoryRun> {
  const context = await newPhoneContext(browser, baseUrl, true);
  try {
    await signIn(context, HISTORY_ANGLER);
    await context.addInitScript({
      content: historyInitScript('list', [
        { selector: 'ul[aria-label="Catches"] > li', name: 'history:first-card' },
        // The whole list on screen: no longer busy with the newest catches alone.
        { selector: 'ul[aria-label="Catches"][aria-busy="false"] > li', name: 'history:whole-list' },
      ]),
    });
    const page = await context.newPage();
    await page.goto(historyViewPath('list'));
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
        usableMs: ${USABLE_AT},
        catchesArrivedMs: catches ? catches.responseEnd : NaN,
        catchesJsonBytes: catches ? catches.decodedBodySize : NaN,
        cardsRendered: document.querySelectorAll('ul[aria-label="Catches"] > li').length,
      };
    })()`)) as Pick<
      HistoryRun,
      | 'newestArrivedMs'
      | 'firstCardMs'
      | 'firstCardPaintedMs'
      | 'wholeListPaintedMs'
      | 'usableMs'
      | 'catchesArrivedMs'
      | 'catchesJsonBytes'
      | 'cardsRendered'
    >;
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
    const returningFirstCardMs = await returningVisit(
      page,
      'history:first-card',
      'the returning visit showed no catch',
    );
    return {
      ...load,
      returningFirstCardMs,
      keystrokeMs,
      query,
      clearMs: clear.ms,
      firstRenderLongTasks,
      firstRenderLongTasksMs,
      keystrokeLongTasksMs,
    };
  } finally {
    await context.close();
  }
}

/**
 * History's `view` opened directly: navigation start → the frame after `selector` (its first figures) was in the
 * DOM, on a first visit and then on a returning one (the kept cache, revalidated afterwards).
 */
async function measureView(
  browser: Browser,
  baseUrl: string,
  view: 'stats' | 'insights',
  selector: string,
): Promise<Required<ViewFigures>> {
  const context = await newPhoneContext(browser, baseUrl, true);
  try {
    await signIn(context, HISTORY_ANGLER);
    const name = `${view}:first-render`;
    await context.addInitScript({ content: historyInitScript(view, [{ selector, name }]) });
    const page = await context.newPage();
    await page.goto(historyViewPath(view));
    await waitForMark(page, `${name}-painted`, `the ${view} view showed nothing`);
    const figures = (await page.evaluate(`(() => {
      const catches = ${findCatchesEntry('')};
      return {
        catchesArrivedMs: catches ? catches.responseEnd : NaN,
        firstRenderPaintedMs: performance.getEntriesByName(${JSON.stringify(`${name}-painted`)})[0].startTime,
      };
    })()`)) as Pick<ViewFigures, 'catchesArrivedMs' | 'firstRenderPaintedMs'>;
    const [firstRenderLongTasks, firstRenderLongTasksMs] = (await page.evaluate(
      longTasksBetween('0', String(figures.firstRenderPaintedMs)),
    )) as [number, number];
    const returningPaintedMs = await returningVisit(page, name, `the returning ${view} view showed nothing`);
    return { ...figures, firstRenderLongTasks, firstRenderLongTasksMs, returningPaintedMs };
  } finally {
    await context.close();
  }
}

export const summariseKeystrokes = (figures: HistoryFigures) => ({
  median: median(figures.keystrokeMs),
  max: figures.keystrokeWorstMs ? median(figures.keystrokeWorstMs) : Math.max(...figures.keystrokeMs),
});
