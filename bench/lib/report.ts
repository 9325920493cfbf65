// Turns the figures into bench/results.md (full) and the short table kept in bench/README.md.
import type { BreakdownRow, DuringUploadsFigures, LoadFigures } from './api.ts';
import { type BackfillFigures, backfillBudgets, backfillSection } from './backfill.ts';
import type { ExportImportFigures } from './export-import.ts';
import type { ChunkSize, HistoryFigures, InitialLoad } from './frontend.ts';
import { summariseKeystrokes } from './frontend.ts';
import type { InsightsFigures } from './insights.ts';
import type { LighthouseFigures } from './lighthouse.ts';
import { type PhoneFigures, roundTripFloorMs, uploadFloorMs } from './phone.ts';
import { median, type PhotoFigures } from './photos.ts';
import type { StartupFigures } from './startup.ts';

interface Machine {
  date: string;
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  chromium: string;
  lighthouse: string;
  commit: string;
  loadAverageStart: number[];
  loadAverageEnd: number[];
}

export interface Results {
  machine: Machine;
  settings: {
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    lighthouseRuns: number;
    /** Runs of each History, Stats and Insights figure (their median is reported). */
    browserRuns?: number;
    quick: boolean;
    /** Every part measured, full durations: only such a run updates bench/README.md. */
    fullRun: boolean;
  };
  api?: LoadFigures[];
  breakdown?: BreakdownRow[];
  /** `npm start` of the built app → first answer (bench/lib/startup.ts). */
  startup?: StartupFigures;
  /** RSS of the server (process tree) after start: tide index read, conditions job running (realistic-server.ts), MB. */
  rssAfterStartMb?: number | null;
  /** GET /api/catches of one user at a steady rate, alone and while another uploads (api.ts). */
  duringUploads?: DuringUploadsFigures;
  /** GET /api/catches with WEB_CONCURRENCY 1 and 2 on PostgreSQL (bench/lib/workers.ts). */
  workers?: LoadFigures[];
  workersError?: string;
  photos?: PhotoFigures;
  chunks?: ChunkSize[];
  initialLoads?: InitialLoad[];
  lighthouse?: LighthouseFigures[];
  lighthouseError?: string;
  history?: HistoryFigures;
  /** Export and import of 10,000 catches (bench/lib/export-import.ts). */
  exportImport?: ExportImportFigures;
  /** GET /api/insights of 10,000 catches in 1,000 trips (bench/lib/insights.ts). */
  insights?: InsightsFigures;
  /** The conditions backfill of an imported 10,000-catch log (bench/lib/backfill.ts). */
  backfill?: BackfillFigures;
  /** Lighthouse's phone profile for real: a photo prepared and sent, catches synced after offline (phone.ts). */
  phone?: PhoneFigures;
  errors: string[];
}

export interface BudgetCheck {
  budget: string;
  measured: string;
  met: boolean | null;
  verdict: string;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const pct = (value: number) => `${(value * 100).toFixed(0)} %`;

/** Our performance budgets (decisions 005, 022, 023), each met or missed by how much. */
export function checkBudgets(results: Results): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const add = (budget: string, measured: string, met: boolean | null, miss: string) =>
    checks.push({ budget, measured, met, verdict: met === null ? 'not measured' : met ? 'met' : miss });

  checks.push(...frontEndBudgets(results));

  // Decision 022 ("Faster and leaner") raised decision 005's ½ and 50 ms to 0.9 and 25 ms; the speed budgets of
  // bench/README.md to 1.0 (at least the bare server's rate).
  const list = results.api?.find((item) => item.scenario.startsWith('GET /api/catches'));
  const ratioBudget = 'GET /api/catches (100) ≥ 1.0 × the bare node:http requests/s';
  const p99Budget = 'GET /api/catches (100) p99 < 25 ms';
  if (list?.ratioToCeiling !== undefined) {
    add(
      ratioBudget,
      `${pct(list.ratioToCeiling)} of the ceiling`,
      list.ratioToCeiling >= 1,
      `missed by ${((1 - list.ratioToCeiling) * 100).toFixed(0)} points`,
    );
    add(p99Budget, ms(list.p99Ms), list.p99Ms < 25, `missed by ${ms(list.p99Ms - 25)}`);
  } else {
    add(ratioBudget, '–', null, '');
    add(p99Budget, '–', null, '');
  }
  const duringBudget = 'GET /api/catches p99 while 4 uploads are processed < 50 ms';
  const during = results.duringUploads?.duringUploads;
  if (during) {
    add(
      duringBudget,
      `${ms(during.p99Ms)} (alone: ${ms(results.duringUploads?.alone.p99Ms ?? Number.NaN)})`,
      during.p99Ms < 50,
      `missed by ${ms(during.p99Ms - 50)}`,
    );
  } else add(duringBudget, '–', null, '');

  const mb = (value: number) => `${value.toFixed(0)} MB`;
  const rssBudget = (budget: string, value: number | null | undefined, limit: number) => {
    if (value === null || value === undefined || !Number.isFinite(value)) add(budget, '–', null, '');
    else add(budget, mb(value), value <= limit, `missed by ${mb(value - limit)}`);
  };
  // Each with the tide index read and the conditions job calling its (fake) provider (bench/lib/realistic-server.ts).
  rssBudget(
    'Server RSS after start (tides read, conditions job running) ≤ 150 MB',
    results.rssAfterStartMb,
    150,
  );
  const peak = (rows: (LoadFigures | undefined)[]) => {
    const values = rows.map((row) => row?.serverRssMb).filter((v): v is number => typeof v === 'number');
    return values.length > 0 ? Math.max(...values) : null;
  };
  rssBudget(
    'Server RSS peak under the API load (GET list, login, mobile-catch) ≤ 250 MB',
    peak(
      (results.api ?? []).filter(
        (row) => !row.scenario.startsWith('ceiling') && !row.scenario.includes('upload'),
      ),
    ),
    250,
  );
  rssBudget(
    'Server RSS peak with uploads ≤ 400 MB',
    peak([
      ...(results.api ?? []).filter((row) => row.scenario.includes('upload')),
      results.duringUploads?.duringUploads,
    ]),
    400,
  );

