import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawHttp } from '../test-support/raw-http.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { answerClientError } from './client-errors.ts';

/** What Node's HTTP parser refuses before Fastify sees a request still gets our { message, code } JSON body. */
describe('answers to requests Node itself refuses', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a malformed request line → 400 with a JSON { message, code } body and Connection: close', async () => {
    const answer = await rawHttp(port, 'THIS IS NOT HTTP\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ message: 'Malformed HTTP request', code: 'MALFORMED_REQUEST' });
  });

  it('headers over the size limit → 431 with a JSON { message, code } body', async () => {
    const answer = await rawHttp(
      port,
      `GET /api/user HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(64 * 1024)}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      message: 'Request headers are too large',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('the server keeps answering well-formed requests afterwards', async () => {
    const answer = await rawHttp(
      port,
      'GET /api/user HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ message: 'You must be logged in', code: 'NOT_SIGNED_IN' });
  });
});

describe('answerClientError', () => {
  /** Just enough of a socket to see what would be written to it. */
  function answerTo(code: string): string {
    let written = '';
    const socket = {
      destroyed: false,
      writable: true,
      end: (text: string) => (written += text),
      destroy() {},
    };
    answerClientError(Object.assign(new Error(code), { code }), socket as unknown as Socket);
    return written;
  }

  it('answers a request that took too long with 408 and our message', () => {
    const written = answerTo('ERR_HTTP_REQUEST_TIMEOUT');
    expect(written).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(written).toContain('Connection: close\r\n');
    expect(written.split('\r\n\r\n')[1]).toBe(
      JSON.stringify({
        message: 'The request took too long to arrive. Please try again.',
        code: 'REQUEST_TIMEOUT',
      }),
    );
  });

  it('writes nothing to a connection the client already reset', () => {
    expect(answerTo('ECONNRESET')).toBe('');
  });
});
