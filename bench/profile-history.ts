// Where History's milliseconds go at 10,000 catches (decision 023): a CPU profile of the first render (navigation to
// the first card painted) and of keystrokes in the search box, with the page's network timeline, in Debian's
// Chromium. Not part of `npm run bench`: it answers "why", the bench answers "how fast".
//
// Usage: npm run build && npx node --disable-warning=ExperimentalWarning bench/profile-history.ts [--view=list|stats]
// [--web-root=another/build] (a copy of an older dist/web, to profile the code before a change)
// Prints the self time by function and by script, and writes the .cpuprofile files (open them in Chrome's
// DevTools, Performance panel) to the system's temporary folder.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CDPSession } from 'playwright-core';
import { launchChromium } from './lib/frontend.ts';
import { REPO_ROOT, startTightlines, stopEverything } from './lib/processes.ts';
import { BENCH_PASSWORD, BENCH_USERS, seedBenchDatabase } from './lib/seed.ts';

const { values } = parseArgs({
  options: { view: { type: 'string', default: 'list' }, 'web-root': { type: 'string' } },
});
const view = values.view === 'stats' ? 'stats' : 'list';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) by function and by script file, largest first. */
function summarise(profile: CpuProfile, top = 25): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const file = frame.url ? new URL(frame.url, 'http://x').pathname.replace('/assets/', '') : '(native)';
    const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byScript.set(file, (byScript.get(file) ?? 0) + ms);
  }
  const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
  const lines = [`  total sampled: ${total.toFixed(0)} ms`, '  by script:'];
  for (const [file, ms] of [...byScript].sort((a, b) => b[1] - a[1]).slice(0, 10))
    lines.push(`    ${ms.toFixed(1).padStart(8)} ms  ${file}`);
  lines.push('  by function (self):');
  for (const [name, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`    ${ms.toFixed(1).padStart(8)} ms  ${name}`);
  return lines;
}

async function profiled<T>(
  cdp: CDPSession,
  run: () => Promise<T>,
): Promise<{ result: T; profile: CpuProfile }> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await run();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  return { result, profile };
}

const workDir = await mkdtemp(path.join(os.tmpdir(), 'tightlines-profile-'));
try {
  await seedBenchDatabase({ engine: 'sqlite', file: path.join(workDir, 'tightlines.db') });
  const server = await startTightlines(
    workDir,
    path.resolve(values['web-root'] ?? path.join(REPO_ROOT, 'dist', 'web')),
  );
  const browser = await launchChromium();
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
    bypassCSP: true,
  });
  const login = await context.request.post('/api/login', {
    data: { username: BENCH_USERS.history.username, password: BENCH_PASSWORD },
  });
  if (login.status() !== 200) throw new Error(`login: ${login.status()}`);
  const selector = view === 'stats' ? '[data-testid="stats-total-catches"]' : 'ul[aria-label="Catches"] > li';
  await context.addInitScript({
    content: `localStorage.setItem('activeTab', 'history'); localStorage.setItem('historyView', '${view}');
      new MutationObserver((_, observer) => {
        if (document.querySelector(${JSON.stringify(selector)})) {
          observer.disconnect();
          performance.mark('shown');
          requestAnimationFrame(() => setTimeout(() => performance.mark('painted'), 0));
        }
      }).observe(document, { childList: true, subtree: true });`,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const load = await profiled(cdp, async () => {
    await page.goto('/');
    await page.waitForFunction("performance.getEntriesByName('painted').length > 0", null, {
      timeout: 120_000,
    });
  });
  const timeline = (await page.evaluate(`(() => {
    const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
    const resources = performance.getEntriesByType('resource')
      .filter((e) => e.initiatorType !== 'link' || true)
      .map((e) => [new URL(e.name).pathname, Math.round(e.startTime), Math.round(e.responseStart), Math.round(e.responseEnd), e.transferSize]);
    const nav = performance.getEntriesByType('navigation')[0];
    return { responseEnd: Math.round(nav.responseEnd), domContentLoaded: Math.round(nav.domContentLoadedEventEnd), shown: at('shown'), painted: at('painted'), resources };
  })()`)) as {
    responseEnd: number;
    domContentLoaded: number;
    shown: number;
    painted: number;
    resources: Array<[string, number, number, number, number]>;
  };
  console.log(
    `History (${view}) with 10,000 catches; load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' / ')}`,
  );
  console.log(
    `  document received ${timeline.responseEnd} ms, DOMContentLoaded ${timeline.domContentLoaded} ms`,
  );
  for (const [name, start, firstByte, end] of timeline.resources) {
    console.log(
      `  ${name.padEnd(48)} start ${String(start).padStart(5)}  first byte ${String(firstByte).padStart(5)}  end ${String(end).padStart(5)} ms`,
    );
  }
  console.log(`  shown ${timeline.shown?.toFixed(0)} ms, painted ${timeline.painted?.toFixed(0)} ms`);
  console.log('First render:');
  for (const line of summarise(load.profile)) console.log(line);
  const loadFile = path.join(os.tmpdir(), `tightlines-history-${view}-load.cpuprofile`);
  await writeFile(loadFile, JSON.stringify(load.profile));

  if (view === 'list') {
    const search = page.getByPlaceholder('Search your catches...');
    await search.click();
    const typing = await profiled(cdp, async () => {
      for (const key of 'walleye') {
        await page.keyboard.press(key);
        await page.waitForFunction(
          "document.querySelector('ul[aria-label=\"Catches\"]')?.getAttribute('aria-busy') !== 'true'",
        );
      }
    });
    console.log("Typing 'walleye' (7 keystrokes):");
    for (const line of summarise(typing.profile)) console.log(line);
    const typingFile = path.join(os.tmpdir(), 'tightlines-history-typing.cpuprofile');
    await writeFile(typingFile, JSON.stringify(typing.profile));
    console.log(`Profiles: ${loadFile}, ${typingFile}`);
  } else console.log(`Profile: ${loadFile}`);
  await browser.close();
  await server.stop();
} finally {
  await stopEverything();
  await rm(workDir, { recursive: true, force: true });
}
