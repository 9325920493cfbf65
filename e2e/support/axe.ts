import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
let axeSource: Promise<string> | undefined;

/** The parts of axe-core's result the check reads (the Node-side tsconfig has no DOM types). */
interface AxeResults {
  passes: unknown[];
  violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }>;
}

/**
 * Runs axe-core (the engine of Lighthouse's accessibility audit) on what the page shows now, or only inside
 * `selector`, and fails with each violation's rule and elements. The script is evaluated through the
 * DevTools protocol, which the page's CSP does not govern, so the app's strict policy stays as it is.
 */
export async function expectNoAxeViolations(page: Page, selector?: string): Promise<void> {
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(await axeSource);
  const { checked, violations } = await page.evaluate(async (include) => {
    const { axe, document } = globalThis as unknown as {
      axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> };
      document: unknown;
    };
    const results = await axe.run(include ? { include: [include] } : document, {
      resultTypes: ['violations'],
    });
    return {
      checked: results.passes.length,
      violations: results.violations.map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      ),
    };
  }, selector ?? null);
  // A selector that matched nothing would pass every rule trivially.
  expect(checked, `axe found nothing to check in ${selector ?? 'the page'}`).toBeGreaterThan(0);
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}
