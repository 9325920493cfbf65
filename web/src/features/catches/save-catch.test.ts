import { describe, expect, it } from 'vitest';
import { catchInputSchema } from '../../../../core/catch-input.ts';
import { type CatchFormValues, emptyCatchForm } from './catch-payload.ts';
import { SaveCatchError, saveCatch } from './save-catch.ts';

interface Call {
  url: string;
  method: string;
  credentials: RequestCredentials | undefined;
  body: RequestInit['body'];
}

type Handler = (call: Call) => Response | Promise<Response>;

/** A fake fetch that records every call and answers from the handler for its URL. */
function fakeFetch(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const impl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      credentials: init.credentials,
      body: init.body,
    };
    calls.push(call);
    const handler = handlers[call.url];
    if (!handler) throw new Error(`unexpected request ${call.url}`);
    return handler(call);
  }) as typeof fetch;
  return { impl, calls };
}

const json = (body: unknown, status = 201) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const now = new Date(2025, 3, 29, 6, 45, 12);
const clientId = '2f1b8f4e-6a51-4c1e-9d2b-1f0e9c3a7b55';

function formValues(overrides: Partial<CatchFormValues> = {}): CatchFormValues {
  return { ...emptyCatchForm(undefined, now), fishType: 'Bass', ...overrides };
}

function sentPayload(call: Call | undefined): Record<string, unknown> {
  return JSON.parse(String(call?.body)) as Record<string, unknown>;
}

describe('saveCatch', () => {
  it('posts the SPEC §3 payload to /api/mobile-catch with credentials', async () => {
    const { impl, calls } = fakeFetch({ '/api/mobile-catch': () => json({ id: 7, fishType: 'Bass' }) });
    const saved = await saveCatch(
      formValues({
        fishType: '  Largemouth Bass ',
        weight: '4.5',
        length: '18.25',
        locationName: '  Lake Fork ',
        latitude: 32.8,
        longitude: -95.6,
        notes: '   ',
        waterTemperature: '68',
        catchDate: '2025-04-28',
        timeOfDay: '05:30',
        lineSize: ' 12 lb ',
        baitUsed: 'Plastic worm',
        depth: '',
      }),
      null,
      { fetch: impl, now, clientId },
    );

    expect(saved).toEqual({ id: 7, fishType: 'Bass' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/mobile-catch', method: 'POST', credentials: 'include' });
    const payload = sentPayload(calls[0]);
    expect(payload).toEqual({
      fishType: 'Largemouth Bass',
      weight: 4.5,
      length: 18.25,
      locationName: 'Lake Fork',
      latitude: 32.8,
      longitude: -95.6,
      notes: null,
      waterTemperature: 68,
      catchDate: '2025-04-28',
      timeOfDay: '05:30',
      lineSize: '12 lb',
      baitUsed: 'Plastic worm',
      depth: null,
      photo: null,
      clientId,
      createdAt: now.toISOString(),
    });
    expect(catchInputSchema.safeParse(payload).success).toBe(true);
  });

  it('fills the defaults: Unknown Location, today and now, a fresh UUID', async () => {
    const { impl, calls } = fakeFetch({ '/api/mobile-catch': () => json({ id: 1 }) });
    await saveCatch(formValues({ catchDate: '', timeOfDay: '' }), null, { fetch: impl, now });
    const payload = sentPayload(calls[0]);
    expect(payload.locationName).toBe('Unknown Location');
    expect(payload.catchDate).toBe('2025-04-29');
    expect(payload.timeOfDay).toBe('06:45');
    expect(payload.latitude).toBeNull();
    expect(payload.clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('uploads the photo first and sends its URL', async () => {
    const photoUrl = '/api/photos/0b0e8a4c-2d7e-4f51-9b9e-3f4a5b6c7d8e.webp';
    const { impl, calls } = fakeFetch({
      '/api/upload': () => json({ url: photoUrl }),
      '/api/mobile-catch': () => json({ id: 2 }),
    });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'bass.jpg', { type: 'image/jpeg' });
    await saveCatch(formValues(), photo, { fetch: impl, now, clientId });

    expect(calls.map((c) => c.url)).toEqual(['/api/upload', '/api/mobile-catch']);
    const form = calls[0]?.body;
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get('photo')).toBeInstanceOf(File);
    expect(calls[0]?.credentials).toBe('include');
    expect(sentPayload(calls[1]).photo).toBe(photoUrl);
  });

  it.each([
    ['an HTTP error', () => new Response('{"message":"Image too large"}', { status: 413 })],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an answer without url', () => json({ message: 'ok' }, 200)],
  ])('saves without a photo after %s on upload', async (_name, upload) => {
    const { impl, calls } = fakeFetch({ '/api/upload': upload, '/api/mobile-catch': () => json({ id: 3 }) });
    const photo = new File(['x'], 'bass.jpg', { type: 'image/jpeg' });
    await expect(saveCatch(formValues(), photo, { fetch: impl, now, clientId })).resolves.toEqual({ id: 3 });
    expect(sentPayload(calls[1]).photo).toBeNull();
  });

  it('falls back to /api/catches with the same payload when the request itself fails', async () => {
    const { impl, calls } = fakeFetch({
      '/api/mobile-catch': () => Promise.reject(new TypeError('Failed to fetch')),
      '/api/catches': () => json({ id: 4 }),
    });
    await expect(saveCatch(formValues(), null, { fetch: impl, now })).resolves.toEqual({ id: 4 });
    expect(calls.map((c) => c.url)).toEqual(['/api/mobile-catch', '/api/catches']);
    expect(calls[1]?.body).toBe(calls[0]?.body);
  });

  it('does not fall back on an HTTP error', async () => {
    const { impl, calls } = fakeFetch({
      '/api/mobile-catch': () => json({ message: 'Weight must be at most 5000' }, 400),
    });
    const error = await saveCatch(formValues({ weight: '9000' }), null, { fetch: impl, now }).catch((e) => e);
    expect(error).toBeInstanceOf(SaveCatchError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Failed to save catch: Weight must be at most 5000');
    expect(calls).toHaveLength(1);
  });

  it('keeps a plain-text error body as it is and reports 401', async () => {
    const { impl } = fakeFetch({
      '/api/mobile-catch': () => new Response('Not authenticated', { status: 401 }),
    });
    const error = await saveCatch(formValues(), null, { fetch: impl, now }).catch((e) => e);
    expect(error).toBeInstanceOf(SaveCatchError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('Failed to save catch: Not authenticated');
  });

  it('rethrows when the fallback cannot be reached either', async () => {
    const { impl, calls } = fakeFetch({
      '/api/mobile-catch': () => Promise.reject(new TypeError('Failed to fetch')),
      '/api/catches': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(saveCatch(formValues(), null, { fetch: impl, now })).rejects.toThrow('Failed to fetch');
    expect(calls).toHaveLength(2);
  });
});