  const startBudget = '`npm start` of a built app → first answer ≤ 1 s';
  if (results.startup && results.startup.runs.length > 0) {
    const wall = median(results.startup.runs.map((run) => run.wallMs));
    const cpu = median(results.startup.runs.map((run) => run.cpuMs ?? Number.NaN));
    add(startBudget, `${ms(wall)} (CPU ${ms(cpu)})`, wall <= 1000, `missed by ${ms(wall - 1000)}`);
  } else add(startBudget, '–', null, '');

  const workersBudget = 'WEB_CONCURRENCY=2 ≥ 1.6 × WEB_CONCURRENCY=1 on GET /api/catches';
  const [oneWorker, twoWorkers] = results.workers ?? [];
  if (oneWorker && twoWorkers) {
    const speedUp = twoWorkers.requestsPerSecond / oneWorker.requestsPerSecond;
    add(
      workersBudget,
      `${speedUp.toFixed(2)} ×`,
      speedUp >= 1.6,
      `missed by ${(1.6 - speedUp).toFixed(2)} ×`,
    );
  } else add(workersBudget, '–', null, '');

  if (results.photos) {
    const accepted = median(results.photos.acceptMs);
    add(
      'A 12-megapixel JPEG accepted in < 1.5 s',
      ms(accepted),
      accepted < 1500,
      `missed by ${ms(accepted - 1500)}`,
    );
    add(
      'Thumbnail ≤ 40 KB',
      kb(results.photos.thumbBytes),
      results.photos.thumbBytes <= 40 * 1024,
      `missed by ${kb(results.photos.thumbBytes - 40 * 1024)}`,
    );
  } else {
    add('A 12-megapixel JPEG accepted in < 1.5 s', '–', null, '');
    add('Thumbnail ≤ 40 KB', '–', null, '');
  }

  // Decision 020: streamed and in batches, so the time grows with the log and the memory does not; decision 022
  // set the times. What is checked is how much a step adds to the server's RSS at rest.
  const exportBudget = 'Export of 10,000 catches (JSON, CSV, ZIP) ≤ 2 s each';
  const importBudget = 'Import of 10,000 catches ≤ 10 s each';
  const growthBudget = 'Export and import of 10,000 catches add ≤ 100 MB to the server RSS';
  if (results.exportImport) {
    const steps = results.exportImport.steps;
    const slowest = (prefix: string) =>
      Math.max(...steps.filter((step) => step.step.startsWith(prefix)).map((step) => step.ms));
    const slowestExport = slowest('GET /api/export');
    const slowestImport = slowest('POST /api/import');
    const growth = Math.max(...steps.map((step) => (step.peakRssMb ?? 0) - (step.rssBeforeMb ?? 0)));
    add(
      exportBudget,
      `slowest ${ms(slowestExport)}`,
      slowestExport <= 2000,
      `missed by ${ms(slowestExport - 2000)}`,
    );
    add(
      importBudget,
      `slowest ${ms(slowestImport)}`,
      slowestImport <= 10_000,
      `missed by ${ms(slowestImport - 10_000)}`,
    );
    add(growthBudget, `largest growth ${mb(growth)}`, growth <= 100, `missed by ${mb(growth - 100)}`);
  } else {
    add(exportBudget, '–', null, '');
    add(importBudget, '–', null, '');
    add(growthBudget, '–', null, '');
  }

  // docs/decisions/044-insights.md: the whole log is read and measured on every request.
  const insightsBudget = 'GET /api/insights at 10,000 catches / 1,000 trips p99 ≤ 50 ms';
  const insights = results.insights?.load;
  if (insights) {
    add(insightsBudget, ms(insights.p99Ms), insights.p99Ms <= 50, `missed by ${ms(insights.p99Ms - 50)}`);
  } else add(insightsBudget, '–', null, '');
  checks.push(...backfillBudgets(results.backfill));
  checks.push(...phoneBudgets(results.phone));
  return checks;
}

function budgetTable(checks: BudgetCheck[]): string[] {
  return [
    '| budget | measured | verdict |',
    '|---|---|---|',
    ...checks.map(
      (c) =>
        `| ${c.budget} | ${c.measured} | ${c.met === null ? '–' : c.met ? '✅ met' : `❌ ${c.verdict}`} |`,
    ),
  ];
}

function apiTable(api: LoadFigures[]): string[] {
  return [
    '| scenario | requests/s | p50 | p99 | errors | server RSS (peak) | vs ceiling |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...api.map(
      (row) =>
        `| ${row.scenario} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50Ms} ms | ${row.p99Ms} ms | ${row.errors} | ` +
        `${row.serverRssMb === null ? '–' : `${row.serverRssMb.toFixed(0)} MB`} | ` +
        `${row.ratioToCeiling === undefined ? '' : pct(row.ratioToCeiling)} |`,
    ),
  ];
}

