import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createListRefresher } from './list-refresh.ts';

/** A client whose catch list is on display (an active observer) and counts the server's answers. */
async function listOnDisplay() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  let asked = 0;
  const observer = new QueryObserver(client, {
    queryKey: ['/api/catches'],
    queryFn: async () => {
      asked++;
      return [asked];
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'));
  return { client, asked: () => asked, observer, unsubscribe };
}

describe('lists asked again after the outbox sent something', () => {
  it('asks once when a flush of 50 catches ends, not once per catch, and marks the list stale meanwhile', async () => {
    const { client, asked, observer, unsubscribe } = await listOnDisplay();
    const lists = createListRefresher(client);
    let finish: () => void = () => {};
    const flush = lists.during(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    for (let i = 0; i < 50; i++) lists.refresh(['/api/catches']);
    await Promise.resolve();
    expect(asked()).toBe(1);
    expect(client.getQueryState(['/api/catches'])?.isInvalidated).toBe(true);

    finish();
    await flush;
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual([2]));
    expect(asked()).toBe(2);
    unsubscribe();
  });

  it('asks at once outside a flush, and after the last of two flushes running side by side', async () => {
    const { client, asked, unsubscribe } = await listOnDisplay();
    const lists = createListRefresher(client);
    lists.refresh(['/api/catches']);
    await vi.waitFor(() => expect(asked()).toBe(2));

    let finishFirst: () => void = () => {};
    const first = lists.during(() => new Promise<void>((resolve) => (finishFirst = resolve)));
    const second = lists.during(async () => lists.refresh(['/api/catches']));
    await second;
    expect(asked()).toBe(2);
    finishFirst();
    await first;
    await vi.waitFor(() => expect(asked()).toBe(3));
    unsubscribe();
  });

  it('still asks when the flush fails', async () => {
    const { client, asked, unsubscribe } = await listOnDisplay();
    const lists = createListRefresher(client);
    await expect(
      lists.during(async () => {
        lists.refresh(['/api/catches']);
        throw new Error('the network went');
      }),
    ).rejects.toThrow('the network went');
    await vi.waitFor(() => expect(asked()).toBe(2));
    unsubscribe();
  });
});
