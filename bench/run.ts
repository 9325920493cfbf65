// `npm run bench`: builds the web app, seeds a fresh SQLite database, starts the real server on loopback and
// measures API load (against a bare node:http ceiling), photo handling, bundle sizes, Lighthouse scores of every
// screen, History, Stats and Insights at 10,000 catches in 1,000 trips (first and returning visits), export and
// import of those 10,000 catches, GET /api/insights of a log of 10,000 catches in 1,000 trips, the conditions
// backfill of an imported 10,000-catch log (provider calls per cell and day), and on Lighthouse's phone profile a
// 12 MP photo prepared and sent and 50 catches synced after being logged offline. Each server runs with the tide
// index built and its conditions jobs calling a fake Open-Meteo. Writes bench/results.md and bench/results.json and refreshes the table in
// bench/README.md (the summary between its bench:summary markers). Stops every process it started; gives up after --time-limit minutes.
//
// Options: --quick (short runs, for trying the script), --skip-build, --only=api,backfill,workers,photos,export,insights,frontend,history,lighthouse,phone,
// --duration=S, --connections=N, --lighthouse-runs=N, --no-readme, --time-limit=MIN, --from-json (re-render the
// report from bench/results.json without measuring).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchApi, benchBreakdown, benchGetDuringUploads, signIn } from './lib/api.ts';
import { benchBackfill } from './lib/backfill.ts';
import { benchExportImport } from './lib/export-import.ts';
import { benchHistory, chunkSizes, initialLoads, launchChromium } from './lib/frontend.ts';
import { benchInsights, LIGHTHOUSE_LOG, seedInsightsLog } from './lib/insights.ts';
import { benchLighthouse, lighthouseVersion } from './lib/lighthouse.ts';
import { benchPhone } from './lib/phone.ts';
import { benchPhotos } from './lib/photos.ts';
import { REPO_ROOT, type Started, startTightlines, stopEverything } from './lib/processes.ts';
import { ensureTideIndex, settle, startFakeWeather } from './lib/realistic-server.ts';
import {
  checkBudgets,
  keptFindings,
  type Results,
  renderReadmeSummary,
  renderResults,
} from './lib/report.ts';
import { BENCH_PASSWORD, BENCH_USERS, seedBenchDatabase } from './lib/seed.ts';
import { benchStartup } from './lib/startup.ts';
import { benchWorkers } from './lib/workers.ts';

const PARTS = [
  'api',
  'backfill',
  'workers',
  'photos',
  'export',
  'insights',
  'frontend',
  'history',
  'lighthouse',
  'phone',
] as const;
/** The parts that need the web app built: the pages, and `npm start` of a built app (api). */
const PARTS_NEEDING_THE_BUILD: readonly Part[] = ['api', 'frontend', 'history', 'lighthouse', 'phone'];
type Part = (typeof PARTS)[number];

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string', default: '50' },
    'lighthouse-runs': { type: 'string' },
    'no-readme': { type: 'boolean', default: false },
    'from-json': { type: 'boolean', default: false },
    'time-limit': { type: 'string' },
  },
});
const only = new Set<Part>(
  values.only ? (values.only.split(',').map((p) => p.trim()) as Part[]) : [...PARTS],
);
for (const part of only) {
  if (!PARTS.includes(part)) {
    console.error(`--only: unknown part '${part}' (known: ${PARTS.join(', ')})`);
    process.exit(1);
  }
}
// The phone part's offline sync alone takes minutes per run on slow 4G.
const timeLimitMinutes = Number(values['time-limit'] ?? (only.has('phone') && !values.quick ? 40 : 20));
const settings = {
  connections: Number(values.connections),
  durationSeconds: Number(values.duration ?? (values.quick ? 3 : 10)),
  warmupSeconds: values.quick ? 1 : 2,
  lighthouseRuns: Number(values['lighthouse-runs'] ?? (values.quick ? 1 : 3)),
  /** Runs of each History, Stats and Insights figure in the browser (their median is reported). */
  browserRuns: values.quick ? 1 : 3,
  quick: values.quick,
  fullRun: !values.quick && only.size === PARTS.length,
};

