import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Three projects: fast unit + API tests (core/, server/, web/ units), component tests of the React screens
// (web/**/*.test.tsx in happy-dom, docs/decisions/033-component-tests.md) and the browser end-to-end suite (e2e/),
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
        resolve: { alias: { '@': fileURLToPath(new URL('./web/src', import.meta.url)) } },
        test: {
          name: 'components',
          include: ['web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:5000/' } },
          setupFiles: ['web/src/test-support/component-setup.ts'],
          testTimeout: 20_000,
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
