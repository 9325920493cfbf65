// Many instances, tested: three real server processes (node server/main.ts) on one PostgreSQL database of their
// own, one S3 bucket (radosgw, reached through a relay the test can cut) and one Redis, behind a real HAProxy
// running deploy/haproxy.cfg. Shows that a session, a catch and a photo made through one instance are seen by all;
// that the registration, login, upload and global limits hold in total, not per instance; that restarting every
// instance in turn (SIGTERM) under load costs no client a single error; that a photo store outage fails photos
// only; and that SIGKILLing an instance under load costs no acknowledged write and no failed GET. Part of
// `npm test`; skipped (with the reason) when a part is missing. TEST_SCALE_OUT_PORTS=FIRST-LAST confines it to
// those ports (it needs INSTANCES + 2); otherwise it takes free ones.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { freePort } from '../test-support/child-processes.ts';
import { type CuttableProxy, startCuttableProxy } from '../test-support/cuttable-proxy.ts';
import { type Balancer, HAPROXY_BIN, HAVE_HAPROXY, startBalancer } from '../test-support/haproxy.ts';
import { multipart, smallJpeg } from '../test-support/hostile-inputs.ts';
import {
  type ServerProcess,
  serverEnv,
  spawnServer,
  startServerProcess,
  waitUntilServing,
} from '../test-support/server-process.ts';
import { createTestPostgresDatabase } from '../test-support/test-app.ts';
import { createTestBucket, NO_S3_SERVER, TEST_S3 } from '../test-support/test-photo-stores.ts';

const missing = [
  HAVE_HAPROXY ? null : `no HAProxy at ${HAPROXY_BIN} (apt-get install -y haproxy)`,
  TEST_S3 ? null : NO_S3_SERVER,
  process.env.TEST_DATABASE_URL ? null : 'no PostgreSQL: TEST_DATABASE_URL is unset',
  process.env.TEST_REDIS_URL ? null : 'no Redis: TEST_REDIS_URL is unset',
].filter((reason) => reason !== null);
if (missing.length > 0) console.warn(`multi-instance test skipped: ${missing.join('; ')}`);

const INSTANCES = 3;
/** Small limits, so that "in total, not per instance" shows with a few requests. */
const LIMITS = { registerPerIp: 5, loginPerUsername: 4, uploadsPerUser: 3, globalPerMinute: 100 };
/** The load around the SIGKILL: writers post catches, readers list them, each request from an address of its own. */
const WRITERS = 6;
const POSTS_PER_WRITER = 25;
const READERS = 3;
const ACKS_BEFORE_KILL = 30;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The client's address: any 127.x.y.z works on Linux's loopback, so each "client" can have its own IP. */
  from?: string;
  /** A keep-alive agent (whose address is its own): the request goes on a connection kept from the last one. */
  agent?: Agent;
}

/**
 * The ports of this run: TEST_SCALE_OUT_PORTS=FIRST-LAST (an operator's range on a shared machine), or free ones.
 */
async function portsForTest(count: number): Promise<number[]> {
  const range = process.env.TEST_SCALE_OUT_PORTS;
  if (!range) return Promise.all(Array.from({ length: count }, () => freePort()));
  const [first, last] = range.split('-').map(Number) as [number, number];
  if (!(first > 0 && last >= first + count - 1)) {
    throw new Error(`TEST_SCALE_OUT_PORTS=${range} must be FIRST-LAST with at least ${count} ports`);
  }
  return Array.from({ length: count }, (_, i) => first + i);
}

