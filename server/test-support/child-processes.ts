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
