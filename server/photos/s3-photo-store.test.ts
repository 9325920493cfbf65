import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../config/settings.ts';
import { outageOf, PHOTO_STORE_UNAVAILABLE, STORAGE_FULL } from '../http/outage-errors.ts';
import { freePort } from '../test-support/child-processes.ts';
import {
  CAN_ADMINISTER_TEST_S3,
  createTestBucket,
  limitTestBucket,
  listKeys,
  NO_S3_SERVER,
  TEST_S3,
  testS3Client,
} from '../test-support/test-photo-stores.ts';
import { PhotoStoreFullError, PhotoStoreUnavailableError } from './photo-store.ts';
import { DEFAULT_S3_TIMEOUTS, S3PhotoStore, type S3Timeouts } from './s3-photo-store.ts';

/** The error a promise rejects with, and how long it took. */
async function failure(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await promise;
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  throw new Error('expected the promise to reject');
}

const SOME_SETTINGS: S3Settings = {
  region: 'us-east-1',
  bucket: 'photos',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret',
  forcePathStyle: true,
};

/** Short deadlines so a test of a dead endpoint takes a second, not the production 15 s. */
const SHORT: S3Timeouts = {
  connectMs: 300,
  requestMs: 400,
  idleMs: 400,
  operationMs: 1500,
  checkMs: 800,
  maxAttempts: 2,
};

