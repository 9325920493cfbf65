// The real server (server/main.ts) started with PHOTO_STORE=s3, the way an operator does, over real sockets.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../config/settings.ts';
import { freePort, startOnFreePort } from '../test-support/child-processes.ts';
import {
  type ServerProcess,
  serverEnv,
  spawnServer,
  startServerProcess,
} from '../test-support/server-process.ts';
import {
  createTestBucket,
  listKeys,
  NO_S3_SERVER,
  TEST_S3,
  testS3Client,
} from '../test-support/test-photo-stores.ts';

function s3Env(settings: S3Settings): NodeJS.ProcessEnv {
  return {
    PHOTO_STORE: 's3',
    S3_ENDPOINT: settings.endpoint,
    S3_REGION: settings.region,
    S3_BUCKET: settings.bucket,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

let jpeg: Buffer;
let dataDir: string;
const servers: ServerProcess[] = [];
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'tightlines-s3-server-'));
});
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** An angler signed in on the server at `base`: fetch with their session cookie. */
async function signUp(base: string) {
  const register = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'alice', password: 'river-trout-42' }),
  });
  expect(register.status).toBe(201);
  const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return (url: string, init: RequestInit = {}) =>
    fetch(`${base}${url}`, { ...init, headers: { ...init.headers, cookie } });
}

function photoForm(): FormData {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'fish.jpg');
  return form;
}

async function start(env: NodeJS.ProcessEnv): Promise<string> {
  return startOnFreePort(async (port) => {
    const base = `http://127.0.0.1:${port}`;
    servers.push(await startServerProcess(serverEnv(port, dataDir, env), base));
    return base;
  });
}

/** Runs the server expecting it to refuse to start; returns what it printed. */
async function refusedStart(env: NodeJS.ProcessEnv): Promise<string> {
  const server = spawnServer(serverEnv(await freePort(), dataDir, env));
  servers.push(server);
  expect((await server.exited).code).toBe(1);
  return server.output();
}

describe('the server with PHOTO_STORE=s3', () => {
  it('starts while the store does not answer, answers photo requests 503 PHOTO_STORE_UNAVAILABLE, serves the rest', async () => {
    const deadEndpoint = `http://127.0.0.1:${await freePort()}`;
    const base = await start(
      s3Env({
        endpoint: deadEndpoint,
        region: 'us-east-1',
        bucket: 'photos',
        accessKeyId: 'AKID',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      }),
    );
    const alice = await signUp(base);
    const upload = await alice('/api/upload', { method: 'POST', body: photoForm() });
    expect(upload.status).toBe(503);
    expect(upload.headers.get('retry-after')).toBe('5');
    expect(await upload.json()).toEqual({
      message: 'Photos are unavailable right now. Please try again in a moment.',
      code: 'PHOTO_STORE_UNAVAILABLE',
    });
    expect((await alice('/api/catches')).status).toBe(200);
  });

  describe.skipIf(!TEST_S3)(`with a real S3 server${TEST_S3 ? '' : ` (skipped: ${NO_S3_SERVER})`}`, () => {
    it('stores uploads in the bucket, serves them back to their owner, lets them go with their catch', async () => {
      const bucket = await createTestBucket();
      const client = testS3Client();
      try {
        const base = await start(s3Env(bucket.settings));
        const alice = await signUp(base);
        const upload = await alice('/api/upload', { method: 'POST', body: photoForm() });
        expect(upload.status).toBe(201);
        const { url } = (await upload.json()) as { url: string };
        const id = url.slice('/api/photos/'.length, -'.webp'.length);
        expect((await listKeys(client, bucket.bucket)).sort()).toEqual([
          `${id.slice(0, 2)}/${id}.thumb.webp`,
          `${id.slice(0, 2)}/${id}.webp`,
        ]);

        const served = await alice(url);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/webp');
        expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
        expect((await fetch(`${base}${url}`)).status).toBe(401);

        const created = await alice('/api/mobile-catch', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ fishType: 'Pike', photo: url }),
        });
        const { id: catchId } = (await created.json()) as { id: number };
        expect((await alice(`/api/catches/${catchId}`, { method: 'DELETE' })).status).toBe(204);
        expect((await alice(url)).status).toBe(404);
        // The objects stay for the grace period, then the sweep removes them (photos/photo-sweeper.test.ts).
        expect(await listKeys(client, bucket.bucket)).toHaveLength(2);
      } finally {
        client.destroy();
        await bucket.drop();
      }
    });

    it('does not start on a bucket that does not exist, or with the wrong secret: one clear line', async () => {
      const settings = TEST_S3 as S3Settings;
      const missing = await refusedStart(s3Env({ ...settings, bucket: 'no-such-bucket-here' }));
      expect(missing).toContain(
        `S3_BUCKET: bucket 'no-such-bucket-here' at ${settings.endpoint} does not exist (create it: Tightlines does not create buckets)`,
      );
      expect(missing).not.toMatch(/\n\s+at /); // no stack trace

      const forged = await refusedStart(s3Env({ ...settings, secretAccessKey: 'not-the-secret' }));
      expect(forged).toContain(
        `S3_BUCKET: bucket '${settings.bucket}' at ${settings.endpoint} refused us (HTTP 403`,
      );
    });
  });
});