function machineLines(machine: Machine): string[] {
  return [
    `- Date: ${machine.date}`,
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb.toFixed(0)} GB RAM, ${machine.os}`,
    `- Node ${machine.node}, Chromium ${machine.chromium}, Lighthouse ${machine.lighthouse}`,
    `- Commit: ${machine.commit}`,
    `- Load average at start: ${machine.loadAverageStart.map((v) => v.toFixed(2)).join(' / ')} (1 / 5 / 15 min); ` +
      `at the end: ${machine.loadAverageEnd.map((v) => v.toFixed(2)).join(' / ')}`,
  ];
}

/** Why each missed budget was missed, from the figures of the run. */
function explainMisses(results: Results): string[] {
  const notes: string[] = [];
  const shell = results.initialLoads?.find((load) => load.page.startsWith('signed-in'));
  for (const check of checkBudgets(results)) {
    if (check.met !== false) continue;
    if (check.budget.startsWith('Initial JS') && shell) {
      const sizes = new Map((results.chunks ?? []).map((c) => [c.file.replace('assets/', ''), c.gzipBytes]));
      const biggest = [...shell.scripts]
        .sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0))
        .slice(0, 4)
        .map((name) => `${name} ${kb(sizes.get(name) ?? 0)}`);
      notes.push(
        `${check.budget}: ${check.verdict}. The first screen of the shell requests ${shell.scripts.length} scripts; ` +
          `the largest: ${biggest.join(', ')}. Whatever the shell imports eagerly (and the Log form it opens on) ` +
          'counts; moving code behind the tabs and pages that need it is the lever.',
      );
    } else if (check.budget.startsWith('Lighthouse')) {
      const label =
        results.lighthouse?.find((item) => check.budget.includes(` on ${item.page}:`))?.page ?? '';
      const page = results.lighthouse?.find((item) => item.page === label)?.median;
      const load = results.initialLoads?.find((item) => item.page === label);
      notes.push(
        `${check.budget}: ${check.verdict}. Under the mobile preset (simulated slow 4G, 4× slower CPU) the page ` +
          `paints first at ${page ? ms(page.fcpMs) : '?'} and fully at ${page ? ms(page.lcpMs) : '?'} (LCP), ` +
          `blocked for ${page ? ms(page.tbtMs) : '?'} (TBT): its first screen waits until ` +
          `${load ? `${kb(load.jsGzipBytes)} of JS in ${load.scripts.length} scripts` : 'its scripts'} have ` +
          'arrived and run (before that only the loading spinner of index.html shows). Lighthouse does not scale ' +
          "its 4× CPU slowdown to the machine: a busy machine's slower tasks cost points too.",
      );
    } else if (check.budget.startsWith('GET /api/catches p99 while')) {
      notes.push(
        `${check.budget}: ${check.verdict}. The uploads' decoding and encoding run beside the event loop and ` +
          'share its 2 cores (with autocannon, on the same cores): see the section on where the time and the ' +
          'memory go.',
      );
    } else if (check.budget.startsWith('Server RSS') || check.budget.startsWith('`npm start`')) {
      notes.push(
        `${check.budget}: ${check.verdict}. What holds the memory and the start-up time: the section on where ` +
          'the time and the memory go.',
      );
    } else if (check.budget.startsWith('WEB_CONCURRENCY')) {
      notes.push(
        `${check.budget}: ${check.verdict}. Two workers on 2 cores share them with autocannon and PostgreSQL, ` +
          'which take a core between them at this load: a second worker has at most what they leave.',
      );
    } else if (check.budget.startsWith('GET /api/catches')) {
      const step = (prefix: string) =>
        results.breakdown?.find((row) => row.step.startsWith(prefix))?.microseconds.toFixed(0) ?? '?';
      notes.push(
        `${check.budget}: ${check.verdict}. The ceiling serialises the same catches on every request ` +
          `(${step('JSON')} µs); a request of ours sends the cached JSON and costs ${step('the whole')} µs through ` +
          `Fastify without a socket: the session lookup (${step('session')} µs), the list's version, Fastify's ` +
          'hooks and the headers. Both share the 2 cores with autocannon, so what else the machine runs moves p99 ' +
          'most: compare the load average. The section on where the time and the memory go breaks a request down.',
      );
    } else if ((check.budget.startsWith('History') || check.budget.startsWith('Stats')) && results.history) {
      notes.push(
        `${check.budget}: ${check.verdict}. Measured without CPU throttling on this machine, from navigation ` +
          `start: History's list shows the newest catches first (they arrived at ${ms(results.history.newestArrivedMs)} ` +
          `in this run), the Stats view waits for all ${results.history.catches.toLocaleString('en-US')} ` +
          `(${ms(results.history.catchesArrivedMs)}), then for the page's own work; a keystroke filters the sorted ` +
          'list and renders the cards in view. See "Front end: where it goes".',
      );
    } else {
      notes.push(`${check.budget}: ${check.verdict} (measured ${check.measured}).`);
    }
  }
  return notes;
}

/**
 * The hand-written findings in bench/results.md (decisions 022 and 023: where the server's and the front end's time and memory
 * go), each between its markers, which every run carries over unchanged.
 */
const KEPT_SECTIONS = [
  {
    start: '<!-- findings:start (hand-written; npm run bench keeps this section) -->',
    end: '<!-- findings:end -->',
  },
  { start: '<!-- frontend-findings:start -->', end: '<!-- frontend-findings:end -->' },
] as const;

/** The hand-written sections of a previous results.md, markers included, or '' when it has none. */
export function keptFindings(previous: string): string {
  return KEPT_SECTIONS.flatMap(({ start, end }) => {
    const from = previous.indexOf(start);
    const to = previous.indexOf(end);
    return from >= 0 && to > from ? [previous.slice(from, to + end.length)] : [];
  }).join('\n\n');
}

