import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPendingLogout, hasPendingLogout, queueLogout, sendPendingLogout } from './pending-logout.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearPendingLogout();
});

function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the queued logout', () => {
  it('sends nothing when no logout is queued', async () => {
    const fetchMock = stubFetch(async () => new Response(null, { status: 204 }));
    expect(await sendPendingLogout()).toBe('none');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('waits while the browser is offline, without a request', async () => {
    await queueLogout();
    vi.stubGlobal('navigator', { onLine: false });
    const fetchMock = stubFetch(async () => new Response(null, { status: 204 }));
    expect(await sendPendingLogout()).toBe('waiting');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await hasPendingLogout()).toBe(true);
  });

  it('stays queued when the request fails or the server errs', async () => {
    await queueLogout();
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await sendPendingLogout()).toBe('waiting');
    stubFetch(async () => new Response('{"message":"Service unavailable"}', { status: 503 }));
    expect(await sendPendingLogout()).toBe('waiting');
    expect(await hasPendingLogout()).toBe(true);
  });

  it('is sent with the session cookie and forgotten once the server answered; concurrent calls share one request', async () => {
    await queueLogout();
    const fetchMock = stubFetch(async () => new Response(null, { status: 204 }));
    const outcomes = await Promise.all([sendPendingLogout(), sendPendingLogout()]);
    expect(outcomes).toEqual(['sent', 'sent']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', {
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
    });
    expect(await hasPendingLogout()).toBe(false);
    expect(await sendPendingLogout()).toBe('none');
  });
});
