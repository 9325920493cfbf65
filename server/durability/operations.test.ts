// The operator's day with the real server process (node server/main.ts): a second server on the same data is
// refused, a server killed with kill -9 leaves no stale lock behind, and SIGTERM always ends the process in time.
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort, waitForExit } from '../test-support/child-processes.ts';
import {
  type ServerProcess,
  serverEnv,
  spawnServer,
  waitUntilServing,
} from '../test-support/server-process.ts';

/** Far above any deadline below: the tests wait for events, this only bounds a failure. */
const EXIT_UPPER_BOUND_MS = 30_000;

describe('the server process', () => {
  let dataDir: string;
  const running: ServerProcess[] = [];

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tightlines-operations-'));
  });
  afterEach(async () => {
    for (const server of running.splice(0)) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(port: number, extraEnv: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
    const server = spawnServer(serverEnv(port, dataDir, extraEnv));
    running.push(server);
    await waitUntilServing(server, `http://127.0.0.1:${port}`);
    return server;
  }

  it('refuses a second server on the same DATA_DIR, and starts again after the first was killed with -9', async () => {
    const firstPort = await freePort();
    const first = await start(firstPort);
    const second = spawnServer(serverEnv(await freePort(), dataDir));
    running.push(second);
    expect(await waitForExit(second.child, EXIT_UPPER_BOUND_MS)).toBe(true);
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain(
      `Another Tightlines server is already using ${path.join(dataDir, 'tightlines.db')}`,
    );
    // The first one is unaffected.
    expect((await fetch(`http://127.0.0.1:${firstPort}/api/user`)).status).toBe(401);

    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    // The lock died with the process: no stale lock file to clean up by hand.
    await start(await freePort());
  }, 90_000);

  it('SIGTERM exits within the grace period even while an upload never finishes', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = await start(port, { SHUTDOWN_GRACE_SECONDS: '2' });
    const register = await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'slow_sam', password: 'slow-upload-42' }),
    });
    const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    // An upload that announces 5 MB, sends the start of its one part, and then nothing more.
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const uploadClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    socket.write(
      `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
        'Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: 5000000\r\n\r\n' +
        '--xyz\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
    );
    // Answered on another connection after the upload's bytes arrived: the server is inside the upload now.
    expect((await fetch(`${baseUrl}/api/user`, { headers: { cookie } })).status).toBe(200);

    server.child.kill('SIGTERM');
    // Before: still running 330 s later. Now: the grace period (2 s), then the upload's connection is closed.
    expect(await waitForExit(server.child, EXIT_UPPER_BOUND_MS)).toBe(true);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await uploadClosed;
    socket.destroy();
  }, 90_000);
  it('SIGTERM while a kept-alive connection has a request running: exits once it is answered, not after the grace', async () => {
    const port = await freePort();
    const server = await start(port, { SHUTDOWN_GRACE_SECONDS: '20' });
    // A client (a browser, the balancer) that keeps its connection open after the answer, as they all do.
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const body = JSON.stringify({ username: 'keep_alive_kim', password: 'keep-alive-42' });
    // The request's head and half its body: it is running when SIGTERM comes.
    socket.write(
      'POST /api/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(10));
    expect(await waitForExit(server.child, EXIT_UPPER_BOUND_MS)).toBe(true);
    // Before: the answered connection stayed open, idle, and the server waited out the whole grace period (20 s),
    // then logged that requests were still running. Every deploy behind HAProxy waited that long.
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toContain('requests still running after the grace period');
    socket.destroy();
  }, 90_000);

  it('SIGTERM drains first: readiness 404, kept-alive connections answered with Connection: close, then the listener closes', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = await start(port, { SHUTDOWN_DRAIN_SECONDS: '3' });
    // A balancer's kept-alive connection: one request answered, the connection stays open for the next.
    const connection = await keptAliveConnection(port);
    expect(await connection.ask('/api/user')).toMatchObject({ status: 401, close: false });

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // Readiness fails at once, on a new connection (the balancer's probe).
    for (;;) {
      const ready = await fetch(`${baseUrl}/api/ready`).catch(() => null);
      if (ready?.status === 404) {
        expect(await ready.json()).toMatchObject({ code: 'SHUTTING_DOWN' });
        break;
      }
      expect(Date.now() - signalled, 'readiness never failed').toBeLessThan(3000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Before: the listener closed at once, and a request on a kept-alive connection was answered 503 or had its
    // connection closed under it. Now it is served, and told to close the connection.
    expect(await connection.ask('/api/user')).toMatchObject({ status: 401, close: true });
    await connection.closed;
    // New connections are still taken while draining.
    expect((await fetch(`${baseUrl}/api/user`)).status).toBe(401);

    expect(await waitForExit(server.child, EXIT_UPPER_BOUND_MS)).toBe(true);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(3000);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 90_000);

  it('a port already in use stops the server with one line, not a stack trace', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const server = spawnServer(serverEnv(port, dataDir));
      running.push(server);
      expect(await waitForExit(server.child, EXIT_UPPER_BOUND_MS)).toBe(true);
      expect(await server.exited).toEqual({ code: 1, signal: null });
      // Before: "Tightlines failed to start: Error: listen EADDRINUSE…" and a stack trace.
      const lines = server.output().trim().split('\n');
      expect(lines.at(-1)).toBe(
        `Tightlines failed to start: 127.0.0.1:${port} is already in use (another server is listening there: stop it or choose another PORT)`,
      );
      expect(server.output()).not.toMatch(/^\s+at /m);
    } finally {
      blocker.close();
    }
  }, 60_000);
});

/** One HTTP/1.1 connection kept open between requests, as a balancer or a browser keeps it. */
async function keptAliveConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  let buffered = '';
  let waiting: (() => void) | null = null;
  socket.on('data', (chunk) => {
    buffered += chunk.toString();
    waiting?.();
  });
  socket.on('close', () => waiting?.());
  /** Sends a GET and reads its whole answer (these answers have a Content-Length). */
  const ask = async (pathName: string): Promise<{ status: number; close: boolean }> => {
    buffered = '';
    socket.write(`GET ${pathName} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    for (;;) {
      const head = buffered.indexOf('\r\n\r\n');
      if (head >= 0) {
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(buffered)?.[1] ?? 0);
        if (buffered.length >= head + 4 + length) {
          return {
            status: Number(buffered.split(' ')[1]),
            close: /\r\nconnection: close\r\n/i.test(buffered.slice(0, head + 2)),
          };
        }
      }
      if (socket.destroyed)
        throw new Error(`connection closed before an answer: ${JSON.stringify(buffered)}`);
      await new Promise<void>((resolve) => (waiting = resolve));
    }
  };
  return { ask, closed };
}
