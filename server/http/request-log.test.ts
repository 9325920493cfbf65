import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

// The server's log keeps no angler's spot (the route, never the URL's query or path values), and every line of a
// request carries its id (the balancer's X-Request-Id, or a new one, returned in the answer) and, once known, the
// user's id; the balancer's probes are logged at debug.

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  userId?: number;
  route?: string;
  status?: number;
  [field: string]: unknown;
}

const DEBUG = 20;
const INFO = 30;

describe.each(TEST_ENGINES)('the request log on %s', (engine) => {
  let t: TestApp | undefined;
  let lines: LogLine[] = [];

  afterEach(async () => {
    await t?.close();
    t = undefined;
    lines = [];
  });

  async function appWithLog(): Promise<TestApp> {
    return createTestApp(engine, {
      logLevel: 'debug',
      logDestination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    });
  }

  const linesOf = (requestId: string) => lines.filter((line) => line.reqId === requestId);

  it('logs the route of weather, place names, history searches and tiles, never the coordinates, words or tile', async () => {
    t = await appWithLog();
    const angler = await ApiClient.register(t.app, 'secret_spot_sam');
    const privateRequests = [
      '/api/weather?lat=44.123456&lon=-89.654321',
      '/api/reverse-geocode?lat=44.123456&lon=-89.654321',
      '/api/catches?search=honeyhole%20under%20the%20birch',
      '/api/tiles/19/131071/187654',
    ];
    for (const url of privateRequests) {
      const answer = await angler.get(url);
      const requestId = answer.headers['x-request-id'];
      expect(typeof requestId, url).toBe('string');
      const requestLine = linesOf(requestId as string).find((line) => line.msg === 'request');
      expect(requestLine, url).toMatchObject({
        level: INFO,
        method: 'GET',
        route: url.split('?')[0]?.startsWith('/api/tiles/') ? '/api/tiles/:z/:x/:y' : url.split('?')[0],
        status: answer.statusCode,
        userId: angler.user?.id,
      });
    }
    const everything = lines.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of ['44.123456', '89.654321', 'honeyhole', 'birch', '131071', '187654']) {
      expect(everything, secret).not.toContain(secret);
    }
  });

  it("takes the balancer's X-Request-Id, returns it, and puts it and the user on every line of the request", async () => {
    t = await appWithLog();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'x-request-id': 'haproxy-7f3a9c' },
      payload: { username: 'traced_tina', password: 'river-trout-42' },
    });
    expect(login.statusCode).toBe(201);
    expect(login.headers['x-request-id']).toBe('haproxy-7f3a9c');
    const traced = linesOf('haproxy-7f3a9c');
    expect(traced.map((line) => line.msg)).toContain('request');
    expect(traced.find((line) => line.msg === 'request')).toMatchObject({ userId: login.json().id });

    // Without one (or with one that is not a sound id), each request gets a new id, unique per request.
    const first = await t.app.inject({ method: 'GET', url: '/api/user' });
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { 'x-request-id': 'bad id\nwith a line break' },
    });
    for (const answer of [first, second]) {
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(linesOf(answer.headers['x-request-id'] as string)).toHaveLength(1);
    }
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    // Before: per-process counters (req-1, req-2...) that no balancer log could be matched with.
  });

  it('logs the health and readiness probes at debug, everything else at info', async () => {
    t = await appWithLog();
    for (const url of ['/api/health', '/api/ready', '/api/user']) {
      const answer = await t.app.inject({ method: 'GET', url });
      const line = linesOf(answer.headers['x-request-id'] as string).find((each) => each.msg === 'request');
      expect(line?.level, url).toBe(url === '/api/user' ? INFO : DEBUG);
    }
  });
});
