import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';

/**
 * Small helpers for tests and benchmarks that run the real server (or another program) as a child process.
 */

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') return reject(new Error('no free port'));
      probe.close(() => resolve(address.port));
    });
  });
}

/** What the server prints when its port is taken (server/serve.ts). */
const PORT_TAKEN = 'is already in use';

/**
 * Starts something on a port found free, and again on another one when the port was taken in between: on a busy
 * machine any process's outgoing connection can take that ephemeral port before the child binds it. Other start-up
 * failures are thrown at once.
 */
export async function startOnFreePort<T>(start: (port: number) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      const portTaken = error instanceof Error && error.message.includes(PORT_TAKEN);
      if (!portTaken || attempt >= attempts) throw error;
    }
  }
}

/**
 * Listens on a port the system picks (127.0.0.1) and answers it. Unlike listening on a port found free first, no
 * other process can take the port in between.
 */
export function listenOnAnyPort(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string') return reject(new Error('no port'));
      resolve(address.port);
    });
  });
}

/** Resolves true once the child has exited, or false when it is still running after `timeoutMs`. */
export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
