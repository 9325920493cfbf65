import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { RELAXED_RATE_LIMITS, TEST_ENGINES } from '../test-support/test-app.ts';
import {
  CAN_ADMINISTER_TEST_S3,
  createPhotoTestApp,
  type PhotoTestApp,
  photoTestMatrix,
  sweepPastGracePeriod,
} from '../test-support/test-photo-stores.ts';
import { ImageJobQueue } from './image-job-queue.ts';

/** A multipart body with one file part, as a browser's FormData would send it. */
function multipart(fieldName: string, fileName: string, contentType: string, data: Buffer) {
  const boundary = '----tightlines-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let jpegWithGps: Buffer;
beforeAll(async () => {
  // A phone-like photo: EXIF with the camera and the GPS position of a secret fishing spot.
  jpegWithGps = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 30, g: 90, b: 140 } },
  })
    .withExif({
      IFD0: { Make: 'FishPhone', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '46/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '93/1 40/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
  const meta = await sharp(jpegWithGps).metadata();
  if (!meta.exif?.includes(Buffer.from('FishPhone'))) throw new Error('fixture lacks EXIF');
});

describe.each(photoTestMatrix(TEST_ENGINES))('photos on %s with the %s store', (engine, kind) => {
  let t: PhotoTestApp;
  let alice: ApiClient;
  beforeEach(async () => {
    t = await createPhotoTestApp(engine, kind);
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  const upload = (client: ApiClient, url: string, body: ReturnType<typeof multipart>) =>
    client.request({ method: 'POST', url, payload: body.payload, headers: body.headers });

  it('POST /api/upload answers {url}; the stored photo is WebP with no EXIF/GPS, plus a thumbnail', async () => {
    const response = await upload(
      alice,
      '/api/upload',
      multipart('photo', 'IMG_0001.jpg', 'image/jpeg', jpegWithGps),
    );
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    expect(url).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\.webp$/);

    const full = await alice.get(url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    // Not kept by the browser's HTTP cache: the service worker keeps what offline use needs (docs/product.md#api-rules).
    expect(full.headers['cache-control']).toBe('no-store');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    const fullMeta = await sharp(full.rawPayload).metadata();
    expect(fullMeta.format).toBe('webp');
    expect(fullMeta.exif).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('FishPhone'))).toBe(false);

    const thumb = await alice.get(`${url}?size=thumb`);
    expect(thumb.statusCode).toBe(200);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width ?? 0, thumbMeta.height ?? 0)).toBe(400);
    expect(thumb.rawPayload.length).toBeLessThanOrEqual(40 * 1024);
  });

  it('POST /api/upload-photo answers {photoUrl}, and a catch can use it', async () => {
    const png = await sharp({ create: { width: 50, height: 40, channels: 4, background: '#3a7' } })
      .png()
      .toBuffer();
    const response = await upload(
      alice,
      '/api/upload-photo',
      multipart('photo', 'fish.png', 'image/png', png),
    );
    expect(response.statusCode).toBe(201);
    const { photoUrl } = response.json();
    const saved = await alice.createCatch({ photo: photoUrl });
    expect(saved.photo).toBe(photoUrl);
  });

  it('serves photos only to their owner: signed out 401, someone else 404', async () => {
    const { url } = (
      await upload(alice, '/api/upload', multipart('photo', 'a.jpg', 'image/jpeg', jpegWithGps))
    ).json();
    expect((await new ApiClient(t.app).get(url)).statusCode).toBe(401);
    const bob = await ApiClient.register(t.app, 'bob');
    expect((await bob.get(url)).statusCode).toBe(404);
    expect((await bob.get(`${url}?size=thumb`)).statusCode).toBe(404);
    // Nor can Bob attach Alice's photo to his own catch.
    expect((await bob.post('/api/mobile-catch', { fishType: 'Bass', photo: url })).statusCode).toBe(400);
  });

  it('deleting the catch deletes its photo: at once for the angler, its files after the grace period', async () => {
    const { url } = (
      await upload(alice, '/api/upload', multipart('photo', 'a.jpg', 'image/jpeg', jpegWithGps))
    ).json();
    const saved = await alice.createCatch({ photo: url });
    expect((await alice.delete(`/api/catches/${saved.id}`)).statusCode).toBe(204);
    expect((await alice.get(url)).statusCode).toBe(404);
    expect((await alice.get(`${url}?size=thumb`)).statusCode).toBe(404);
    // A backup being made (its database copied before this delete) still finds the files.
    expect(await t.photos.photoCount()).toBe(1);
    expect(await sweepPastGracePeriod(t, t.photos.store)).toBe(1);
    expect(await t.photos.photoCount()).toBe(0);
  });

  it.each([
    [
      'a text file named .jpg',
      'photo.jpg',
      'image/jpeg',
      Buffer.from('just some text, not a picture at all'),
    ],
    [
      'an SVG with a script',
      'fish.svg',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
  ])('refuses %s with 400 and stores nothing', async (_label, name, type, data) => {
    const response = await upload(alice, '/api/upload', multipart('photo', name, type, data));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/image/i);
    expect(await t.photos.photoCount()).toBe(0);
  });

  it('refuses a truncated JPEG with 400', async () => {
    const truncated = jpegWithGps.subarray(0, Math.floor(jpegWithGps.length / 2));
    const response = await upload(
      alice,
      '/api/upload',
      multipart('photo', 'cut.jpg', 'image/jpeg', truncated),
    );
    expect(response.statusCode).toBe(400);
  });

  it('refuses a file over 20 MB with 413 and keeps serving', async () => {
    const huge = Buffer.alloc(21 * 1024 * 1024, 0xff);
    jpegWithGps.copy(huge, 0, 0, 100);
    const response = await upload(alice, '/api/upload', multipart('photo', 'big.jpg', 'image/jpeg', huge));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Photo is too large (20 MB at most)');
    expect((await alice.get('/api/user')).statusCode).toBe(200);
  });

  it('asks for a file when the photo field is missing', async () => {
    const response = await upload(
      alice,
      '/api/upload-photo',
      multipart('document', 'a.jpg', 'image/jpeg', jpegWithGps),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Please select a file to upload/);
  });

  it('needs a signed-in user and a multipart body', async () => {
    const anonymous = new ApiClient(t.app);
    expect(
      (await upload(anonymous, '/api/upload', multipart('photo', 'a.jpg', 'image/jpeg', jpegWithGps)))
        .statusCode,
    ).toBe(401);
    expect((await alice.post('/api/upload', { photo: 'data:image/png;base64,AAAA' })).statusCode).toBe(415);
  });

  it('rate-limits uploads per user', async () => {
    await t.close();
    t = await createPhotoTestApp(engine, kind, { rateLimits: { ...RELAXED_RATE_LIMITS, uploadsPerUser: 2 } });
    alice = await ApiClient.register(t.app, 'alice');
    const body = () => multipart('photo', 'a.jpg', 'image/jpeg', jpegWithGps);
    expect((await upload(alice, '/api/upload', body())).statusCode).toBe(201);
    expect((await upload(alice, '/api/upload', body())).statusCode).toBe(201);
    expect((await upload(alice, '/api/upload', body())).statusCode).toBe(429);
  });

  it('answers 503 with Retry-After while the image queue is full, and serves everything else', async () => {
    const imageJobs = new ImageJobQueue({ concurrency: 1, maxWaiting: 0 });
    await t.close();
    t = await createPhotoTestApp(engine, kind, { imageJobs });
    alice = await ApiClient.register(t.app, 'alice');
    let release = () => {};
    const busy = imageJobs.run(() => new Promise<void>((resolve) => (release = resolve)));

    const refused = await upload(
      alice,
      '/api/upload',
      multipart('photo', 'a.jpg', 'image/jpeg', jpegWithGps),
    );
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      message: 'The server is busy with other photos. Please try again in a moment.',
      code: 'SERVER_BUSY',
    });
    // Everything else is served meanwhile.
    expect((await alice.get('/api/catches')).statusCode).toBe(200);

    release();
    await busy;
    expect(
      (await upload(alice, '/api/upload', multipart('photo', 'a.jpg', 'image/jpeg', jpegWithGps))).statusCode,
    ).toBe(201);
  });

  it('refuses uploads beyond the account’s photo quota with 403 PHOTO_QUOTA_EXCEEDED; deleting frees room', async () => {
    const body = () => multipart('photo', 'a.jpg', 'image/jpeg', jpegWithGps);
    const { url } = (await upload(alice, '/api/upload', body())).json();
    const stored = await t.database.db.selectFrom('photos').select('bytes').executeTakeFirstOrThrow();
    expect(stored.bytes).toBe(
      (await alice.get(url)).rawPayload.length + (await alice.get(`${url}?size=thumb`)).rawPayload.length,
    );

    // Room for one and a half of these photos.
    const quota = Math.floor(stored.bytes * 1.5);
    await t.close();
    t = await createPhotoTestApp(engine, kind, { photoQuotaBytes: quota });
    alice = await ApiClient.register(t.app, 'alice');
    const first = (await upload(alice, '/api/upload', body())).json();
    const saved = await alice.createCatch({ photo: first.url });
    const refused = await upload(alice, '/api/upload', body());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: `Your photo storage is full (${Math.round(quota / 1024)} KB). Delete catches with photos you no longer need to upload new ones.`,
      code: 'PHOTO_QUOTA_EXCEEDED',
    });
    expect(await t.photos.photoCount()).toBe(1);
    // Another account has its own quota.
    const bob = await ApiClient.register(t.app, 'bob');
    expect((await upload(bob, '/api/upload', body())).statusCode).toBe(201);

    expect((await alice.delete(`/api/catches/${saved.id}`)).statusCode).toBe(204);
    expect((await upload(alice, '/api/upload', body())).statusCode).toBe(201);
  });

  // S3: a real radosgw bucket quota, set with radosgw-admin (CI and a machine running scripts/s3-server.sh).
  it.skipIf(kind === 's3' && !CAN_ADMINISTER_TEST_S3)(
    'answers a full disk or bucket with 507 "Storage full" and keeps no half-stored photo',
    async () => {
      await t.close();
      t = await createPhotoTestApp(engine, kind, {}, { fillsUp: true });
      alice = await ApiClient.register(t.app, 'alice');
      const response = await upload(
        alice,
        '/api/upload',
        multipart('photo', 'a.jpg', 'image/jpeg', jpegWithGps),
      );
      expect(response.statusCode).toBe(507);
      expect(response.json()).toEqual({
        message: 'Storage full: the server has no room to save this right now. Please try again later.',
        code: 'STORAGE_FULL',
      });
      expect(await t.photos.photoCount()).toBe(0);
      expect(await t.database.db.selectFrom('photos').select('id').execute()).toEqual([]);
      // The rest of the app does not need the photo disk.
      expect((await alice.post('/api/mobile-catch', { fishType: 'Pike' })).statusCode).toBe(201);
    },
  );

  it('answers 404 for malformed photo names', async () => {
    expect((await alice.get('/api/photos/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(400);
    expect((await alice.get('/api/photos/not-a-photo.webp')).statusCode).toBe(400);
  });
});
