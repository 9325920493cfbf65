import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, type TestContext } from 'vitest';
import { launchBrowser, openTestPage, type PageOptions, type TestPage } from './browser.ts';
import { type RunningServer, type ServerOptions, startServer } from './server.ts';

export interface E2E {
  /** The server's base URL, e.g. http://127.0.0.1:41234. */
  readonly baseUrl: string;
  /** The server's fresh DATA_DIR: its SQLite file is `tightlines.db` there, for what no API can set. */
  readonly dataDir: string;
  /** A fresh browser context and page for the current test (closed when it ends). */
  openPage: (test: TestContext, options?: PageOptions) => Promise<TestPage>;
}

/**
 * One real server (fresh SQLite DATA_DIR) and one Chromium per test file, started in beforeAll and
 * stopped in afterAll. After each test, any error the server logged fails that test.
 */
export function setupE2E(options: ServerOptions = {}): E2E {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServer(options);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    try {
      await browser?.close();
    } finally {
      await server?.stop();
    }
  });

  afterEach((test) => {
    if (test.task.result?.state === 'fail' && server?.webBuildChanged()) {
      console.error(
        'dist/web was rebuilt while this test ran (a concurrent `npm run build`?): the page may have asked for ' +
          'chunks that no longer exist. Rerun the e2e suite once the build is done.',
      );
    }
    const errors = server?.takeErrorLogs() ?? [];
    if (errors.length > 0) throw new Error(`The server logged errors during the test:\n${errors.join('\n')}`);
  });

  return {
    get baseUrl() {
      if (!server) throw new Error('the e2e server is not running (did beforeAll fail?)');
      return server.baseUrl;
    },
    get dataDir() {
      if (!server) throw new Error('the e2e server is not running (did beforeAll fail?)');
      return server.dataDir;
    },
    openPage: (test, options) => {
      if (!server || !browser)
        throw new Error('the e2e server or browser is not running (did beforeAll fail?)');
      return openTestPage(browser, server.baseUrl, test, options);
    },
  };
}
