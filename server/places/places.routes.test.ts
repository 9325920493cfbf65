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

describe.each(TEST_ENGINES)('GET /api/places on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (text: string) => {
    const response = await alice.get(`/api/places?search=${encodeURIComponent(text)}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { places: { name: string; latitude: number; longitude: number }[] }).places;
  };

  it('finds a town by its name from the embedded list, with its position', async () => {
    const [first] = await search('Truckee');
    expect(first?.name).toBe('Truckee, California, US');
    expect(first?.latitude).toBeCloseTo(39.33, 1);
    expect(first?.longitude).toBeCloseTo(-120.18, 1);
  });

  it('ranks the whole name, then its start, then a word in it; the larger place first among equals', async () => {
    const names = (await search('tahoe')).map((place) => place.name);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toContain('South Lake Tahoe, California, US');
    // 'Tahoe Vista' starts with the word, 'South Lake Tahoe' has it later, and is larger.
    expect(names.indexOf('Tahoe Vista, California, US')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('Tahoe Vista, California, US')).toBeLessThan(
      names.indexOf('South Lake Tahoe, California, US'),
    );
    expect((await search('London'))[0]?.name).toBe('London, England, GB');
  });

  it('narrows by the region or country after a comma, and ignores case and accents', async () => {
    expect((await search('london, ca'))[0]?.name).toMatch(/^London, Ontario, CA$/);
    expect((await search('Vanersborg'))[0]?.name).toMatch(/^Vänersborg, /);
    expect((await search('VÄNERSBORG'))[0]?.name).toMatch(/^Vänersborg, /);
    expect(await search('Xqzzyville')).toEqual([]);
  });

  it('answers at most 8 places', async () => {
    expect(await search('San')).toHaveLength(8);
  });

  it.each([
    ['', 'Type at least 2 letters of a place'],
    ['?search=', 'Type at least 2 letters of a place'],
    ['?search=%20a%20', 'Type at least 2 letters of a place'],
    [`?search=${'a'.repeat(101)}`, 'A place name has at most 100 characters'],
  ])('%s → 400 %s', async (query, message) => {
    const response = await alice.get(`/api/places${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('needs a signed-in user', async () => {
    expect((await new ApiClient(t.app).get('/api/places?search=Tahoe')).statusCode).toBe(401);
  });
});
