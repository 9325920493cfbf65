/**
 * Decision 012's big lists, measured from outside: one account with 10,000 catches carrying 5 KB notes, 24 parallel
 * GET /api/catches for it, and meanwhile another angler's small history, requested over and over. Prints the
 * server's peak RSS (ps, every 50 ms) and the other angler's latency.
 *
 * Start a server first, with its own data and no global limit, e.g.
 *   DATA_DIR=$(mktemp -d) PORT=5123 RATE_LIMIT_GLOBAL_PER_MINUTE=0 LOG_LEVEL=warn npm start
 * then: npx node bench/catch-list-flood.ts --url=http://127.0.0.1:5123 --pid=<the server's node pid>
 * Options: --catches=10000 --parallel=24 --encoding=identity|gzip (Accept-Encoding of the 24 requests).
 * The other angler's requests come from a worker thread, so draining 24 big answers here does not delay them.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:5123' },
    pid: { type: 'string' },
    catches: { type: 'string', default: '10000' },
    parallel: { type: 'string', default: '24' },
    encoding: { type: 'string', default: 'identity' },
  },
});
const baseUrl = values.url;
const serverPid = Number(values.pid);
if (!Number.isInteger(serverPid)) throw new Error('--pid=<server pid> is required');
const catchCount = Number(values.catches);
const parallel = Number(values.parallel);

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

interface Answer {
  status: number;
  bytes: number;
  setCookie: string | undefined;
  body: string;
}

/** One request; the body is counted, and kept only when small (the 55 MB lists are just drained). */
function send(
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; encoding?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = http.request(
      `${baseUrl}${path}`,
      {
        method,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          'accept-encoding': options.encoding ?? 'identity',
        },
      },
      (response) => {
        let bytes = 0;
        const kept: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes < 65_536) kept.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes,
            setCookie: response.headers['set-cookie']?.[0]?.split(';')[0],
            body: Buffer.concat(kept).toString('utf8'),
          }),
        );
        response.on('error', reject);
        response.on('close', () => {
          if (!response.complete) reject(new Error(`${method} ${path}: answer cut short`));
        });
      },
    );
    request.on('error', reject);
    // Nothing here should take two minutes; a hung request must fail the run, not stall it.
    request.setTimeout(120_000, () => request.destroy(new Error(`${method} ${path}: no answer in 120 s`)));
    request.end(payload);
  });
}

async function register(username: string): Promise<string> {
  const answer = await send('POST', '/api/register', { body: { username, password: 'flood-test-pass-42' } });
  if (answer.status !== 201 || !answer.setCookie)
    throw new Error(`register: ${answer.status} ${answer.body}`);
  return answer.setCookie;
}

function rssMiB(): number {
  try {
    return (
      Number(
        execFileSync('ps', ['-o', 'rss=', '-p', String(serverPid)])
          .toString()
          .trim(),
      ) / 1024
    );
  } catch {
    return Number.NaN;
  }
}

type ProbeMessage = { type: 'ready' } | { type: 'latencies'; values: number[] };

/**
 * The other angler, in a worker: GET /api/catches over and over. Says 'ready' once its connection is warm (the
 * flood starts only then), records every latency from 'start' on, and posts them at 'stop'.
 */
async function probeOtherAngler(): Promise<void> {
  const { cookie } = workerData as { cookie: string };
  const latencies: number[] = [];
  const phase: { now: 'warming' | 'measuring' | 'stopped' } = { now: 'warming' };
  parentPort?.on('message', (command: 'start' | 'stop') => {
    phase.now = command === 'start' ? 'measuring' : 'stopped';
  });
  for (let round = 0; phase.now !== 'stopped'; round++) {
    const t0 = performance.now();
    const answer = await send('GET', '/api/catches', { cookie });
    if (answer.status !== 200) throw new Error(`other user: ${answer.status}`);
    if (phase.now === 'measuring') latencies.push(performance.now() - t0);
    if (round === 2) parentPort?.postMessage({ type: 'ready' } satisfies ProbeMessage);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort?.postMessage({ type: 'latencies', values: latencies } satisfies ProbeMessage);
  parentPort?.removeAllListeners();
  agent.destroy();
}

/** The flood itself, from the main thread. */
async function flood(): Promise<void> {
  const suffix = randomUUID().slice(0, 6);
  const big = await register(`flood_big_${suffix}`);
  const other = await register(`flood_other_${suffix}`);

  const note = 'The pike hit a slow-rolled spinnerbait along the weed edge. '.repeat(90).slice(0, 5000);
  let created = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (created < catchCount) {
        created++;
        const answer = await send('POST', '/api/mobile-catch', {
          cookie: big,
          body: {
            fishType: 'Northern Pike',
            notes: note,
            locationName: 'Lake Vermilion',
            clientId: randomUUID(),
          },
        });
        if (answer.status !== 201) throw new Error(`catch ${created}: ${answer.status} ${answer.body}`);
      }
    }),
  );
  console.log(
    `created ${catchCount} catches with 5 KB notes in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (let i = 0; i < 5; i++)
    await send('POST', '/api/mobile-catch', { cookie: other, body: { fishType: 'Perch' } });

  // Warm up both lists once, then let the server settle.
  const first = await send('GET', '/api/catches', { cookie: big });
  console.log(`one list answer: ${(first.bytes / 1024 / 1024).toFixed(1)} MiB, status ${first.status}`);
  await send('GET', '/api/catches', { cookie: other });
  await new Promise((resolve) => setTimeout(resolve, 2000));

  const rssBefore = rssMiB();
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMiB());
  }, 50);

  const probe = new Worker(new URL(import.meta.url), {
    workerData: { cookie: other },
    argv: process.argv.slice(2),
  });
  let probeReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    probeReady = resolve;
  });
  const otherLatencies = new Promise<number[]>((resolve, reject) => {
    probe.on('message', (message: ProbeMessage) => {
      if (message.type === 'ready') probeReady();
      else resolve(message.values);
    });
    probe.once('error', reject);
    probe.once('exit', (code) => reject(new Error(`the latency probe exited (${code}) without its figures`)));
  });
  await ready;
  probe.postMessage('start');

  const floodStarted = performance.now();
  const answers = await Promise.all(
    Array.from({ length: parallel }, () =>
      send('GET', '/api/catches', { cookie: big, encoding: values.encoding }),
    ),
  );
  const floodMs = performance.now() - floodStarted;
  probe.postMessage('stop');
  const sorted = [...(await otherLatencies)].sort((a, b) => a - b);
  probe.removeAllListeners('exit');
  clearInterval(sampler);

  const pick = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  console.log(
    JSON.stringify(
      {
        parallel,
        encoding: values.encoding,
        statuses: [...new Set(answers.map((a) => a.status))],
        bytesPerAnswer: [...new Set(answers.map((a) => a.bytes))],
        floodSeconds: Number((floodMs / 1000).toFixed(2)),
        rssBeforeMiB: Math.round(rssBefore),
        peakRssMiB: Math.round(peakRss),
        otherUser: {
          requests: sorted.length,
          medianMs: Math.round(pick(0.5)),
          p95Ms: Math.round(pick(0.95)),
          maxMs: Math.round(sorted.at(-1) ?? Number.NaN),
        },
      },
      null,
      2,
    ),
  );
  agent.destroy();
}

if (isMainThread) await flood();
else await probeOtherAngler();
