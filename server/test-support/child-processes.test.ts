import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenOnAnyPort, startOnFreePort } from './child-processes.ts';
import { type ServerProcess, serverEnv, startServerProcess } from './server-process.ts';

describe('startOnFreePort', () => {
  let dataDir: string;
  let squatter: Server;
  const started: ServerProcess[] = [];

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tightlines-free-port-'));
    // Another program on the port: it hangs up on whoever calls.
    squatter = createServer((socket) => socket.destroy());
  });
  afterEach(async () => {
    await Promise.all(started.map((server) => server.stop()));
    started.length = 0;
    await new Promise((resolve) => squatter.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts the server on another port when the one found free was taken before the server bound it', async () => {
    const takenPort = await listenOnAnyPort(squatter);
    const portsTried: number[] = [];
    const server = await startOnFreePort(async (port) => {
      // The first try gets the port another process took in between, as on a busy machine.
      const tried = portsTried.length === 0 ? takenPort : port;
      portsTried.push(tried);
      const child = await startServerProcess(serverEnv(tried, dataDir), `http://127.0.0.1:${tried}`);
      started.push(child);
      return { child, port: tried };
    });
    expect(portsTried).toHaveLength(2);
    expect(portsTried[0]).toBe(takenPort);
    expect(server.port).not.toBe(takenPort);
    const answer = await fetch(`http://127.0.0.1:${server.port}/api/user`);
    expect(answer.status).toBe(401);
  });

  it('throws any other start-up failure at once', async () => {
    let tries = 0;
    await expect(
      startOnFreePort(async () => {
        tries++;
        throw new Error('Tightlines failed to start: DATABASE_URL is not a PostgreSQL address');
      }),
    ).rejects.toThrow('DATABASE_URL');
    expect(tries).toBe(1);
  });

  it('gives up after the tries it was given when every port is taken', async () => {
    const takenPort = await listenOnAnyPort(squatter);
    let tries = 0;
    await expect(
      startOnFreePort(async () => {
        tries++;
        // Throws with what the server printed once its output has closed (server-process.ts).
        started.push(
          await startServerProcess(serverEnv(takenPort, dataDir), `http://127.0.0.1:${takenPort}`),
        );
      }, 2),
    ).rejects.toThrow('is already in use');
    expect(tries).toBe(2);
  });
});
