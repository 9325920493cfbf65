import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCatches, getUser } from './endpoints.ts';
import { ApiError, errorMessage, http } from './http.ts';
import { logIn } from './sign-in-endpoints.ts';
import { deleteCatch, uploadPhoto } from './sync-endpoints.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApiError', () => {
  it('formats the message as status, colon, body text (docs/product.md#api-rules)', () => {
    const error = new ApiError(409, '{"message":"Username already taken"}', 'Conflict');
    expect(error.message).toBe('409: {"message":"Username already taken"}');
    expect(error.status).toBe(409);
    expect(error.serverMessage).toBe('Username already taken');
    expect(error.fieldErrors).toEqual({});
  });

  it('uses the status text when the body is empty', () => {
    const error = new ApiError(502, '', 'Bad Gateway');
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.serverMessage).toBe('Bad Gateway');
  });

  it('keeps per-field messages of a 400', () => {
    const body = JSON.stringify({ message: 'Invalid input', errors: { username: 'Username is required' } });
    const error = new ApiError(400, body, 'Bad Request');
    expect(error.fieldErrors).toEqual({ username: 'Username is required' });
  });

  it('keeps the code of our error body, for code to branch on; null for a code not in the union or no JSON', () => {
    const body = JSON.stringify({ message: 'Username already taken', code: 'USERNAME_TAKEN' });
    expect(new ApiError(409, body, 'Conflict').code).toBe('USERNAME_TAKEN');
    expect(new ApiError(409, '{"message":"x","code":"SOMETHING_ELSE"}', 'Conflict').code).toBeNull();
    expect(new ApiError(502, '<h1>Bad gateway</h1>', 'Bad Gateway').code).toBeNull();
  });

  it('shows a non-JSON body as it is', () => {
    expect(new ApiError(500, '<h1>oops</h1>', 'Internal Server Error').serverMessage).toBe('<h1>oops</h1>');
  });
});

describe('errorMessage', () => {
  it('prefers the server message, then the error message, then the fallback', () => {
    expect(
      errorMessage(new ApiError(401, '{"message":"Invalid username or password"}', 'Unauthorized')),
    ).toBe('Invalid username or password');
    expect(errorMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage('weird')).toBe('Something went wrong');
    expect(errorMessage(undefined, 'Could not upload photo')).toBe('Could not upload photo');
  });
});

describe('requests', () => {
  it('sends JSON with credentials and throws ApiError on a non-OK answer', async () => {
    const fetchMock = vi.fn(
      async () => new Response('{"message":"Invalid username or password"}', { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(logIn({ username: 'ann', password: 'secret1' })).rejects.toMatchObject({
      status: 401,
      serverMessage: 'Invalid username or password',
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/login', {
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"ann","password":"secret1"}',
    });
  });

  it('gives null for a 401 on the user query', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 401 }));
    await expect(getUser()).resolves.toBeNull();
    await expect(http('/api/user')).rejects.toBeInstanceOf(ApiError);
  });

  // An account's answers must not outlive a sign-out in the browser's HTTP cache.
  it('keeps no API answer in the browser HTTP cache', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await getCatches();
    await uploadPhoto(new Blob(['x']));
    for (const [, init] of fetchMock.mock.calls as unknown as Array<[string, RequestInit]>) {
      expect(init).toMatchObject({ credentials: 'include', cache: 'no-store' });
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends through an injected fetch (the sync engine) and names a catch by id or by clientId', async () => {
    const global = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', global);
    const injected = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    await deleteCatch({ id: 7 }, { fetch: injected });
    await deleteCatch({ clientId: 'a b' }, { fetch: injected });
    expect(global).not.toHaveBeenCalled();
    expect(injected.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([
      ['/api/catches/7', 'DELETE'],
      ['/api/catches/client/a%20b', 'DELETE'],
    ]);
  });

  it('keeps what a refusal said: our message, or none for a proxy page, and the status line', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const proxied = (await http('/api/catches').catch((error: unknown) => error)) as ApiError;
    expect(proxied).toMatchObject({ status: 502, statusText: 'Bad Gateway', bodyMessage: null });
    expect(proxied.bodyText).toBe('<h1>Bad gateway</h1>');
    expect(new ApiError(400, '{"message":"No file","code":"NO_FILE"}', 'Bad Request').bodyMessage).toBe(
      'No file',
    );
  });
});
