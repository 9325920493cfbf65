import { type ApiErrorBody, type ApiErrorCode, isApiErrorCode } from '../../../core/api-error.ts';

/**
 * An API call that answered with a non-OK status. Its message follows SPEC §7 ("{status}: {body text}");
 * `serverMessage` is the `message` field of our JSON error body, for showing to the angler; `code` is what code
 * branches on (null when the body is not ours).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string;
  readonly code: ApiErrorCode | null;
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, bodyText: string, statusText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    let parsed: Partial<ApiErrorBody> = {};
    try {
      parsed = JSON.parse(bodyText) as ApiErrorBody;
    } catch {
      // Not our JSON (a proxy page, say): fall back to the raw text.
    }
    this.serverMessage = parsed.message ?? (bodyText || statusText);
    this.fieldErrors = parsed.errors ?? {};
    this.code = isApiErrorCode(parsed.code) ? parsed.code : null;
  }
}

/** The text to show for any error thrown by an API call. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * Every API request: with the session cookie, and never through the browser's HTTP cache. An account's answers
 * (its catches, notes, places) must not outlive a sign-out there, whatever headers a server or proxy sends;
 * the app keeps what it needs offline itself, per user (DESIGN §5).
 */
export const API_REQUEST_DEFAULTS = {
  credentials: 'include',
  cache: 'no-store',
} as const satisfies RequestInit;

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text, response.statusText);
  }
}

/** A JSON (or body-less) request with the session cookie. Throws ApiError on a non-OK answer. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    ...API_REQUEST_DEFAULTS,
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

/** A multipart upload (the `photo` field) with the session cookie. Throws ApiError on a non-OK answer. */
export async function apiUpload(url: string, form: FormData): Promise<Response> {
  const response = await fetch(url, { ...API_REQUEST_DEFAULTS, method: 'POST', body: form });
  await throwIfNotOk(response);
  return response;
}

/** GET a JSON resource; with `on401: 'returnNull'` a 401 yields null instead of an error (SPEC §7). */
export async function getJson<T>(
  url: string,
  options: { on401?: 'throw' | 'returnNull' } = {},
): Promise<T | null> {
  const response = await fetch(url, API_REQUEST_DEFAULTS);
  if (options.on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}
