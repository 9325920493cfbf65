import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { Draining } from '../http/draining.ts';
import { DEFAULT_S3_TIMEOUTS, S3PhotoStore } from '../photos/s3-photo-store.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { freePort } from '../test-support/child-processes.ts';
import { createTestApp, RELAXED_RATE_LIMITS, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';
import { NOT_READY_MESSAGE, SHUTTING_DOWN_MESSAGE } from './health.routes.ts';

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

  it('stays ready while the photo store cannot be reached: photos answer 503, lists, saves, edits and logins go on', async () => {
    // A real S3 client pointed at a port nothing listens on: connection refused, as when the store is down.
    const port = await freePort();
    const unreachable = new S3PhotoStore(
      {
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'tightlines-photos',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
      { ...DEFAULT_S3_TIMEOUTS, maxAttempts: 1 },
    );
    stores.push(unreachable);
    t = await createTestApp(engine, { photoStore: unreachable });

    // Before: 503 NOT_READY, and a balancer took every instance out for a photo outage.
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });

    const angler = await ApiClient.register(t.app, 'outage_olga');
    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([jpeg], { type: 'image/jpeg' }), 'perch.jpg');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const upload = await angler.request({
      method: 'POST',
      url: '/api/upload',
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(upload.statusCode).toBe(503);
    expect(upload.json()).toMatchObject({ code: 'PHOTO_STORE_UNAVAILABLE' });

    const created = await angler.createCatch({ fishType: 'Perch' });
    expect((await angler.patch(`/api/catches/${created.id}`, { notes: 'by the reeds' })).statusCode).toBe(
      200,
    );
    expect((await angler.get('/api/catches')).json()).toMatchObject([
      { id: created.id, notes: 'by the reeds' },
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'outage_olga', password: 'river-trout-42' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('while draining: readiness answers 404 SHUTTING_DOWN, everything else is served with Connection: close', async () => {
    const draining = new Draining();
    t = await createTestApp(engine, { draining });
    const before = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(before.headers.connection).not.toBe('close');

    draining.start();
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(404);
    expect(ready.json()).toEqual({ message: SHUTTING_DOWN_MESSAGE, code: 'SHUTTING_DOWN' });
    expect(ready.headers.connection).toBe('close');
    const user = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(user.statusCode).toBe(401);
    expect(user.headers.connection).toBe('close');
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
