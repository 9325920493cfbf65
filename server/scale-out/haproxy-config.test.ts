// deploy/haproxy.cfg as shipped: it is valid; the balancer's own error answers are JSON with a code from the app's
// list (core/api-error.ts): 400 MALFORMED_REQUEST, 408 REQUEST_TIMEOUT, 500 INTERNAL_ERROR, 502 'BAD_GATEWAY',
// 503 'SERVICE_UNAVAILABLE', 504 'GATEWAY_TIMEOUT'; it sets X-Request-Id, has a runtime socket for draining, lets an
// instance drain on its own (disable-on-404), and keeps /api/metrics from the public side.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { isApiErrorCode } from '#core/api-error.ts';
import { listenOnAnyPort } from '../test-support/child-processes.ts';
import {
  type Balancer,
  HAPROXY_BIN,
  HAVE_HAPROXY,
  recommendedConfigFor,
  startBalancer,
} from '../test-support/haproxy.ts';

const DISCARD_PORT = 9;

const CONFIG = readFileSync(fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url)), 'utf8');

/** Every `http-error status N ... string '{json}'` line: the status and the body it answers. */
function balancerErrors(): Map<number, { message: string; code: string }> {
  const errors = new Map<number, { message: string; code: string }>();
  for (const match of CONFIG.matchAll(/^\s*http-error status (\d+) .*? string '([^']*)'/gm)) {
    errors.set(Number(match[1]), JSON.parse(match[2] ?? ''));
  }
  return errors;
}

describe('deploy/haproxy.cfg', () => {
  it('answers its own errors as JSON with a code clients know', () => {
    const errors = balancerErrors();
    expect([...errors.keys()].sort()).toEqual([400, 408, 500, 502, 503, 504]);
    for (const [status, body] of errors) {
      expect(isApiErrorCode(body.code), `${status}: ${body.code}`).toBe(true);
      expect(body.message.length).toBeGreaterThan(10);
    }
    expect(errors.get(502)?.code).toBe('BAD_GATEWAY');
    expect(errors.get(503)?.code).toBe('SERVICE_UNAVAILABLE');
    expect(errors.get(504)?.code).toBe('GATEWAY_TIMEOUT');
  });

  it('has a runtime socket, sets X-Request-Id, and lets every backend drain an instance that answers 404', () => {
    expect(CONFIG).toMatch(/^\s*stats socket \/run\/haproxy\/admin\.sock .*level admin/m);
    expect(CONFIG).toMatch(/^\s*http-request set-header X-Request-Id %\[unique-id\]/m);
    const backends = CONFIG.split(/^backend /m).slice(1);
    expect(backends).toHaveLength(2);
    for (const backend of backends) expect(backend).toMatch(/^\s*http-check disable-on-404$/m);
  });
});

describe.skipIf(!HAVE_HAPROXY)('deploy/haproxy.cfg in a running HAProxy', () => {
  let balancer: Balancer | undefined;
  let instance: Server | undefined;

  afterEach(async () => {
    await balancer?.stop();
    balancer = undefined;
    await new Promise((resolve) => (instance ? instance.close(resolve) : resolve(null)));
    instance = undefined;
  });

  it('is valid as haproxy -c reads it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tightlines-haproxy-check-'));
    try {
      const file = path.join(dir, 'haproxy.cfg');
      await writeFile(file, await recommendedConfigFor(8080, [5001, 5002], path.join(dir, 'admin.sock')));
      const { stdout } = await promisify(execFile)(HAPROXY_BIN, ['-c', '-f', file]);
      expect(stdout).toContain('Configuration file is valid');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('with no instance up answers 503 SERVICE_UNAVAILABLE as JSON; sets its own X-Request-Id; hides /api/metrics', async () => {
    // One instance that records the headers it was sent, and one port nothing listens on: the discard port. No
    // test takes a port below 1024, while a port merely found free may be taken by a test running beside this one,
    // whose requests then reach this balancer's "dead" instance.
    const seen: IncomingHttpHeaders[] = [];
    let up = false;
    instance = createServer((request, response) => {
      if (request.url === '/api/ready') {
        response.writeHead(up ? 200 : 503).end();
        return;
      }
      seen.push(request.headers);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
    const instancePort = await listenOnAnyPort(instance);
    balancer = await startBalancer(undefined, [instancePort, DISCARD_PORT]);
    const baseUrl = `http://127.0.0.1:${balancer.port}`;

    // Before: HAProxy's HTML page, which a client branching on `code` cannot read.
    const down = await fetch(`${baseUrl}/api/catches`);
    expect(down.status).toBe(503);
    expect(down.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    // The runtime socket answers, and sees the instance come up.
    up = true;
    for (;;) {
      const state = await (balancer as Balancer).runtime('show servers state tightlines_instances');
      if (/ app1 127\.0\.0\.1 2 /.test(state)) break; // operational state 2: running
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answered = await fetch(`${baseUrl}/api/user`, {
      headers: { 'x-request-id': 'forged-by-a-client' },
    });
    expect(answered.status).toBe(200);
    const requestId = seen.at(-1)?.['x-request-id'];
    expect(requestId).toMatch(/^[0-9A-F]+:[0-9A-F]+_/);
    expect(requestId).not.toBe('forged-by-a-client');

    const metrics = await fetch(`${baseUrl}/api/metrics`);
    expect(metrics.status).toBe(404);
    expect(await metrics.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(seen.map((headers) => headers.host)).toHaveLength(1);
  });
});
