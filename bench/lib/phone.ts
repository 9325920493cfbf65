// The phone profile Lighthouse's mobile preset simulates (4× slower CPU, slow 4G), applied for real in Debian's
// Chromium through the DevTools protocol, against the built app and the real server:
// - a 12 MP photo chosen in the Log form: the time until the phone has prepared it (decision 045's 'photo
//   prepared' User Timing measure, from the file input's change event) and the bytes of the upload request;
// - 50 catches with photos logged offline through the Log form, then the network back (slow 4G): the time until
//   the server has every catch and photo (polled from here), nothing lost or doubled, and whether the app stayed
//   usable meanwhile (long tasks, tab switches, keystrokes timed in the page).
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import { newPhoneContext } from './frontend.ts';
import { photoLikeJpeg } from './images.ts';
import { median } from './photos.ts';
import { BENCH_PASSWORD } from './seed.ts';

/**
 * Lighthouse's mobileSlow4G (node_modules/@paulirish/trace_engine/…/lantern/simulation/Constants.js): 150 ms RTT,
 * 1.6 Mbps down, 750 Kbps up, CPU 4× slower, with the factors Lighthouse applies when DevTools throttles for
 * real (its 'devtools' throttling method): latency × 3.75, throughput × 0.9.
 */
const PHONE_PROFILE = {
  latencyMs: 150 * 3.75,
  downloadKbps: 1.6 * 1024 * 0.9,
  uploadKbps: 750 * 0.9,
  cpuSlowdown: 4,
} as const;

interface PhotoPrepFigures {
  inputBytes: number;
  width: number;
  height: number;
  /** Each measured pick: the file input's change event → the photo prepared (end of 'photo prepared'), ms. */
  preparedMs: number[];
  /** The body (multipart, the prepared photo in it) of each POST /api/upload the app sent, bytes. */
  sentBytes: number[];
  /** Each upload's request start → response end under slow 4G, ms. */
  uploadMs: number[];
}

interface OfflineSyncFigures {
  catches: number;
  /** Tabs that logged the catches side by side (each shows 'Catch Logged!' for 3 s after a save). */
  tabs: number;
  logSeconds: number;
  /** Back online → the server holds every catch with its photo, ms (null: not within the limit). */
  syncedMs: number | null;
  /** Back online → the server holds every catch, photo or not yet (the angler's log whole), ms. */
  catchesMs: number | null;
  limitMs: number;
  serverCatches: number;
  distinctCatches: number;
  withPhoto: number;
  /** The photo bytes kept in the outbox per catch (POST /api/upload bodies during the sync, mean). */
  bytesPerPhoto: number;
  uploads: number;
  /** During the sync: long tasks (> 50 ms) on the page's main thread. */
  longTasks: number;
  longTasksMs: number;
  longestTaskMs: number;
  /** During the sync: a tap on a tab → its panel painted, ms each. */
  tabSwitchMs: number[];
  /** During the sync: a keystroke in the fish type → the frame after it painted, ms each. */
  keystrokeMs: number[];
  loadAverage: number;
  /** Back online → the first API request, ms. */
  firstRequestMs: number;
  /** The page's API requests from then until the last count, by method and path: how many, their time summed. */
  requests: Array<{ what: string; count: number; totalMs: number }>;
}

export interface PhoneFigures {
  profile: typeof PHONE_PROFILE;
  photo: PhotoPrepFigures;
  syncRuns: OfflineSyncFigures[];
  loadAverageStart: number;
}

/** The slow-4G floor of sending `bytes`: at the profile's upload throughput, ms (no latency, no headers). */
export const uploadFloorMs = (bytes: number) => (bytes * 8 * 1000) / (PHONE_PROFILE.uploadKbps * 1024);

/** Requests the outbox has in flight at once (web/src/offline/sync/loop.ts, decision 052). */
const SYNC_LANES = 3;