/** One HTTP request on a connection of its own, from the given local address. */
function send(baseUrl: string, pathName: string, options: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${baseUrl}${pathName}`,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ...(options.agent
          ? { agent: options.agent }
          : { localAddress: options.from ?? '127.0.0.1', agent: false }),
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(options.body);
  });
}

function json(answer: Answer): unknown {
  return JSON.parse(answer.body.toString());
}

function postJson(baseUrl: string, pathName: string, payload: unknown, options: SendOptions = {}) {
  return send(baseUrl, pathName, {
    ...options,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(payload),
  });
}

function sessionCookie(answer: Answer): string {
  const cookie = (answer.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`no session cookie in the answer (${answer.status}: ${answer.body})`);
  return cookie.split(';', 1)[0] as string;
}

let addressCounter = 0;
/** A loopback address no other request of this file used (127.1.0.1, 127.1.0.2, ...). */
function freshAddress(): string {
  addressCounter++;
  return `127.1.${Math.floor(addressCounter / 250)}.${1 + (addressCounter % 250)}`;
}

async function register(baseUrl: string, username: string, from = freshAddress()): Promise<string> {
  const answer = await postJson(baseUrl, '/api/register', { username, password: 'river-trout-42' }, { from });
  expect(answer.status, answer.body.toString()).toBe(201);
  return sessionCookie(answer);
}

interface Instance {
  url: string;
  port: number;
  env: NodeJS.ProcessEnv;
  process: ServerProcess;
}

describe.skipIf(missing.length > 0)(
  'three instances behind HAProxy on one PostgreSQL and one S3 bucket',
  () => {
    let database: { url: string; drop(): Promise<void> } | undefined;
    let bucket: Awaited<ReturnType<typeof createTestBucket>> | undefined;
    /** Between the instances and radosgw: cut, it is a photo store outage. */
    let storeRelay: CuttableProxy | undefined;
    const dataDirs: string[] = [];
    const instances: Instance[] = [];
    let balancer: Balancer | undefined;
    let balancerUrl: string;

    /** An instance's environment: the same on every instance but its port and scratch folder, as in production. */
    const instanceEnv = (port: number, dataDir: string) => {
      const s3 = (bucket as NonNullable<typeof bucket>).settings;
      return serverEnv(port, dataDir, {
        DATABASE_URL: database?.url,
        PHOTO_STORE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${storeRelay?.port}`,
        S3_REGION: s3.region,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        REDIS_URL: process.env.TEST_REDIS_URL,
        // Counters of their own in the shared Redis (the bucket's random name), so parallel runs never meet.
        REDIS_KEY_PREFIX: `${s3.bucket}:`,
        // Only the balancer's X-Forwarded-For is believed: it overwrites whatever the client sent.
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_REGISTER_PER_IP: String(LIMITS.registerPerIp),
        RATE_LIMIT_LOGIN_PER_USERNAME: String(LIMITS.loginPerUsername),
        RATE_LIMIT_UPLOADS_PER_USER: String(LIMITS.uploadsPerUser),
        RATE_LIMIT_GLOBAL_PER_MINUTE: String(LIMITS.globalPerMinute),
        // The default drain, as operators run it (longer than HAProxy's 2 s between checks).
        SHUTDOWN_DRAIN_SECONDS: undefined,
      });
    };

    beforeAll(async () => {
      // Its own database on the TEST_DATABASE_URL server (created here, dropped afterwards), whatever that URL names.
      database = await createTestPostgresDatabase('tl_scale_out');
      bucket = await createTestBucket();
      const [balancerPort, relayPort, ...instancePorts] = await portsForTest(INSTANCES + 2);
      const store = new URL(bucket.settings.endpoint ?? '');
      storeRelay = await startCuttableProxy(relayPort as number, {
        host: store.hostname,
        port: Number(store.port),
      });
      // All three start at once on the new database, as a deploy would start them.
      await Promise.all(
        instancePorts.map(async (port) => {
          const dataDir = await mkdtemp(path.join(tmpdir(), 'tightlines-scale-out-'));
          dataDirs.push(dataDir);
          const url = `http://127.0.0.1:${port}`;
          const env = instanceEnv(port, dataDir);
          instances.push({ url, port, env, process: await startServerProcess(env, url) });
        }),
      );
      instances.sort((a, b) => a.port - b.port);
      balancerUrl = `http://127.0.0.1:${balancerPort}`;
      balancer = await startBalancer(
        balancerPort as number,
        instances.map((instance) => instance.port),
      );
    }, 120_000);

    afterAll(async () => {
      await balancer?.stop();
      for (const instance of instances) {
        const child = instance.process.child;
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGKILL');
          await instance.process.exited;
        }
      }
      await storeRelay?.close();
      await database?.drop();
      await bucket?.drop();
      for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
    }, 60_000);

    it('every instance is ready, and the balancer answers', async () => {
      for (const instance of instances) {
        expect((await send(instance.url, '/api/ready')).status).toBe(200);
      }
      expect((await send(balancerUrl, '/api/ready')).status).toBe(200);
    });

    it('a session made on one instance works on all, and a logout on one ends it on all', async () => {
      const [a, b, c] = instances.map((instance) => instance.url) as [string, string, string];
      const cookie = await register(a, 'shared_session');
      for (const url of [a, b, c]) {
        const answer = await send(url, '/api/user', { headers: { cookie } });
        expect(answer.status, url).toBe(200);
        expect((json(answer) as { username: string }).username).toBe('shared_session');
      }
      expect((await send(b, '/api/logout', { method: 'POST', headers: { cookie } })).status).toBe(204);
      for (const url of [a, c])
        expect((await send(url, '/api/user', { headers: { cookie } })).status, url).toBe(401);
    });

    it('a catch written through one instance is listed by the others at once', async () => {
      const [a, b, c] = instances.map((instance) => instance.url) as [string, string, string];
      const cookie = await register(a, 'shared_catches');
      // Each instance lists first (so each has the list cached), then a catch is written through another one.
      for (const url of [a, b, c])
        expect(json(await send(url, '/api/catches', { headers: { cookie } }))).toEqual([]);
      for (const [writer, readers] of [
        [b, [a, c]],
        [c, [a, b]],
        [a, [b, c]],
      ] as const) {
        const created = await postJson(
          writer,
          '/api/mobile-catch',
          { fishType: `Pike via ${writer}` },
          { headers: { cookie } },
        );
        expect(created.status).toBe(201);
        const id = (json(created) as Catch).id;
        for (const reader of readers) {
          const listed = json(await send(reader, '/api/catches', { headers: { cookie } })) as Catch[];
          expect(
            listed.map((item) => item.id),
            `${reader} after a write through ${writer}`,
          ).toContain(id);
        }
      }
    });

    it('a photo uploaded through one instance is served by all', async () => {
      const [a, b, c] = instances.map((instance) => instance.url) as [string, string, string];
      const cookie = await register(a, 'shared_photos');
      const form = multipart({ fileName: 'pike.jpg', contentType: 'image/jpeg', data: await smallJpeg() });
      const uploaded = await send(c, '/api/upload', {
        method: 'POST',
        headers: { ...form.headers, cookie },
        body: form.payload,
      });
      expect(uploaded.status, uploaded.body.toString()).toBe(201);
      const photoUrl = (json(uploaded) as { url: string }).url;
      const served: Buffer[] = [];
      for (const url of [a, b, c]) {
        for (const variant of ['', '?size=thumb']) {
          const answer = await send(url, `${photoUrl}${variant}`, { headers: { cookie } });
          expect(answer.status, `${url}${photoUrl}${variant}`).toBe(200);
          expect(answer.headers['content-type']).toBe('image/webp');
          if (!variant) served.push(answer.body);
        }
      }
      expect(served[1]?.equals(served[0] as Buffer)).toBe(true);
      expect(served[2]?.equals(served[0] as Buffer)).toBe(true);
      // The owner check holds on every instance: another angler gets 404.
      const stranger = await register(b, 'photo_stranger');
      for (const url of [a, b, c])
        expect((await send(url, photoUrl, { headers: { cookie: stranger } })).status).toBe(404);
    });

    it('the registration, login, upload and global limits hold in total through the balancer', async () => {
      // Registrations per IP: one client, round-robined over three instances; half of the attempts forge
      // X-Forwarded-For, which the balancer overwrites.
      const registrations: number[] = [];
      for (let i = 0; i < LIMITS.registerPerIp + 3; i++) {
        const forged = i % 2 === 1 ? { 'x-forwarded-for': `203.0.113.${i}` } : undefined;
        const answer = await postJson(
          balancerUrl,
          '/api/register',
          { username: `limited_${i}`, password: 'river-trout-42' },
          { from: '127.0.0.21', headers: forged },
        );
        registrations.push(answer.status);
      }
      expect(registrations).toEqual([...Array(LIMITS.registerPerIp).fill(201), 429, 429, 429]);

      // Failed logins per username, each from another address.
      await register(balancerUrl, 'login_target');
      const logins: number[] = [];
      for (let i = 0; i < LIMITS.loginPerUsername + 3; i++) {
        const answer = await postJson(
          balancerUrl,
          '/api/login',
          { username: 'login_target', password: 'not-the-password' },
          { from: freshAddress() },
        );
        logins.push(answer.status);
      }
      expect(logins).toEqual([...Array(LIMITS.loginPerUsername).fill(401), 429, 429, 429]);

      // Uploads per user.
      const cookie = await register(balancerUrl, 'upload_limited');
      const form = multipart({ fileName: 'perch.jpg', contentType: 'image/jpeg', data: await smallJpeg() });
      const uploads: number[] = [];
      for (let i = 0; i < LIMITS.uploadsPerUser + 2; i++) {
        const answer = await send(balancerUrl, '/api/upload', {
          method: 'POST',
          headers: { ...form.headers, cookie },
          body: form.payload,
          from: freshAddress(),
        });
        uploads.push(answer.status);
      }
      expect(uploads).toEqual([...Array(LIMITS.uploadsPerUser).fill(201), 429, 429]);

      // The global per-IP limit, counted in Redis by all three.
      const global: number[] = [];
      for (let i = 0; i < LIMITS.globalPerMinute + 30; i++) {
        global.push((await send(balancerUrl, '/api/user', { from: '127.0.0.40' })).status);
      }
      expect(global.filter((status) => status === 401)).toHaveLength(LIMITS.globalPerMinute);
      expect(global.slice(LIMITS.globalPerMinute).every((status) => status === 429)).toBe(true);
      console.info(
        `multi-instance limits: registrations ${count(registrations)}, failed logins ${count(logins)}, ` +
          `uploads ${count(uploads)}, global ${count(global)}`,
      );
    }, 60_000);

    /** HAProxy's view of an instance in both backends: UP, NOLB (draining itself), DRAIN, DOWN, MAINT. */
    const statusOf = async (server: string): Promise<string[]> => {
      const csv = await (balancer as Balancer).runtime('show stat');
      return csv
        .split('\n')
        .map((line) => line.split(','))
        .filter((fields) => fields[1] === server)
        .map((fields) => fields[17] ?? '');
    };
    const waitForStatus = async (server: string, wanted: (statuses: string[]) => boolean, what: string) => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const statuses = await statusOf(server);
        if (statuses.length === 2 && wanted(statuses)) return;
        if (Date.now() > deadline) throw new Error(`${server} never ${what}: ${statuses.join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    it('restarting every instance in turn (SIGTERM) under keep-alive load costs no client an error', async () => {
      const load = await startLoad(balancerUrl, 6);
      await load.rounds(2);
      for (const [i, instance] of instances.entries()) {
        const server = `app${i + 1}`;
        // The second one is drained through HAProxy's runtime socket first, as docs/deploy.md shows; the others
        // drain themselves (readiness 404 while SHUTDOWN_DRAIN_SECONDS run).
        const throughSocket = i === 1;
        if (throughSocket) {
          for (const backend of ['tightlines_instances', 'tightlines_assets']) {
            expect(await balancer?.runtime(`set server ${backend}/${server} state drain`)).toBe('\n');
          }
        }
        instance.process.child.kill('SIGTERM');
        await waitForStatus(
          server,
          (statuses) => statuses.every((status) => status !== 'UP'),
          'left the pool',
        );
        expect(await instance.process.exited).toEqual({ code: 0, signal: null });
        // A start on a busy machine (the load runs meanwhile) may take longer than the usual 30 s.
        instance.process = spawnServer(instance.env);
        await waitUntilServing(instance.process, instance.url, 120_000);
        if (throughSocket) {
          for (const backend of ['tightlines_instances', 'tightlines_assets']) {
            await balancer?.runtime(`set server ${backend}/${server} state ready`);
          }
        }
        await waitForStatus(server, (statuses) => statuses.every((status) => status === 'UP'), 'came back');
        await load.rounds(1);
      }
      const outcome = await load.stop();
      console.info(`multi-instance rolling restart of ${INSTANCES} instances: ${outcome.summary}`);
      expect(outcome.errors).toEqual([]);
      expect(outcome.requests).toBeGreaterThan(100);
    }, 600_000);

    it('a photo store outage fails photos alone (503 PHOTO_STORE_UNAVAILABLE); every instance stays in the pool', async () => {
      const load = await startLoad(balancerUrl, 4, { withPhotos: true });
      await load.rounds(1);
      await storeRelay?.cut();
      const cutAt = Date.now();
      // Longer than HAProxy takes to drop an instance whose readiness fails (2 checks 2 s apart).
      await load.rounds(3);
      while (Date.now() - cutAt < 8000) await load.rounds(1);
      for (const [i] of instances.entries()) expect(await statusOf(`app${i + 1}`)).toEqual(['UP', 'UP']);
      const cutUpload = await load.upload();
      await storeRelay?.mend();
      const outage = await load.stop();
      console.info(`multi-instance photo store outage (${Date.now() - cutAt} ms): ${outage.summary}`);
      // Before: readiness failed with the store, HAProxy took every instance out and everything answered 503.
      expect(outage.errors).toEqual([]);
      expect(outage.degraded.length).toBeGreaterThan(0);
      expect(cutUpload).toEqual({ status: 503, code: 'PHOTO_STORE_UNAVAILABLE' });
      // Back: photos work again.
      const after = await startLoad(balancerUrl, 2, { withPhotos: true });
      await after.rounds(1);
      expect((await after.stop()).degraded).toEqual([]);
    }, 300_000);

    it('one instance SIGKILLed under load costs no acknowledged write and no failed GET', async () => {
      const writers = await Promise.all(
        Array.from({ length: WRITERS }, async (_, i) => ({
          cookie: await register(balancerUrl, `load_writer_${i}`),
          acknowledged: [] as string[],
          /** Posts whose fate the writer does not know (a 502, a dropped connection), with what was sent. */
          unanswered: [] as { clientId: string; fishType: string }[],
        })),
      );
      const victim = instances[1] as Instance;
      let acks = 0;
      let killed = false;
      let writing = true;
      const failedPosts: string[] = [];
      const failedGets: string[] = [];
      let gets = 0;

      const write = async (writer: (typeof writers)[number], n: number) => {
        // Half the writers keep their connection to the balancer alive between posts, as phones do.
        const agent =
          n % 2 === 1
            ? new Agent({ keepAlive: true, maxSockets: 1, localAddress: freshAddress() })
            : undefined;
        const how = agent ? 'kept-alive' : 'new connection';
        for (let i = 0; i < POSTS_PER_WRITER; i++) {
          const post = { clientId: randomUUID(), fishType: `Walleye ${n}.${i}` };
          try {
            const answer = await postJson(balancerUrl, '/api/mobile-catch', post, {
              headers: { cookie: writer.cookie },
              ...(agent ? { agent } : { from: freshAddress() }),
            });
            if (answer.status === 201) {
              writer.acknowledged.push(post.clientId);
              acks++;
            } else {
              failedPosts.push(`${answer.status} ${(json(answer) as { code?: string }).code} (${how})`);
              writer.unanswered.push(post);
            }
          } catch (error) {
            failedPosts.push(`${(error as Error).message} (${how})`);
            writer.unanswered.push(post);
          }
          // The kill lands while the other writers' posts and the readers' lists are in flight.
          if (acks >= ACKS_BEFORE_KILL && !killed) {
            killed = true;
            victim.process.child.kill('SIGKILL');
          }
        }
        agent?.destroy();
      };
      const read = async (n: number) => {
        const { cookie } = writers[n % WRITERS] as (typeof writers)[number];
        while (writing) {
          gets++;
          try {
            const answer = await send(balancerUrl, '/api/catches', {
              headers: { cookie },
              from: freshAddress(),
            });
            if (answer.status !== 200) failedGets.push(`${answer.status} ${answer.body}`);
          } catch (error) {
            failedGets.push((error as Error).message);
          }
        }
      };

      const readers = Array.from({ length: READERS }, (_, n) => read(n));
      await Promise.all(writers.map((writer, n) => write(writer, n)));
      writing = false;
      await Promise.all(readers);
      const { signal } = await victim.process.exited;
      expect(signal).toBe('SIGKILL');

      // A POST that died with its instance is not retried by the balancer (it may have been written): the app's
      // outbox sends it again with the same clientId, which must neither fail nor make a second catch.
      for (const writer of writers) {
        for (const post of writer.unanswered) {
          const again = await postJson(balancerUrl, '/api/mobile-catch', post, {
            headers: { cookie: writer.cookie },
            from: freshAddress(),
          });
          expect([200, 201], `re-sent ${post.clientId}`).toContain(again.status);
          writer.acknowledged.push(post.clientId);
        }
      }

      // Every acknowledged catch is there exactly once, read from the instances that lived.
      const survivor = (instances[0] as Instance).url;
      for (const writer of writers) {
        const listed = json(
          await send(survivor, '/api/catches', { headers: { cookie: writer.cookie } }),
        ) as Catch[];
        const seen = new Map<string, number>();
        for (const item of listed)
          if (item.clientId) seen.set(item.clientId, (seen.get(item.clientId) ?? 0) + 1);
        for (const clientId of writer.acknowledged) expect(seen.get(clientId), clientId).toBe(1);
      }
      const total = WRITERS * POSTS_PER_WRITER;
      console.info(
        `multi-instance SIGKILL: ${total} posts (${total - failedPosts.length} acknowledged, ` +
          `${failedPosts.length} unanswered: ${failedPosts.join(', ') || 'none'}, each re-sent once and then ` +
          `present exactly once), ${gets} GETs (${failedGets.length} failed)`,
      );
      expect(failedGets).toEqual([]);
      // The balancer still serves, on the two instances left.
      expect(
        (await send(balancerUrl, '/api/catches', { headers: { cookie: writers[0]?.cookie ?? '' } })).status,
      ).toBe(200);
    }, 120_000);
  },
);

/** "5 × 201, 3 × 429" */
function count(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} × ${status}`).join(', ');
}

