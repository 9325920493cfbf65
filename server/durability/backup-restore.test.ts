// A backup taken while anglers write and delete, restored into empty places, compared catch by catch and byte by
// byte (docs/decisions/029-backups-and-restores.md): the real server process serves, `npm run backup`'s script runs
// beside it, `npm run restore`'s script fills a new DATA_DIR (SQLite and the disk) or a new database and bucket
// (PostgreSQL and radosgw), and a server started on the restored data answers every angler.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { freePort } from '../test-support/child-processes.ts';
import { HttpAngler } from '../test-support/http-angler.ts';
import {
  type ServerProcess,
  serverEnv,
  spawnNode,
  spawnServer,
  waitUntilServing,
} from '../test-support/server-process.ts';
import { createTestPostgresDatabase } from '../test-support/test-app.ts';
import { createTestBucket, NO_S3_SERVER, TEST_S3 } from '../test-support/test-photo-stores.ts';

const SCRIPT_ARGS = ['--disable-warning=ExperimentalWarning'];
const ANGLERS = 3;
const SEEDED_CATCHES_PER_ANGLER = 12;
/** Catches (with photos) deleted right after the database was copied, before the photo copy could reach them. */
const DELETED_BETWEEN_THE_STEPS = 4;

function havePgDump(): boolean {
  try {
    execFileSync('pg_dump', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const postgresMissing = [
  process.env.TEST_DATABASE_URL ? null : 'no PostgreSQL: TEST_DATABASE_URL is unset',
  TEST_S3 ? null : NO_S3_SERVER,
  havePgDump() ? null : 'no pg_dump (apt-get install postgresql-client)',
].filter((reason) => reason !== null);
if (postgresMissing.length > 0) {
  console.warn(`backup test on PostgreSQL and radosgw skipped: ${postgresMissing.join('; ')}`);
}

/** Where a server keeps its data: the environment that points a server (or the scripts) at it, and its cleanup. */
interface DataPlace {
  env: (port: number) => NodeJS.ProcessEnv;
  drop(): Promise<void>;
}

/** The settings the tests' servers and scripts share: generous upload limits for the writers. */
const LIMITS = { RATE_LIMIT_UPLOADS_PER_USER: '100000', RATE_LIMIT_REGISTER_PER_IP: '1000' };

async function sqlitePlace(): Promise<DataPlace> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tightlines-backup-data-'));
  return {
    env: (port) => serverEnv(port, dataDir, LIMITS),
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function postgresPlace(): Promise<DataPlace> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tightlines-backup-scratch-'));
  const database = await createTestPostgresDatabase('tl_backup');
  const bucket = await createTestBucket();
  const s3 = bucket.settings;
  return {
    env: (port) =>
      serverEnv(port, dataDir, {
        ...LIMITS,
        DATABASE_URL: database.url,
        PHOTO_STORE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: s3.region,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      }),
    drop: async () => {
      await database.drop();
      await bucket.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A photo of its own (noise: each one's bytes differ, and do not shrink to nothing). */
function distinctJpeg(): Promise<Buffer> {
  return sharp({
    create: {
      width: 96,
      height: 64,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
}

/** What the anglers were told about one catch: each version the server acknowledged, and when. */
interface CatchRecord {
  angler: HttpAngler;
  versions: Catch[];
  createdAt: number;
  deleteSentAt: number | null;
  deletedAt: number | null;
}

/** Everything the anglers were acknowledged, to compare the restore with. */
class Ledger {
  readonly catches = new Map<string, CatchRecord>();
  /** The bytes the source served for each photo URL, right after its upload. */
  readonly photos = new Map<string, { full: Buffer; thumb: Buffer }>();
  readonly writes = { creates: 0, edits: 0, deletes: 0 };

  async upload(angler: HttpAngler): Promise<string> {
    const url = await angler.upload(await distinctJpeg());
    const [full, thumb] = await Promise.all([angler.photoBytes(url), angler.photoBytes(`${url}?size=thumb`)]);
    if (!(full instanceof Buffer) || !(thumb instanceof Buffer))
      throw new Error(`new photo ${url} not served`);
    this.photos.set(url, { full, thumb });
    return url;
  }

  async create(angler: HttpAngler, withPhoto: boolean): Promise<string> {
    const clientId = randomUUID();
    const photo = withPhoto ? await this.upload(angler) : undefined;
    const made = await angler.createCatch({
      fishType: 'Pike',
      notes: `first of ${clientId}`,
      clientId,
      photo,
    });
    this.catches.set(clientId, {
      angler,
      versions: [made],
      createdAt: Date.now(),
      deleteSentAt: null,
      deletedAt: null,
    });
    this.writes.creates++;
    return clientId;
  }

  async edit(clientId: string, newPhoto: boolean): Promise<void> {
    const record = this.catches.get(clientId) as CatchRecord;
    const changes = newPhoto
      ? { photo: await this.upload(record.angler) }
      : { notes: `edited ${record.versions.length} of ${clientId}` };
    const id = record.versions[0]?.id;
    record.versions.push(await record.angler.expectJson<Catch>('PATCH', `/api/catches/${id}`, changes, 200));
    this.writes.edits++;
  }

  async delete(clientId: string): Promise<void> {
    const record = this.catches.get(clientId) as CatchRecord;
    record.deleteSentAt = Date.now();
    const response = await record.angler.request('DELETE', `/api/catches/${record.versions[0]?.id}`);
    if (response.status !== 204)
      throw new Error(`delete answered ${response.status}: ${await response.text()}`);
    record.deletedAt = Date.now();
    this.writes.deletes++;
  }

  live(): string[] {
    return [...this.catches]
      .filter(([, record]) => record.deleteSentAt === null)
      .map(([clientId]) => clientId);
  }
}

/** Runs `node scripts/NAME.ts ARG` with `env`; resolves with its output once it exits 0. */
async function runScript(
  name: 'backup' | 'restore',
  arg: string,
  env: NodeJS.ProcessEnv,
  onLine: (line: string, script: ServerProcess) => void = () => {},
): Promise<string> {
  let script: ServerProcess | undefined;
  script = spawnNode([...SCRIPT_ARGS, `scripts/${name}.ts`, arg], env, {
    onOutput: (text) => {
      for (const line of text.split('\n')) if (line) onLine(line, script as ServerProcess);
    },
  });
  const { code } = await script.exited;
  if (code !== 0) throw new Error(`npm run ${name} exited ${code}:\n${script.output()}`);
  return script.output();
}

const VARIANTS = [
  { name: 'SQLite and the disk store', place: sqlitePlace, skip: false },
  { name: 'PostgreSQL and radosgw', place: postgresPlace, skip: postgresMissing.length > 0 },
];

describe.each(VARIANTS)(
  'a backup taken under writes and deletes, restored: $name',
  ({ name, place, skip }) => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function startServer(data: DataPlace): Promise<string> {
      const port = await freePort();
      const server = spawnServer(data.env(port));
      cleanups.push(() => server.stop());
      const baseUrl = `http://127.0.0.1:${port}`;
      await waitUntilServing(server, baseUrl, 90_000);
      return baseUrl;
    }

    it.skipIf(skip)(
      'brings back every catch with every photo byte, also of catches deleted between the two steps',
      async () => {
        const source = await place();
        cleanups.push(() => source.drop());
        const sourceUrl = await startServer(source);
        const ledger = new Ledger();
        const anglers = await Promise.all(
          Array.from({ length: ANGLERS }, (_, i) => HttpAngler.register(sourceUrl, `backup_angler_${i}`)),
        );
        for (const angler of anglers) {
          for (let i = 0; i < SEEDED_CATCHES_PER_ANGLER; i++) await ledger.create(angler, i % 3 !== 0);
        }
        // The catches whose photos sort last: the photo copy (in id order) reaches them last.
        const lastCopied = ledger
          .live()
          .filter((clientId) => ledger.catches.get(clientId)?.versions[0]?.photo)
          .sort((a, b) =>
            String(ledger.catches.get(b)?.versions[0]?.photo).localeCompare(
              String(ledger.catches.get(a)?.versions[0]?.photo),
            ),
          )
          .slice(0, DELETED_BETWEEN_THE_STEPS);

        // Anglers keep writing through the whole backup: creates (half with a photo), edits (some to a new photo)
        // and deletes, each angler one request after another, never on the catches set aside above.
        let writing = true;
        const writers = anglers.map(async (angler) => {
          while (writing) {
            const mine = ledger
              .live()
              .filter((id) => ledger.catches.get(id)?.angler === angler && !lastCopied.includes(id));
            const pick = mine[Math.floor(Math.random() * mine.length)];
            const roll = Math.random();
            if (roll < 0.4 || !pick) await ledger.create(angler, Math.random() < 0.5);
            else if (roll < 0.7) await ledger.edit(pick, Math.random() < 0.3);
            else await ledger.delete(pick);
          }
        });

        const dest = await mkdtemp(path.join(tmpdir(), 'tightlines-backup-'));
        cleanups.push(() => rm(dest, { recursive: true, force: true }));
        const backupStartedAt = Date.now();
        const writesBefore = { ...ledger.writes };
        let databaseCopiedSeenAt = Number.POSITIVE_INFINITY;
        let betweenTheSteps: Promise<void> = Promise.resolve();
        const backupOutput = await runScript('backup', dest, source.env(await freePort()), (line, script) => {
          if (!line.startsWith('database copied')) return;
          databaseCopiedSeenAt = Date.now();
          // The photo copy is held (as a slow copy would be) while those catches are deleted with their photos.
          script.child.kill('SIGSTOP');
          betweenTheSteps = Promise.all(lastCopied.map((clientId) => ledger.delete(clientId))).then(() => {
            script.child.kill('SIGCONT');
          });
        });
        await betweenTheSteps;
        writing = false;
        await Promise.all(writers);
        const during = Object.fromEntries(
          Object.entries(ledger.writes).map(([kind, count]) => [
            kind,
            count - writesBefore[kind as 'creates'],
          ]),
        );
        expect(backupOutput).toMatch(/backup complete/);

        // Restored into empty places, and served.
        const target = await place();
        cleanups.push(() => target.drop());
        await runScript('restore', dest, target.env(await freePort()));
        const restoredUrl = await startServer(target);

        let catchesCompared = 0;
        let photosCompared = 0;
        let bytesCompared = 0;
        for (const angler of anglers) {
          const restored = await angler.on(restoredUrl).listCatches();
          for (const found of restored) {
            const record = ledger.catches.get(found.clientId ?? '');
            expect(record, `a catch nobody was told about: ${JSON.stringify(found)}`).toBeDefined();
            expect(record?.angler).toBe(angler);
            // One of the versions the angler was acknowledged, exactly.
            expect(record?.versions).toContainEqual(found);
            catchesCompared++;
            if (!found.photo) continue;
            const expected = ledger.photos.get(found.photo);
            const full = await angler.on(restoredUrl).photoBytes(found.photo);
            const thumb = await angler.on(restoredUrl).photoBytes(`${found.photo}?size=thumb`);
            expect(full, `${found.photo} of catch ${found.clientId}`).toEqual(expected?.full);
            expect(thumb, `${found.photo}?size=thumb of catch ${found.clientId}`).toEqual(expected?.thumb);
            photosCompared++;
            bytesCompared += (expected?.full.length ?? 0) + (expected?.thumb.length ?? 0);
          }
          const restoredIds = new Set(restored.map((found) => found.clientId));
          for (const [clientId, record] of ledger.catches) {
            if (record.angler !== angler) continue;
            // Acknowledged before the backup began and not deleted before its database copy was done: there.
            if (
              record.createdAt < backupStartedAt &&
              (record.deleteSentAt ?? Infinity) > databaseCopiedSeenAt
            ) {
              expect(restoredIds.has(clientId), `catch ${clientId} missing`).toBe(true);
            }
            // Deleted before the backup began: gone.
            if ((record.deletedAt ?? Infinity) < backupStartedAt)
              expect(restoredIds.has(clientId)).toBe(false);
          }
        }
        // The catches deleted between the two steps came back, each with its photo (compared above).
        const restoredClientIds = new Set<string>();
        for (const angler of anglers) {
          for (const found of await angler.on(restoredUrl).listCatches())
            restoredClientIds.add(found.clientId ?? '');
        }
        expect(lastCopied.filter((clientId) => restoredClientIds.has(clientId))).toEqual(lastCopied);
        // The restored server takes new writes.
        await anglers[0]?.on(restoredUrl).createCatch({ fishType: 'Trout', clientId: randomUUID() });

        console.log(
          `backup under writes (${name}): ${catchesCompared} catches and ${photosCompared} photos ` +
            `(${bytesCompared} bytes) compared after restore, ${DELETED_BETWEEN_THE_STEPS} of them deleted between ` +
            `the database copy and the photo copy; writes while it ran: ${during.creates} creates, ` +
            `${during.edits} edits, ${during.deletes} deletes\n${backupOutput.trim()}`,
        );
      },
      600_000,
    );
  },
);
