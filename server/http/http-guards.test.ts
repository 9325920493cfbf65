import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

describe.each(TEST_ENGINES)('HTTP guards on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterAll(async () => {
    await t.close();
  });

  const catchCount = async () => (await alice.get('/api/catches')).json().length as number;

  describe('CSRF', () => {
    it('refuses a cross-site request (Sec-Fetch-Site) with 403 and changes nothing', async () => {
      const before = await catchCount();
      const response = await alice.request({
        method: 'POST',
        url: '/api/mobile-catch',
        payload: { fishType: 'Forged' },
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site request refused', code: 'CROSS_SITE' });
      expect(await catchCount()).toBe(before);
    });

    it('refuses a foreign Origin with 403', async () => {
      const response = await alice.request({
        method: 'DELETE',
        url: '/api/catches/1',
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(403);
    });

    it('accepts our own Origin', async () => {
      const response = await alice.request({
        method: 'POST',
        url: '/api/mobile-catch',
        payload: { fishType: 'Legit' },
        headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
      });
      expect(response.statusCode).toBe(201);
    });

    it.each([
      ['text/plain', '{"fishType":"Forged"}'],
      ['application/x-www-form-urlencoded', 'fishType=Forged'],
    ])('refuses a %s body with 415 (what a plain HTML form can send)', async (contentType, payload) => {
      const before = await catchCount();
      const response = await alice.request({
        method: 'POST',
        url: '/api/mobile-catch',
        payload,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe('Send JSON (application/json) or a multipart form');
      expect(await catchCount()).toBe(before);
    });
  });

  describe('bad bodies never give a 5xx', () => {
    it.each([
      ['not json', '{"fishType":', 400],
      ['an empty JSON body', '', 400],
      ['a JSON array', '[1,2,3]', 400],
      ['a JSON string', '"bass"', 400],
      ['null', 'null', 400],
      ['a deeply nested object', `${'{"a":'.repeat(500)}1${'}'.repeat(500)}`, 400],
    ])('%s → %d', async (_label, payload, status) => {
      const response = await alice.request({
        method: 'POST',
        url: '/api/mobile-catch',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(status);
      expect(typeof response.json().message).toBe('string');
    });

    it('a JSON body over 2 MB → 413', async () => {
      const response = await alice.post('/api/mobile-catch', {
        fishType: 'Bass',
        notes: 'x'.repeat(2.1 * 1024 * 1024),
      });
      expect(response.statusCode).toBe(413);
    });

    it('prototype-pollution keys are harmless', async () => {
      const response = await alice.request({
        method: 'POST',
        url: '/api/mobile-catch',
        payload: '{"fishType":"Bass","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBeLessThan(500);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });
  });

  it('an unknown API path is a JSON 404', async () => {
    const response = await alice.get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/No such endpoint/);
  });

  it('sends security headers: strict CSP without inline scripts, nosniff, no framing', async () => {
    const response = await alice.get('/api/user');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
