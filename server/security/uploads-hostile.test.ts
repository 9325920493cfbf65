// Hostile uploads sent over a real socket, the way a browser's FormData (or an attacker's script) sends them:
// each is refused with a clear message, nothing is stored, and the server keeps serving everyone else.
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorCode } from '#core/api-error.ts';
import { MAX_UPLOAD_BYTES } from '../photos/photos.routes.ts';
import { ApiClient } from '../test-support/api-client.ts';
import {
  gradientJpeg,
  interlacedPngBomb,
  jpegClaiming,
  pngBomb,
  smallJpeg,
} from '../test-support/hostile-inputs.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

const NOT_AN_IMAGE = 'Only image files can be uploaded (JPEG, PNG, WebP, GIF, AVIF or TIFF)';
const DAMAGED = 'The image is damaged or incomplete';
const TOO_MANY_PIXELS = 'The image is too large (more than 50 megapixels)';
const TOO_MANY_BYTES = 'Photo is too large (20 MB at most)';
const INTERLACED =
  'Interlaced PNG and GIF images cannot be uploaded: save the image without interlacing, or as a JPEG';

const SVG_WITH_SCRIPT =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="fetch(\'/api/catches\')">' +
  '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';

interface HostileFile {
  label: string;
  fileName: string;
  type: string;
  bytes: () => Promise<Buffer>;
  status: number;
  message: string;
  code: ApiErrorCode;
}