export function renderResults(results: Results, findings = ''): string {
  const notes: string[] = [];
  const load = results.machine.loadAverageStart[0];
  if (load !== undefined && load > 0.5) {
    notes.push(
      `The machine was busy at the start (load average ${load.toFixed(2)} on ${results.machine.cores} cores): ` +
        'these figures are indicative; run again on a quiet machine to compare.',
    );
  }
  notes.push(...explainMisses(results));
  if (results.settings.quick)
    notes.push('A --quick run (short durations, fewer repetitions): for trying the script only.');
  const { settings } = results;
  const lines: string[] = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts); each run replaces this file. bench/README.md keeps the summary.',
    '',
    ...machineLines(results.machine),
    '',
    '## Budgets',
    '',
    ...budgetTable(checkBudgets(results)),
    '',
  ];

  if (results.api) {
    lines.push(
      '## API',
      '',
      `autocannon, ${settings.connections} connections, ${settings.durationSeconds} s per scenario after a ` +
        `${settings.warmupSeconds} s warm-up, on loopback (127.0.0.1), against the real server process ` +
        '(`node server/main.ts`, SQLite, LOG_LEVEL=warn, RATE_LIMIT_GLOBAL_PER_MINUTE=0). The load generator runs ' +
        'on the same 2 cores. Errors = connection errors + timeouts + non-2xx answers. No Accept-Encoding is sent, ' +
        'so neither server compresses.',
      '',
      ...apiTable(results.api),
      '',
      ...results.api.filter((row) => row.note).map((row) => `- ${row.scenario}: ${row.note}.`),
      '',
    );
  }
  if (results.breakdown) {
    lines.push(
      'Where the time of one GET /api/catches goes (measured in the benchmark process on the same database, ' +
        'averaged over 2,000 calls while the server is idle):',
      '',
      '| step | time per request |',
      '|---|---:|',
      ...results.breakdown.map((row) => `| ${row.step} | ${row.microseconds.toFixed(0)} µs |`),
      '',
    );
  }

  if (results.duringUploads) {
    const d = results.duringUploads;
    lines.push(
      '### Other anglers while photos are processed',
      '',
      'One angler lists their 100 catches at a steady rate (not as fast as possible: the question is how long ' +
        'someone else waits), first alone, then while another angler uploads 1600×1200 JPEGs over 4 connections ' +
        'back to back. Server RSS: the peak of each step (the uploads step includes 5 s after the window, while ' +
        'the last uploads finish).',
      '',
      ...apiTable([d.alone, d.duringUploads, d.uploads]),
      '',
    );
  }

  if (results.startup || results.rssAfterStartMb !== undefined) {
    lines.push('## Server start', '');
    if (results.rssAfterStartMb !== undefined) {
      lines.push(
        `Server RSS after start, before any request, a second after the conditions job finished its first ` +
          `catch (its tide read the station index, its weather came from the provider): ` +
          `${results.rssAfterStartMb?.toFixed(0) ?? '?'} MB ` +
          '(every RSS figure here is the server process plus any process it started, each server with the tide ' +
          'index built and the conditions jobs filling the seeded catches from the fake Open-Meteo).',
        '',
      );
    }
    if (results.startup) {
      const st = results.startup;
      lines.push(
        '`npm start` of the built app (npm, scripts/start.ts checking the build and the indexes, the server on SQLite, ' +
          'its conditions jobs calling the fake Open-Meteo) until ' +
          `GET /api/user answers; one start not counted before these; load average ${st.loadAverage.toFixed(2)} ` +
          'when they began. CPU = user + system time of the whole process tree by the first answer: it hardly ' +
          'depends on what else the machine runs, the wall clock does.' +
          (st.rebuiltFirst
            ? ' The uncounted first start rebuilt dist/web (it was older than its sources).'
            : ''),
        '',
        '| run | first answer | CPU | RSS (npm + server) |',
        '|---|---:|---:|---:|',
        ...st.runs.map(
          (run, i) =>
            `| ${i + 1} | ${ms(run.wallMs)} | ${run.cpuMs === null ? '?' : ms(run.cpuMs)} | ${run.rssMb?.toFixed(0) ?? '?'} MB |`,
        ),
        '',
      );
    }
  }

  if (results.workers || results.workersError) {
    lines.push('## Workers (WEB_CONCURRENCY)', '');
    if (results.workers) {
      lines.push(
        'GET /api/catches for the same user (100 catches) against the real server on a fresh PostgreSQL database, ' +
          'with one worker and with two (node:cluster), one after the other in this run, same load as above. ' +
          'RSS with workers: the primary and its workers together.',
        '',
        ...apiTable(results.workers),
        '',
      );
    } else {
      lines.push(`Not measured: ${results.workersError}.`, '');
    }
  }

  if (results.photos) {
    const p = results.photos;
    lines.push(
      '## Photos',
      '',
      '| what | figure |',
      '|---|---|',
      `| input | ${p.width}×${p.height} JPEG (${((p.width * p.height) / 1e6).toFixed(0)} MP), ${(p.inputBytes / 1e6).toFixed(1)} MB |`,
      `| upload → 201 over loopback (median of ${p.acceptMs.length}) | ${ms(median(p.acceptMs))} (runs: ${p.acceptMs.map((v) => v.toFixed(0)).join(', ')} ms) |`,
      `| image pipeline alone (median) | ${ms(median(p.pipelineMs))} |`,
      `| stored photo | WebP ${p.fullWidth}×${p.fullHeight}, ${kb(p.fullBytes)} |`,
      `| thumbnail | WebP ${p.thumbWidth}×${p.thumbHeight}, ${kb(p.thumbBytes)} |`,
      '',
    );
  }

  if (results.exportImport) {
    lines.push(
      `## Export and import (${results.exportImport.catches.toLocaleString('en-US')} catches)`,
      '',
      "Over loopback, the whole body sent or received; the server process's RSS before each step and its peak during it.",
      '',
      '| step | time | file | answer | RSS before → peak |',
      '|---|---:|---:|---|---:|',
      ...results.exportImport.steps.map(
        (step) =>
          `| ${step.step} | ${ms(step.ms)} | ${(step.bytes / 1024 / 1024).toFixed(1)} MB | ${step.summary ?? ''} | ` +
          `${step.rssBeforeMb?.toFixed(0) ?? '?'} → ${step.peakRssMb?.toFixed(0) ?? '?'} MB |`,
      ),
      '',
    );
  }

  lines.push(...backfillSection(results.backfill));

  if (results.insights) {
    const i = results.insights;
    lines.push(
      '## Insights (10,000 catches, 1,000 trips)',
      '',
      `autocannon, one connection, ${settings.durationSeconds} s after a ${settings.warmupSeconds} s warm-up, ` +
        `against the same server: one angler asking the same question again and again, each request reading the ` +
        `catches' version and the trips to know the log has not changed ` +
        `(${i.catches.toLocaleString('en-US')} fish, ${i.hoursFished.toLocaleString('en-US')} hours fished, ` +
        `${kb(i.answerBytes)} JSON per answer).`,
      '',
      ...apiTable(i.stats ? [i.load, i.stats] : [i.load]),
      '',
      `Those are answers kept since the log last changed (server/insights/insight-answers.ts; Stats' in ` +
        `server/stats/stats.routes.ts). A question not ` +
        `asked before about the same log (${i.newQuestionMs.length} in a row, each a new range of days; the ` +
        `catches kept read, filtered and measured again): median ` +
        `${ms(median(i.newQuestionMs))}, slowest ${ms(Math.max(...i.newQuestionMs))}.`,
      '',
      'Where the time of one answer goes (measured in the benchmark process on the same database, averaged over ' +
        '30 calls while the server is idle):',
      '',
      '| step | time per request |',
      '|---|---:|',
      ...i.breakdown.map((row) => `| ${row.step} | ${row.microseconds.toFixed(0)} µs |`),
      '',
    );
  }

  if (results.initialLoads || results.chunks) {
    lines.push('## Front end', '');
    if (results.initialLoads) {
      lines.push(
        'A first visit in a phone-sized Chromium window (service worker blocked), sized as gzip (level 6). ' +
          'Initial = everything requested until the screen is usable (the /auth form, or the shell with its Log ' +
          'form); what the app then prefetches while idle (other tabs, for offline use) is listed apart.',
        '',
        '| page | initial JS (gzip) | CSS (gzip) | initial total (gzip) | requests | prefetched after (JS gzip) |',
        '|---|---:|---:|---:|---:|---:|',
        ...results.initialLoads.map(
          (load) =>
            `| ${load.page} | ${kb(load.jsGzipBytes)} | ${kb(load.cssGzipBytes)} | ${kb(load.totalGzipBytes)} | ` +
            `${load.requests} | ${kb(load.prefetchedJsGzipBytes)} |`,
        ),
        '',
        ...results.initialLoads.flatMap((load) => [
          `- ${load.page}, initial scripts: ${load.scripts.join(', ')}`,
          `- ${load.page}, prefetched after: ${load.prefetchedScripts.join(', ') || 'none'}`,
        ]),
        '',
      );
    }
    if (results.chunks) {
      lines.push(
        '<details><summary>Every chunk of the build</summary>',
        '',
        '| file | size | gzip |',
        '|---|---:|---:|',
        ...results.chunks.map((chunk) => `| ${chunk.file} | ${kb(chunk.bytes)} | ${kb(chunk.gzipBytes)} |`),
        `| **all JS and CSS** | ${kb(results.chunks.reduce((s, c) => s + c.bytes, 0))} | ${kb(results.chunks.reduce((s, c) => s + c.gzipBytes, 0))} |`,
        '',
        '</details>',
        '',
      );
    }
  }

  if (results.lighthouse || results.lighthouseError) {
    lines.push('## Lighthouse', '');
    if (results.lighthouseError) {
      lines.push(`Lighthouse could not run: ${results.lighthouseError}`, '');
    }
    if (results.lighthouse) {
      lines.push(
        `Lighthouse ${results.machine.lighthouse}, Node API, Debian Chromium headless, default (mobile) preset with ` +
          `simulated throttling; ${settings.lighthouseRuns} run(s) per page, the run with the median performance ` +
          'score shown (accessibility and best practices: median). The signed-in screens are those of an angler ' +
          'with 300 catches in 60 trips (bench/lib/insights.ts); Tools is audited with geolocation granted in ' +
          'Boston Harbor, for its Tides and Today cards.',
        '',
        '| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | Speed Index | all runs (perf) |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
        ...results.lighthouse.map(
          ({ page, median: m, runs }) =>
            `| ${page} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${ms(m.fcpMs)} | ${ms(m.lcpMs)} | ` +
            `${ms(m.tbtMs)} | ${m.cls.toFixed(3)} | ${ms(m.speedIndexMs)} | ${runs.map((r) => r.performance).join(', ')} |`,
        ),
        '',
      );
      const failing = results.lighthouse.flatMap(({ page, median: m }) =>
        m.failing.map((f) => `- ${page}: ${f}`),
      );
      if (failing.length > 0) lines.push('Audits below 0.9 (median run):', '', ...failing, '');
      const cards = results.lighthouse.flatMap(({ page, runs }) =>
        runs.some((run) => run.cards)
          ? [`- ${page}: ${runs.map((run) => (run.cards ?? []).join(', ') || 'none').join(' | ')}`]
          : [],
      );
      if (cards.length > 0) lines.push('Cards on screen at the end of each run:', '', ...cards, '');
    }
  }

  if (results.history) {
    const h = results.history;
    const { median: typical, max } = summariseKeystrokes(h);
    const runs = h.runs ?? 1;
    lines.push(
      '## History, Stats and Insights with 10,000 catches',
      '',
      `Phone-sized Chromium window, no CPU throttling, each view opened directly, ${runs} run(s) each in a fresh ` +
        'window: every figure is the median of the runs. The angler is the insights one: 10,000 catches with their ' +
        'conditions in 1,000 trips with their effort (bench/lib/insights.ts). Performance marks taken in the page ' +
        '(a MutationObserver marks the first card; a keystroke is timed from its keydown timestamp until React has ' +
        'committed the filtered list and the next frame has been painted). The whole list is usable once it is ' +
        'painted (all the catches, no longer the newest alone) and the main thread is free to answer a keystroke ' +
        'or a scroll: the later of that paint and the end of the last long task that started before it. A ' +
        'returning visit opens the page again in the same window once the kept cache (IndexedDB) holds what the ' +
        'first showed: it paints from that cache, then revalidates.',
      '',
      '| what | figure |',
      '|---|---|',
      `| the newest catches received (\`?limit=20\`, shown while the whole list loads) | ${ms(h.newestArrivedMs)} after navigation start |`,
      `| the whole list's JSON received (${(h.catchesJsonBytes / 1e6).toFixed(1)} MB decoded) | ${ms(h.catchesArrivedMs)} |`,
      `| first catch card in the DOM | ${ms(h.firstCardMs)} |`,
      `| first card painted (time to first render) | ${ms(h.firstCardPaintedMs)} |`,
      `| the whole list on screen (searchable; painted) | ${ms(h.wholeListPaintedMs)} |`,
      `| the whole list usable (painted, main thread free) | ${h.usableMs === undefined ? '–' : ms(h.usableMs)} |`,
      `| cards rendered at first (the list grows as you scroll) | ${h.cardsRendered} |`,
      `| keystroke → filtered list painted, typing '${h.query}' | median ${ms(typical)}, worst ${ms(max)} (median of each run's worst; each: ${h.keystrokeMs.map((v) => v.toFixed(0)).join(', ')} ms) |`,
      `| clearing the search (all 10,000 back) | ${ms(h.clearMs)} |`,
      ...viewRows('Stats (totals)', h.stats),
      ...viewRows('Insights (summary)', h.insights),
      `| returning visit: History list, first card painted | ${h.returningFirstCardMs === undefined ? '–' : ms(h.returningFirstCardMs)} |`,
      '',
    );
  }

  lines.push(...frontEndDetails(results));
  if (results.phone) lines.push(...phoneSection(results.phone));

  if (notes.length > 0 || results.errors.length > 0) {
    lines.push(
      '## Notes',
      '',
      ...notes.map((note) => `- ${note}`),
      ...results.errors.map((e) => `- Error: ${e}`),
      '',
    );
  }
  if (findings) lines.push(findings, '');
  return `${lines.join('\n')}\n`;
}

