// Lighthouse 13 (its Node API) with Debian's Chromium, default config = the mobile preset (Moto G Power-class
// screen, simulated slow 4G and 4× CPU slowdown). The signed-in shell is audited with the session cookie sent
// on every request, on each of its screens (decision 023): Log (/), the History list (/logs), map (/logs/map), stats
// (/logs/stats), trips (/logs/trips) and insights (/logs/insights), and Tools (/tools); those addresses open the
// shell on that screen (web/src/app.tsx). Tools is audited with geolocation granted at a coastal position, so its
// Tides and Today cards are on it (each run says which cards it showed).
// Besides the scores, each run keeps what Lighthouse blames: the LCP element and its phases, the JavaScript it
// found unused, the long tasks. BENCH_LIGHTHOUSE_DIR=folder also writes each run's whole report there as JSON.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from './frontend.ts';
import { median } from './photos.ts';
import { onCleanup } from './processes.ts';

interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Audits of the three categories that did not pass, for the notes. */
  failing: string[];
  /** The largest contentful paint's element (its HTML, shortened), from the observed (unthrottled) trace. */
  lcpElement?: string;
  /** The LCP's phases in the observed trace, ms: time to first byte, load delay, load time, render delay. */
  lcpPhases?: Record<string, number>;
  /** Scripts with code that did not run during the load, largest waste first (transfer bytes). */
  unusedJs?: Array<{ url: string; totalBytes: number; wastedBytes: number }>;
  /** Main-thread tasks over 50 ms during the load (simulated 4× slower CPU), and their total. */
  longTasks?: number;
  longTasksMs?: number;
  /** The Tools tab's cards on screen at the end of the run (their headings), for a screen audited at a position. */
  cards?: string[];
}