describe.each(TEST_ENGINES)('hostile uploads over HTTP on %s', (engine) => {
  let t: TestApp;
  let baseUrl: string;
  let cookie: string;
  let camera: Buffer;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const alice = await ApiClient.register(t.app, 'alice');
    cookie = alice.cookie;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    camera = await gradientJpeg(1200, 900);
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(fileName: string, type: string, bytes: Buffer, url = '/api/upload') {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(bytes)], { type }), fileName);
    const response = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      body: form,
      headers: { cookie },
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** The server still answers a signed-in request and still accepts a good photo. */
  async function expectStillServing() {
    const me = await fetch(`${baseUrl}/api/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    const good = await upload('ok.jpg', 'image/jpeg', await smallJpeg());
    expect(good.status).toBe(201);
  }

  const hostile: HostileFile[] = [
    {
      label: 'a text file named .jpg',
      fileName: 'holiday.jpg',
      type: 'image/jpeg',
      bytes: async () => Buffer.from('This is not a photo.\n'.repeat(100)),
      status: 400,
      message: NOT_AN_IMAGE,
      code: 'BAD_IMAGE',
    },
    {
      label: 'an SVG with script',
      fileName: 'fish.svg',
      type: 'image/svg+xml',
      bytes: async () => Buffer.from(SVG_WITH_SCRIPT),
      status: 400,
      message: NOT_AN_IMAGE,
      code: 'BAD_IMAGE',
    },
    {
      label: 'an SVG with script named .jpg and labelled image/jpeg',
      fileName: 'fish.jpg',
      type: 'image/jpeg',
      bytes: async () => Buffer.from(SVG_WITH_SCRIPT),
      status: 400,
      message: NOT_AN_IMAGE,
      code: 'BAD_IMAGE',
    },
    {
      label: 'an HTML page named .png',
      fileName: 'page.png',
      type: 'image/png',
      bytes: async () => Buffer.from('<!doctype html><script>alert(1)</script>'),
      status: 400,
      message: NOT_AN_IMAGE,
      code: 'BAD_IMAGE',
    },
    {
      label: 'JPEG magic bytes in front of an SVG (a polyglot)',
      fileName: 'poly.jpg',
      type: 'image/jpeg',
      bytes: async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(SVG_WITH_SCRIPT)]),
      status: 400,
      message: DAMAGED,
      code: 'BAD_IMAGE',
    },
    {
      label: 'a truncated JPEG (first half of a photo)',
      fileName: 'cut.jpg',
      type: 'image/jpeg',
      bytes: async () => camera.subarray(0, Math.floor(camera.length / 2)),
      status: 400,
      message: DAMAGED,
      code: 'BAD_IMAGE',
    },
    {
      label: 'a JPEG cut off after its headers',
      fileName: 'header-only.jpg',
      type: 'image/jpeg',
      bytes: async () => camera.subarray(0, 700),
      status: 400,
      message: DAMAGED,
      code: 'BAD_IMAGE',
    },
    {
      label: 'a PNG decompression bomb (12000 × 12000 pixels in a few KB)',
      fileName: 'bomb.png',
      type: 'image/png',
      bytes: async () => pngBomb(12_000),
      status: 400,
      message: TOO_MANY_PIXELS,
      code: 'BAD_IMAGE',
    },
    {
      label: 'an interlaced PNG of 49 megapixels in 165 KB (a decoding bomb under the pixel cap)',
      fileName: 'interlaced.png',
      type: 'image/png',
      bytes: interlacedPngBomb,
      status: 400,
      message: INTERLACED,
      code: 'BAD_IMAGE',
    },
    {
      label: 'a JPEG whose header claims 65500 × 65500 pixels',
      fileName: 'giant.jpg',
      type: 'image/jpeg',
      bytes: async () => jpegClaiming(await smallJpeg(), 65_500, 65_500),
      status: 400,
      message: TOO_MANY_PIXELS,
      code: 'BAD_IMAGE',
    },
    {
      label: 'a 25 MB file',
      fileName: 'huge.jpg',
      type: 'image/jpeg',
      bytes: async () => {
        const huge = Buffer.alloc(25 * 1024 * 1024, 0x5a);
        camera.copy(huge, 0, 0, 2000);
        return huge;
      },
      status: 413,
      message: TOO_MANY_BYTES,
      code: 'PAYLOAD_TOO_LARGE',
    },
    {
      label: 'an empty file',
      fileName: 'empty.jpg',
      type: 'image/jpeg',
      bytes: async () => Buffer.alloc(0),
      status: 400,
      message: 'The selected file is empty',
      code: 'NO_FILE',
    },
  ];

  it.each(hostile)(
    'refuses $label with $status and a clear message, stores nothing, keeps serving',
    async ({ fileName, type, bytes, status, message, code }) => {
      const stored = t.photoStore.size();
      const started = performance.now();
      for (const url of ['/api/upload', '/api/upload-photo']) {
        const response = await upload(fileName, type, await bytes(), url);
        expect(response.status).toBe(status);
        expect(response.body).toEqual({ message, code });
      }
      // Refusals are cheap: nothing was decoded (a bomb decoded would take seconds and gigabytes).
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(t.photoStore.size()).toBe(stored);
      await expectStillServing();
    },
  );

  it('keeps answering other users while hostile uploads arrive all at once', async () => {
    const attacks = hostile.map(async ({ fileName, type, bytes }) =>
      upload(fileName, type, await bytes()).then((r) => r.status),
    );
    const bystanders = Array.from({ length: 20 }, () =>
      fetch(`${baseUrl}/api/catches`, { headers: { cookie } }).then((r) => r.status),
    );
    const [attackStatuses, bystanderStatuses] = await Promise.all([
      Promise.all(attacks),
      Promise.all(bystanders),
    ]);
    expect(attackStatuses.filter((status) => status < 400 || status >= 500)).toEqual([]);
    expect(bystanderStatuses.every((status) => status === 200)).toBe(true);
    await expectStillServing();
  });

  it('refuses a file over 20 MB even when the cut falls exactly on a chunk boundary (regression)', async () => {
    // Busboy cuts the file at 20 MB. When the bytes up to the limit arrive as one chunk and the rest later,
    // @fastify/multipart's toBuffer() used to return the first 20 MB as a complete file (an accepted 201).
    const boundary = '----tightlines-boundary-test';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="huge.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    );
    const data = Buffer.alloc(MAX_UPLOAD_BYTES + 512 * 1024, 0x5a);
    camera.copy(data, 0, 0, 2000);
    const first = Buffer.concat([head, data.subarray(0, MAX_UPLOAD_BYTES)]);
    const rest = Buffer.concat([data.subarray(MAX_UPLOAD_BYTES), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const stored = t.photoStore.size();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: {
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(first.length + rest.length),
      },
      payload: Readable.from(
        (async function* () {
          yield first;
          await new Promise((resolve) => setTimeout(resolve, 50));
          yield rest;
        })(),
      ),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: TOO_MANY_BYTES, code: 'PAYLOAD_TOO_LARGE' });
    expect(t.photoStore.size()).toBe(stored);
  });

  it('never serves uploaded bytes as received: a script hidden in a JPEG comment is gone from the WebP', async () => {
    // A valid JPEG with an HTML payload in a COM segment right after SOI: a classic image/HTML polyglot.
    const payload = Buffer.from('<script>alert("pwned")</script>');
    const comment = Buffer.alloc(4);
    comment.writeUInt16BE(0xfffe, 0);
    comment.writeUInt16BE(payload.length + 2, 2);
    const jpeg = await smallJpeg();
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), comment, payload, jpeg.subarray(2)]);

    const response = await upload('poly.jpg', 'text/html', polyglot);
    expect(response.status).toBe(201);
    const photo = await fetch(`${baseUrl}${response.body.url}`, { headers: { cookie } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
    const served = Buffer.from(await photo.arrayBuffer());
    expect(served.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(served.includes(Buffer.from('<script'))).toBe(false);
  });

  it('ignores the client’s file name entirely (path traversal in the name)', async () => {
    const response = await upload('../../../../etc/passwd.jpg', 'image/jpeg', await smallJpeg());
    expect(response.status).toBe(201);
    expect(response.body.url).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\.webp$/);
  });

  it('takes one photo per request: a second file part is refused or ignored, never a 5xx', async () => {
    const form = new FormData();
    const jpeg = new Uint8Array(await smallJpeg());
    form.append('photo', new Blob([jpeg], { type: 'image/jpeg' }), 'a.jpg');
    form.append('photo', new Blob([jpeg], { type: 'image/jpeg' }), 'b.jpg');
    const response = await fetch(`${baseUrl}/api/upload`, {
      method: 'POST',
      body: form,
      headers: { cookie },
    });
    expect([201, 413]).toContain(response.status);
    await expectStillServing();
  });
});
