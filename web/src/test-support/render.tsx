import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/query-client';

/**
 * Renders a screen as the app does (the app's query client, the toasts on screen) and returns a user to drive
 * it. The app's client, not a fresh one: mutations write the signed-in user into it (lib/query-client.ts).
 */
export function renderScreen(screen: ReactElement) {
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      {screen}
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, ...view };
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body?: unknown };

/**
 * Stands in for the server: each request gets the answer the test gives for "METHOD /path" (404 otherwise), and is
 * recorded with its JSON body. web/src/api/http.ts looks fetch up per call, so the stub reaches every request.
 */
export function answerApi(answers: Record<string, Answer | ((body: unknown) => Answer)>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://localhost:5000').pathname;
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const given = answers[`${method} ${path}`];
    const answer =
      typeof given === 'function' ? given(body) : (given ?? { status: 404, body: { message: 'Not found' } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}
