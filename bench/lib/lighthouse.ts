// Lighthouse 13 (its Node API) with Debian's Chromium, default config = the mobile preset (Moto G Power-class
// screen, simulated slow 4G and 4× CPU slowdown). The signed-in shell is audited with the session cookie sent
// on every request.
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

export async function lighthouseVersion(): Promise<string> {
  const { readFileSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const file = createRequire(import.meta.url).resolve('lighthouse');
  const pkg = file.replace(/core\/index\.js$/, 'package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

export async function benchLighthouse(
  pages: Array<{ label: string; url: string; cookie?: string }>,
  runs: number,
  log: (line: string) => void,
): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  const forget = onCleanup(() => chrome.kill());
  try {
    const results: LighthouseFigures[] = [];
    for (const { label, url, cookie } of pages) {
      if (!url.startsWith('http://127.0.0.1:')) throw new Error(`refusing to audit ${url}`);
      const pageRuns: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) {
        // A run can fail for reasons outside the app (a busy machine, a build replacing dist/ mid-run): one retry.
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let attempt = 1; ; attempt++) {
          try {
            result = await lighthouse(url, {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility', 'best-practices'],
              extraHeaders: cookie ? { Cookie: cookie } : undefined,
            });
            if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
            const runtimeError = result.lhr.runtimeError;
            if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
            break;
          } catch (error) {
            if (attempt >= 2) throw error;
            log(
              `  ${label} run ${i + 1} failed (${error instanceof Error ? error.message : error}); retrying once`,
            );
          }
        }
        const { lhr } = result;
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
        };
        pageRuns.push(run);
        log(
          `  ${label} run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}, ` +
            `best practices ${run.bestPractices} (LCP ${run.lcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms)`,
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
