import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForExit } from './child-processes.ts';

/** Debian's package puts it here (`apt-get install -y haproxy`). */
export const HAPROXY_BIN = '/usr/sbin/haproxy';
export const HAVE_HAPROXY = existsSync(HAPROXY_BIN);

/** The configuration we recommend, which the tests run as it is but for the addresses. */
const RECOMMENDED_CONFIG = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));
const START_TIMEOUT_MS = 10_000;

export interface Balancer {
  /** The port it listens on (127.0.0.1). */
  port: number;
  /** What HAProxy printed so far (warnings, alerts). */
  output(): string;
  /** Sends one command to HAProxy's runtime API (the config's `stats socket`) and returns its answer. */
  runtime(command: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * deploy/haproxy.cfg with its `bind` address, `server` lines and runtime socket replaced by ours: everything else
 * (health checks, retries, the X-Forwarded-For and X-Request-Id rules, the JSON errors) is what operators get.
 */
export async function recommendedConfigFor(
  listenPort: number,
  instancePorts: number[],
  runtimeSocket: string,
): Promise<string> {
  const config = await readFile(RECOMMENDED_CONFIG, 'utf8');
  const bind = /^(\s*)bind \S+\s*$/m;
  const socket = /^(\s*)stats socket \S+/m;
  // Every backend's list of servers (the API's and the assets').
  const servers = /^(\s*)server app\d+ \S+\n(?:\s*server app\d+ \S+\n)*/gm;
  if (!bind.test(config) || !config.match(servers) || !socket.test(config)) {
    throw new Error(
      `${RECOMMENDED_CONFIG} no longer has the "bind", "stats socket" and "server appN" lines this test replaces`,
    );
  }
  return config
    .replace(bind, `$1bind 127.0.0.1:${listenPort}`)
    .replace(socket, `$1stats socket ${runtimeSocket}`)
    .replace(servers, (_, indent: string) =>
      instancePorts.map((port, i) => `${indent}server app${i + 1} 127.0.0.1:${port}\n`).join(''),
    );
}

/** How often a balancer on a port found free is started again because another process took the port first. */
const BIND_ATTEMPTS = 5;

/**
 * Starts HAProxy in the foreground on the recommended config and waits until it is up. Without `listenPort` it
 * listens on a free port (`port` says which), chosen again when another process takes it before HAProxy binds it:
 * tests run side by side on one machine, and a port found free is free only until someone takes it.
 */
export async function startBalancer(
  listenPort: number | undefined,
  instancePorts: number[],
): Promise<Balancer> {
  if (listenPort !== undefined) return startBalancerOn(listenPort, instancePorts);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startBalancerOn(await freePort(), instancePorts);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === BIND_ATTEMPTS) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startBalancerOn(listenPort: number, instancePorts: number[]): Promise<Balancer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tightlines-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  const runtimeSocket = path.join(dir, 'admin.sock');
  await writeFile(file, await recommendedConfigFor(listenPort, instancePorts, runtimeSocket));
  const child: ChildProcess = spawn(HAPROXY_BIN, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 5000))) child.kill('SIGKILL');
    }
    await rm(dir, { recursive: true, force: true });
  };
  // Up means its own runtime socket answers: HAProxy serves it only once every listener is bound, and exits when one
  // cannot be. The listening port alone would not do: another process may be the one listening on it.
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answersRuntime(runtimeSocket))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await waitForExit(child, 1000);
      await stop();
      if (/cannot bind socket/i.test(output))
        throw new PortTakenError(`port ${listenPort} was taken:\n${output}`);
      throw new Error(`HAProxy did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port: listenPort,
    output: () => output,
    runtime: (command) => askRuntime(runtimeSocket, command),
    stop,
  };
}

async function answersRuntime(socketPath: string): Promise<boolean> {
  try {
    return (await askRuntime(socketPath, 'show info')).includes('Pid:');
  } catch {
    return false;
  }
}

/** One command on HAProxy's runtime API: it answers and closes the connection. */
function askRuntime(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    socket.once('error', reject);
    socket.once('close', () => resolve(answer));
    socket.end(`${command}\n`);
  });
}