export interface LighthouseFigures {
  page: string;
  runs: LighthouseRun[];
  median: LighthouseRun;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The first few entries of an audit's table (console messages, issues), for the notes. */
function detailsOf(details: unknown): string {
  const items = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items;
  if (!Array.isArray(items) || items.length === 0) return '';
  const texts = items.slice(0, 3).map((item) => {
    const text = item.description ?? item.issueType ?? item.url ?? item.node;
    return typeof text === 'string' ? text : JSON.stringify(text ?? item).slice(0, 160);
  });
  return `: ${texts.map((text) => text.replace(/\s+/g, ' ').slice(0, 200)).join(' | ')}`;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

interface Position {
  latitude: number;
  longitude: number;
}

interface Page {
  label: string;
  url: string;
  cookie?: string;
  /** Geolocation granted at this position (the Tools tab's cards ask for it on load once granted). */
  position?: Position;
}

/** Boston Harbor: a tide station within reach (Tides), near the Lighthouse angler's spots (Today). */
const COASTAL_POSITION: Position = { latitude: 42.355, longitude: -71.05 };

/**
 * The signed-in shell's screens (decision 023). A signed-in page at / stands for all of them: Log (the shell's first
 * tab for a new visitor; Lighthouse starts every run with empty storage), then the addresses that open History's
 * list, map, stats, trips and insights and the Tools tab (at a position: its Tides and Today cards).
 */
const SHELL_SCREENS: Array<{ label: string; path: string; position?: Position }> = [
  { label: 'History list (/logs)', path: '/logs' },
  { label: 'History map (/logs/map)', path: '/logs/map' },
  { label: 'Stats (/logs/stats)', path: '/logs/stats' },
  { label: 'Trips (/logs/trips)', path: '/logs/trips' },
  { label: 'Insights (/logs/insights)', path: '/logs/insights' },
  { label: 'Tools with Tides and Today (/tools)', path: '/tools', position: COASTAL_POSITION },
];

function withShellScreens(pages: Page[]): Page[] {
  return pages.flatMap((page) => {
    const url = new URL(page.url);
    if (!page.cookie || url.pathname !== '/') return [page];
    return [
      page,
      ...SHELL_SCREENS.map((screen) => ({
        label: screen.label,
        url: new URL(screen.path, url).href,
        cookie: page.cookie,
        position: screen.position,
      })),
    ];
  });
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type Items = Array<Record<string, unknown>>;

const itemsOf = (details: unknown): Items =>
  ((details as { items?: Items } | undefined)?.items ?? []).filter(
    (item) => item && typeof item === 'object',
  );

/** What Lighthouse blames for the load: the LCP element and phases, unused JavaScript, long tasks. */
function diagnostics(lhr: Lhr): Partial<LighthouseRun> {
  const result: Partial<LighthouseRun> = {};
  // LCP breakdown insight (Lighthouse 12+): a list of a phases table and the element.
  const lcp = itemsOf(lhr.audits['lcp-breakdown-insight']?.details);
  for (const part of lcp) {
    if (part.type === 'table') {
      result.lcpPhases = Object.fromEntries(
        itemsOf(part).map((row) => [String(row.subpart ?? row.label), Math.round(Number(row.duration))]),
      );
    } else if (part.type === 'node') {
      const snippet = String(part.snippet ?? part.selector ?? '');
      result.lcpElement = `${snippet.slice(0, 120)}${part.nodeLabel ? ` “${String(part.nodeLabel).slice(0, 60)}”` : ''}`;
    }
  }
  const unused = itemsOf(lhr.audits['unused-javascript']?.details);
  result.unusedJs = unused
    .map((row) => ({
      url: new URL(String(row.url)).pathname,
      totalBytes: Number(row.totalBytes),
      wastedBytes: Number(row.wastedBytes),
    }))
    .sort((a, b) => b.wastedBytes - a.wastedBytes)
    .slice(0, 5);
  const tasks = itemsOf(lhr.audits['long-tasks']?.details);
  result.longTasks = tasks.length;
  result.longTasksMs = Math.round(tasks.reduce((sum, task) => sum + Number(task.duration ?? 0), 0));
  return result;
}

export async function lighthouseVersion(): Promise<string> {
  const { readFileSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const file = createRequire(import.meta.url).resolve('lighthouse');
  const pkg = file.replace(/core\/index\.js$/, 'package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/** The part of puppeteer-core's API used here (Lighthouse drives the browser with it). */
interface Tab {
  setGeolocation(position: Position): Promise<void>;
  evaluate(expression: string): Promise<unknown>;
  close(): Promise<void>;
}
interface Puppeteer {
  connect(options: { browserURL: string; defaultViewport: null }): Promise<{
    newPage(): Promise<Tab>;
    defaultBrowserContext(): { overridePermissions(origin: string, permissions: string[]): Promise<void> };
    disconnect(): Promise<void>;
  }>;
}

/**
 * A tab with geolocation granted at `position`, for Lighthouse to audit in (its fourth argument): the copy of
 * puppeteer-core Lighthouse itself uses, so the page is one it knows how to drive.
 */
async function tabAt(port: number, origin: string, position: Position) {
  const require = createRequire(createRequire(import.meta.url).resolve('lighthouse'));
  const puppeteer = (await import(require.resolve('puppeteer-core'))) as { default: Puppeteer };
  const browser = await puppeteer.default.connect({
    browserURL: `http://127.0.0.1:${port}`,
    defaultViewport: null,
  });
  await browser.defaultBrowserContext().overridePermissions(origin, ['geolocation']);
  const tab = await browser.newPage();
  await tab.setGeolocation(position);
  return {
    tab,
    close: async () => {
      await tab.close();
      await browser.disconnect();
    },
  };
}

/** In the page: the headings of the Tools tab's cards on screen. */
const CARD_HEADINGS = `[...document.querySelectorAll('h3')].map((h) => h.textContent.trim())`;

export async function benchLighthouse(
  pages: Page[],
  runs: number,
  log: (line: string) => void,
): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  const forget = onCleanup(() => chrome.kill());
  const reportDir = process.env.BENCH_LIGHTHOUSE_DIR;
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  try {
    const results: LighthouseFigures[] = [];
    for (const { label, url, cookie, position } of withShellScreens(pages)) {
      if (!url.startsWith('http://127.0.0.1:')) throw new Error(`refusing to audit ${url}`);
      const pageRuns: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) {
        // A run can fail for reasons outside the app (a busy machine, a build replacing dist/ mid-run): one retry
        // (two for a screen at a position, whose trace a busy machine lost more often).
        let result: Awaited<ReturnType<typeof lighthouse>>;
        let cards: string[] | undefined;
        for (let attempt = 1; ; attempt++) {
          const at = position ? await tabAt(chrome.port, new URL(url).origin, position) : undefined;
          try {
            result = await lighthouse(
              url,
              {
                port: chrome.port,
                output: 'json',
                logLevel: 'error',
                onlyCategories: ['performance', 'accessibility', 'best-practices'],
                extraHeaders: cookie ? { Cookie: cookie } : undefined,
              },
              undefined,
              at?.tab as Parameters<typeof lighthouse>[3],
            );
            if (at) cards = (await at.tab.evaluate(CARD_HEADINGS)) as string[];
            if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
            const runtimeError = result.lhr.runtimeError;
            if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
            break;
          } catch (error) {
            if (attempt >= (position ? 3 : 2)) throw error;
            log(
              `  ${label} run ${i + 1} failed (${error instanceof Error ? error.message : error}); retrying`,
            );
          } finally {
            await at?.close();
          }
        }
        const { lhr } = result;
        if (reportDir) {
          const name = `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${i + 1}.json`;
          writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const failing = new Set<string>();
        for (const category of Object.values(lhr.categories)) {
          for (const ref of category.auditRefs) {
            const item = lhr.audits[ref.id];
            if (ref.weight > 0 && item && item.score !== null && item.score < 0.9) {
              failing.add(
                `${category.title}: ${item.title}${item.displayValue ? ` (${item.displayValue})` : ''}` +
                  detailsOf(item.details),
              );
            }
          }
        }
        const run: LighthouseRun = {
          performance: score(lhr.categories.performance?.score),
          accessibility: score(lhr.categories.accessibility?.score),
          bestPractices: score(lhr.categories['best-practices']?.score),
          fcpMs: audit('first-contentful-paint'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          speedIndexMs: audit('speed-index'),
          failing: [...failing],
          ...diagnostics(lhr),
          cards,
        };
        pageRuns.push(run);
        log(
          `  ${label} run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}, ` +
            `best practices ${run.bestPractices} (FCP ${run.fcpMs.toFixed(0)} ms, LCP ${run.lcpMs.toFixed(0)} ms, ` +
            `TBT ${run.tbtMs.toFixed(0)} ms)${cards ? `; cards: ${cards.join(', ')}` : ''}`,
        );
      }
      // The run with the median performance score stands for the page (Lighthouse's own advice for variance).
      const sorted = [...pageRuns].sort((a, b) => a.performance - b.performance);
      const middle = sorted[Math.floor((sorted.length - 1) / 2)] ?? sorted[0];
      if (!middle) throw new Error('no Lighthouse runs');
      results.push({
        page: label,
        runs: pageRuns,
        median: {
          ...middle,
          accessibility: median(pageRuns.map((r) => r.accessibility)),
          bestPractices: median(pageRuns.map((r) => r.bestPractices)),
        },
      });
    }
    return results;
  } finally {
    forget();
    chrome.kill();
  }
}
