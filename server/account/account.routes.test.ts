import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryPhotoStore } from '../photos/photo-store.ts';
import { ApiClient, sessionCookieFrom } from '../test-support/api-client.ts';
import { multipart, smallJpeg } from '../test-support/hostile-inputs.ts';
import { createTestApp, RELAXED_RATE_LIMITS, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';
import {
  createPhotoTestApp,
  type PhotoTestApp,
  photoStoreWhoseRemovalFails,
  photoTestMatrix,
  sweepPastGracePeriod,
} from '../test-support/test-photo-stores.ts';

const PASSWORD = 'river-trout-42';
const NEW_PASSWORD = 'lake-pike-2026';

function login(t: { app: TestApp['app'] }, username: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
}

/** A second device of the same angler: a session of its own. */
async function signIn(t: { app: TestApp['app'] }, username: string, password = PASSWORD): Promise<ApiClient> {
  const response = await login(t, username, password);
  expect(response.statusCode).toBe(200);
  return new ApiClient(t.app, sessionCookieFrom(response));
}

const changePassword = (client: ApiClient, body: unknown, headers: Record<string, string> = {}) =>
  client.request({ method: 'POST', url: '/api/account/password', payload: body as object, headers });

const deleteAccount = (client: ApiClient, body: unknown, headers: Record<string, string> = {}) =>
  client.request({ method: 'DELETE', url: '/api/account', payload: body as object, headers });

const isSignedIn = async (client: ApiClient) => (await client.get('/api/user')).statusCode === 200;

describe.each(TEST_ENGINES)('account self-service on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  describe('POST /api/account/password', () => {
    it('changes the password: 204, other sessions end, this one is rotated, only the new password signs in', async () => {
      const phone = await ApiClient.register(t.app, 'marie');
      const laptop = await signIn(t, 'marie');
      const bob = await ApiClient.register(t.app, 'bob');
      const oldPhoneCookie = phone.cookie;

      const response = await changePassword(phone, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      // Rotated: a new cookie, which works; the token the phone had before is dead.
      const rotated = sessionCookieFrom(response);
      expect(rotated).not.toBe('');
      expect(rotated).not.toBe(oldPhoneCookie);
      expect(await isSignedIn(new ApiClient(t.app, rotated))).toBe(true);
      expect(await isSignedIn(new ApiClient(t.app, oldPhoneCookie))).toBe(false);
      expect(await isSignedIn(laptop)).toBe(false);
      // Another angler is not touched.
      expect(await isSignedIn(bob)).toBe(true);

      expect((await login(t, 'marie', PASSWORD)).statusCode).toBe(401);
      expect((await login(t, 'marie', NEW_PASSWORD)).statusCode).toBe(200);
      expect((await login(t, 'bob', PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a wrong current password with 400 WRONG_PASSWORD and changes nothing', async () => {
      const phone = await ApiClient.register(t.app, 'marie');
      const laptop = await signIn(t, 'marie');
      const response = await changePassword(phone, {
        currentPassword: 'not-my-password',
        newPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'WRONG_PASSWORD',
        message: 'Current password is incorrect',
        errors: { currentPassword: 'Current password is incorrect' },
      });
      expect(sessionCookieFrom(response)).toBe('');
      expect(await isSignedIn(phone)).toBe(true);
      expect(await isSignedIn(laptop)).toBe(true);
      expect((await login(t, 'marie', PASSWORD)).statusCode).toBe(200);
      expect((await login(t, 'marie', NEW_PASSWORD)).statusCode).toBe(401);
    });

    it('holds the new password to the registration rules, with the same messages', async () => {
      const phone = await ApiClient.register(t.app, 'marie');
      const cases: Array<[unknown, string, Record<string, string>]> = [
        [
          { currentPassword: PASSWORD, newPassword: '12345' },
          'INVALID_INPUT',
          { newPassword: 'Password must be at least 6 characters' },
        ],
        [
          { currentPassword: PASSWORD, newPassword: 'x'.repeat(257) },
          'INVALID_INPUT',
          { newPassword: 'Password must be at most 256 characters' },
        ],
        [{ currentPassword: PASSWORD }, 'INVALID_INPUT', { newPassword: 'Password is required' }],
        [{ newPassword: NEW_PASSWORD }, 'INVALID_INPUT', { currentPassword: 'Current password is required' }],
        [
          { currentPassword: PASSWORD, newPassword: 'Password1' },
          'COMMON_PASSWORD',
          {
            newPassword: 'This password is too common. Please choose one that is harder to guess.',
          },
        ],
        [
          { currentPassword: PASSWORD, newPassword: 'bad\u0000pass' },
          'INVALID_INPUT',
          {
            newPassword: 'Text must not contain the NUL character',
          },
        ],
      ];
      for (const [body, code, errors] of cases) {
        const response = await changePassword(phone, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json(), JSON.stringify(body)).toMatchObject({
          code,
          errors,
          message: Object.values(errors)[0],
        });
      }
      // The registration says the same about the same password.
      const register = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: 'x_y', password: '12345' },
      });
      expect(register.json().message).toBe('Password must be at least 6 characters');
      expect((await login(t, 'marie', PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('POST /api/logout-all', () => {
    it('ends every session of the angler, this one too, and no one else’s', async () => {
      const phone = await ApiClient.register(t.app, 'marie');
      const laptop = await signIn(t, 'marie');
      const bob = await ApiClient.register(t.app, 'bob');
      const response = await phone.post('/api/logout-all');
      expect(response.statusCode).toBe(204);
      // The cookie is cleared.
      expect(response.cookies.find((c) => c.name === 'tightlines_session')?.value).toBe('');
      expect(await isSignedIn(phone)).toBe(false);
      expect(await isSignedIn(laptop)).toBe(false);
      expect(await isSignedIn(bob)).toBe(true);
      // The password still works: only the sessions ended.
      expect((await login(t, 'marie', PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/account', () => {
    it('deletes the angler and everything of theirs; the name registers again; others keep theirs', async () => {
      const marie = await ApiClient.register(t.app, 'Marie');
      const laptop = await signIn(t, 'marie');
      const bob = await ApiClient.register(t.app, 'bob');
      await marie.createCatch({ fishType: 'Walleye' });
      await marie.createCatch({ fishType: 'Pike' });
      const bobsCatch = await bob.createCatch({ fishType: 'Perch' });
      // A rate-limit counter keyed to the account (a failed login).
      expect((await login(t, 'marie', 'wrong-password')).statusCode).toBe(401);

      const response = await deleteAccount(marie, { password: PASSWORD });
      expect(response.statusCode).toBe(204);
      expect(response.cookies.find((c) => c.name === 'tightlines_session')?.value).toBe('');

      expect(await isSignedIn(marie)).toBe(false);
      expect(await isSignedIn(laptop)).toBe(false);
      const db = t.database.db;
      const userId = marie.user?.id ?? -1;
      expect(await db.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
      expect(await db.selectFrom('catches').select('id').where('user_id', '=', userId).execute()).toEqual([]);
      expect(
        await db.selectFrom('sessions').select('user_id').where('user_id', '=', userId).execute(),
      ).toEqual([]);
      expect(
        await db
          .selectFrom('rate_limit_hits')
          .select('bucket_key')
          .where('bucket_key', '=', 'login-username:marie')
          .execute(),
      ).toEqual([]);

      expect((await login(t, 'marie', PASSWORD)).statusCode).toBe(401);

      // The name is free again (any spelling of it), and the new account starts empty.
      const again = await ApiClient.register(t.app, 'marie');
      expect((await again.get('/api/catches')).json()).toEqual([]);
      // Bob is untouched.
      expect(await isSignedIn(bob)).toBe(true);
      expect((await bob.get('/api/catches')).json()).toEqual([bobsCatch]);
    });

    it('refuses a wrong or missing password and deletes nothing', async () => {
      const marie = await ApiClient.register(t.app, 'marie');
      await marie.createCatch({ fishType: 'Walleye' });
      const wrong = await deleteAccount(marie, { password: 'not-my-password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        code: 'WRONG_PASSWORD',
        message: 'Password is incorrect',
        errors: { password: 'Password is incorrect' },
      });
      for (const body of [{}, { password: '' }, { password: 42 }, null]) {
        const response = await deleteAccount(marie, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().code).toBe('INVALID_INPUT');
      }
      expect(await isSignedIn(marie)).toBe(true);
      expect((await marie.get('/api/catches')).json()).toHaveLength(1);
      expect((await login(t, 'marie', PASSWORD)).statusCode).toBe(200);
    });

    it('leaves the account whole when the database fails in the middle of the delete', async () => {
      const marie = await ApiClient.register(t.app, 'marie');
      await marie.createCatch({ fishType: 'Walleye' });
      // The last statement of the transaction (the user row) fails: the catches and sessions deleted before it
      // must come back.
      if (engine === 'sqlite') {
        await sql`CREATE TRIGGER refuse_user_delete BEFORE DELETE ON users BEGIN SELECT RAISE(ABORT, 'injected failure'); END`.execute(
          t.database.db,
        );
      } else {
        await sql`CREATE FUNCTION refuse_user_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`.execute(
          t.database.db,
        );
        await sql`CREATE TRIGGER refuse_user_delete BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION refuse_user_delete()`.execute(
          t.database.db,
        );
      }
      const failed = await deleteAccount(marie, { password: PASSWORD });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
      expect(await isSignedIn(marie)).toBe(true);
      expect((await marie.get('/api/catches')).json()).toHaveLength(1);

      await sql`DROP TRIGGER refuse_user_delete${sql.raw(engine === 'sqlite' ? '' : ' ON users')}`.execute(
        t.database.db,
      );
      expect((await deleteAccount(marie, { password: PASSWORD })).statusCode).toBe(204);
      expect(await isSignedIn(marie)).toBe(false);
    });
  });

  describe('all three routes', () => {
    const routes = [
      ['POST', '/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }],
      ['POST', '/api/logout-all', undefined],
      ['DELETE', '/api/account', { password: PASSWORD }],
    ] as const;

    it.each(routes)('%s %s is 401 NOT_SIGNED_IN when signed out', async (method, url, body) => {
      await ApiClient.register(t.app, 'marie');
      const response = await new ApiClient(t.app).request({ method, url, payload: body });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'NOT_SIGNED_IN', message: 'You must be logged in' });
      expect((await login(t, 'marie', PASSWORD)).statusCode).toBe(200);
    });

    it.each(routes)('%s %s is guarded against cross-site requests', async (method, url, body) => {
      const marie = await ApiClient.register(t.app, 'marie');
      const crossSite = await marie.request({
        method,
        url,
        payload: body,
        headers: { origin: 'https://evil.example' },
      });
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.json()).toMatchObject({ code: 'CROSS_SITE' });
      const fetchSite = await marie.request({
        method,
        url,
        payload: body,
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(fetchSite.statusCode).toBe(403);
      const formPost = await marie.request({
        method,
        url,
        payload: 'password=river-trout-42',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(formPost.statusCode).toBe(415);
      expect(await isSignedIn(marie)).toBe(true);
      expect((await login(t, 'marie', PASSWORD)).statusCode).toBe(200);
    });
  });
});

describe.each(TEST_ENGINES)(
  'password checks of the account routes on %s are rate limited like login',
  (engine) => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(engine, {
        rateLimits: { ...RELAXED_RATE_LIMITS, loginFailuresPerUsername: 3 },
      });
    });
    afterEach(async () => {
      await t.close();
    });

    it.each([
      [
        'POST /api/account/password',
        (c: ApiClient, password: string) =>
          changePassword(c, { currentPassword: password, newPassword: NEW_PASSWORD }),
      ],
      ['DELETE /api/account', (c: ApiClient, password: string) => deleteAccount(c, { password })],
    ])(
      '%s: guesses count against the login limit, and then even the right password waits',
      async (_label, send) => {
        const marie = await ApiClient.register(t.app, 'marie');
        for (let i = 0; i < 3; i++) expect((await send(marie, `guess-${i}-xyz`)).statusCode).toBe(400);
        const limited = await send(marie, PASSWORD);
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toMatchObject({
          code: 'RATE_LIMITED',
          message: 'Too many wrong passwords. Please wait 15 minutes and try again.',
        });
        // One counter for the account: the login form is closed to guesses too, and says so in its own words.
        const loginLimited = await login(t, 'marie', PASSWORD);
        expect(loginLimited.statusCode).toBe(429);
        expect(loginLimited.json()).toMatchObject({
          message: 'Too many failed login attempts. Please wait 15 minutes and try again.',
        });
        expect(await isSignedIn(marie)).toBe(true);
        // The window passes.
        t.clock.advance(15 * 60 * 1000 + 1);
        expect((await send(marie, PASSWORD)).statusCode).toBe(204);
      },
    );

    it('a right password resets the counter, as a login does', async () => {
      const marie = await ApiClient.register(t.app, 'marie');
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 2; i++) {
          expect((await deleteAccount(marie, { password: `guess-${i}-xyz` })).statusCode).toBe(400);
        }
        const next = round % 2 === 0 ? NEW_PASSWORD : PASSWORD;
        const current = round % 2 === 0 ? PASSWORD : NEW_PASSWORD;
        const response = await changePassword(marie, { currentPassword: current, newPassword: next });
        expect(response.statusCode).toBe(204);
        marie.cookie = sessionCookieFrom(response);
      }
    });
  },
);

describe.each(photoTestMatrix(TEST_ENGINES))(
  'deleting an account with photos on %s with the %s store',
  (engine, kind) => {
    let t: PhotoTestApp;
    beforeEach(async () => {
      t = await createPhotoTestApp(engine, kind);
    });
    afterEach(async () => {
      await t.close();
    });

    it("removes the photo records and files of the account, attached or not, and no one else's", async () => {
      const jpeg = await smallJpeg();
      const upload = async (client: ApiClient) => {
        const body = multipart({ fileName: 'fish.jpg', contentType: 'image/jpeg', data: jpeg });
        const response = await client.request({
          method: 'POST',
          url: '/api/upload',
          payload: body.payload,
          headers: body.headers,
        });
        expect(response.statusCode).toBe(201);
        return (response.json() as { url: string }).url;
      };
      const marie = await ApiClient.register(t.app, 'marie');
      const bob = await ApiClient.register(t.app, 'bob');
      await marie.createCatch({ photo: await upload(marie) });
      await marie.createCatch({ photo: await upload(marie) });
      await upload(marie); // never attached to a catch
      const bobsPhoto = await upload(bob);
      await bob.createCatch({ photo: bobsPhoto });
      expect(await t.photos.photoCount()).toBe(4);

      expect((await deleteAccount(marie, { password: PASSWORD })).statusCode).toBe(204);
      expect(await t.database.db.selectFrom('photos').select('user_id').execute()).toEqual([
        { user_id: bob.user?.id },
      ]);
      expect((await bob.get(bobsPhoto)).statusCode).toBe(200);
      // The files wait out the grace period (a backup being made keeps them), then go.
      expect(await t.database.db.selectFrom('photo_tombstones').select('photo_id').execute()).toHaveLength(3);
      expect(await t.photos.photoCount()).toBe(4);
      expect(await sweepPastGracePeriod(t, t.photos.store)).toBe(3);
      expect(await t.photos.photoCount()).toBe(1);
      expect((await bob.get(bobsPhoto)).statusCode).toBe(200);
      // The account's upload counter went with it; Bob's stays.
      const counters = await t.database.db.selectFrom('rate_limit_hits').select('bucket_key').execute();
      expect(counters.map((row) => row.bucket_key).filter((key) => key.startsWith('upload-user:'))).toEqual([
        `upload-user:${bob.user?.id}`,
      ]);
    });
  },
);

describe.each(TEST_ENGINES)('a photo store that refuses removals, on %s', (engine) => {
  it('does not hold up an account deletion (204): the store is not asked, the files wait for the sweep', async () => {
    const { store, removeCalls } = photoStoreWhoseRemovalFails();
    const t = await createTestApp(engine, { photoStore: store });
    try {
      const marie = await ApiClient.register(t.app, 'marie');
      const body = multipart({ fileName: 'fish.jpg', contentType: 'image/jpeg', data: await smallJpeg() });
      const upload = await marie.request({
        method: 'POST',
        url: '/api/upload',
        payload: body.payload,
        headers: body.headers,
      });
      expect(upload.statusCode).toBe(201);
      await marie.createCatch({ photo: upload.json().url });

      expect((await deleteAccount(marie, { password: PASSWORD })).statusCode).toBe(204);
      expect(removeCalls()).toBe(0);
      expect(await t.database.db.selectFrom('photos').select('id').execute()).toEqual([]);
      expect(await t.database.db.selectFrom('users').select('id').execute()).toEqual([]);
      // The sweep past the grace period tries, fails, and keeps the tombstone for its next round.
      expect(await sweepPastGracePeriod(t, store)).toBe(0);
      expect(removeCalls()).toBe(1);
      expect(await t.database.db.selectFrom('photo_tombstones').select('photo_id').execute()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe.each(TEST_ENGINES)('an account deleted while one of its uploads is in flight, on %s', (engine) => {
  it('answers the upload 401 (its session ended with the account), not a 500, and keeps no file', async () => {
    const memory = new MemoryPhotoStore();
    let deleteAccountNow: (() => Promise<void>) | null = null;
    // The account goes between the upload's session check and its photo record: the moment the file is stored.
    const racingStore = {
      save: async (id: string, variant: 'full' | 'thumb', data: Buffer) => {
        await memory.save(id, variant, data);
        const racer = deleteAccountNow;
        deleteAccountNow = null;
        await racer?.();
      },
      read: memory.read.bind(memory),
      checkReachable: memory.checkReachable.bind(memory),
      remove: memory.remove.bind(memory),
      listPhotoIds: memory.listPhotoIds.bind(memory),
    };
    const t = await createTestApp(engine, { photoStore: racingStore });
    try {
      const marie = await ApiClient.register(t.app, 'marie');
      const otherDevice = await signIn(t, 'marie');
      deleteAccountNow = async () => {
        expect((await deleteAccount(otherDevice, { password: PASSWORD })).statusCode).toBe(204);
      };
      const body = multipart({ fileName: 'fish.jpg', contentType: 'image/jpeg', data: await smallJpeg() });
      const upload = await marie.request({
        method: 'POST',
        url: '/api/upload',
        payload: body.payload,
        headers: body.headers,
      });
      expect(deleteAccountNow).toBeNull();
      expect(upload.statusCode).toBe(401);
      expect(upload.json()).toEqual({ message: 'You must be logged in', code: 'NOT_SIGNED_IN' });
      expect(memory.size()).toBe(0);
      expect(await t.database.db.selectFrom('photos').select('id').execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
