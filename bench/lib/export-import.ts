// Export and import of 10,000 catches (decision 020): how long GET /api/export takes for each format over loopback
// (the whole download), how long POST /api/import takes for the CSV and the JSON of that export into an empty
// account, and a re-import (every row skipped); with the server's peak RSS during each step.
import { signIn } from './api.ts';
import { type Started, sampleRss } from './processes.ts';
import { BENCH_USERS } from './seed.ts';

interface TransferStep {
  step: string;
  ms: number;
  bytes: number;
  /** What the import answered: created / skipped / rejected rows. */
  summary?: string;
  /** Server RSS before the step and its peak during it, MB. */
  rssBeforeMb: number | null;
  peakRssMb: number | null;
}

export interface ExportImportFigures {
  catches: number;
  steps: TransferStep[];
}

async function measured(
  server: Started,
  step: string,
  run: () => Promise<{ bytes: number; summary?: string }>,
): Promise<TransferStep> {
  const before = sampleRss(server.child.pid);
  const rssBeforeMb = before.stop();
  const sampler = sampleRss(server.child.pid);
  const started = performance.now();
  const { bytes, summary } = await run();
  const ms = performance.now() - started;
  return { step, ms, bytes, summary, rssBeforeMb, peakRssMb: sampler.stop() };
}

export async function benchExportImport(
  server: Started,
  log: (line: string) => void,
): Promise<ExportImportFigures> {
  const owner = await signIn(server.baseUrl, BENCH_USERS.history.username);
  const steps: TransferStep[] = [];
  const files = new Map<string, Buffer>();

  for (const format of ['json', 'csv', 'zip'] as const) {
    steps.push(
      await measured(server, `GET /api/export?format=${format}`, async () => {
        const response = await fetch(`${server.baseUrl}/api/export?format=${format}`, {
          headers: { cookie: owner },
        });
        if (response.status !== 200) throw new Error(`export ${format}: ${response.status}`);
        const bytes = Buffer.from(await response.arrayBuffer());
        files.set(format, bytes);
        return { bytes: bytes.length };
      }),
    );
  }

  const importAs = async (username: string, format: 'csv' | 'json') => {
    const cookie = await signIn(server.baseUrl, username);
    const file = files.get(format) ?? Buffer.alloc(0);
    const form = new FormData();
    form.append('file', new Blob([file]), `export.${format}`);
    const response = await fetch(`${server.baseUrl}/api/import`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    const body = (await response.json()) as {
      created: number;
      skipped: number;
      rejected: unknown[];
      message?: string;
    };
    if (response.status !== 200) throw new Error(`import ${format}: ${response.status} ${body.message}`);
    return {
      bytes: file.length,
      summary: `${body.created} created, ${body.skipped} skipped, ${body.rejected.length} rejected`,
    };
  };
  steps.push(
    await measured(server, 'POST /api/import (the CSV, empty account)', () =>
      importAs(BENCH_USERS.importCsv.username, 'csv'),
    ),
  );
  steps.push(
    await measured(server, 'POST /api/import (the JSON, empty account)', () =>
      importAs(BENCH_USERS.importJson.username, 'json'),
    ),
  );
  steps.push(
    await measured(server, 'POST /api/import (the same CSV again: all skipped)', () =>
      importAs(BENCH_USERS.importCsv.username, 'csv'),
    ),
  );
  for (const step of steps) {
    log(
      `  ${step.step}: ${(step.ms / 1000).toFixed(2)} s, ${(step.bytes / 1024 / 1024).toFixed(1)} MB` +
        `${step.summary ? ` (${step.summary})` : ''}, server RSS ${step.rssBeforeMb?.toFixed(0)} → peak ${step.peakRssMb?.toFixed(0)} MB`,
    );
  }
  return { catches: BENCH_USERS.history.catches, steps };
}