/** The History section's rows of a view opened directly: first visit and returning visit. */
function viewRows(label: string, view: HistoryFigures['stats']): string[] {
  if (!view) return [];
  return [
    `| ${label}: first render painted (first visit; the catches arrived at ${ms(view.catchesArrivedMs)}) | ${ms(view.firstRenderPaintedMs)} |`,
    `| returning visit: ${label} painted | ${view.returningPaintedMs === undefined ? '–' : ms(view.returningPaintedMs)} |`,
  ];
}

/** The short version for bench/README.md, beside results.md (hence the relative link). */
export function renderReadmeSummary(results: Results): string {
  const lines = [
    `Latest \`npm run bench\` (${results.machine.date.slice(0, 10)}, ${results.machine.cores} cores, load average ` +
      `${results.machine.loadAverageStart[0]?.toFixed(2)} at start; full figures in [results.md](results.md)):`,
    '',
    ...budgetTable(checkBudgets(results)),
    '',
  ];
  if (results.api) lines.push(...apiTable(results.api), '');
  return lines.join('\n');
}

// ---- Front end (decision 023): its budgets, and where the time and bytes go ----

/** Decision 023's budgets for the web app: initial JS, Lighthouse on each screen, History and Stats at 10,000. */
function frontEndBudgets(results: Results): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const add = (budget: string, measured: string, met: boolean | null, miss: string) =>
    checks.push({ budget, measured, met, verdict: met === null ? 'not measured' : met ? 'met' : miss });

  const initialBudget = 'Initial JS of the signed-in shell ≤ 100 KB gzip';
  const shell = results.initialLoads?.find((load) => load.page.startsWith('signed-in'));
  if (shell) {
    const limit = 100 * 1024;
    add(
      initialBudget,
      kb(shell.jsGzipBytes),
      shell.jsGzipBytes <= limit,
      `missed by ${kb(shell.jsGzipBytes - limit)}`,
    );
  } else add(initialBudget, '–', null, '');

  for (const page of results.lighthouse ?? []) {
    const { performance, accessibility, bestPractices } = page.median;
    const misses = [
      performance < 98 ? `performance by ${98 - performance}` : '',
      accessibility < 100 ? `accessibility by ${100 - accessibility}` : '',
      bestPractices < 96 ? `best practices by ${96 - bestPractices}` : '',
    ].filter(Boolean);
    add(
      `Lighthouse mobile on ${page.page}: performance ≥ 98, accessibility 100, best practices ≥ 96`,
      `${performance} / ${accessibility} / ${bestPractices}`,
      misses.length === 0,
      `missed ${misses.join(', ')} points`,
    );
  }
  if (!results.lighthouse)
    add('Lighthouse mobile on each screen: performance ≥ 98, accessibility 100', '–', null, '');

  const history = results.history;
  const firstBudget =
    'History, 10,000 catches with conditions, first visit: first card painted ≤ 300 ms, whole list usable ≤ 600 ms';
  const returningBudget = 'History list, Stats and Insights, returning visit: first paint ≤ 150 ms each';
  const keyBudget = 'History, 10,000 catches: search keystroke median ≤ 16 ms, worst ≤ 50 ms';
  const statsBudget = 'Stats and Insights, 10,000 catches and 1,000 trips: first render ≤ 300 ms each';
  if (history) {
    const usable = history.usableMs ?? Number.NaN;
    add(
      firstBudget,
      `${ms(history.firstCardPaintedMs)} / ${ms(usable)}`,
      history.firstCardPaintedMs <= 300 && usable <= 600,
      overBy([
        ['first card', history.firstCardPaintedMs, 300],
        ['whole list', usable, 600],
      ]),
    );
    // Several figures under one budget: each named, all within their limit to meet it.
    const addEach = (budget: string, figures: Array<[string, number, number]>) =>
      add(
        budget,
        figures.map(([what, value]) => `${what} ${ms(value)}`).join(', '),
        figures.every(([, value, limit]) => value <= limit),
        overBy(figures),
      );
    addEach(returningBudget, [
      ['list', history.returningFirstCardMs ?? Number.NaN, 150],
      ['Stats', history.stats?.returningPaintedMs ?? Number.NaN, 150],
      ['Insights', history.insights?.returningPaintedMs ?? Number.NaN, 150],
    ]);
    const { median: typical, max } = summariseKeystrokes(history);
    add(
      keyBudget,
      `median ${ms(typical)}, worst ${ms(max)}`,
      typical <= 16 && max <= 50,
      typical > 16 ? `missed by ${ms(typical - 16)} (median)` : `missed by ${ms(max - 50)} (worst)`,
    );
    addEach(statsBudget, [
      ['Stats', history.stats?.firstRenderPaintedMs ?? Number.NaN, 300],
      ['Insights', history.insights?.firstRenderPaintedMs ?? Number.NaN, 300],
    ]);
  } else {
    add(firstBudget, '–', null, '');
    add(returningBudget, '–', null, '');
    add(keyBudget, '–', null, '');
    add(statsBudget, '–', null, '');
  }
  return checks;
}

