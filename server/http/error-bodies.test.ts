import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES, type ApiErrorCode } from '#core/api-error.ts';
import { ImageJobQueue } from '../photos/image-job-queue.ts';
import { PhotoRepository } from '../photos/photo.repository.ts';
import {
  MemoryPhotoStore,
  PhotoStoreFullError,
  PhotoStoreUnavailableError,
  type PhotoVariant,
} from '../photos/photo-store.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { multipart, smallJpeg } from '../test-support/hostile-inputs.ts';
import { rawHttp } from '../test-support/raw-http.ts';
import { createTestApp, RELAXED_RATE_LIMITS, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

/**
 * Every kind of error the API answers, through the real app: each body is `{ message, code, errors? }` with a code
 * from the one union in core/api-error.ts (decision 015). Together with COVERED_ELSEWHERE this walks every code.
 */

/** Codes that need a real outage or a slow socket to appear: the test that provokes each, checked to name it. */
const COVERED_ELSEWHERE: Partial<Record<ApiErrorCode, string>> = {
  MAP_UNAVAILABLE: 'server/tiles/tiles.routes.test.ts',
  MAP_TIMEOUT: 'server/tiles/tiles.routes.test.ts',
  DATABASE_UNAVAILABLE: 'server/db/postgres-outage.test.ts',
  DATABASE_BUSY: 'server/db/sqlite-locking.test.ts',
  REQUEST_TIMEOUT: 'server/http/client-errors.test.ts',
  NOT_READY: 'server/health/health.routes.test.ts',
  SHUTTING_DOWN: 'server/health/health.routes.test.ts',
  // Needs an import held half-way (a photo being decoded) while the second one comes.
  IMPORT_IN_PROGRESS: 'server/export/import-limits.test.ts',
  // Sent by the balancer, not the app: each is in deploy/haproxy.cfg, checked there.
  BAD_GATEWAY: 'server/scale-out/haproxy-config.test.ts',
  SERVICE_UNAVAILABLE: 'server/scale-out/haproxy-config.test.ts',
  GATEWAY_TIMEOUT: 'server/scale-out/haproxy-config.test.ts',
};

/** A photo store whose reads fail with the error the test sets (a store out of reach, a full disk, a bug). */
class FailingReadsPhotoStore extends MemoryPhotoStore {
  readFailure: Error | null = null;

  override async read(id: string, variant: PhotoVariant): Promise<Buffer | null> {
    if (this.readFailure) throw this.readFailure;
    return super.read(id, variant);
  }
}

interface Answer {
  status: number;
  body: unknown;
}

interface ErrorCase {
  label: string;
  status: number;
  code: ApiErrorCode;
  answer: () => Promise<Answer>;
}

function expectErrorBody(body: unknown, code: ApiErrorCode): void {
  expect(body).toBeTypeOf('object');
  const { message, code: sent, errors, ...rest } = body as Record<string, unknown>;
  expect(rest).toEqual({});
  expect(typeof message === 'string' && message.length > 0, `message ${JSON.stringify(message)}`).toBe(true);
  expect(API_ERROR_CODES).toContain(sent);
  expect(sent).toBe(code);
  if (errors !== undefined) {
    expect(Object.values(errors as Record<string, unknown>).every((text) => typeof text === 'string')).toBe(
      true,
    );
  }
}

const json = (status: number, text: string): Answer => ({ status, body: JSON.parse(text) });

describe.each(TEST_ENGINES)('error bodies on %s', (engine) => {
  let t: TestApp;
  let port: number;
  let alice: ApiClient;
  /** Owns a stored photo (so alice stays under her 1-byte photo quota until she uploads). */
  let bob: ApiClient;
  let anonymous: ApiClient;
  let photoStore: FailingReadsPhotoStore;
  let imageJobs: ImageJobQueue;
  /** A photo of bob's whose record exists, for the read failures. */
  let photoUrl: string;
  /** Alice's one catch (her account holds one), for the edit's refusals. */
  let aliceCatch: string;

  beforeAll(async () => {
    photoStore = new FailingReadsPhotoStore();
    imageJobs = new ImageJobQueue({ concurrency: 1, maxWaiting: 0 });
    t = await createTestApp(engine, {
      photoStore,
      imageJobs,
      // Tight limits, so each refusal is one request away.
      rateLimits: { ...RELAXED_RATE_LIMITS, loginFailuresPerUsername: 1 },
      accountLimits: { catches: 1, textBytes: 1024 * 1024 },
      photoQuotaBytes: 1,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    alice = await ApiClient.register(t.app, 'alice');
    bob = await ApiClient.register(t.app, 'bob');
    anonymous = new ApiClient(t.app);
    aliceCatch = `/api/catches/${(await alice.createCatch()).id}`;
    const photoId = '0b0c6a52-4e0e-4a57-9d7e-3f0a2b6c9d11';
    await new PhotoRepository(t.database.db).create({
      id: photoId,
      userId: bob.user?.id ?? 0,
      width: 1,
      height: 1,
      bytes: 100,
      createdAt: t.clock.now(),
    });
    photoUrl = `/api/photos/${photoId}.webp`;
  });

  afterAll(async () => {
    await t.close();
  });

  const inject = async (options: Parameters<ApiClient['request']>[0], as = () => alice): Promise<Answer> => {
    const response = await as().request(options);
    return { status: response.statusCode, body: response.json() };
  };
  const upload = async (body: { payload: Buffer; headers: Record<string, string> }) =>
    inject({ method: 'POST', url: '/api/upload', ...body });
  const readPhotoFailingWith = async (failure: Error) => {
    photoStore.readFailure = failure;
    try {
      return await inject({ method: 'GET', url: photoUrl }, () => bob);
    } finally {
      photoStore.readFailure = null;
    }
  };
  const raw = async (request: string) => {
    const answer = await rawHttp(port, request);
    return json(answer.status, answer.body);
  };

  const cases: ErrorCase[] = [
    {
      label: 'a catch without a fish type',
      status: 400,
      code: 'INVALID_INPUT',
      answer: () => inject({ method: 'POST', url: '/api/mobile-catch', payload: { fishType: '' } }),
    },
    {
      label: 'an edit that blanks the fish type',
      status: 400,
      code: 'INVALID_INPUT',
      answer: () => inject({ method: 'PATCH', url: aliceCatch, payload: { fishType: ' ', weight: -1 } }),
    },
    {
      label: 'an edit whose body is not a JSON object',
      status: 400,
      code: 'INVALID_INPUT',
      answer: () =>
        inject({
          method: 'PATCH',
          url: aliceCatch,
          headers: { 'content-type': 'application/json' },
          payload: '[]',
        }),
    },
    {
      label: 'an edit of a malformed catch id',
      status: 400,
      code: 'INVALID_INPUT',
      answer: () =>
        inject({ method: 'PATCH', url: '/api/catches/client/not-a-uuid', payload: { notes: 'x' } }),
    },
    {
      label: 'an edit that is not valid JSON',
      status: 400,
      code: 'MALFORMED_REQUEST',
      answer: () =>
        inject({
          method: 'PATCH',
          url: aliceCatch,
          headers: { 'content-type': 'application/json' },
          payload: '{"notes":',
        }),
    },
    {
      label: 'a body that is not JSON',
      status: 400,
      code: 'MALFORMED_REQUEST',
      answer: () =>
        inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"username":',
        }),
    },
    {
      label: 'an empty JSON body',
      status: 400,
      code: 'MALFORMED_REQUEST',
      answer: () =>
        inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: '',
        }),
    },
    {
      label: 'a URL Fastify cannot decode',
      status: 400,
      code: 'MALFORMED_REQUEST',
      answer: () => inject({ method: 'DELETE', url: '/api/catches/%' }),
    },
    {
      label: 'a request line Node cannot parse',
      status: 400,
      code: 'MALFORMED_REQUEST',
      answer: () => raw('GET /api/user HTTP/1.1 extra\r\nHost: x\r\nConnection: close\r\n\r\n'),
    },
    {
      label: 'headers over the size limit',
      status: 431,
      code: 'HEADERS_TOO_LARGE',
      answer: () =>
        raw(`GET /api/user HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`),
    },
    {
      label: 'a multipart body that never ends',
      status: 400,
      code: 'MALFORMED_UPLOAD',
      answer: () =>
        upload({
          payload: Buffer.from('--xyz\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n'),
          headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        }),
    },
    {
      label: 'an upload without its photo field',
      status: 400,
      code: 'NO_FILE',
      answer: () =>
        upload(
          multipart({
            field: 'document',
            fileName: 'a.jpg',
            contentType: 'image/jpeg',
            data: Buffer.from('x'),
          }),
        ),
    },
    {
      label: 'a text file named .jpg',
      status: 400,
      code: 'BAD_IMAGE',
      answer: () =>
        upload(multipart({ fileName: 'a.jpg', contentType: 'image/jpeg', data: Buffer.from('not a photo') })),
    },
    {
      label: 'a catch pointing at a photo that is not stored',
      status: 400,
      code: 'UNKNOWN_PHOTO',
      answer: () =>
        inject({
          method: 'POST',
          url: '/api/mobile-catch',
          payload: { fishType: 'Pike', photo: '/api/photos/8e0d1a4c-5b7f-4c1e-9a2d-6f3b8c7e5a90.webp' },
        }),
    },
    {
      label: "an edit pointing at another user's photo",
      status: 400,
      code: 'UNKNOWN_PHOTO',
      answer: () => inject({ method: 'PATCH', url: aliceCatch, payload: { photo: photoUrl } }),
    },
    {
      label: 'a password on the common list',
      status: 400,
      code: 'COMMON_PASSWORD',
      answer: () =>
        inject({ method: 'POST', url: '/api/register', payload: { username: 'dora', password: 'password' } }),
    },
    {
      label: 'a wrong password before deleting the account',
      status: 400,
      code: 'WRONG_PASSWORD',
      // Bob's account: the guess counts against his login limit (1 here), not Alice's.
      answer: () =>
        inject({ method: 'DELETE', url: '/api/account', payload: { password: 'wrong-password' } }, () => bob),
    },
    {
      label: 'the catch list without a session',
      status: 401,
      code: 'NOT_SIGNED_IN',
      answer: () => inject({ method: 'GET', url: '/api/catches' }, () => anonymous),
    },
    {
      label: 'an edit without a session',
      status: 401,
      code: 'NOT_SIGNED_IN',
      answer: () => inject({ method: 'PATCH', url: aliceCatch, payload: { fishType: '' } }, () => anonymous),
    },
    {
      label: 'a wrong password',
      status: 401,
      code: 'BAD_CREDENTIALS',
      answer: () =>
        inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'alice', password: 'wrong-password' },
        }),
    },
    {
      label: 'a cross-site POST',
      status: 403,
      code: 'CROSS_SITE',
      answer: () =>
        inject({
          method: 'POST',
          url: '/api/mobile-catch',
          headers: { origin: 'https://evil.example' },
          payload: { fishType: 'Pike' },
        }),
    },
    {
      label: 'a cross-site PATCH',
      status: 403,
      code: 'CROSS_SITE',
      answer: () =>
        inject({
          method: 'PATCH',
          url: aliceCatch,
          headers: { 'sec-fetch-site': 'cross-site' },
          payload: { notes: 'forged' },
        }),
    },
    {
      label: 'an upload over the photo quota',
      status: 403,
      code: 'PHOTO_QUOTA_EXCEEDED',
      answer: async () =>
        upload(multipart({ fileName: 'a.jpg', contentType: 'image/jpeg', data: await smallJpeg() })),
    },
    {
      label: 'an unknown endpoint',
      status: 404,
      code: 'NOT_FOUND',
      answer: () => inject({ method: 'GET', url: '/api/nope' }),
    },
    {
      label: 'deleting a catch that does not exist',
      status: 404,
      code: 'NOT_FOUND',
      answer: () => inject({ method: 'DELETE', url: '/api/catches/999999' }),
    },
    {
      label: "editing a catch that does not exist (or another user's)",
      status: 404,
      code: 'NOT_FOUND',
      answer: () => inject({ method: 'PATCH', url: aliceCatch, payload: { notes: 'x' } }, () => bob),
    },
    {
      label: 'a name already taken',
      status: 409,
      code: 'USERNAME_TAKEN',
      answer: () =>
        inject({
          method: 'POST',
          url: '/api/register',
          payload: { username: 'alice', password: 'river-trout-42' },
        }),
    },
    {
      label: 'a catch over the account limit',
      status: 409,
      code: 'ACCOUNT_FULL',
      answer: () => inject({ method: 'POST', url: '/api/mobile-catch', payload: { fishType: 'Pike' } }),
    },
    {
      label: 'a JSON body over 2 MB',
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      answer: () =>
        inject({
          method: 'POST',
          url: '/api/mobile-catch',
          payload: { fishType: 'Pike', notes: 'n'.repeat(3e6) },
        }),
    },
    {
      label: 'a plain-text body',
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      answer: () =>
        inject({
          method: 'POST',
          url: '/api/mobile-catch',
          headers: { 'content-type': 'text/plain' },
          payload: 'fishType=Pike',
        }),
    },
    {
      label: 'an edit sent as a form',
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      answer: () =>
        inject({
          method: 'PATCH',
          url: aliceCatch,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'notes=x',
        }),
    },
    {
      label: 'a photo sent as JSON',
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      answer: () => inject({ method: 'POST', url: '/api/upload', payload: { photo: 'x' } }),
    },
    {
      label: 'too many failed logins',
      status: 429,
      code: 'RATE_LIMITED',
      answer: async () => {
        const attempt = () =>
          inject({
            method: 'POST',
            url: '/api/login',
            payload: { username: 'erin', password: 'wrong-password' },
          });
        await attempt();
        return attempt();
      },
    },
    {
      label: 'too many API requests (the global limiter)',
      status: 429,
      code: 'RATE_LIMITED',
      answer: async () => {
        const limited = await createTestApp(engine, {
          rateLimits: { ...RELAXED_RATE_LIMITS, globalPerMinute: 1 },
        });
        try {
          await limited.app.inject({ method: 'GET', url: '/api/user' });
          const response = await limited.app.inject({ method: 'GET', url: '/api/user' });
          return { status: response.statusCode, body: response.json() };
        } finally {
          await limited.close();
        }
      },
    },
    {
      label: 'a bug (the photo store throws something unexpected)',
      status: 500,
      code: 'INTERNAL_ERROR',
      answer: () => readPhotoFailingWith(new Error('boom')),
    },
    {
      label: 'a weather provider out of reach',
      status: 502,
      code: 'WEATHER_UNAVAILABLE',
      answer: () => inject({ method: 'GET', url: '/api/weather?lat=10&lon=20' }),
    },
    {
      label: 'an upload while the image queue is full',
      status: 503,
      code: 'SERVER_BUSY',
      answer: async () => {
        let release = () => {};
        const busy = imageJobs.run(() => new Promise<void>((resolve) => (release = resolve)));
        try {
          return await upload(
            multipart({ fileName: 'a.jpg', contentType: 'image/jpeg', data: await smallJpeg() }),
          );
        } finally {
          release();
          await busy;
        }
      },
    },
    {
      label: 'a photo store out of reach',
      status: 503,
      code: 'PHOTO_STORE_UNAVAILABLE',
      answer: () => readPhotoFailingWith(new PhotoStoreUnavailableError('connect ECONNREFUSED')),
    },
    {
      label: 'a photo store that is full',
      status: 507,
      code: 'STORAGE_FULL',
      answer: () => readPhotoFailingWith(new PhotoStoreFullError('quota exceeded')),
    },
  ];

  it.each(cases)('$label → $status $code', async ({ status, code, answer }) => {
    const { status: sent, body } = await answer();
    expect(sent).toBe(status);
    expectErrorBody(body, code);
  });

  it('validation errors name each bad field', async () => {
    const { body } = await inject({
      method: 'POST',
      url: '/api/mobile-catch',
      payload: { fishType: '', weight: -1 },
    });
    expect(body).toMatchObject({ code: 'INVALID_INPUT', errors: { fishType: expect.any(String) } });
  });

  it('an edit names each bad field too', async () => {
    const { body } = await inject({
      method: 'PATCH',
      url: aliceCatch,
      payload: { fishType: '', weight: -1 },
    });
    expect(body).toMatchObject({
      code: 'INVALID_INPUT',
      errors: { fishType: expect.any(String), weight: expect.any(String) },
    });
  });

  it('walks every code of the union: here, or in the test named for it', () => {
    const here = new Set(cases.map((c) => c.code));
    for (const code of API_ERROR_CODES) {
      const elsewhere = COVERED_ELSEWHERE[code];
      if (here.has(code)) continue;
      expect(elsewhere, `no test provokes ${code}`).toBeDefined();
      const file = path.resolve(import.meta.dirname, '../..', elsewhere ?? '');
      expect(
        existsSync(file) && readFileSync(file, 'utf8').includes(`'${code}'`),
        `${elsewhere} checks ${code}`,
      ).toBe(true);
    }
  });
});
