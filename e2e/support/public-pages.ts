import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Helpers of the public-page suites (pages.test.ts, pages-test-pages.test.ts). Not a harness: the server,
 * browser and pages come from e2e/support.
 */

/** Console errors other than the failed-resource lines of expected HTTP errors (status and API path). */
export function unexpectedConsoleErrors(
  errors: readonly string[],
  expected: [status: number, path: string][],
) {
  return errors.filter(
    (line) =>
      !expected.some(
        ([status, path]) =>
          line.startsWith(`Failed to load resource: the server responded with a status of ${status}`) &&
          new RegExp(`\\(https?://[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)$`).test(line),
      ),
  );
}

/** Opens a path and waits for its lazily loaded page: the one h1 with this text. */
export async function openPublicPage(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
}

/** The parts of the DOM the checks read (the Node-side tsconfig has no DOM types). */
interface ElementLike {
  tagName: string;
  id: string;
  type?: string;
  outerHTML: string;
  innerText?: string;
  textContent: string | null;
  labels?: Iterable<ElementLike> | null;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  closest(selector: string): ElementLike | null;
}
interface BrowserGlobals {
  document: {
    documentElement: { lang: string };
    querySelectorAll(selector: string): Iterable<ElementLike>;
    getElementById(id: string): ElementLike | null;
  };
  getComputedStyle(element: ElementLike): { display: string; visibility: string };
}

/**
 * Structural accessibility checks (what Lighthouse's accessibility audit weighs most, without Lighthouse):
 * a language, one h1, no skipped heading levels, a name for every link, button and form control, alt text
 * on every image, no duplicate ids, external new-tab links with rel=noopener.
 */
export async function expectAccessibleStructure(page: Page): Promise<void> {
  const problems = await page.evaluate(() => {
    const { document, getComputedStyle } = globalThis as unknown as BrowserGlobals;
    const found: string[] = [];
    if (!document.documentElement.lang) found.push('<html> has no lang');
    const visible = (el: ElementLike) => {
      const style = getComputedStyle(el);
      return style.display !== 'none' && style.visibility !== 'hidden' && !el.closest('[hidden]');
    };
    const h1s = [...document.querySelectorAll('h1')].filter(visible);
    if (h1s.length !== 1) found.push(`${h1s.length} h1 elements`);
    let last = 0;
    for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
      if (!visible(heading)) continue;
      const level = Number(heading.tagName[1]);
      if (last > 0 && level > last + 1) {
        found.push(`heading level skips from h${last} to h${level}: ${heading.textContent}`);
      }
      last = level;
    }
    const nameOf = (el: ElementLike) => {
      const labelledBy = el.getAttribute('aria-labelledby');
      const fromIds = labelledBy
        ? labelledBy
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '';
      const labels = [...(el.labels ?? [])].map((label) => label.textContent ?? '').join(' ');
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the name a user hears.
      const rendered = el.innerText ?? '';
      const own = `${el.getAttribute('aria-label') ?? ''}${rendered}${el.getAttribute('title') ?? ''}`;
      return `${own}${fromIds}${labels}`.trim();
    };
    for (const el of document.querySelectorAll('a[href], button, input, select, textarea')) {
      if (!visible(el) || el.type === 'hidden') continue;
      if (!nameOf(el)) found.push(`no accessible name: ${el.outerHTML.slice(0, 120)}`);
    }
    for (const img of document.querySelectorAll('img')) {
      if (!img.hasAttribute('alt')) found.push(`img without alt: ${img.outerHTML.slice(0, 120)}`);
    }
    const ids = new Map<string, number>();
    for (const el of document.querySelectorAll('[id]')) ids.set(el.id, (ids.get(el.id) ?? 0) + 1);
    for (const [id, count] of ids) if (count > 1) found.push(`duplicate id ${id}`);
    for (const link of document.querySelectorAll('a[target="_blank"]')) {
      const rel = (link.getAttribute('rel') ?? '').split(/\s+/);
      if (!rel.includes('noopener'))
        found.push(`new-tab link without noopener: ${link.getAttribute('href')}`);
    }
    return found;
  });
  expect(problems, `accessibility problems on ${page.url()}`).toEqual([]);
}