describe('S3PhotoStore against endpoints that do not work (no S3 server needed)', () => {
  const servers: (Server | HttpServer)[] = [];
  const stores: S3PhotoStore[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) store.destroy();
    await Promise.all(
      servers.splice(0).map(
        (server) =>
          new Promise<void>((resolve) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => resolve());
          }),
      ),
    );
  });
  const storeAt = (endpoint: string, timeouts: S3Timeouts = SHORT) => {
    const store = new S3PhotoStore({ ...SOME_SETTINGS, endpoint }, timeouts);
    stores.push(store);
    return store;
  };

  it('keeps the production deadlines finite: a dead store costs a request seconds, never minutes', () => {
    for (const value of Object.values(DEFAULT_S3_TIMEOUTS)) expect(value).toBeGreaterThan(0);
    expect(DEFAULT_S3_TIMEOUTS.operationMs).toBeLessThanOrEqual(15_000);
    expect(DEFAULT_S3_TIMEOUTS.checkMs).toBeLessThanOrEqual(3000);
  });

  it('a refused connection is PHOTO_STORE_UNAVAILABLE (503) in every method, fast', async () => {
    const store = storeAt(`http://127.0.0.1:${await freePort()}`, DEFAULT_S3_TIMEOUTS);
    const id = randomUUID();
    for (const attempt of [
      () => store.save(id, 'full', Buffer.from('x')),
      () => store.read(id, 'full'),
      () => store.remove(id),
      () => store.checkReachable(),
    ]) {
      const { error, ms } = await failure(attempt());
      expect(error).toBeInstanceOf(PhotoStoreUnavailableError);
      expect((error as Error).message).toMatch(
        /^S3 (saving|reading|removing|checking) .*: connect ECONNREFUSED/,
      );
      expect(outageOf(error)).toBe(PHOTO_STORE_UNAVAILABLE);
      expect(ms).toBeLessThan(5000);
    }
  });

  it('an endpoint that accepts connections and never answers is given up on at the deadline', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket)); // accepts, reads, never speaks
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silent.on('close', () => {
      for (const socket of sockets) socket.destroy();
    });
    const endpoint = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;

    const { error, ms } = await failure(storeAt(endpoint).read(randomUUID(), 'thumb'));
    expect(outageOf(error)).toBe(PHOTO_STORE_UNAVAILABLE);
    expect(ms).toBeLessThan(SHORT.operationMs + 1000);

    // The readiness check with the production settings answers within its own few seconds.
    const check = await failure(storeAt(endpoint, DEFAULT_S3_TIMEOUTS).checkReachable());
    expect(check.error).toBeInstanceOf(PhotoStoreUnavailableError);
    expect(check.ms).toBeLessThan(DEFAULT_S3_TIMEOUTS.checkMs + 1000);
    sockets.forEach((socket) => {
      socket.destroy();
    });
  });

  it('an overloaded service (5xx) is retried, then PHOTO_STORE_UNAVAILABLE', async () => {
    let requests = 0;
    const overloaded = createHttpServer((request, response) => {
      requests += 1;
      request.resume();
      response.writeHead(503, { 'content-type': 'application/xml' });
      response.end(
        '<?xml version="1.0"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
      );
    });
    servers.push(overloaded);
    await new Promise<void>((resolve) => overloaded.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(overloaded.address() as { port: number }).port}`;
    const { error } = await failure(storeAt(endpoint).save(randomUUID(), 'full', Buffer.from('x')));
    expect(error).toBeInstanceOf(PhotoStoreUnavailableError);
    expect(outageOf(error)).toBe(PHOTO_STORE_UNAVAILABLE);
    expect(requests).toBe(SHORT.maxAttempts);
  });
});

describe.skipIf(!TEST_S3)(
  `S3PhotoStore on a real S3 server${TEST_S3 ? '' : ` (skipped: ${NO_S3_SERVER})`}`,
  () => {
    let bucket: Awaited<ReturnType<typeof createTestBucket>>;
    let store: S3PhotoStore;
    let client: S3Client;
    beforeAll(async () => {
      client = testS3Client();
      bucket = await createTestBucket();
      store = new S3PhotoStore(bucket.settings);
    });
    afterAll(async () => {
      store?.destroy();
      client?.destroy();
      await bucket?.drop();
    });

    it('keeps a photo as <2 characters>/<id>.webp and .thumb.webp, typed image/webp (the disk layout)', async () => {
      const id = randomUUID();
      await store.save(id, 'full', Buffer.from('F'));
      await store.save(id, 'thumb', Buffer.from('T'));
      const keys = (await listKeys(client, bucket.bucket)).filter((key) => key.includes(id));
      expect(keys.sort()).toEqual([`${id.slice(0, 2)}/${id}.thumb.webp`, `${id.slice(0, 2)}/${id}.webp`]);
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket.bucket, Key: keys[1] }));
      expect(head.ContentType).toBe('image/webp');
      expect(head.ContentLength).toBe(1);
      await store.remove(id);
    });

    it('keys with the wrong secret are refused by the server: every method fails, nothing is stored', async () => {
      const forged = new S3PhotoStore({ ...bucket.settings, secretAccessKey: 'not-the-secret' });
      try {
        const id = randomUUID();
        await store.save(id, 'full', Buffer.from('real'));
        for (const attempt of [
          () => forged.save(id, 'full', Buffer.from('forged')),
          () => forged.save(randomUUID(), 'thumb', Buffer.from('forged')),
          () => forged.read(id, 'full'),
          () => forged.remove(id),
          () => forged.checkReachable(),
        ]) {
          const { error } = await failure(attempt());
          // A configuration mistake: not an outage to wait out (it would be a 500 with the details in the log).
          expect(outageOf(error)).toBeNull();
          expect((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode).toBe(403);
        }
        expect((await store.read(id, 'full'))?.toString()).toBe('real');
        expect((await listKeys(client, bucket.bucket)).filter((key) => !key.includes(id))).toEqual([]);
        await store.remove(id);
      } finally {
        forged.destroy();
      }
    });

    it('a request changed after it was signed (other bytes, other key) is refused', async () => {
      const id = randomUUID();
      const victim = randomUUID();
      const tampering = new S3PhotoStore(bucket.settings);
      // After SigV4 has signed the request, swap the body for other bytes of the same length, or the key.
      type SignedRequest = { body: unknown; path: string };
      const tamper = (change: (request: SignedRequest) => void) => {
        const middleware = (next: (args: unknown) => Promise<unknown>) => async (args: unknown) => {
          change((args as { request: SignedRequest }).request);
          return next(args);
        };
        tampering.client.middlewareStack.addRelativeTo(middleware as never, {
          relation: 'after',
          toMiddleware: 'awsAuthMiddleware',
          name: 'tamper',
          override: true,
        });
      };
      try {
        tamper((request) => {
          request.body = Buffer.from('evil');
        });
        const otherBytes = await failure(tampering.save(id, 'full', Buffer.from('good')));
        expect((otherBytes.error as Error).name).toBe('XAmzContentSHA256Mismatch');
        tamper((request) => {
          request.path = request.path.replace(id, victim);
        });
        const otherKey = await failure(tampering.save(id, 'full', Buffer.from('good')));
        expect((otherKey.error as Error).name).toBe('SignatureDoesNotMatch');
        expect(await store.read(id, 'full')).toBeNull();
        expect(await store.read(victim, 'full')).toBeNull();
      } finally {
        tampering.destroy();
      }
    });

    it('checkReachable: a bucket that does not exist is a NotFound error, not an outage', async () => {
      const missing = new S3PhotoStore({ ...bucket.settings, bucket: `missing-${randomUUID()}` });
      try {
        await expect(store.checkReachable()).resolves.toBeUndefined();
        const { error } = await failure(missing.checkReachable());
        expect((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode).toBe(404);
        expect(outageOf(error)).toBeNull();
      } finally {
        missing.destroy();
      }
    });

    it('reads back a photo of several megabytes intact', async () => {
      const id = randomUUID();
      const big = Buffer.alloc(6 * 1024 * 1024);
      for (let i = 0; i < big.length; i += 4) big.writeUInt32LE((i * 2654435761) >>> 0, i);
      await store.save(id, 'full', big);
      expect((await store.read(id, 'full'))?.equals(big)).toBe(true);
      await store.remove(id);
    });
  },
);

describe.skipIf(!CAN_ADMINISTER_TEST_S3)(
  `S3PhotoStore on a full bucket${CAN_ADMINISTER_TEST_S3 ? '' : ' (skipped: needs TEST_S3_CEPH_CONF for radosgw-admin)'}`,
  () => {
    it('a bucket over its quota is STORAGE_FULL (507), and removing still works', async () => {
      const full = await createTestBucket();
      const store = new S3PhotoStore(full.settings);
      try {
        await limitTestBucket(full.bucket, 1);
        const id = randomUUID();
        await store.save(id, 'full', Buffer.from('fits'));
        const { error } = await failure(store.save(id, 'thumb', Buffer.from('does not fit')));
        expect(error).toBeInstanceOf(PhotoStoreFullError);
        expect(outageOf(error)).toBe(STORAGE_FULL);
        await store.remove(id);
        expect(await store.read(id, 'full')).toBeNull();
      } finally {
        store.destroy();
        await full.drop();
      }
    });
  },
);
