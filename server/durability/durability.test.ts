// Durability: the real server process (node server/main.ts) takes concurrent catch posts with clientIds and is
// killed with SIGKILL in the middle of them. After a restart on the same data, every post that got a 2xx is
// there exactly once with what was sent, and re-sending every post (answered or not) leaves no duplicate.
// On SQLite (WAL, synchronous=FULL) always; on PostgreSQL too when TEST_DATABASE_URL is set (a fresh database
// is created on that server and dropped afterwards).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { freePort } from '../test-support/child-processes.ts';
import { type ServerProcess, serverEnv, startServerProcess } from '../test-support/server-process.ts';
import { createTestPostgresDatabase } from '../test-support/test-app.ts';

const WORKERS = 8;
/** The kill comes once this many posts were answered 2xx, while the other workers' posts are in flight. */
const ACKS_BEFORE_KILL = 40;
const TEST_TIMEOUT_MS = 90_000;

interface Post {
  clientId: string;
  body: { fishType: string; weight: number; notes: string; clientId: string; createdAt: string };
  /** The status of the first answer, or null when the connection died first. */
  status: number | null;
  firstId?: number;
}

function newPost(n: number): Post {
  const clientId = randomUUID();
  return {
    clientId,
    body: {
      fishType: `Durable Trout ${n}`,
      weight: Math.round(n * 37) / 10,
      notes: `post ${n} ${clientId.slice(0, 8)}`,
      clientId,
      createdAt: new Date(Date.UTC(2026, 4, 1) + n * 60_000).toISOString(),
    },
    status: null,
  };
}