/** 'missed by 120 ms (list), 30 ms (Stats)': each figure over its limit (a figure not measured counts as missed). */
function overBy(figures: Array<[string, number, number]>): string {
  const over = figures
    .filter(([, value, limit]) => !(value <= limit))
    .map(([what, value, limit]) =>
      Number.isNaN(value) ? `${what} not measured` : `${ms(value - limit)} (${what})`,
    );
  return `missed by ${over.join(', ')}`;
}

/** What Lighthouse blamed on each screen, and the History and Stats figures' long tasks. */
function frontEndDetails(results: Results): string[] {
  const lines: string[] = [];
  if (results.lighthouse?.some((page) => page.median.lcpPhases || page.median.unusedJs)) {
    lines.push(
      '## Front end: where it goes',
      '',
      "What Lighthouse blames in each screen's median run. The LCP element and its phases come from the " +
        'observed (unthrottled) trace, the scores from the simulated slow 4G and 4× slower CPU; unused = bytes ' +
        'of a script that did not run during the load.',
      '',
      '| screen | LCP element | LCP phases (observed) | long tasks (simulated) | most unused JS |',
      '|---|---|---|---|---|',
      ...results.lighthouse.map(({ page, median: m }) => {
        const phases = Object.entries(m.lcpPhases ?? {})
          .map(([phase, value]) => `${phase} ${value} ms`)
          .join(', ');
        const unused = (m.unusedJs ?? [])
          .slice(0, 3)
          .map((row) => `${row.url.replace('/assets/', '')} ${kb(row.wastedBytes)} of ${kb(row.totalBytes)}`)
          .join('; ');
        const element = (m.lcpElement ?? '–')
          .replace(/\|/g, '\\|')
          .replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'));
        return `| ${page} | ${element} | ${phases || '–'} | ${m.longTasks ?? '–'} (${ms(m.longTasksMs ?? 0)}) | ${unused || '–'} |`;
      }),
      '',
    );
  }
  const h = results.history;
  if (h?.firstRenderLongTasks !== undefined) {
    lines.push(
      "Long tasks (over 50 ms) in the History measurements, a figure the machine's load disturbs less than times:",
      '',
      '| what | long tasks |',
      '|---|---|',
      `| History first render (navigation → first card painted) | ${h.firstRenderLongTasks}, ${ms(h.firstRenderLongTasksMs ?? 0)} in all |`,
      `| each keystroke (ms of long tasks) | ${(h.keystrokeLongTasksMs ?? []).map((v) => v.toFixed(0)).join(', ')} |`,
      ...(h.stats
        ? [
            `| Stats first render (navigation → totals painted; catches arrived at ${ms(h.stats.catchesArrivedMs)}) | ${h.stats.firstRenderLongTasks}, ${ms(h.stats.firstRenderLongTasksMs)} in all |`,
          ]
        : []),
      ...(h.insights
        ? [
            `| Insights first render (navigation → summary painted) | ${h.insights.firstRenderLongTasks}, ${ms(h.insights.firstRenderLongTasksMs)} in all |`,
          ]
        : []),
      '',
    );
  }
  return lines;
}

