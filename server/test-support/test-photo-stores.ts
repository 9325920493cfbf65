import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { AppDependencies } from '../app.ts';
import type { S3Settings } from '../config/settings.ts';
import type { DatabaseEngine } from '../db/database.ts';
import { PhotoRepository } from '../photos/photo.repository.ts';
import { PHOTO_REMOVAL_GRACE_MS } from '../photos/photo-removal.ts';
import { DiskPhotoStore, MemoryPhotoStore, type PhotoStore } from '../photos/photo-store.ts';
import { PhotoSweeper } from '../photos/photo-sweeper.ts';
import { createS3Client, S3PhotoStore } from '../photos/s3-photo-store.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Photo tests run against the disk store and against a real S3 server: Ceph's radosgw, started by
 * `scripts/s3-server.sh start` (CI does; `eval "$(scripts/s3-server.sh env)"` sets the TEST_S3_* variables below).
 * Without TEST_S3_ENDPOINT the S3 variants are skipped, with NO_S3_SERVER as the reason.
 */
export type PhotoStoreKind = 'disk' | 's3';

export const NO_S3_SERVER =
  'no S3 server: TEST_S3_ENDPOINT is unset (scripts/s3-server.sh start; eval "$(scripts/s3-server.sh env)")';

function settingsFromEnvironment(): S3Settings | null {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) return null;
  return {
    endpoint,
    region: process.env.TEST_S3_REGION ?? 'us-east-1',
    bucket: process.env.TEST_S3_BUCKET ?? 'tightlines-test',
    accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: true,
  };
}

/** The test S3 server's settings (its shared bucket: TEST_S3_BUCKET), or null when there is none. */
export const TEST_S3: S3Settings | null = settingsFromEnvironment();

const TEST_PHOTO_STORES: PhotoStoreKind[] = TEST_S3 ? ['disk', 's3'] : ['disk'];

/** Every database engine with every photo store: use with `describe.each(photoTestMatrix(TEST_ENGINES))`. */
export function photoTestMatrix(engines: DatabaseEngine[]): [DatabaseEngine, PhotoStoreKind][] {
  if (!TEST_S3) console.warn(`S3 variants of the photo tests skipped: ${NO_S3_SERVER}`);
  return engines.flatMap((engine) =>
    TEST_PHOTO_STORES.map((kind) => [engine, kind] as [DatabaseEngine, PhotoStoreKind]),
  );
}

export interface TestPhotoStore {
  kind: PhotoStoreKind;
  store: PhotoStore;
  /** How many photos (ids with at least one stored variant) the store holds, read from the store itself. */
  photoCount(): Promise<number>;
  /** The same place as a new PhotoStore, e.g. one that makes the store fill up (bucket name or folder). */
  location: string;
  /** Deletes everything the store holds and the store itself (its bucket or folder). */
  destroy(): Promise<void>;
}

function countPhotos(names: string[]): number {
  return new Set(
    names.filter((name) => name.endsWith('.webp')).map((name) => path.basename(name).slice(0, 36)),
  ).size;
}

/** A client of the test server, for the tests' own look into a bucket (not through the store under test). */
export function testS3Client(): S3Client {
  if (!TEST_S3) throw new Error(NO_S3_SERVER);
  return createS3Client(TEST_S3);
}

/** Every key in a bucket. */
export async function listKeys(client: S3Client, bucket: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}

