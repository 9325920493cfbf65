import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { multipart } from '../test-support/hostile-inputs.ts';
import { TEST_ENGINES } from '../test-support/test-app.ts';
import { createPhotoTestApp, type PhotoTestApp, photoTestMatrix } from '../test-support/test-photo-stores.ts';
import { PhotoRepository } from './photo.repository.ts';
import { PHOTO_REMOVAL_GRACE_MS } from './photo-removal.ts';
import { photoObjectName } from './photo-store.ts';
import { ORPHAN_SCAN_INTERVAL_MS, PhotoSweeper, UNATTACHED_PHOTO_MAX_AGE_MS } from './photo-sweeper.ts';

const HOUR_MS = 60 * 60 * 1000;

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer();
});

describe.each(photoTestMatrix(TEST_ENGINES))('sweeping photos on %s with the %s store', (engine, kind) => {
  let t: PhotoTestApp;
  let alice: ApiClient;
  let photos: PhotoRepository;
  let sweeper: PhotoSweeper;

  beforeEach(async () => {
    t = await createPhotoTestApp(engine, kind);
    alice = await ApiClient.register(t.app, 'alice');
    photos = new PhotoRepository(t.database.db);
    sweeper = new PhotoSweeper({ photos, photoStore: t.photos.store, clock: t.clock, log: t.app.log });
  });
  afterEach(async () => {
    await t.close();
  });

  async function uploadAs(client: ApiClient): Promise<string> {
    const body = multipart({ fileName: 'a.jpg', contentType: 'image/jpeg', data: jpeg });
    const response = await client.request({ method: 'POST', url: '/api/upload', ...body });
    expect(response.statusCode).toBe(201);
    return response.json().url;
  }

  const idOf = (url: string) => url.slice('/api/photos/'.length, -'.webp'.length);
  const tombstones = async () =>
    (await t.database.db.selectFrom('photo_tombstones').select('photo_id').orderBy('photo_id').execute()).map(
      (row) => row.photo_id,
    );

  /** Files as a save leaves them when its record is never made (the process died, the insert failed). */
  async function storeWithoutRecord(): Promise<string> {
    const id = randomUUID();
    await t.photos.store.save(id, 'full', Buffer.from('full'));
    await t.photos.store.save(id, 'thumb', Buffer.from('thumb'));
    return id;
  }

  it('deletes uploads no catch took within a day; their files wait out the grace period, then go', async () => {
    const bob = await ApiClient.register(t.app, 'bob');
    const abandoned = await uploadAs(alice);
    const abandonedByBob = await uploadAs(bob);
    const attached = await uploadAs(alice);
    await alice.createCatch({ photo: attached });

    t.clock.advance(UNATTACHED_PHOTO_MAX_AGE_MS - HOUR_MS);
    const recent = await uploadAs(alice);
    expect(await sweeper.deleteUnattachedUploads()).toBe(0); // nothing is a day old yet
    expect(await t.photos.photoCount()).toBe(4);

    t.clock.advance(2 * HOUR_MS);
    expect(await sweeper.deleteUnattachedUploads()).toBe(2);
    for (const [client, url] of [
      [alice, abandoned],
      [bob, abandonedByBob],
    ] as const) {
      expect((await client.get(url)).statusCode).toBe(404);
      expect((await client.get(`${url}?size=thumb`)).statusCode).toBe(404);
    }
    expect((await alice.get(attached)).statusCode).toBe(200);
    expect((await alice.get(recent)).statusCode).toBe(200);
    // A catch can no longer take the swept photo: the offline outbox re-uploads on this answer.
    const late = await alice.post('/api/mobile-catch', { fishType: 'Pike', photo: abandoned });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/^Photo not found/);

    expect(await tombstones()).toEqual([idOf(abandoned), idOf(abandonedByBob)].sort());
    expect(await t.photos.photoCount()).toBe(4);
    t.clock.advance(PHOTO_REMOVAL_GRACE_MS + 1);
    expect(await sweeper.removeExpiredTombstones()).toBe(2);
    expect(await t.photos.photoCount()).toBe(2);
    expect(await tombstones()).toEqual([]);
  });

  it('keeps the files of a deleted catch’s photo for the whole grace period, then removes them', async () => {
    const photo = await uploadAs(alice);
    const saved = await alice.createCatch({ photo });
    expect((await alice.delete(`/api/catches/${saved.id}`)).statusCode).toBe(204);
    expect((await alice.get(photo)).statusCode).toBe(404);
    expect(await tombstones()).toEqual([idOf(photo)]);

    // Hourly sweeps until a minute before the grace period ends: the files stay.
    for (let hour = 1; hour < PHOTO_REMOVAL_GRACE_MS / HOUR_MS; hour++) {
      t.clock.advance(HOUR_MS);
      expect((await sweeper.sweep()).removed).toBe(0);
    }
    t.clock.advance(HOUR_MS - 60_000);
    expect(await sweeper.removeExpiredTombstones()).toBe(0);
    expect(await t.photos.store.read(idOf(photo), 'full')).not.toBeNull();
    expect(await t.photos.store.read(idOf(photo), 'thumb')).not.toBeNull();

    t.clock.advance(2 * 60_000);
    expect(await sweeper.removeExpiredTombstones()).toBe(1);
    expect(await t.photos.store.read(idOf(photo), 'full')).toBeNull();
    expect(await t.photos.store.read(idOf(photo), 'thumb')).toBeNull();
    expect(await tombstones()).toEqual([]);
  });

  it('keeps a photo whose catch was deleted while another catch still shows it', async () => {
    const shared = await uploadAs(alice);
    const first = await alice.createCatch({ photo: shared });
    await alice.createCatch({ photo: shared, fishType: 'Walleye' });
    expect((await alice.delete(`/api/catches/${first.id}`)).statusCode).toBe(204);
    t.clock.advance(UNATTACHED_PHOTO_MAX_AGE_MS + PHOTO_REMOVAL_GRACE_MS);
    expect(await sweeper.sweep()).toEqual({ unattached: 0, orphans: 0, removed: 0 });
    expect((await alice.get(shared)).statusCode).toBe(200);
  });

  it('finds files no record owns (a save whose record never came) and removes them after the grace period', async () => {
    const kept = await uploadAs(alice);
    await alice.createCatch({ photo: kept });
    const unattachedUpload = await uploadAs(alice);
    const orphan = await storeWithoutRecord();
    const halfStored = randomUUID();
    await t.photos.store.save(halfStored, 'full', Buffer.from('only the full size got stored'));
    if (kind === 'disk') {
      // A save cut off between its write and its rename leaves a temporary file.
      const target = path.join(t.photos.location, photoObjectName(halfStored, 'thumb'));
      await writeFile(`${target}.${randomUUID()}.tmp`, 'half a thumbnail');
    }
    expect(await t.photos.photoCount()).toBe(4);

    expect(await sweeper.tombstoneOrphans()).toBe(2);
    expect(await tombstones()).toEqual([orphan, halfStored].sort());
    // Found again: nothing new.
    expect(await sweeper.tombstoneOrphans()).toBe(0);
    t.clock.advance(PHOTO_REMOVAL_GRACE_MS - 60_000);
    expect(await sweeper.removeExpiredTombstones()).toBe(0);
    expect(await t.photos.store.read(orphan, 'full')).not.toBeNull();

    t.clock.advance(2 * 60_000);
    expect(await sweeper.removeExpiredTombstones()).toBe(2);
    const left: string[] = [];
    for await (const id of t.photos.store.listPhotoIds()) left.push(id);
    expect(left.sort()).toEqual([idOf(kept), idOf(unattachedUpload)].sort());
    expect((await alice.get(kept)).statusCode).toBe(200);
    expect((await alice.get(unattachedUpload)).statusCode).toBe(200);
  });

  it('keeps an upload the orphan scan caught between its files and its record', async () => {
    const id = await storeWithoutRecord();
    expect(await sweeper.tombstoneOrphans()).toBe(1);
    // The upload's record comes right after the scan.
    await photos.create({
      id,
      userId: alice.user?.id ?? 0,
      width: 1,
      height: 1,
      bytes: 9,
      createdAt: t.clock.now(),
    });
    await alice.createCatch({ photo: `/api/photos/${id}.webp` });
    t.clock.advance(PHOTO_REMOVAL_GRACE_MS + 1);
    expect(await sweeper.removeExpiredTombstones()).toBe(0);
    expect(await tombstones()).toEqual([]);
    expect(await t.photos.store.read(id, 'full')).toEqual(Buffer.from('full'));
  });

  it('scans for orphans at the first sweep and then once a day', async () => {
    await storeWithoutRecord();
    expect((await sweeper.sweep()).orphans).toBe(1);
    await storeWithoutRecord();
    t.clock.advance(ORPHAN_SCAN_INTERVAL_MS - HOUR_MS);
    expect((await sweeper.sweep()).orphans).toBeNull();
    t.clock.advance(HOUR_MS);
    expect((await sweeper.sweep()).orphans).toBe(1);
  });

  it('runs by itself on its interval once started, until stopped', async () => {
    const abandoned = await uploadAs(alice);
    t.clock.advance(UNATTACHED_PHOTO_MAX_AGE_MS + HOUR_MS);
    const stop = sweeper.start(20);
    try {
      const deadline = Date.now() + 10_000;
      while ((await tombstones()).length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await alice.get(abandoned)).statusCode).toBe(404);
      t.clock.advance(PHOTO_REMOVAL_GRACE_MS + 1);
      while ((await t.photos.photoCount()) > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      stop();
    }
    expect(await t.photos.photoCount()).toBe(0);
  });
});