// ---- The phone profile (bench/lib/phone.ts): a photo prepared on the phone, catches synced after offline ----

/** Usable: a tab switch and a keystroke answer within RAIL's 100 ms (medians) while the outbox syncs. */
const USABLE_MS = 100;

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

/** The median sync of the runs, null when a run never finished. */
function medianSyncMs(phone: PhoneFigures): number | null {
  const times = phone.syncRuns.map((run) => run.syncedMs);
  return times.every((t): t is number => t !== null) ? median(times) : null;
}

function phoneBudgets(phone: PhoneFigures | undefined): BudgetCheck[] {
  const photoBudget = 'A 12 MP phone photo on the phone profile: bytes sent ≤ 600 KB / prepared ≤ 1.5 s';
  const catches = phone?.syncRuns[0]?.catches ?? 50;
  const syncBudget =
    `${catches} catches with photos queued offline, back on slow 4G: all synced ≤ 30 s, ` +
    `the app usable meanwhile (tab switch and keystroke medians ≤ ${USABLE_MS} ms)`;
  if (!phone) {
    return [
      { budget: photoBudget, measured: '–', met: null, verdict: 'not measured' },
      { budget: syncBudget, measured: '–', met: null, verdict: 'not measured' },
    ];
  }
  const sent = median(phone.photo.sentBytes);
  const prepared = median(phone.photo.preparedMs);
  const photoMisses = [
    sent > 600 * 1024 ? `bytes by ${kb(sent - 600 * 1024)}` : '',
    prepared > 1500 ? `time by ${ms(prepared - 1500)}` : '',
  ].filter(Boolean);
  const synced = medianSyncMs(phone);
  const runs = phone.syncRuns;
  const exact = runs.every(
    (run) =>
      run.serverCatches === run.catches &&
      run.distinctCatches === run.catches &&
      run.withPhoto === run.catches,
  );
  const tabs = median(runs.flatMap((run) => run.tabSwitchMs));
  const keys = median(runs.flatMap((run) => run.keystrokeMs));
  const syncMisses = [
    synced === null
      ? 'not all synced within the limit'
      : synced > 30_000
        ? `time by ${seconds(synced - 30_000)}`
        : '',
    exact ? '' : 'catches lost or doubled',
    tabs > USABLE_MS ? `tab switch by ${ms(tabs - USABLE_MS)}` : '',
    keys > USABLE_MS ? `keystroke by ${ms(keys - USABLE_MS)}` : '',
  ].filter(Boolean);
  return [
    {
      budget: photoBudget,
      measured: `${kb(sent)} / ${ms(prepared)}`,
      met: photoMisses.length === 0,
      verdict: photoMisses.length === 0 ? 'met' : `missed ${photoMisses.join(', ')}`,
    },
    {
      budget: syncBudget,
      measured:
        `${synced === null ? 'unfinished' : seconds(synced)} (slow-4G floor ${seconds(syncFloorMs(phone))}); ` +
        `tab switch ${ms(tabs)}, keystroke ${ms(keys)}`,
      met: syncMisses.length === 0,
      verdict: syncMisses.length === 0 ? 'met' : `missed ${syncMisses.join(', ')}`,
    },
  ];
}

