import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { rawHttp } from '../test-support/raw-http.ts';
import { createTestApp, RELAXED_RATE_LIMITS, type TestApp } from '../test-support/test-app.ts';

/**
 * HTTP/1.1 servers must accept an absolute-form request target (`POST http://host/api/login HTTP/1.1`), and the
 * router sends it to the same route as `/api/login`. Everything that asks "is this an API request?" must agree
 * with the router. These tests use a raw socket: app.inject() rewrites an absolute URL to its
 * path before Fastify sees it, so it cannot send what an attacker's script sends.
 */
describe('absolute-form request targets', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  async function listening(globalPerMinute = 0): Promise<number> {
    t = await createTestApp('sqlite', { rateLimits: { ...RELAXED_RATE_LIMITS, globalPerMinute } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  }

  const login = (port: number, target: string) => {
    const body = JSON.stringify({ username: 'nobody', password: 'wrong-password' });
    return rawHttp(
      port,
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
  };

  it('the global API limit counts them (raw socket against a listening server)', async () => {
    const port = await listening(3);
    for (let i = 0; i < 3; i++) {
      expect((await login(port, `http://127.0.0.1:${port}/api/login`)).status).toBe(401);
    }
    const limited = await login(port, `http://127.0.0.1:${port}/api/login`);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toEqual({
      message: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    });
    // The same window holds the origin form too: one budget per client, whatever the spelling.
    expect((await login(port, '/api/login')).status).toBe(429);
  });

  it('a signed-in request in absolute form is resolved to its session; an unknown one is a JSON 404', async () => {
    const port = await listening();
    const alice = await ApiClient.register(t.app, 'alice');
    const me = await rawHttp(
      port,
      `GET http://127.0.0.1:${port}/api/user HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${alice.cookie}\r\n` +
        'Connection: close\r\n\r\n',
    );
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body).username).toBe('alice');
    expect(me.headers['cache-control']).toBe('no-store');

    const missing = await rawHttp(
      port,
      `GET http://127.0.0.1:${port}/api/nope?x=1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({
      message: 'No such endpoint: GET /api/nope',
      code: 'NOT_FOUND',
    });
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
