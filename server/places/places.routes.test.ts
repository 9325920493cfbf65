import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

describe.each(TEST_ENGINES)('GET /api/reverse-geocode on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the place from the embedded list', async () => {
    const response = await alice.get('/api/reverse-geocode?lat=51.5074&lon=-0.1278');
    expect(response.statusCode).toBe(200);
    expect(response.json().locationName).toMatch(/London/);
  });

  it('gives open water a sensible name, never an error', async () => {
    const response = await alice.get('/api/reverse-geocode?lat=-40&lon=-140');
    expect(response.statusCode).toBe(200);
    expect(typeof response.json().locationName).toBe('string');
    expect(response.json().locationName.length).toBeGreaterThan(0);
  });

  it.each([
    ['', 'Latitude and longitude are required'],
    ['?lat=10', 'Latitude and longitude are required'],
    ['?lon=10', 'Latitude and longitude are required'],
    ['?lat=abc&lon=10', 'Latitude must be a number between -90 and 90'],
    ['?lat=91&lon=10', 'Latitude must be a number between -90 and 90'],
    ['?lat=10&lon=181', 'Longitude must be a number between -180 and 180'],
    ['?lat=10&lon=Infinity', 'Longitude must be a number between -180 and 180'],
  ])('%s → 400 %s', async (query, message) => {
    const response = await alice.get(`/api/reverse-geocode${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('needs a signed-in user', async () => {
    expect((await new ApiClient(t.app).get('/api/reverse-geocode?lat=1&lon=1')).statusCode).toBe(401);
  });
});
