import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

/** PATCH /api/user: the account's units (docs/product.md#units), stored with the account so every device follows. */
describe.each(TEST_ENGINES)('user settings on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const patch = (client: ApiClient, payload: unknown, headers: Record<string, string> = {}) =>
    client.request({ method: 'PATCH', url: '/api/user', payload: payload as object, headers });

  it('a new account reads in the spec units; a PATCH to metric is what every later session sees', async () => {
    const angler = await ApiClient.register(t.app, 'metric_marie');
    expect((await angler.get('/api/user')).json()).toMatchObject({
      username: 'metric_marie',
      units: 'imperial',
    });

    const changed = await patch(angler, { units: 'metric' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...angler.user, units: 'metric' });

    // Another device: a fresh sign-in to the same account.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'metric_marie', password: 'river-trout-42' },
    });
    expect(login.json()).toMatchObject({ units: 'metric' });
    expect((await angler.get('/api/user')).json()).toMatchObject({ units: 'metric' });

    expect((await patch(angler, { units: 'imperial' })).json()).toMatchObject({ units: 'imperial' });
    expect((await angler.get('/api/user')).json()).toMatchObject({ units: 'imperial' });
  });

  it("changes only the caller's account", async () => {
    const marie = await ApiClient.register(t.app, 'metric_marie');
    const bob = await ApiClient.register(t.app, 'imperial_bob');
    await patch(marie, { units: 'metric' });
    expect((await bob.get('/api/user')).json()).toMatchObject({ units: 'imperial' });
  });

  it('refuses a bad value with 400 INVALID_INPUT and keeps the setting', async () => {
    const angler = await ApiClient.register(t.app, 'metric_marie');
    for (const payload of [
      { units: 'Metric' },
      { units: 'si' },
      { units: 1 },
      {},
      { units: 'metric', admin: true },
    ]) {
      const response = await patch(angler, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_INPUT', message: expect.any(String) });
    }
    expect((await patch(angler, { units: 'si' })).json().errors).toEqual({
      units: 'Units must be one of: imperial, metric',
    });
    expect((await angler.get('/api/user')).json()).toMatchObject({ units: 'imperial' });
  });

  it('is 401 NOT_SIGNED_IN when signed out', async () => {
    const response = await patch(new ApiClient(t.app), { units: 'metric' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'NOT_SIGNED_IN' });
  });

  it('is guarded against cross-site requests like every other write', async () => {
    const angler = await ApiClient.register(t.app, 'metric_marie');
    const crossSite = await patch(angler, { units: 'metric' }, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'CROSS_SITE' });
    const formPost = await angler.request({
      method: 'PATCH',
      url: '/api/user',
      payload: 'units=metric',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(formPost.statusCode).toBe(415);
    expect((await angler.get('/api/user')).json()).toMatchObject({ units: 'imperial' });
  });
});