/**
 * The latency floor of the sync: each catch with a photo is three requests one after the other (POST
 * /api/mobile-catch; then POST /api/upload and the PATCH that sets the photo), each at least a round trip, and the
 * outbox has three requests in flight at once (docs/decisions/052-photo-sync-order.md).
 */
export const roundTripFloorMs = (catches: number) =>
  Math.ceil(catches / SYNC_LANES) * 3 * PHONE_PROFILE.latencyMs;

/** In every page: long tasks and the moments a file was picked, kept for the measurements below. */
const PHONE_INIT_SCRIPT = `(() => {
  window.__longTasks = [];
  window.__picked = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  document.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === 'file') window.__picked.push(event.timeStamp);
  }, true);
})();`;

async function throttle(cdp: CDPSession, network: 'offline' | 'slow-4g', cpu = true): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu ? PHONE_PROFILE.cpuSlowdown : 1 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: network === 'offline',
    latency: network === 'offline' ? 0 : PHONE_PROFILE.latencyMs,
    downloadThroughput: network === 'offline' ? -1 : (PHONE_PROFILE.downloadKbps * 1024) / 8,
    uploadThroughput: network === 'offline' ? -1 : (PHONE_PROFILE.uploadKbps * 1024) / 8,
  });
}

/** A new angler, signed in in `context`. */
async function register(context: BrowserContext, username: string): Promise<void> {
  const response = await context.request.post('/api/register', {
    data: { username, password: BENCH_PASSWORD },
  });
  if (response.status() !== 201) throw new Error(`register ${username}: ${response.status()}`);
}

/** The shell on the Log tab, its form on screen. */
async function openLogForm(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('form', { name: 'Log a catch' }).getByLabel('Fish Type').waitFor({ timeout: 60_000 });
  return page;
}

/** How many photos the page has prepared so far ('photo prepared' measures). */
const preparedCount = (page: Page) =>
  page.evaluate(`performance.getEntriesByName('photo prepared').length`) as Promise<number>;

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Chooses the photo in the page's Log form and waits until it is prepared. */
async function pickPhoto(page: Page, file: string): Promise<void> {
  const before = await preparedCount(page);
  await page
    .getByRole('form', { name: 'Log a catch' })
    .getByLabel('Photo', { exact: true })
    .setInputFiles(file);
  await waitFor('the photo was not prepared', async () => (await preparedCount(page)) > before, 120_000);
}