/** What the sync cannot beat on slow 4G: every photo's bytes at the upload throughput, plus the round trips no lane hides. */
function syncFloorMs(phone: PhoneFigures): number {
  const run = phone.syncRuns[0];
  if (!run) return Number.NaN;
  return uploadFloorMs(run.bytesPerPhoto * run.catches) + roundTripFloorMs(run.catches);
}

function phoneSection(phone: PhoneFigures): string[] {
  const { profile, photo } = phone;
  const lines = [
    '## The phone profile',
    '',
    `Lighthouse's mobile profile applied for real in Chromium (DevTools protocol): CPU ${profile.cpuSlowdown}× slower, ` +
      `${profile.latencyMs} ms latency, ${(profile.downloadKbps / 1024).toFixed(2)} Mbps down, ` +
      `${profile.uploadKbps} Kbps up (slow 4G with Lighthouse's DevTools factors); the built app from the real server, ` +
      `load average ${phone.loadAverageStart.toFixed(2)} when the part began. Service workers blocked: the ` +
      'on-demand photo code is fetched by one unmeasured pick first, as an installed app has it cached.',
    '',
    `A ${photo.width}×${photo.height} photo-like JPEG (${(photo.inputBytes / 1e6).toFixed(1)} MB) chosen in the Log form, ` +
      "then saved: the time from the file input's change event to the end of the app's 'photo prepared' measure, " +
      'and the body of the POST /api/upload it sent.',
    '',
    '| run | choose → prepared | upload body | upload on slow 4G |',
    '|---|---:|---:|---:|',
    ...photo.preparedMs.map(
      (value, i) =>
        `| ${i + 1} | ${ms(value)} | ${kb(photo.sentBytes[i] ?? Number.NaN)} | ${ms(photo.uploadMs[i] ?? Number.NaN)} |`,
    ),
    '',
  ];
  const run = phone.syncRuns[0];
  if (!run) return lines;
  lines.push(
    `${run.catches} catches with the same photo logged through the Log form offline (${run.tabs} tabs side by side, ` +
      "each shows 'Catch Logged!' for 3 s; CPU not throttled while logging), then one tab left and the network " +
      'back on the phone profile: the time until GET /api/catches (polled from the benchmark every 250 ms) holds ' +
      'every catch with its photo, counted again 2 s later. Meanwhile, every 2 s: History tapped and Log tapped ' +
      '(mousedown → the panel shown and painted), a letter typed in the fish type (keydown → painted).',
    '',
    '| run | load avg | logged in | every catch in (photos still going) | synced in | on the server (distinct, with photo) | photo sent | long tasks (longest) | tab switch median / worst | keystroke median / worst |',
    '|---|---:|---:|---:|---:|---|---:|---|---|---|',
    ...phone.syncRuns.map(
      (r, i) =>
        `| ${i + 1} | ${r.loadAverage.toFixed(2)} | ${r.logSeconds.toFixed(0)} s | ` +
        `${r.catchesMs === null || r.catchesMs === undefined ? '–' : seconds(r.catchesMs)} | ${r.syncedMs === null ? `> ${seconds(r.limitMs)}` : seconds(r.syncedMs)} | ` +
        `${r.serverCatches} (${r.distinctCatches}, ${r.withPhoto}) | ${kb(r.bytesPerPhoto)} × ${r.uploads} | ` +
        `${r.longTasks}, ${ms(r.longTasksMs)} (${ms(r.longestTaskMs)}) | ${ms(median(r.tabSwitchMs))} / ${ms(Math.max(...r.tabSwitchMs))} | ` +
        `${ms(median(r.keystrokeMs))} / ${ms(Math.max(...r.keystrokeMs))} |`,
    ),
    '',
    ...phone.syncRuns.map(
      (r, i) =>
        `- Run ${i + 1}, where the time went: the first request ${ms(r.firstRequestMs)} after the network came back; ` +
        `${r.requests.map((q) => `${q.what} × ${q.count}, ${seconds(q.totalMs)}`).join('; ')} (each request from its start to the end of its answer).`,
    ),
    '',
    `The floor on slow 4G: ${run.catches} photos × ${kb(run.bytesPerPhoto)} at ${profile.uploadKbps} Kbps = ` +
      `${seconds(uploadFloorMs(run.bytesPerPhoto * run.catches))}, plus three round trips per catch (the catch, ` +
      `its photo's upload, the photo set on it), three requests at a time (⌈${run.catches} / 3⌉ × 3 × ` +
      `${profile.latencyMs} ms = ${seconds(roundTripFloorMs(run.catches))}): ` +
      `${seconds(syncFloorMs(phone))}.`,
    '',
  );
  return lines;
}
