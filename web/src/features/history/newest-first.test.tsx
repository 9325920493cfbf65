import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testCatch } from '#core/test-catch.ts';
import type { User } from '#core/user.ts';
import { writeHistoryView } from '@/lib/history-view';
import { queryClient, queryKeys } from '@/lib/query-client';
import { renderScreen } from '@/test-support/render';
import { CatchHistory } from './catch-history.tsx';

/** A first visit of History's list: the newest catches, then the whole list (docs/decisions/051-history-first-paint.md). */
const angler: User = {
  id: 51,
  username: 'first_visit',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'metric',
};

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe("History's list on a first visit", () => {
  it('asks for the whole list only once the newest catches have answered, and shows them meanwhile', async () => {
    const asked: string[] = [];
    const newest: { answer?: () => void } = {};
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost:5000');
      asked.push(url.pathname + url.search);
      if (url.pathname === '/api/catches' && url.searchParams.has('limit'))
        return new Promise<Response>((resolve) => {
          newest.answer = () => resolve(json([testCatch({ id: 2, fishType: 'Newest Pike' })]));
        });
      if (url.pathname === '/api/catches')
        return json([
          testCatch({ id: 2, fishType: 'Newest Pike' }),
          testCatch({ id: 1, fishType: 'Old Bass' }),
        ]);
      if (url.pathname === '/api/user') return json(angler);
      return json([]);
    });
    writeHistoryView('list');
    queryClient.setQueryData(queryKeys.user, angler);
    renderScreen(<CatchHistory onLogCatch={() => {}} />);

    await waitFor(() => expect(newest.answer).toBeDefined());
    expect(asked).not.toContain('/api/catches');
    newest.answer?.();
    expect(await screen.findByText(/Newest Pike/)).toBeTruthy();
    await waitFor(() => expect(asked).toContain('/api/catches'));
    expect(await screen.findByText(/Old Bass/)).toBeTruthy();
  });
});