interface LoadOutcome {
  requests: number;
  /** Anything a client would show as a failure: a wrong status, a dropped connection. */
  errors: string[];
  /** Photo requests answered 503 PHOTO_STORE_UNAVAILABLE, as they should be while the store is away. */
  degraded: string[];
  /** "GET /api/catches: 120 × 200; POST /api/mobile-catch: 60 × 201, ..." */
  summary: string;
}

/**
 * Anglers using the app through the balancer, each on kept-alive connections as a phone keeps them: list, save,
 * edit, sign in again, and (withPhotos) look at a photo. `rounds(n)` waits until every angler has done n more
 * rounds; each angler moves to a new address every few requests, so the global per-IP limit never refuses them.
 */
async function startLoad(balancerUrl: string, anglers: number, { withPhotos = false } = {}) {
  const outcomes = new Map<string, Map<string, number>>();
  const errors: string[] = [];
  const degraded: string[] = [];
  let requests = 0;
  let running = true;
  const done: number[] = Array(anglers).fill(0);
  const note = (route: string, outcome: string) => {
    const counts = outcomes.get(route) ?? new Map<string, number>();
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    outcomes.set(route, counts);
  };
  const photoForm = multipart({ fileName: 'pike.jpg', contentType: 'image/jpeg', data: await smallJpeg() });

  const angler = async (n: number) => {
    const username = `load_${randomUUID().slice(0, 8)}`;
    const cookie = await register(balancerUrl, username);
    let photo: string | null = null;
    if (withPhotos) {
      const uploaded = await send(balancerUrl, '/api/upload', {
        method: 'POST',
        headers: { ...photoForm.headers, cookie },
        body: photoForm.payload,
        from: freshAddress(),
      });
      expect(uploaded.status, uploaded.body.toString()).toBe(201);
      photo = (json(uploaded) as { url: string }).url;
    }
    let agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: freshAddress() });
    const call = async (route: string, pathName: string, options: SendOptions, expected: number) => {
      requests++;
      try {
        const answer = await send(balancerUrl, pathName, { ...options, agent });
        note(route, String(answer.status));
        const code = answer.status >= 400 ? (json(answer) as { code?: string }).code : undefined;
        if (answer.status === expected) return answer;
        if (route.includes('/api/photos/') && answer.status === 503 && code === 'PHOTO_STORE_UNAVAILABLE') {
          degraded.push(route);
        } else {
          errors.push(`${route}: ${answer.status} ${answer.body.toString().slice(0, 200)}`);
        }
        return null;
      } catch (error) {
        note(route, (error as Error).message);
        errors.push(`${route}: ${(error as Error).message}`);
        return null;
      }
    };
    for (let round = 0; running; round++) {
      const headers = { cookie };
      await call('GET /api/catches', '/api/catches', { headers }, 200);
      const clientId = randomUUID();
      const created = await call(
        'POST /api/mobile-catch',
        '/api/mobile-catch',
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ clientId, fishType: `Bluegill ${round}` }),
        },
        201,
      );
      if (created) {
        const { id } = json(created) as Catch;
        await call(
          'PATCH /api/catches/:id',
          `/api/catches/${id}`,
          {
            method: 'PATCH',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ notes: `round ${round}` }),
          },
          200,
        );
      }
      if (photo) await call('GET /api/photos/:file', photo, { headers }, 200);
      if (round % 3 === 2) {
        await call(
          'POST /api/login',
          '/api/login',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username, password: 'river-trout-42' }),
          },
          200,
        );
      }
      // A new address (and so new connections) every few rounds: under the global limit of 100 a minute.
      if (round % 4 === 3) {
        agent.destroy();
        agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: freshAddress() });
      }
      done[n] = round + 1;
    }
    agent.destroy();
  };
  const anglersRunning = Array.from({ length: anglers }, (_, n) => angler(n));
  return {
    /** Waits until every angler has done `n` more rounds. */
    rounds: async (n: number) => {
      const target = done.map((count) => count + n);
      while (done.some((count, i) => count < (target[i] as number))) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** One upload by a new angler, while the load runs: its status and code. */
    upload: async () => {
      const cookie = await register(balancerUrl, `upload_${randomUUID().slice(0, 8)}`);
      const answer = await send(balancerUrl, '/api/upload', {
        method: 'POST',
        headers: { ...photoForm.headers, cookie },
        body: photoForm.payload,
        from: freshAddress(),
      });
      return { status: answer.status, code: (json(answer) as { code?: string }).code };
    },
    stop: async (): Promise<LoadOutcome> => {
      running = false;
      await Promise.all(anglersRunning);
      const summary = [...outcomes]
        .map(([route, counts]) => `${route}: ${[...counts].map(([what, n]) => `${n} × ${what}`).join(', ')}`)
        .join('; ');
      return { requests, errors, degraded, summary };
    },
  };
}
