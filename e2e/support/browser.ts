import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, type TestContext } from 'vitest';

/** Debian's Chromium; the suite never downloads a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where failure screenshots go (outside the repository). */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/tightlines-e2e-screenshots';

/** Lake Tahoe: where every test angler stands unless a test says otherwise. */
export const TAHOE = { latitude: 39.0968, longitude: -120.0324 } as const;

/**
 * Headless Chromium as root on a machine with no outside network: no sandbox, no GPU, and none of the background
 * connections (updates, sync) that this machine would refuse.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
}

export interface PageOptions {
  /** Grant the geolocation permission (default true). */
  geolocation?: boolean;
  /** Extra permissions, e.g. clipboard access. */
  permissions?: string[];
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Requests to any host but the test server, which were blocked (nothing leaves the machine). */
  blockedRequests: string[];
  /** Console errors and uncaught page errors, except the signed-out GET /api/user 401. */
  consoleErrors: string[];
  /**
   * Fails the test when the page logged a console error or threw. `expectedFailures` lists HTTP answers the
   * test provoked on purpose (e.g. a wrong password's 401 from /api/login), which Chromium logs as errors.
   */
  expectNoConsoleErrors: (expectedFailures?: ExpectedConsoleError[]) => void;
}

/**
 * Chromium's own report (no URL, not an exception) when the network drops while it fetches the service
 * worker's script. The app retries the registration when the network is back (offline/service-worker.ts),
 * so a test that cuts the network during the first seconds of a visit expects it.
 */
const WORKER_SCRIPT_CUT_OFF = {
  browserReport: 'An unknown error occurred when fetching the script.',
} as const;

export type ExpectedConsoleError = ExpectedHttpFailure | typeof WORKER_SCRIPT_CUT_OFF;

/**
 * What Chromium logs when the network drops in the first seconds of a visit, before the worker has precached
 * the build: the worker's script and the deferred code's downloads, cut off, and the Log tab's trip and spot lists
 * (its running trip and the spots a catch can be linked to, docs/decisions/043-trips-and-spots.md). The app loads
 * them again once the network is back (lib/load-when-online.ts; a failed query is asked again on reconnect); an
 * uncaught error is never among the expected.
 */
export const DOWNLOADS_CUT_OFF_IN_FIRST_SECONDS: ExpectedConsoleError[] = [
  WORKER_SCRIPT_CUT_OFF,
  { status: 'network', path: /^\/assets\// },
  { status: 'network', path: '/api/trips' },
  { status: 'network', path: '/api/spots' },
];

function isExpected(text: string, url: string, expected: ExpectedConsoleError): boolean {
  if ('browserReport' in expected) return url === '' && text === expected.browserReport;
  return isHttpFailure(text, url, expected);
}

/**
 * A failed request a test provokes on purpose: an HTTP status and path, e.g. { status: 409, path: '/api/register' },
 * or status 'network' for a request the test cut off (Chromium logs 'net::ERR_…').
 */
interface ExpectedHttpFailure {
  status: number | 'network';
  /** The request's path, or a pattern for it (e.g. /^\/assets\// for any file of the build). */
  path: string | RegExp;
}

/** Whether a console error is Chromium's report of this failed request. */
function isHttpFailure(
  text: string,
  url: string,
  { status, path: expectedPath }: ExpectedHttpFailure,
): boolean {
  const prefix =
    status === 'network'
      ? 'Failed to load resource: net::ERR_'
      : `Failed to load resource: the server responded with a status of ${status} `;
  if (!text.startsWith(prefix) || url === '') return false;
  const { pathname } = new URL(url);
  return typeof expectedPath === 'string' ? pathname === expectedPath : expectedPath.test(pathname);
}

/**
 * The one console error a healthy app logs: Chromium reports the signed-out GET /api/user (401) as a
 * failed resource load, and a 401 on the user query means "no user" (docs/product.md#api-rules).
 */
const SIGNED_OUT_USER_QUERY: ExpectedHttpFailure = { status: 401, path: '/api/user' };

function safeFileName(text: string): string {
  return text.replace(/[^a-z0-9-]+/gi, '_').slice(0, 120);
}

/**
 * A fresh browser context and page for one test: a 390×844 phone-sized viewport, en-US, Chicago time,
 * standing at Lake Tahoe. Requests to other hosts are blocked. On failure a full-page screenshot goes to
 * SCREENSHOT_DIR; the context is closed when the test ends.
 */
export async function openTestPage(
  browser: Browser,
  baseUrl: string,
  test: TestContext,
  options: PageOptions = {},
): Promise<TestPage> {
  const permissions = [
    ...(options.geolocation === false ? [] : ['geolocation']),
    ...(options.permissions ?? []),
  ];
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'America/Chicago',
    geolocation: TAHOE,
    permissions,
    serviceWorkers: 'allow',
  });
  context.setDefaultTimeout(15_000);

  const ownOrigin = new URL(baseUrl).origin;
  const blockedRequests: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    let allowed = false;
    try {
      const { origin, protocol } = new URL(url);
      allowed = origin === ownOrigin || protocol === 'data:' || protocol === 'blob:';
    } catch {
      allowed = false;
    }
    if (allowed) {
      await route.continue();
    } else {
      blockedRequests.push(url);
      await route.abort('blockedbyclient');
    }
  });

  const page = await context.newPage();
  const errors: Array<{ text: string; url: string }> = [];
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    if (isHttpFailure(message.text(), url, SIGNED_OUT_USER_QUERY)) return;
    errors.push({ text: message.text(), url });
    consoleErrors.push(`${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => {
    const text = `Uncaught: ${error.stack ?? error.message}`;
    errors.push({ text, url: '' });
    consoleErrors.push(text);
  });

  test.onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') {
      try {
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const file = path.join(
          SCREENSHOT_DIR,
          `${safeFileName(`${task.file.name}-${task.name}`)}-${Date.now()}.png`,
        );
        await page.screenshot({ path: file, fullPage: true, timeout: 5000 });
        console.error(`Screenshot of the failed test: ${file}\nPage URL: ${page.url()}`);
        if (consoleErrors.length > 0) console.error(`Console errors:\n${consoleErrors.join('\n')}`);
      } catch (error) {
        console.error('Could not take a failure screenshot:', error);
      }
    }
    await context.close();
  });

  return {
    context,
    page,
    blockedRequests,
    consoleErrors,
    expectNoConsoleErrors: (expectedFailures = []) => {
      const unexpected = errors
        .filter(({ text, url }) => !expectedFailures.some((expected) => isExpected(text, url, expected)))
        .map(({ text, url }) => (url ? `${text} (${url})` : text));
      expect(unexpected, 'unexpected console errors').toEqual([]);
    },
  };
}

/**
 * Saves what the page shows now as SCREENSHOT_DIR/<name>.png, for a person to look at (the 390 px phone
 * screens of a feature); returns the file. Tests never compare pixels.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${safeFileName(name)}.png`);
  await page.screenshot({ path: file });
  return file;
}
