// Rolling deploys (docs/deploy.md#rolling-a-new-release) at the balancer: while one instance already serves the new release and another
// still the old one, a page of the new release asks for /assets/index-NEW.js. The recommended HAProxy config
// (deploy/haproxy.cfg) retries an asset's 404 on another instance, so the page never sees it; an API 404 is a real
// answer and is not retried. The two instances are small local HTTP servers standing in for two releases.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnAnyPort } from '../test-support/child-processes.ts';
import { type Balancer, HAPROXY_BIN, HAVE_HAPROXY, startBalancer } from '../test-support/haproxy.ts';

if (!HAVE_HAPROXY) console.warn(`rolling-deploy balancer test skipped: no HAProxy at ${HAPROXY_BIN}`);

/** An instance of one release: ready, its own hashed file, and 404 for anything else. */
function release(asset: string, hits: string[], name: string): Server {
  return createServer((request, response) => {
    if (request.url === '/api/ready') return response.writeHead(200).end('{"status":"ok"}');
    hits.push(`${name} ${request.url}`);
    if (request.url === `/assets/${asset}`) {
      return response.writeHead(200, { 'content-type': 'text/javascript' }).end(`// ${asset}`);
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
  });
}

describe.skipIf(!HAVE_HAPROXY)('HAProxy during a rolling deploy', () => {
  const hits: string[] = [];
  const servers: Server[] = [];
  let balancer: Balancer | undefined;
  let baseUrl: string;

  beforeAll(async () => {
    const ports: number[] = [];
    for (const [name, asset] of [
      ['old', 'index-OLD.js'],
      ['new', 'index-NEW.js'],
    ] as const) {
      const server = release(asset, hits, name);
      servers.push(server);
      ports.push(await listenOnAnyPort(server));
    }
    balancer = await startBalancer(undefined, ports);
    baseUrl = `http://127.0.0.1:${balancer.port}`;
  }, 30_000);

  afterAll(async () => {
    await balancer?.stop();
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
  });

  it('never answers 404 for a hashed file one of the instances has, whichever instance it asks first', async () => {
    for (let i = 0; i < 10; i++) {
      for (const asset of ['index-NEW.js', 'index-OLD.js']) {
        const response = await fetch(`${baseUrl}/assets/${asset}`);
        expect(response.status, `${asset} (request ${i})`).toBe(200);
        expect(await response.text()).toBe(`// ${asset}`);
      }
    }
    // Round robin did send some of them to the instance without the file first: the retry is what saved them.
    expect(hits.filter((hit) => hit === 'old /assets/index-NEW.js').length).toBeGreaterThan(0);
  });

  it('does not retry an API 404: it is an answer, not a missing release', async () => {
    hits.length = 0;
    const response = await fetch(`${baseUrl}/api/catches/404`);
    expect(response.status).toBe(404);
    expect(hits).toHaveLength(1);
  });
});
