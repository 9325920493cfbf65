import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamTimeoutError, UpstreamTooLargeError, upstreamGet } from './upstream-get.ts';

/** A real upstream on loopback: each path answers in its own way. */
let server: http.Server;
let base: string;
let requestsSeen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    requestsSeen.push(request.headers);
    switch (request.url) {
      case '/json':
        response.writeHead(200, {
          'content-type': 'application/json',
          'cache-control': 'public, max-age=60',
        });
        response.end('{"ok":true}');
        return;
      case '/hop':
        response.writeHead(302, { location: '/json' });
        response.end();
        return;
      case '/hop-twice':
        response.writeHead(301, { location: `${base}/hop` });
        response.end();
        return;
      case '/big':
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        response.end(Buffer.alloc(64 * 1024));
        return;
      case '/stalls-mid-body':
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"ok":');
        return; // never ended: the deadline must cover the body too
      case '/cut-mid-body':
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        response.write('{"ok":', () => response.socket?.destroy());
        return;
      default:
        response.writeHead(404);
        response.end('no such thing');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

const options = { headers: { 'user-agent': 'Tightlines-test' }, timeoutMs: 2000, maxBytes: 1024 };

describe('upstreamGet', () => {
  it('reads the whole answer, with its status and headers, and sends our headers and no Accept-Encoding', async () => {
    requestsSeen = [];
    const answer = await upstreamGet(`${base}/json`, options);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('application/json');
    expect(answer.cacheControl).toBe('public, max-age=60');
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ ok: true });
    expect(requestsSeen[0]?.['user-agent']).toBe('Tightlines-test');
    expect(requestsSeen[0]?.['accept-encoding']).toBeUndefined();
  });

  it('answers a failure status as it came (the caller decides what it means)', async () => {
    const answer = await upstreamGet(`${base}/missing`, options);
    expect(answer.status).toBe(404);
    expect(answer.body.toString('utf8')).toBe('no such thing');
  });

  it('follows redirects, relative or absolute, only as many as it is given', async () => {
    expect((await upstreamGet(`${base}/hop-twice`, { ...options, maxRedirects: 2 })).status).toBe(200);
    const stopped = await upstreamGet(`${base}/hop-twice`, { ...options, maxRedirects: 1 });
    expect(stopped.status).toBe(302);
    expect((await upstreamGet(`${base}/hop`, options)).status).toBe(302);
  });

  it('stops reading a body longer than the cap', async () => {
    await expect(upstreamGet(`${base}/big`, options)).rejects.toBeInstanceOf(UpstreamTooLargeError);
    const taken = await upstreamGet(`${base}/big`, { ...options, maxBytes: 64 * 1024 });
    expect(taken.body.length).toBe(64 * 1024);
  });

  it('gives up at the deadline even when the headers came in time, with the name fetch gives a timeout', async () => {
    const failure = await upstreamGet(`${base}/stalls-mid-body`, { ...options, timeoutMs: 200 }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(UpstreamTimeoutError);
    expect((failure as Error).name).toBe('TimeoutError');
  });

  it('rejects a connection cut in the middle of the body, and an address nobody listens on', async () => {
    await expect(upstreamGet(`${base}/cut-mid-body`, options)).rejects.toThrow();
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    await expect(upstreamGet(`http://127.0.0.1:${port}/json`, options)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('refuses an address that is neither http: nor https:', async () => {
    await expect(upstreamGet('file:///etc/passwd', options)).rejects.toThrow('cannot GET file: addresses');
  });

  it('speaks TLS to an https: address and checks its certificate', async () => {
    // A certificate nobody signed: the TLS handshake happens, and it is refused, as fetch refuses it.
    const folder = mkdtempSync(path.join(os.tmpdir(), 'upstream-get-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-keyout',
          path.join(folder, 'key.pem'),
          '-out',
          path.join(folder, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const secure = https.createServer(
        {
          key: readFileSync(path.join(folder, 'key.pem')),
          cert: readFileSync(path.join(folder, 'cert.pem')),
        },
        (_request, response) => response.end('{}'),
      );
      secure.listen(0, '127.0.0.1');
      await once(secure, 'listening');
      try {
        const port = (secure.address() as AddressInfo).port;
        await expect(upstreamGet(`https://127.0.0.1:${port}/json`, options)).rejects.toThrow(/self-signed/);
      } finally {
        secure.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
