import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { multipart } from '../test-support/hostile-inputs.ts';
import { TEST_ENGINES } from '../test-support/test-app.ts';
import { createPhotoTestApp, type PhotoTestApp, photoTestMatrix } from '../test-support/test-photo-stores.ts';
import { PhotoRepository } from './photo.repository.ts';
import { UNATTACHED_PHOTO_MAX_AGE_MS, UnattachedPhotoSweeper } from './photo-sweeper.ts';

const HOUR_MS = 60 * 60 * 1000;

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer();
});

describe.each(photoTestMatrix(TEST_ENGINES))(
  'sweeping unattached uploads on %s with the %s store',
  (engine, kind) => {
    let t: PhotoTestApp;
    let alice: ApiClient;
    let sweeper: UnattachedPhotoSweeper;

    beforeEach(async () => {
      t = await createPhotoTestApp(engine, kind);
      alice = await ApiClient.register(t.app, 'alice');
      sweeper = new UnattachedPhotoSweeper({
        photos: new PhotoRepository(t.database.db),
        photoStore: t.photos.store,
        clock: t.clock,
        log: t.app.log,
      });
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

    it('deletes uploads that no catch uses after 24 hours, and keeps attached and recent ones', async () => {
      const bob = await ApiClient.register(t.app, 'bob');
      const abandoned = await uploadAs(alice);
      const abandonedByBob = await uploadAs(bob);
      const attached = await uploadAs(alice);
      await alice.createCatch({ photo: attached });

      t.clock.advance(UNATTACHED_PHOTO_MAX_AGE_MS - HOUR_MS);
      const recent = await uploadAs(alice);
      expect(await sweeper.sweep()).toBe(0); // nothing is a day old yet
      expect(await t.photos.photoCount()).toBe(4);

      t.clock.advance(2 * HOUR_MS);
      expect(await sweeper.sweep()).toBe(2);
      for (const [client, url] of [
        [alice, abandoned],
        [bob, abandonedByBob],
      ] as const) {
        expect((await client.get(url)).statusCode).toBe(404);
        expect((await client.get(`${url}?size=thumb`)).statusCode).toBe(404);
      }
      expect((await alice.get(attached)).statusCode).toBe(200);
      expect((await alice.get(recent)).statusCode).toBe(200);
      expect(await t.photos.photoCount()).toBe(2);
      // A catch can no longer take the swept photo: the offline outbox re-uploads on this answer.
      const late = await alice.post('/api/mobile-catch', { fishType: 'Pike', photo: abandoned });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toMatch(/^Photo not found/);
    });

    it('keeps a photo whose catch was deleted only while another catch still shows it', async () => {
      const shared = await uploadAs(alice);
      const first = await alice.createCatch({ photo: shared });
      await alice.createCatch({ photo: shared, fishType: 'Walleye' });
      expect((await alice.delete(`/api/catches/${first.id}`)).statusCode).toBe(204);
      t.clock.advance(UNATTACHED_PHOTO_MAX_AGE_MS * 2);
      expect(await sweeper.sweep()).toBe(0);
      expect((await alice.get(shared)).statusCode).toBe(200);
    });

    it('runs by itself on its interval once started, until stopped', async () => {
      const abandoned = await uploadAs(alice);
      t.clock.advance(UNATTACHED_PHOTO_MAX_AGE_MS + HOUR_MS);
      const stop = sweeper.start(20);
      try {
        const deadline = Date.now() + 10_000;
        while ((await t.photos.photoCount()) > 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        stop();
      }
      expect(await t.photos.photoCount()).toBe(0);
      expect((await alice.get(abandoned)).statusCode).toBe(404);
    });
  },
);
