// What one POST /api/import adds to the server's memory, for the ZIPs a red team sent (decision 027): each scenario
// runs in a fresh process on a fresh SQLite database, the file streamed from disk (never held by the client side),
// and the process's RSS is sampled every 5 ms from the app being ready to the answer.
//   npx node bench/import-memory.ts            all scenarios, one child process each
//   npx node bench/import-memory.ts <scenario> one
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import { ApiClient } from '../server/test-support/api-client.ts';
import { type RawZipEntry, rawZip } from '../server/test-support/hostile-inputs.ts';
import { createTestApp } from '../server/test-support/test-app.ts';

const MB = 1024 * 1024;

const oneCatchJson = () =>
  Buffer.from(
    JSON.stringify({
      format: 'tightlines-export',
      version: 1,
      exportedAt: '2026-06-01T12:00:00.000Z',
      username: 'bench',
      catches: [{ clientId: randomUUID(), fishType: 'Trout', catchDate: '2026-05-01' }],
    }),
  );

/** The files each scenario imports, written to `directory`; how many are sent at once from one account. */
const SCENARIOS: Record<string, { files: (directory: string) => string[]; description: string }> = {
  'long-headers': {
    description: '1,000 entries with 60 KB names, 64 KB extra fields and comments (the red team ZIP)',
    files: (directory) => [writeZip(directory, 'long', longHeaderEntries())],
  },
  'long-headers-x4': {
    description: 'the same ZIP four times at once from one account',
    files: (directory) => {
      const file = writeZip(directory, 'long', longHeaderEntries());
      return [file, file, file, file];
    },
  },
  'widest-accepted': {
    description: '1,000 entries at the limits still accepted (255-byte names, 1 KB extra field and comment)',
    files: (directory) => [
      writeZip(directory, 'widest', [
        { name: 'export.json', data: oneCatchJson() },
        ...Array.from({ length: 1000 }, (_, i) => ({
          name: `photos/${String(i).padStart(248, 'p')}`,
          extraBytes: 1024,
          commentBytes: 1024,
        })),
      ]),
    ],
  },
  'most-entries': {
    description:
      '65,535 photo entries (the most a ZIP without zip64 holds; an export of 50,000 catches has 50,002)',
    files: (directory) => [
      writeZip(directory, 'many', [
        { name: 'export.json', data: oneCatchJson() },
        ...Array.from({ length: 65_534 }, () => ({ name: `photos/${randomUUID()}.webp` })),
      ]),
    ],
  },
  'csv-64mb': {
    description: 'a ZIP whose CSV inflates to just under 64 MB of rows that are all rejected',
    files: (directory) => [writeDeflatedCsvZip(directory)],
  },
};

function longHeaderEntries(): RawZipEntry[] {
  return Array.from({ length: 1000 }, (_, i) => ({
    name: `${String(i).padStart(60 * 1024, 'n')}`,
    extraBytes: 65_535,
    commentBytes: 65_535,
  }));
}

function writeZip(directory: string, name: string, entries: RawZipEntry[]): string {
  const file = path.join(directory, `${name}.zip`);
  writeFileSync(file, rawZip(entries));
  return file;
}

/** A ZIP of one deflated CSV (method 8), written by hand so the 64 MB of text never needs yazl's buffers. */
function writeDeflatedCsvZip(directory: string): string {
  const row = `Too Heavy ${'x'.repeat(1200)},99999\r\n`;
  const rows = Math.floor((63 * MB) / row.length);
  const csv = Buffer.from(`fishType,weight\r\n${row.repeat(rows)}`);
  const compressed = deflateRawSync(csv);
  const zip = rawZip([{ name: 'log.csv', data: compressed }]);
  // Patch the method to deflate and the uncompressed size (rawZip stores): local header, then central directory.
  zip.writeUInt16LE(8, 8);
  zip.writeUInt32LE(crc32(csv), 14);
  zip.writeUInt32LE(csv.length, 22);
  const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  zip.writeUInt16LE(8, central + 10);
  zip.writeUInt32LE(crc32(csv), central + 16);
  zip.writeUInt32LE(csv.length, central + 24);
  const file = path.join(directory, 'csv.zip');
  writeFileSync(file, zip);
  return file;
}

/** A multipart body streamed from the file on disk. */
function multipartFrom(file: string) {
  const boundary = '----tightlines-bench-boundary';
  const body = new PassThrough();
  body.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="export.zip"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const stream = createReadStream(file);
  stream.pipe(body, { end: false });
  stream.on('end', () => body.end(`\r\n--${boundary}--\r\n`));
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One scenario, in this process: the files were written by the parent, so building them costs this RSS nothing. */
async function runScenario(name: string, files: string[]): Promise<void> {
  const scenario = SCENARIOS[name];
  if (!scenario) throw new Error(`no scenario ${name}`);
  const bytes = statSync(files[0] ?? '').size;
  const t = await createTestApp('sqlite', { importMaxBytes: 512 * MB });
  const client = await ApiClient.register(t.app, 'bench');
  globalThis.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  const answers = await Promise.all(
    files.map((file) => client.request({ method: 'POST', url: '/api/import', ...multipartFrom(file) })),
  );
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  const outcome = answers.map((answer) => `${answer.statusCode} ${answer.body.slice(0, 120)}`).join('\n    ');
  console.log(
    `${name}: ${scenario.description}\n  file ${(bytes / MB).toFixed(1)} MB × ${files.length}; ` +
      `RSS ${(before / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB ` +
      `(+${((peak - before) / MB).toFixed(0)} MB) in ${(ms / 1000).toFixed(1)} s\n    ${outcome}`,
  );
  await t.close();
}

const [only, ...files] = process.argv.slice(2);
if (only && files.length > 0) {
  await runScenario(only, files);
} else {
  for (const name of only ? [only] : Object.keys(SCENARIOS)) {
    const directory = mkdtempSync(path.join(tmpdir(), 'tightlines-import-bench-'));
    try {
      const scenarioFiles = SCENARIOS[name]?.files(directory) ?? [];
      execFileSync(
        process.execPath,
        [
          '--expose-gc',
          ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
          import.meta.filename,
          name,
          ...scenarioFiles,
        ],
        {
          stdio: 'inherit',
        },
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }
}
