import { afterEach, describe, expect, it } from 'vitest';
import { S3PhotoStore } from '../photos/s3-photo-store.ts';
import { freePort } from '../test-support/child-processes.ts';
import { createTestApp, RELAXED_RATE_LIMITS, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';
import { NOT_READY_MESSAGE } from './health.routes.ts';

describe.each(TEST_ENGINES)('health and readiness probes on %s', (engine) => {
  let t: TestApp | undefined;
  const stores: S3PhotoStore[] = [];

  afterEach(async () => {
    await t?.close();
    t = undefined;
    for (const store of stores.splice(0)) store.destroy();
  });

  it('answers /api/health and /api/ready 200 without a session, with nothing but a status, never cached', async () => {
    t = await createTestApp(engine);
    for (const url of ['/api/health', '/api/ready']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual({ status: 'ok' });
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    // HAProxy may probe with HEAD.
    expect((await t.app.inject({ method: 'HEAD', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('is not ready (503) while the photo store cannot be reached, and still healthy', async () => {
    // A real S3 client pointed at a port nothing listens on: connection refused, as when the store is down.
    const port = await freePort();
    const unreachable = new S3PhotoStore({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: 'tightlines-photos',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    stores.push(unreachable);
    t = await createTestApp(engine, { photoStore: unreachable });

    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: NOT_READY_MESSAGE, code: 'NOT_READY' });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.headers['retry-after']).toBe('5');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('is not ready (503) once the database is closed, and still healthy', async () => {
    t = await createTestApp(engine);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    await t.database.close();

    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: NOT_READY_MESSAGE, code: 'NOT_READY' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('never counts the probes against the global per-IP limit', async () => {
    t = await createTestApp(engine, { rateLimits: { ...RELAXED_RATE_LIMITS, globalPerMinute: 3 } });
    for (let i = 0; i < 10; i++) {
      expect(
        (await t.app.inject({ method: 'GET', url: i % 2 ? '/api/ready' : '/api/health' })).statusCode,
      ).toBe(200);
    }
    // The limit itself is in force for everything else.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
