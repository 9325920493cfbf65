// What the real server (node server/main.ts) loads at start, and before a feature needs it (decision 022): a SQLite
// server with photos on disk does not load the PostgreSQL driver, the Redis client, the AWS SDK or the ZIP
// libraries until a request needs one of them, never loads sharp (its image worker, a child process, does), and
// it leaves Node's compile cache for the next start. On Linux it runs with one malloc arena and a young
// generation of 2 × 8 MB, unless the operator chose otherwise.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from './test-support/child-processes.ts';
import {
  type ServerProcess,
  serverEnv,
  spawnNode,
  spawnServer,
  waitUntilServing,
} from './test-support/server-process.ts';

/**
 * Packages only some servers or some requests need; sharp, which only the image worker loads; and the tide
 * database, which only the build (or a worker, without a built index) reads (docs/decisions/035-tides.md).
 */
const ON_DEMAND = [
  'pg',
  'ioredis',
  '@aws-sdk/client-s3',
  'yazl',
  'yauzl',
  'sharp',
  '@neaps/tide-predictor',
  '@neaps/tide-database',
];

describe('the server at start', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tightlines-start-up-'));
  });
  afterEach(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loads no package a SQLite server with photos on disk does not need, until a request needs it', async () => {
    const port = await freePort();
    const packagesFile = path.join(dataDir, 'packages.txt');
    server = spawnNode(
      [
        '--disable-warning=ExperimentalWarning',
        '--import',
        './server/test-support/record-packages.ts',
        'server/main.ts',
      ],
      serverEnv(port, dataDir, {
        RECORD_PACKAGES_FILE: packagesFile,
        NODE_COMPILE_CACHE: path.join(dataDir, 'compile-cache'),
      }),
    );
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilServing(server, baseUrl);
    const loaded = () => readFileSync(packagesFile, 'utf8').trim().split('\n');

    // A signed-in angler logs a catch and lists them.
    const register = await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lazy_loader', password: 'a-long-enough-passphrase-2026' }),
    });
    expect(register.status).toBe(201);
    const cookie = register.headers.get('set-cookie')?.split(';')[0] ?? '';
    const created = await fetch(`${baseUrl}/api/catches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ fishType: 'Pike', catchDate: '2026-05-01' }),
    });
    expect(created.status).toBe(201);
    expect((await fetch(`${baseUrl}/api/catches`, { headers: { cookie } })).status).toBe(200);

    expect(loaded()).toEqual(expect.arrayContaining(['fastify', 'kysely']));
    for (const name of ON_DEMAND) expect(loaded(), name).not.toContain(name);

    // A photo is decoded by the image worker: the server itself still has no sharp.
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([jpeg], { type: 'image/jpeg' }), 'pike.jpg');
    const upload = await fetch(`${baseUrl}/api/upload`, { method: 'POST', headers: { cookie }, body: form });
    expect(upload.status).toBe(201);
    expect(loaded()).not.toContain('sharp');

    // The tides need the predictor, loaded then; the station index is read from its own file, never from the
    // tide database package.
    const tides = await fetch(`${baseUrl}/api/tides?lat=42.3548&lon=-71.0503&date=2026-07-04`, {
      headers: { cookie },
    });
    expect(tides.status).toBe(200);
    expect(((await tides.json()) as { extremes: unknown[] }).extremes.length).toBeGreaterThanOrEqual(3);
    expect(loaded()).toContain('@neaps/tide-predictor');
    expect(loaded()).not.toContain('@neaps/tide-database');

    // A ZIP export needs yazl: loaded then, and it works.
    const zip = await fetch(`${baseUrl}/api/export?format=zip`, { headers: { cookie } });
    expect(zip.status).toBe(200);
    expect(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect(loaded()).toContain('yazl');

    // main.ts re-executed itself (same process) with one malloc arena and a small young generation.
    if (process.platform === 'linux') {
      const environment = readFileSync(`/proc/${server.child.pid}/environ`, 'utf8').split('\0');
      expect(environment).toContain('MALLOC_ARENA_MAX=1');
      const commandLine = readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0');
      expect(commandLine).toContain('--max-semi-space-size=8');
      expect(commandLine).toContain('./server/test-support/record-packages.ts');
    }

    // main.ts turned the compile cache on before loading the server, and serve.ts wrote it once listening.
    const cached = readdirSync(path.join(dataDir, 'compile-cache'), { recursive: true });
    expect(cached.length).toBeGreaterThan(100);
  }, 60_000);

  it.runIf(process.platform === 'linux')(
    'keeps the malloc arenas the operator chose',
    async () => {
      const port = await freePort();
      server = spawnNode(
        ['--disable-warning=ExperimentalWarning', 'server/main.ts'],
        serverEnv(port, dataDir, { MALLOC_ARENA_MAX: '4' }),
      );
      await waitUntilServing(server, `http://127.0.0.1:${port}`);
      const environment = readFileSync(`/proc/${server.child.pid}/environ`, 'utf8').split('\0');
      expect(environment).toContain('MALLOC_ARENA_MAX=4');
    },
    60_000,
  );

  it('stops with one line that names the outage when the database is out of reach, not a stack trace', async () => {
    const port = await freePort();
    const nothingListens = await freePort();
    server = spawnServer(
      serverEnv(port, dataDir, { DATABASE_URL: `postgres://postgres@127.0.0.1:${nothingListens}/test` }),
    );
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.output().trim()).toBe(
      `Tightlines failed to start: the database cannot be reached: connect ECONNREFUSED 127.0.0.1:${nothingListens}`,
    );
  }, 60_000);
});