async function postCatch(baseUrl: string, cookie: string, post: Post): Promise<Response> {
  return fetch(`${baseUrl}/api/mobile-catch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(post.body),
    signal: AbortSignal.timeout(10_000),
  });
}

/**
 * WORKERS loops post new catches until `kill` fires (after ACKS_BEFORE_KILL 2xx answers). Each loop stops at its
 * first failed request. Returns every post tried.
 */
async function postUntilKilled(baseUrl: string, cookie: string, kill: () => void): Promise<Post[]> {
  const posts: Post[] = [];
  let acks = 0;
  let killed = false;
  let counter = 0;
  const worker = async () => {
    for (;;) {
      const post = newPost(counter++);
      posts.push(post);
      try {
        const response = await postCatch(baseUrl, cookie, post);
        const body = (await response.json()) as Catch;
        post.status = response.status;
        if (response.status === 201) {
          post.firstId = body.id;
          acks++;
        } else {
          throw new Error(`unexpected ${response.status}: ${JSON.stringify(body)}`);
        }
        if (acks >= ACKS_BEFORE_KILL && !killed) {
          killed = true;
          kill();
        }
      } catch (error) {
        if (!killed) throw error;
        return; // the server is gone: this post's fate is unknown
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return posts;
}

/** Sends every post again, WORKERS at a time; returns the answers by clientId. */
async function resendAll(baseUrl: string, cookie: string, posts: Post[]): Promise<Map<string, Response>> {
  const answers = new Map<string, Response>();
  const queue = [...posts];
  const worker = async () => {
    for (let post = queue.shift(); post; post = queue.shift()) {
      answers.set(post.clientId, await postCatch(baseUrl, cookie, post));
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return answers;
}

async function listCatches(baseUrl: string, cookie: string): Promise<Catch[]> {
  const response = await fetch(`${baseUrl}/api/catches`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as Catch[];
}

function countByClientId(catches: Catch[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of catches) {
    if (item.clientId) counts.set(item.clientId, (counts.get(item.clientId) ?? 0) + 1);
  }
  return counts;
}

interface EngineSetup {
  /** Extra environment for the server (DATABASE_URL), or none for SQLite in DATA_DIR. */
  env: NodeJS.ProcessEnv;
  drop: () => Promise<void>;
}

const engines: Array<[string, () => Promise<EngineSetup>]> = [
  ['sqlite', async () => ({ env: {}, drop: async () => {} })],
];
if (process.env.TEST_DATABASE_URL) {
  engines.push([
    'postgres',
    async () => {
      const { url, drop } = await createTestPostgresDatabase('tl_durability');
      return { env: { DATABASE_URL: url }, drop };
    },
  ]);
}

describe.each(engines)('durability under SIGKILL on %s', (engine, setUp) => {
  let setup: EngineSetup;
  let dataDir: string;
  let baseUrl: string;
  let env: NodeJS.ProcessEnv;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    setup = await setUp();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tightlines-durability-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = serverEnv(port, dataDir, setup.env);
  }, 30_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await setup?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  async function killNow(running: ServerProcess): Promise<void> {
    running.child.kill('SIGKILL');
    const { signal } = await running.exited;
    expect(signal).toBe('SIGKILL');
  }

  it(
    'keeps every acknowledged catch exactly once across two kill -9s, and re-sending never duplicates',
    async () => {
      server = await startServerProcess(env, baseUrl);
      const register = await fetch(`${baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'durable_dora', password: 'kill-dash-nine-9' }),
      });
      expect(register.status).toBe(201);
      const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect(cookie).toMatch(/^tightlines_session=/);

      // Round 1: concurrent new posts, SIGKILL in the middle of them.
      const first = server;
      const posts = await postUntilKilled(baseUrl, cookie, () => first.child.kill('SIGKILL'));
      await killNow(first);
      const acked = posts.filter((post) => post.status === 201);
      const unknown = posts.filter((post) => post.status === null);
      expect(acked.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
      expect(unknown.length).toBeGreaterThan(0); // some posts really were cut off
      console.log(
        `durability (${engine}): ${posts.length} posts, ${acked.length} answered 201, ` +
          `${unknown.length} cut off by SIGKILL`,
      );

      // Restart on the same data: the session survived too (it lives in the database).
      server = await startServerProcess(env, baseUrl);
      const afterCrash = await listCatches(baseUrl, cookie);
      const counts = countByClientId(afterCrash);
      const sent = new Set(posts.map((post) => post.clientId));
      for (const post of acked) {
        expect(counts.get(post.clientId), `acknowledged ${post.clientId}`).toBe(1);
        const saved = afterCrash.find((item) => item.clientId === post.clientId);
        expect(saved).toMatchObject({
          id: post.firstId,
          fishType: post.body.fishType,
          weight: post.body.weight,
          notes: post.body.notes,
          createdAt: post.body.createdAt,
        });
      }
      for (const [clientId, count] of counts) {
        expect(sent.has(clientId), `a catch nobody sent: ${clientId}`).toBe(true);
        expect(count).toBe(1);
      }

      // Round 2: the outbox re-sends everything, and the server is killed again half-way through.
      const second = server;
      let resent = 0;
      const half = Math.floor(posts.length / 2);
      const queue = [...posts];
      const resendWorker = async () => {
        for (let post = queue.shift(); post; post = queue.shift()) {
          try {
            const response = await postCatch(baseUrl, cookie, post);
            expect([200, 201]).toContain(response.status);
            await response.body?.cancel();
            if (++resent === half) second.child.kill('SIGKILL');
          } catch {
            return;
          }
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, resendWorker));
      await killNow(second);

      // Round 3: restart and re-send everything once more; nothing may double.
      server = await startServerProcess(env, baseUrl);
      const answers = await resendAll(baseUrl, cookie, posts);
      for (const post of acked) {
        const response = answers.get(post.clientId);
        if (!response) throw new Error(`no answer for ${post.clientId}`);
        expect(response.status, `re-sent acknowledged ${post.clientId}`).toBe(200);
        expect(((await response.json()) as Catch).id).toBe(post.firstId);
      }
      for (const post of unknown) {
        expect([200, 201]).toContain(answers.get(post.clientId)?.status);
        await answers.get(post.clientId)?.body?.cancel();
      }
      const final = await listCatches(baseUrl, cookie);
      expect(final).toHaveLength(posts.length);
      const finalCounts = countByClientId(final);
      expect(finalCounts.size).toBe(posts.length);
      for (const post of posts) expect(finalCounts.get(post.clientId)).toBe(1);

      // A clean stop (SIGTERM) drains and exits 0.
      const last = server;
      last.child.kill('SIGTERM');
      expect(await last.exited).toEqual({ code: 0, signal: null });
    },
    TEST_TIMEOUT_MS,
  );
});
