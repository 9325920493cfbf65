import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, apiUpload, errorMessage, getJson } from './api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApiError', () => {
  it('formats the message as status, colon, body text (SPEC §7)', () => {
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
    await expect(
      apiRequest('POST', '/api/login', { username: 'ann', password: 'secret1' }),
    ).rejects.toMatchObject({
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
    await expect(getJson('/api/user', { on401: 'returnNull' })).resolves.toBeNull();
    await expect(getJson('/api/user')).rejects.toBeInstanceOf(ApiError);
  });

  // Issue #9: an account's answers must not outlive a sign-out in the browser's HTTP cache.
  it('keeps no API answer in the browser HTTP cache', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await getJson('/api/catches');
    await apiUpload('/api/upload', new FormData());
    for (const [, init] of fetchMock.mock.calls as unknown as Array<[string, RequestInit]>) {
      expect(init).toMatchObject({ credentials: 'include', cache: 'no-store' });
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
