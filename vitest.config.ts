import { defineConfig } from 'vitest/config';

// Two projects: fast unit + API tests (core/, server/, web/ units) and the browser end-to-end suite (e2e/),
// which builds and starts the real server and drives Debian's Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit+api',
          include: [
            'core/**/*.test.ts',
            'server/**/*.test.ts',
            'web/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