/** A bucket of its own on the test S3 server, so test files run in parallel and leave nothing behind. */
export async function createTestBucket(): Promise<{
  bucket: string;
  settings: S3Settings;
  drop(): Promise<void>;
}> {
  if (!TEST_S3) throw new Error(NO_S3_SERVER);
  const client = testS3Client();
  const bucket = `tightlines-test-${randomBytes(6).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    bucket,
    settings: { ...TEST_S3, bucket },
    drop: async () => {
      for (const key of await listKeys(client, bucket)) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      }
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
  };
}

/** A fresh, empty store of the given kind: a temporary folder, or a new bucket on the test S3 server. */
export async function createTestPhotoStore(kind: PhotoStoreKind): Promise<TestPhotoStore> {
  if (kind === 'disk') {
    const dir = await mkdtemp(path.join(tmpdir(), 'tightlines-photos-'));
    return {
      kind,
      store: new DiskPhotoStore(dir),
      location: dir,
      photoCount: async () => countPhotos((await readdir(dir, { recursive: true })).map(String)),
      destroy: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const { bucket, settings, drop } = await createTestBucket();
  const store = new S3PhotoStore(settings);
  const client = testS3Client();
  return {
    kind,
    store,
    location: bucket,
    photoCount: async () => countPhotos(await listKeys(client, bucket)),
    destroy: async () => {
      store.destroy();
      client.destroy();
      await drop();
    },
  };
}

/** radosgw-admin is there (the test server runs on this machine, CI's case): bucket quotas can be set. */
export const CAN_ADMINISTER_TEST_S3 = Boolean(TEST_S3 && process.env.TEST_S3_CEPH_CONF);

/** Limits a test bucket to `maxObjects` objects: radosgw then refuses more with 403 QuotaExceeded. */
export async function limitTestBucket(bucket: string, maxObjects: number): Promise<void> {
  const env = { ...process.env, CEPH_CONF: process.env.TEST_S3_CEPH_CONF };
  const run = promisify(execFile);
  await run(
    'radosgw-admin',
    ['quota', 'set', '--quota-scope=bucket', `--bucket=${bucket}`, `--max-objects=${maxObjects}`],
    { env },
  );
  await run('radosgw-admin', ['quota', 'enable', '--quota-scope=bucket', `--bucket=${bucket}`], { env });
}

/** ENOSPC as fs reports it. */
function noSpaceLeft(): Error {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
}

/**
 * The store, refusing every object after the first the way a full one does: for S3, a radosgw bucket quota of one
 * object (the server answers 403 QuotaExceeded); for the disk, a write failing with ENOSPC.
 */
async function fullAfterOneObject(photos: TestPhotoStore): Promise<PhotoStore> {
  if (photos.kind === 's3') {
    await limitTestBucket(photos.location, 1);
    return photos.store;
  }
  const disk = photos.store;
  return {
    save: async (id, variant, data) => {
      if ((await photos.photoCount()) > 0) throw noSpaceLeft();
      await disk.save(id, variant, data);
    },
    read: (id, variant) => disk.read(id, variant),
    remove: (id) => disk.remove(id),
    listPhotoIds: () => disk.listPhotoIds(),
    checkReachable: () => disk.checkReachable(),
  };
}

export interface PhotoTestApp extends Omit<TestApp, 'photoStore'> {
  photos: TestPhotoStore;
}

/**
 * createTestApp with a real photo store of the given kind; close() deletes the store as well. `fillsUp`: the store
 * takes one object, then is full (S3 needs CAN_ADMINISTER_TEST_S3).
 */
export async function createPhotoTestApp(
  engine: DatabaseEngine,
  kind: PhotoStoreKind,
  overrides: Partial<AppDependencies> = {},
  { fillsUp = false } = {},
): Promise<PhotoTestApp> {
  const photos = await createTestPhotoStore(kind);
  const photoStore = fillsUp ? await fullAfterOneObject(photos) : photos.store;
  const { photoStore: _unused, ...t } = await createTestApp(engine, { photoStore, ...overrides });
  return {
    ...t,
    photos,
    close: async () => {
      await t.close();
      await photos.destroy();
    },
  };
}

/**
 * A store that keeps photos in memory but fails every removal: a photo store that goes down after a transaction
 * committed. `removeCalls()` counts the removals tried.
 */
export function photoStoreWhoseRemovalFails(): { store: PhotoStore; removeCalls: () => number } {
  const memory = new MemoryPhotoStore();
  let removeCalls = 0;
  const store: PhotoStore = {
    save: memory.save.bind(memory),
    read: memory.read.bind(memory),
    checkReachable: memory.checkReachable.bind(memory),
    listPhotoIds: memory.listPhotoIds.bind(memory),
    remove: async () => {
      removeCalls++;
      throw new Error('store down');
    },
  };
  return { store, removeCalls: () => removeCalls };
}

/**
 * What the hourly sweep does once the grace period has passed (photos/photo-removal.ts): moves the test clock past
 * it and removes the files of every photo deleted until now from `store`. Returns how many.
 */
export async function sweepPastGracePeriod(
  t: Pick<TestApp, 'app' | 'database' | 'clock'>,
  store: PhotoStore,
): Promise<number> {
  t.clock.advance(PHOTO_REMOVAL_GRACE_MS + 1);
  const sweeper = new PhotoSweeper({
    photos: new PhotoRepository(t.database.db),
    photoStore: store,
    clock: t.clock,
    log: t.app.log,
  });
  return sweeper.removeExpiredTombstones();
}
