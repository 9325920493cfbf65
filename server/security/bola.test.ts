// OWASP API1:2023, broken object level authorisation: for every route that takes an id or returns user data,
// a second signed-in user (and an anonymous caller) gets 404 (or 401) and nothing of the owner's changes.
// "Not yours" must look exactly like "does not exist", so ids cannot be probed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { multipart, smallJpeg } from '../test-support/hostile-inputs.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

describe.each(TEST_ENGINES)('object level authorisation on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  let bob: ApiClient;
  let anonymous: ApiClient;
  let aliceCatches: Catch[];
  let alicePhoto: string;
  let alicePhotoBytes: { full: Buffer; thumb: Buffer };
  const aliceClientId = randomUUID();

  /** Everything of Alice's that the attacks must leave untouched. */
  async function aliceState() {
    const list = await alice.get('/api/catches');
    const full = await alice.get(alicePhoto);
    const thumb = await alice.get(`${alicePhoto}?size=thumb`);
    expect([list.statusCode, full.statusCode, thumb.statusCode]).toEqual([200, 200, 200]);
    return { catches: list.json() as Catch[], full: full.rawPayload, thumb: thumb.rawPayload };
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice_owner');
    bob = await ApiClient.register(t.app, 'bob_intruder');
    anonymous = new ApiClient(t.app);

    const uploaded = multipart({ fileName: 'pike.jpg', contentType: 'image/jpeg', data: await smallJpeg() });
    const upload = await alice.request({
      method: 'POST',
      url: '/api/upload',
      payload: uploaded.payload,
      headers: uploaded.headers,
    });
    expect(upload.statusCode).toBe(201);
    alicePhoto = upload.json().url;
    await alice.createCatch({
      fishType: 'Secret Pike',
      notes: 'zanderspot-7731 behind the reeds',
      latitude: 58.9,
      longitude: 13.2,
      photo: alicePhoto,
      clientId: aliceClientId,
    });
    await alice.createCatch({ fishType: 'Perch', baitUsed: 'zanderspot-7731 jig' });
    const state = await aliceState();
    aliceCatches = state.catches;
    alicePhotoBytes = { full: state.full, thumb: state.thumb };
    expect(aliceCatches).toHaveLength(2);
  });

  afterAll(async () => {
    await t.close();
  });

  it("lists none of Alice's catches to Bob, with or without a search that matches them", async () => {
    for (const url of ['/api/catches', '/api/catches?search=zanderspot-7731', '/api/catches?search=pike']) {
      const response = await bob.get(url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    }
  });

  it("answers Bob's DELETE of each of Alice's catch ids exactly like an id that does not exist", async () => {
    const missing = await bob.delete('/api/catches/999999');
    expect(missing.statusCode).toBe(404);
    for (const item of aliceCatches) {
      const response = await bob.delete(`/api/catches/${item.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(missing.json());
    }
  });

  it("walks every id from 1 up without finding anything of Alice's (enumeration)", async () => {
    const highest = Math.max(...aliceCatches.map((item) => item.id));
    for (let id = 1; id <= highest + 3; id++) {
      expect((await bob.delete(`/api/catches/${id}`)).statusCode).toBe(404);
      expect((await bob.patch(`/api/catches/${id}`, { notes: 'found you' })).statusCode).toBe(404);
    }
  });

  it("answers Bob's PATCH of each of Alice's catch ids exactly like an id that does not exist", async () => {
    for (const changes of [{ notes: 'mine now' }, {}, { fishType: 'Bass', photo: null }]) {
      const missing = await bob.patch('/api/catches/999999', changes);
      expect(missing.statusCode).toBe(404);
      for (const item of aliceCatches) {
        const response = await bob.patch(`/api/catches/${item.id}`, changes);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(missing.json());
      }
    }
  });

  it("answers Bob's PATCH by Alice's device clientId like an unknown clientId", async () => {
    for (const changes of [{ notes: 'mine now' }, {}]) {
      const unknown = await bob.patch(`/api/catches/client/${randomUUID()}`, changes);
      const theirs = await bob.patch(`/api/catches/client/${aliceClientId}`, changes);
      expect(unknown.statusCode).toBe(404);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(unknown.json());
    }
  });

  it("answers Bob's DELETE by Alice's device clientId like an unknown clientId", async () => {
    const unknown = await bob.delete(`/api/catches/client/${randomUUID()}`);
    const theirs = await bob.delete(`/api/catches/client/${aliceClientId}`);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
  });

  it("does not serve Alice's photo (full or thumbnail) to Bob, exactly like a photo that does not exist", async () => {
    const unknownUrl = `/api/photos/${randomUUID()}.webp`;
    for (const suffix of ['', '?size=thumb', '?size=full']) {
      const unknown = await bob.get(`${unknownUrl}${suffix}`);
      const theirs = await bob.get(`${alicePhoto}${suffix}`);
      expect(unknown.statusCode).toBe(404);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(unknown.json());
      expect(theirs.rawPayload.includes(alicePhotoBytes.full.subarray(0, 64))).toBe(false);
    }
  });

  it("does not let Bob attach Alice's photo to his catch (same answer as an unknown photo)", async () => {
    const unknown = await bob.post('/api/mobile-catch', {
      fishType: 'Bass',
      photo: `/api/photos/${randomUUID()}.webp`,
    });
    for (const url of ['/api/catches', '/api/mobile-catch', '/api/emergency-catch']) {
      const theirs = await bob.post(url, { fishType: 'Bass', photo: alicePhoto });
      expect(theirs.statusCode).toBe(400);
      expect(theirs.json()).toEqual(unknown.json());
    }
  });

  it("gives Bob his own new catch for Alice's clientId, never Alice's catch back", async () => {
    const aliceIds = new Set(aliceCatches.map((item) => item.id));
    for (const url of ['/api/catches', '/api/mobile-catch', '/api/emergency-catch']) {
      const response = await bob.post(url, { fishType: 'Carp', clientId: aliceClientId });
      expect([200, 201]).toContain(response.statusCode);
      const body = response.json() as Catch;
      expect(aliceIds.has(body.id)).toBe(false);
      expect(body.fishType).toBe('Carp');
      expect(body.notes).toBeNull();
    }
    const bobs = (await bob.get('/api/catches')).json() as Catch[];
    expect(bobs).toHaveLength(1);
    expect(bobs[0]?.clientId).toBe(aliceClientId);
  });

  it("does not let Bob put Alice's photo on his own catch by an edit (same answer as an unknown photo)", async () => {
    const [bobs] = (await bob.get('/api/catches')).json() as Catch[];
    if (!bobs) throw new Error('fixture missing');
    const url = `/api/catches/${bobs.id}`;
    const unknown = await bob.patch(url, { photo: `/api/photos/${randomUUID()}.webp` });
    const theirs = await bob.patch(url, { photo: alicePhoto });
    expect(unknown.statusCode).toBe(400);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toEqual(unknown.json());
    expect((await bob.get('/api/catches')).json()).toEqual([bobs]);
  });

  it("keeps Bob's edit with Alice's userId or catch id in the body on Bob's own catch", async () => {
    const [bobs] = (await bob.get('/api/catches')).json() as Catch[];
    const [first] = aliceCatches;
    if (!bobs || !first) throw new Error('fixture missing');
    const response = await bob.patch(`/api/catches/${bobs.id}`, {
      userId: alice.user?.id,
      id: first.id,
      clientId: randomUUID(),
      notes: 'Impostor edit',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...bobs, notes: 'Impostor edit' });
  });

  it("files a catch posted with Alice's userId under Bob", async () => {
    const before = ((await bob.get('/api/catches')).json() as Catch[]).length;
    const response = await bob.post('/api/mobile-catch', {
      fishType: 'Impostor Trout',
      userId: alice.user?.id,
    });
    expect(response.statusCode).toBe(201);
    expect((await bob.get('/api/catches')).json()).toHaveLength(before + 1);
    const aliceList = (await alice.get('/api/catches')).json() as Catch[];
    expect(aliceList.some((item) => item.fishType === 'Impostor Trout')).toBe(false);
  });

  it('GET /api/user answers with the caller, whatever a query string says', async () => {
    const response = await bob.get(`/api/user?id=${alice.user?.id}&userId=${alice.user?.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: bob.user?.id, username: 'bob_intruder' });
  });

  it('answers an anonymous caller 401 on every route that reads or changes user data', async () => {
    const [first] = aliceCatches;
    if (!first) throw new Error('fixture missing');
    const attempts = [
      anonymous.get('/api/user'),
      anonymous.get('/api/catches'),
      anonymous.get('/api/catches?search=zanderspot-7731'),
      anonymous.delete(`/api/catches/${first.id}`),
      anonymous.delete(`/api/catches/client/${aliceClientId}`),
      anonymous.patch(`/api/catches/${first.id}`, { notes: 'Ghost edit' }),
      anonymous.patch(`/api/catches/client/${aliceClientId}`, { notes: 'Ghost edit' }),
      anonymous.get(alicePhoto),
      anonymous.get(`${alicePhoto}?size=thumb`),
      anonymous.post('/api/mobile-catch', { fishType: 'Ghost', userId: alice.user?.id }),
      anonymous.post('/api/catches', { fishType: 'Ghost', userId: alice.user?.id }),
      anonymous.post('/api/emergency-catch', { fishType: 'Ghost', userId: alice.user?.id }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'You must be logged in', code: 'NOT_SIGNED_IN' });
    }
  });

  it("leaves every one of Alice's catches and photos exactly as they were", async () => {
    const after = await aliceState();
    expect(after.catches).toEqual(aliceCatches);
    expect(after.full.equals(alicePhotoBytes.full)).toBe(true);
    expect(after.thumb.equals(alicePhotoBytes.thumb)).toBe(true);
  });
});