/** Logs one catch with the photo through the Log form; resolves once 'Catch Logged!' is gone again. */
async function logCatch(page: Page, file: string, fishType: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Log a catch' });
  await pickPhoto(page, file);
  await form.getByLabel('Fish Type').fill(fishType);
  await form.getByRole('button', { name: 'Log Catch' }).click();
  const logged = page.getByText('Catch Logged!', { exact: true });
  await logged.waitFor({ timeout: 180_000 }).catch(async (error: unknown) => {
    const shot = path.join(os.tmpdir(), `tightlines-bench-phone-${fishType.replace(/\W/g, '-')}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    throw new Error(`'${fishType}' was not logged (screenshot: ${shot}): ${String(error)}`);
  });
  await logged.waitFor({ state: 'detached', timeout: 60_000 });
}

async function photoFile(): Promise<{ file: string; bytes: number; width: number; height: number }> {
  const width = 4000;
  const height = 3000;
  const jpeg = await photoLikeJpeg(width, height);
  const file = path.join(os.tmpdir(), `tightlines-bench-12mp-${process.pid}.jpg`);
  writeFileSync(file, jpeg);
  return { file, bytes: jpeg.length, width, height };
}

/**
 * The photo on the phone profile: one unmeasured pick first (it fetches the on-demand preparation code, which an
 * installed app has in its service worker's cache), then `runs` picks, each saved so its upload is seen.
 */
async function benchPhotoPrep(
  browser: Browser,
  baseUrl: string,
  photo: Awaited<ReturnType<typeof photoFile>>,
  runs: number,
  log: (line: string) => void,
): Promise<PhotoPrepFigures> {
  const context = await newPhoneContext(browser, baseUrl, true);
  try {
    await register(context, `bench_phone_photo_${process.pid}`);
    await context.addInitScript({ content: PHONE_INIT_SCRIPT });
    const page = await openLogForm(context);
    const cdp = await context.newCDPSession(page);
    await throttle(cdp, 'slow-4g');
    const uploads: Array<{ bytes: number; ms: number }> = [];
    page.on('requestfinished', async (request) => {
      if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/upload') return;
      const timing = request.timing();
      uploads.push({ bytes: await sentBytes(request), ms: timing.responseEnd - timing.requestStart });
    });
    const preparedMs: number[] = [];
    for (let run = 0; run <= runs; run++) {
      await logCatch(page, photo.file, `Photo run ${run}`);
      await waitFor('the photo was not uploaded', async () => uploads.length > run, 120_000);
      if (run === 0) continue;
      const ms = (await page.evaluate(`(() => {
        const measure = performance.getEntriesByName('photo prepared').at(-1);
        return measure.startTime + measure.duration - window.__picked.at(-1);
      })()`)) as number;
      preparedMs.push(ms);
      const upload = uploads[run];
      log(`  photo ${run}: prepared ${ms.toFixed(0)} ms after the pick, ${upload?.bytes} bytes sent`);
    }
    const measured = uploads.slice(1);
    return {
      inputBytes: photo.bytes,
      width: photo.width,
      height: photo.height,
      preparedMs,
      sentBytes: measured.map((upload) => upload.bytes),
      uploadMs: measured.map((upload) => upload.ms),
    };
  } finally {
    await context.close();
  }
}

/**
 * The body of a request as Chromium sent it: its Content-Length (Playwright has no copy of a body built from a
 * Blob, as the outbox's FormData is).
 */
async function sentBytes(request: Request): Promise<number> {
  return Number((await request.allHeaders())['content-length'] ?? Number.NaN);
}

/** The server's catches of the angler signed in with `cookie`. */
async function serverCatches(
  baseUrl: string,
  cookie: string,
): Promise<Array<{ fishType: string; photo: string | null }>> {
  const response = await fetch(`${baseUrl}/api/catches`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/catches: ${response.status}`);
  return (await response.json()) as Array<{ fishType: string; photo: string | null }>;
}

/**
 * Arms the next measured interaction in the page: a tap on a tab (from its mousedown until its panel is shown,
 * then a frame painted; the Log panel stays mounted, hidden while inactive) or a keystroke (from its keydown until the input event, then a frame painted).
 * Resolves window.__interaction with the milliseconds.
 */
const armInteraction = (kind: 'tab' | 'key') => `(() => {
  window.__interaction = new Promise((resolve) => {
    const painted = (start) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
    if (${JSON.stringify(kind)} === 'key') {
      document.addEventListener('keydown', (down) => {
        down.target.addEventListener('input', () => painted(down.timeStamp), { once: true });
      }, { once: true, capture: true });
      return;
    }
    document.addEventListener('mousedown', (down) => {
      const tab = down.target.closest('[role="tab"]');
      const shown = () => {
        const panel = document.getElementById(tab.getAttribute('aria-controls'));
        if (panel && panel.dataset.state === 'active' && panel.childElementCount > 0) painted(down.timeStamp);
        else requestAnimationFrame(shown);
      };
      shown();
    }, { once: true, capture: true });
  });
})()`;

async function timed(page: Page, kind: 'tab' | 'key', act: () => Promise<void>): Promise<number> {
  await page.evaluate(armInteraction(kind));
  await act();
  return (await page.evaluate('window.__interaction')) as number;
}

/**
 * `catches` catches with photos logged offline through the Log form (in `tabs` tabs side by side, CPU not
 * throttled: the setup, not the measure), then every tab but one closed and the network back on the phone
 * profile: the time until the server holds them all, with their photos, and the app's responsiveness meanwhile.
 */
async function benchOfflineSync(
  browser: Browser,
  baseUrl: string,
  photo: Awaited<ReturnType<typeof photoFile>>,
  { catches, tabs, run }: { catches: number; tabs: number; run: number },
  log: (line: string) => void,
): Promise<OfflineSyncFigures> {
  const limitMs = 10 * 60_000;
  const username = `bench_phone_sync_${process.pid}_${run}`;
  const context = await newPhoneContext(browser, baseUrl, true);
  try {
    await register(context, username);
    await context.addInitScript({ content: PHONE_INIT_SCRIPT });
    const pages: Array<{ page: Page; cdp: CDPSession }> = [];
    for (let i = 0; i < tabs; i++) {
      const page = await openLogForm(context);
      // Online, one photo chosen and removed: the on-demand preparation code is loaded, as an installed app
      // has it cached by its service worker (blocked here).
      await pickPhoto(page, photo.file);
      await page.getByRole('button', { name: 'Remove photo' }).click();
      // The save's code (the outbox, fetched after the first screen when no service worker precached it) is in.
      await waitFor(
        'the outbox code was not loaded',
        () =>
          page.evaluate(`(() => {
            const loaded = performance.getEntriesByType('resource').map((e) => e.name);
            return ['/save-catch-', '/offline-runtime-', '/outbox-'].every((n) => loaded.some((u) => u.includes(n)));
          })()`) as Promise<boolean>,
        120_000,
      );
      await page.waitForLoadState('networkidle');
      const cdp = await context.newCDPSession(page);
      await throttle(cdp, 'offline', false);
      pages.push({ page, cdp });
    }
    const logStart = performance.now();
    let next = 0;
    await Promise.all(
      pages.map(async ({ page }) => {
        for (let n = next++; n < catches; n = next++)
          await logCatch(page, photo.file, `Synced fish ${n + 1}`);
      }),
    );
    const logSeconds = (performance.now() - logStart) / 1000;
    log(`  run ${run}: ${catches} catches logged offline in ${logSeconds.toFixed(0)} s (${tabs} tabs)`);
    for (const { page } of pages.slice(1)) await page.close();
    const [first] = pages;
    if (!first) throw new Error('no tab');
    const { page, cdp } = first;
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    if ((await serverCatches(baseUrl, cookie)).length !== 0)
      throw new Error('catches reached the server offline');

    const uploadBytes: number[] = [];
    const requests: Array<{ what: string; start: number; end: number }> = [];
    page.on('requestfinished', async (request) => {
      const { pathname } = new URL(request.url());
      if (!pathname.startsWith('/api/')) return;
      const timing = request.timing();
      // A catch's or a photo's own name is not what tells the steps apart.
      const what = `${request.method()} ${pathname.replace(/\/(client|photos)\/[^/]+$/, '/$1/:id')}`;
      requests.push({ what, start: timing.startTime, end: timing.startTime + timing.responseEnd });
      if (what === 'POST /api/upload') uploadBytes.push(await sentBytes(request));
    });
    const loadAverage = os.loadavg()[0] ?? 0;
    const pageStart = (await page.evaluate('performance.now()')) as number;
    const started = performance.now();
    const startedAt = Date.now();
    await throttle(cdp, 'slow-4g');
    let syncedMs: number | null = null;
    let catchesMs: number | null = null;
    let held: Array<{ fishType: string; photo: string | null }> = [];
    const poll = (async () => {
      while (performance.now() - started < limitMs) {
        held = await serverCatches(baseUrl, cookie);
        if (held.length >= catches) catchesMs ??= performance.now() - started;
        if (held.length >= catches && held.every((c) => c.photo)) {
          syncedMs = performance.now() - started;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    // Meanwhile the angler uses the app: History and back, a letter typed in the fish type, every 2 s.
    const tabSwitchMs: number[] = [];
    const keystrokeMs: number[] = [];
    const fishType = page.getByRole('form', { name: 'Log a catch' }).getByLabel('Fish Type');
    while (syncedMs === null && performance.now() - started < limitMs) {
      tabSwitchMs.push(
        await timed(page, 'tab', () => page.getByRole('tab', { name: 'History', exact: true }).click()),
      );
      tabSwitchMs.push(
        await timed(page, 'tab', () => page.getByRole('tab', { name: 'Log', exact: true }).click()),
      );
      await fishType.click();
      keystrokeMs.push(await timed(page, 'key', () => page.keyboard.press('a')));
      await fishType.fill('');
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    await poll;
    const pageEnd = (await page.evaluate('performance.now()')) as number;
    const tasks = (await page.evaluate(
      `window.__longTasks.filter(([start]) => start >= ${pageStart} && start <= ${pageEnd}).map(([, d]) => d)`,
    )) as number[];
    // Anything still on its way lands now: the count is taken once the outbox had time to send a double.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    held = await serverCatches(baseUrl, cookie);
    const figures: OfflineSyncFigures = {
      catches,
      tabs,
      logSeconds,
      syncedMs,
      catchesMs,
      limitMs,
      serverCatches: held.length,
      distinctCatches: new Set(held.map((c) => c.fishType)).size,
      withPhoto: held.filter((c) => c.photo).length,
      bytesPerPhoto: uploadBytes.length ? uploadBytes.reduce((s, b) => s + b, 0) / uploadBytes.length : 0,
      uploads: uploadBytes.length,
      longTasks: tasks.length,
      longTasksMs: tasks.reduce((s, d) => s + d, 0),
      longestTaskMs: Math.max(0, ...tasks),
      tabSwitchMs,
      keystrokeMs,
      loadAverage,
      firstRequestMs: Math.min(...requests.map((r) => r.start)) - startedAt,
      requests: [...new Set(requests.map((r) => r.what))].map((what) => {
        const of = requests.filter((r) => r.what === what);
        return { what, count: of.length, totalMs: of.reduce((sum, r) => sum + r.end - r.start, 0) };
      }),
    };
    log(
      `  run ${run}: synced in ${syncedMs === null ? `more than ${limitMs / 1000} s` : `${((syncedMs as number) / 1000).toFixed(1)} s`}; ` +
        `every catch (photos still going) in ${catchesMs === null ? '–' : `${((catchesMs as number) / 1000).toFixed(1)} s`}; ` +
        `server ${figures.serverCatches} catches (${figures.distinctCatches} distinct, ${figures.withPhoto} with a photo); ` +
        `${tasks.length} long tasks; tab switch median ${median(tabSwitchMs).toFixed(0)} ms; ` +
        `keystroke median ${median(keystrokeMs).toFixed(0)} ms`,
    );
    return figures;
  } finally {
    await context.close();
  }
}

export async function benchPhone(
  browser: Browser,
  baseUrl: string,
  { runs, catches, tabs }: { runs: number; catches: number; tabs: number },
  log: (line: string) => void,
): Promise<PhoneFigures> {
  const loadAverageStart = os.loadavg()[0] ?? 0;
  const photo = await photoFile();
  try {
    log(`  a ${photo.width}×${photo.height} JPEG, ${(photo.bytes / 1e6).toFixed(1)} MB`);
    const photoFigures = await benchPhotoPrep(browser, baseUrl, photo, runs, log);
    const syncRuns: OfflineSyncFigures[] = [];
    for (let run = 1; run <= runs; run++) {
      syncRuns.push(await benchOfflineSync(browser, baseUrl, photo, { catches, tabs, run }, log));
    }
    return { profile: PHONE_PROFILE, photo: photoFigures, syncRuns, loadAverageStart };
  } finally {
    rmSync(photo.file, { force: true });
  }
}
