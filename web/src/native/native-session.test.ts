import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadApiImage } from '../api/api-image.ts';
import { http, installNativeSessionTransport } from '../api/http.ts';
import { startNativeSession, type TokenStore } from './native-session.ts';

afterEach(() => {
  installNativeSessionTransport(null);
});

/** A Keychain stand-in that records what was written. */
function memoryStore(initial: string | null): TokenStore & { writes: (string | null)[] } {
  let value = initial;
  const writes: (string | null)[] = [];
  return {
    writes,
    read: async () => value,
    write: async (token) => {
      value = token;
      writes.push(token);
    },
  };
}

function answer(status: number, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : '{}', { status, headers });
}

describe('the native app’s API transport', () => {
  it('sends the kept token as a bearer to the configured origin, without cookies', async () => {
    await startNativeSession('https://fish.example.com/', memoryStore('kept-token'));
    const fetch = vi.fn(async () => answer(200));
    await http('/api/catches', { fetch });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://fish.example.com/api/catches');
    expect(init.credentials).toBe('omit');
    expect(init.headers).toEqual({ Authorization: 'Bearer kept-token' });
  });

  it('keeps a token the server hands over, and sends it from then on', async () => {
    const store = memoryStore(null);
    await startNativeSession('https://fish.example.com', store);
    const login = vi.fn(async () => answer(200, { 'X-Session-Token': 'new-token' }));
    await http('/api/login', { method: 'POST', json: { username: 'a', password: 'b' }, fetch: login });
    const [, loginInit] = login.mock.calls[0] as unknown as [string, RequestInit];
    expect(loginInit.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(store.writes).toEqual(['new-token']);
    const next = vi.fn(async () => answer(200));
    await http('/api/user', { fetch: next });
    const [, init] = next.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toEqual({ Authorization: 'Bearer new-token' });
  });

  it('forgets the token when logout answers and on any 401', async () => {
    const store = memoryStore('kept-token');
    await startNativeSession('https://fish.example.com', store);
    await http('/api/logout', { method: 'POST', fetch: async () => answer(204) });
    expect(store.writes).toEqual([null]);

    const again = memoryStore('stale-token');
    await startNativeSession('https://fish.example.com', again);
    await expect(http('/api/user', { fetch: async () => answer(401) })).rejects.toThrow('401');
    expect(again.writes).toEqual([null]);
  });

  it('keeps the token when a request fails for another reason', async () => {
    const store = memoryStore('kept-token');
    await startNativeSession('https://fish.example.com', store);
    await expect(http('/api/catches', { fetch: async () => answer(503) })).rejects.toThrow('503');
    expect(store.writes).toEqual([]);
  });
});

describe('the web build', () => {
  it('sends cookies to its own origin and no Authorization header', async () => {
    const fetch = vi.fn(async () => answer(200, { 'X-Session-Token': 'ignored' }));
    await http('/api/catches', { fetch });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/catches');
    expect(init.credentials).toBe('include');
    expect(init.headers).toBeUndefined();
  });
});

describe('API photos in the native app', () => {
  it('are fetched with the token and shown from an object URL', async () => {
    await startNativeSession('https://fish.example.com', memoryStore('kept-token'));
    const fetch = vi.fn(
      async () => new Response(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' })),
    );
    vi.stubGlobal('fetch', fetch);
    try {
      const url = await loadApiImage('/api/photos/abc.webp?size=thumb');
      expect(url).toMatch(/^blob:/);
      const [requested, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      expect(requested).toBe('https://fish.example.com/api/photos/abc.webp?size=thumb');
      expect(init.headers).toEqual({ Authorization: 'Bearer kept-token' });
      URL.revokeObjectURL(url);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