const log = (line: string) => console.log(line);
const RESULTS_MD = path.join(REPO_ROOT, 'bench', 'results.md');
const RESULTS_JSON = path.join(REPO_ROOT, 'bench', 'results.json');
const README = path.join(REPO_ROOT, 'bench', 'README.md');
const README_START = '<!-- bench:summary:start -->';
const README_END = '<!-- bench:summary:end -->';

// Whatever happens, every process started here is stopped.
let stopping = false;
async function abort(reason: string, code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    console.error(reason);
    await stopEverything();
  }
  process.exit(code);
}
process.on('SIGINT', () => void abort('Interrupted: stopping everything this run started.', 130));
process.on('SIGTERM', () => void abort('Terminated: stopping everything this run started.', 143));
const timeLimit = setTimeout(
  () => void abort(`The benchmark took longer than ${timeLimitMinutes} minutes: stopped.`, 2),
  timeLimitMinutes * 60_000,
);

function git(...args: string[]): string {
  const result = spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '';
}

function osName(): string {
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    return /^PRETTY_NAME="?([^"\n]+)"?/m.exec(release)?.[1] ?? `${os.type()} ${os.release()}`;
  } catch {
    return `${os.type()} ${os.release()}`;
  }
}

async function main(): Promise<void> {
  const loadAverageStart = os.loadavg();
  log(`Load average at start: ${loadAverageStart.map((v) => v.toFixed(2)).join(' / ')}`);
  const dirty = git('status', '--porcelain') !== '';
  const results: Results = {
    machine: {
      date: new Date().toISOString(),
      cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
      cores: os.availableParallelism(),
      memoryGb: os.totalmem() / 1024 ** 3,
      os: osName(),
      node: process.versions.node,
      chromium: 'not started',
      lighthouse: await lighthouseVersion().catch(() => 'not installed'),
      commit: `${git('rev-parse', '--short', 'HEAD') || 'unknown'}${dirty ? ' (with uncommitted changes)' : ''}`,
      loadAverageStart,
      loadAverageEnd: loadAverageStart,
    },
    settings,
    errors: [],
  };

  const workDir = await mkdtemp(path.join(os.tmpdir(), 'tightlines-bench-'));
  // The pages are measured on a build of our own, so nobody's rebuild of dist/web can change it mid-run (and
  // ours does not pull dist/web from under anyone else's feet).
  const webRoot = path.join(workDir, 'web');
  let server: Started | undefined;
  try {
    if (!PARTS_NEEDING_THE_BUILD.some((part) => only.has(part))) {
      log('No part measured needs the web app: not built.');
    } else if (values['skip-build']) {
      if (!existsSync(path.join(REPO_ROOT, 'dist', 'web', 'index.html')))
        throw new Error('dist/web is not built');
      cpSync(path.join(REPO_ROOT, 'dist', 'web'), webRoot, { recursive: true });
    } else {
      log('Building the web app (vite build, into the benchmark folder)...');
      const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
      const build = spawnSync(
        process.execPath,
        [vite, 'build', '--outDir', webRoot, '--emptyOutDir', '--logLevel', 'warn'],
        { cwd: REPO_ROOT, stdio: 'inherit' },
      );
      if (build.status !== 0) throw new Error('vite build failed');
    }

    log('Seeding a fresh SQLite database...');
    const { seedMs } = await seedBenchDatabase({
      engine: 'sqlite',
      file: path.join(workDir, 'tightlines.db'),
    });
    log(`  ${Object.keys(BENCH_USERS).length} users, 10,100 catches in ${(seedMs / 1000).toFixed(1)} s`);
    // History, Stats and Insights in the browser measure the insights angler's log too.
    if (only.has('insights') || only.has('history')) {
      const insightsSeed = await seedInsightsLog(path.join(workDir, 'tightlines.db'));
      log(
        `  the insights angler: 10,000 catches in 1,000 trips in ${(insightsSeed.seedMs / 1000).toFixed(1)} s`,
      );
    }
    if (only.has('lighthouse')) {
      const file = path.join(workDir, 'tightlines.db');
      await seedInsightsLog(file, undefined, BENCH_USERS.lighthouse.username, LIGHTHOUSE_LOG);
      log(`  the Lighthouse angler: ${LIGHTHOUSE_LOG.catches} catches in ${LIGHTHOUSE_LOG.trips} trips`);
    }

    // Every server below runs as in production: the tide index built and read, the conditions jobs calling a
    // weather provider (the fake Open-Meteo, counting the calls) for the seeded catches, which wait for theirs.
    await ensureTideIndex(log);
    const weather = await startFakeWeather();

    if (only.has('api')) {
      log('npm start of the built app → first answer...');
      results.startup = await benchStartup(workDir, values.quick ? 1 : 3, log, weather.env);
    }

    if (only.has('api') || only.has('photos') || only.has('export') || only.has('insights')) {
      server = await startTightlines(workDir, undefined, weather.env);
      log(
        `  server RSS a second after it listened, before any request: ${server.rssAfterStartMb?.toFixed(0)} MB`,
      );
      results.rssAfterStartMb = await settle(server, workDir);
      log(
        `  server RSS after the conditions job's first catch (tides read): ${results.rssAfterStartMb?.toFixed(0)} MB ` +
          `(${weather.calls()} upstream calls so far)`,
      );
      if (only.has('api')) {
        log(`API (autocannon, ${settings.connections} connections, ${settings.durationSeconds} s each)...`);
        results.api = await benchApi(server, workDir, settings, log);
        log('GET /api/catches of one angler while another uploads photos...');
        results.duringUploads = await benchGetDuringUploads(server, settings, log);
        log('Where the time of GET /api/catches goes (in-process)...');
        results.breakdown = await benchBreakdown(
          workDir,
          await signIn(server.baseUrl, BENCH_USERS.reader.username),
        );
        for (const row of results.breakdown) log(`  ${row.step}: ${row.microseconds.toFixed(0)} µs`);
      }
      if (only.has('photos')) {
        log('Photos...');
        results.photos = await benchPhotos(server, values.quick ? 2 : 5, log);
      }
      if (only.has('export')) {
        log('Export and import of 10,000 catches...');
        results.exportImport = await benchExportImport(server, log);
      }
      if (only.has('insights')) {
        log('GET /api/insights at 10,000 catches / 1,000 trips (one connection)...');
        results.insights = await benchInsights(server, workDir, settings, log);
      }
      await server.stop();
      server = undefined;
    }

    if (only.has('backfill')) {
      log('Conditions backfill of an imported log of 10,000 catches (5 waters, 200 days)...');
      results.backfill = await benchBackfill(workDir, log);
    }

    if (only.has('workers')) {
      log(`WEB_CONCURRENCY 1 vs 2 on PostgreSQL (autocannon, ${settings.connections} connections)...`);
      try {
        results.workers = await benchWorkers(workDir, settings, log);
      } catch (error) {
        results.workersError = error instanceof Error ? error.message : String(error);
        log(`  could not run: ${results.workersError}`);
      }
    }

    if (only.has('frontend') || only.has('history') || only.has('lighthouse')) {
      // A fresh server process for the page measurements, so the load tests leave nothing behind.
      server = await startTightlines(workDir, webRoot, weather.env);
      if (only.has('frontend')) {
        results.chunks = chunkSizes(webRoot);
      }
      if (only.has('frontend') || only.has('history')) {
        const browser = await launchChromium();
        results.machine.chromium = browser.version();
        if (only.has('frontend')) {
          log('Initial loads...');
          results.initialLoads = await initialLoads(browser, server.baseUrl, webRoot);
          for (const load of results.initialLoads) {
            log(
              `  ${load.page}: JS ${(load.jsGzipBytes / 1024).toFixed(1)} KB gzip, ${load.requests} requests`,
            );
          }
        }
        if (only.has('history')) {
          log(
            `History, Stats and Insights at 10,000 catches / 1,000 trips (${settings.browserRuns} runs)...`,
          );
          results.history = await benchHistory(browser, server.baseUrl, settings.browserRuns, log);
        }
        await browser.close();
      }
      if (only.has('lighthouse')) {
        log(`Lighthouse (${settings.lighthouseRuns} run(s) per page)...`);
        try {
          const login = await fetch(`${server.baseUrl}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: BENCH_USERS.lighthouse.username, password: BENCH_PASSWORD }),
          });
          const cookie = login.headers.get('set-cookie')?.split(';')[0];
          results.lighthouse = await benchLighthouse(
            [
              { label: '/auth', url: `${server.baseUrl}/auth` },
              { label: 'signed-in shell (/)', url: `${server.baseUrl}/`, cookie },
            ],
            settings.lighthouseRuns,
            log,
          );
        } catch (error) {
          results.lighthouseError = error instanceof Error ? error.message : String(error);
          log(`  Lighthouse could not run: ${results.lighthouseError}`);
        }
      }
      await server.stop();
      server = undefined;
    }

    if (only.has('phone')) {
      log(
        'The phone profile (4× slower CPU, slow 4G): a 12 MP photo, then catches synced after being offline...',
      );
      server = await startTightlines(workDir, webRoot, weather.env);
      const browser = await launchChromium();
      results.machine.chromium = browser.version();
      results.phone = await benchPhone(
        browser,
        server.baseUrl,
        values.quick ? { runs: 1, catches: 10, tabs: 5 } : { runs: 3, catches: 50, tabs: 5 },
        log,
      );
      await browser.close();
      await server.stop();
      server = undefined;
    }
  } finally {
    await server?.stop();
    await stopEverything();
    await rm(workDir, { recursive: true, force: true });
  }

  results.machine.loadAverageEnd = os.loadavg();
  writeOutputs(results);
}

function writeOutputs(results: Results): void {
  // The hand-written findings (profiles: where the time and the memory go) survive every run.
  const findings = existsSync(RESULTS_MD) ? keptFindings(readFileSync(RESULTS_MD, 'utf8')) : '';
  writeFileSync(RESULTS_MD, formatWithBiome(renderResults(results, findings), 'results.md'));
  writeFileSync(RESULTS_JSON, formatWithBiome(`${JSON.stringify(results, null, 2)}\n`, 'results.json'));
  log(`Wrote ${path.relative(REPO_ROOT, RESULTS_MD)} and ${path.relative(REPO_ROOT, RESULTS_JSON)}`);
  if (!values['no-readme'] && results.settings.fullRun) updateReadme(results);
  for (const check of checkBudgets(results)) {
    log(`${check.met === null ? '–' : check.met ? 'met   ' : 'MISSED'} ${check.budget}: ${check.measured}`);
  }
}

/** Lays text out the way `npm run lint` (Biome) wants it, so a committed run keeps the lint clean. */
function formatWithBiome(text: string, fileName: string): string {
  const biome = path.join(REPO_ROOT, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
  const result = spawnSync(process.execPath, [biome, 'format', `--stdin-file-path=${fileName}`], {
    cwd: REPO_ROOT,
    input: text,
    encoding: 'utf8',
  });
  return result.status === 0 && result.stdout ? result.stdout : text;
}

function updateReadme(results: Results): void {
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) {
    log(`bench/README.md has no ${README_START} … ${README_END} markers: not updated.`);
    return;
  }
  const summary = formatWithBiome(renderReadmeSummary(results), 'summary.md');
  const updated = `${readme.slice(0, start + README_START.length)}\n${summary}${readme.slice(end)}`;
  writeFileSync(README, updated);
  log('Updated the summary table in bench/README.md');
}

try {
  if (values['from-json']) {
    // Re-render results.md (and the summary in bench/README.md) from the last run's figures, measuring nothing.
    writeOutputs(JSON.parse(readFileSync(RESULTS_JSON, 'utf8')) as Results);
  } else {
    await main();
  }
  clearTimeout(timeLimit);
} catch (error) {
  clearTimeout(timeLimit);
  await abort(
    `The benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    1,
  );
}
