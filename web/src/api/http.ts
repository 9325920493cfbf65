import { type ApiErrorBody, type ApiErrorCode, isApiErrorCode } from '#core/api-error.ts';

/**
 * An API call that answered with a non-OK status. Its message follows docs/product.md#api-rules ("{status}: {body text}");
 * `serverMessage` is the `message` field of our JSON error body, for showing to the angler; `code` is what code
 * branches on (null when the body is not ours).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The answer's body as it came (a proxy's page, say, when it is not our JSON). */
  readonly bodyText: string;
  /** The `message` of our JSON error body; null when the body is not ours or has none. */
  readonly bodyMessage: string | null;
  readonly serverMessage: string;
  readonly code: ApiErrorCode | null;
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, bodyText: string, statusText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    let parsed: Partial<ApiErrorBody> = {};
    try {
      parsed = (JSON.parse(bodyText) as ApiErrorBody | null) ?? {};
    } catch {
      // Not our JSON (a proxy page, say): fall back to the raw text.
    }
    this.bodyMessage = typeof parsed.message === 'string' ? parsed.message : null;
    this.serverMessage = this.bodyMessage ?? (bodyText || statusText);
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
 * the app keeps what it needs offline itself, per user (docs/product.md#offline).
 */
const API_REQUEST_DEFAULTS = {
  credentials: 'include',
  cache: 'no-store',
} as const satisfies RequestInit;

/**
 * How the native iOS app (web/src/native/, built with VITE_API_BASE_URL) reaches the API: from its web view's
 * capacitor://localhost, at an absolute address, with a bearer token instead of the cookie it cannot keep
 * (docs/decisions/017-native-apps.md). Never installed on the web, where cookie sessions stay as they are.
 */
export interface NativeSessionTransport {
  /** The server's origin, e.g. https://fish.example.com (no trailing slash). */
  baseUrl: string;
  /** The token kept in the Keychain (read into memory at start), or null when signed out. */
  token(): string | null;
  /** A new token (login, registration), or null when the session is over (logout answered, or any 401). */
  tokenChanged(token: string | null): void;
}

let nativeTransport: NativeSessionTransport | null = null;

/** Installed once at start by the native build; null takes it away again (tests). */
export function installNativeSessionTransport(transport: NativeSessionTransport | null): void {
  nativeTransport = transport;
}

/**
 * True in the native build: there an <img> cannot show an API photo (it would ask capacitor://localhost, and could
 * not send the token anyway), so photos are fetched through http() (api-image.ts).
 */
export function usesNativeTransport(): boolean {
  return nativeTransport !== null;
}

/** The header the server hands a native app its session token in (server/http/native-clients.ts). */
const SESSION_TOKEN_HEADER = 'X-Session-Token';

/** How a request reaches the server: the browser's fetch, or one a caller injects (the sync engine's tests). */
export interface Transport {
  fetch?: typeof fetch;
}

interface HttpOptions extends Transport {
  /** Default GET. */
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (the browser sets the boundary header). */
  form?: FormData;
}

/**
 * The one way the web app calls the API. Resolves with the OK answer; throws ApiError on a non-OK answer and
 * the fetch's own error (a TypeError) when the server could not be reached.
 */
export async function http(path: string, options: HttpOptions = {}): Promise<Response> {
  const { method, json, form } = options;
  const init: RequestInit = { ...API_REQUEST_DEFAULTS };
  const headers: Record<string, string> = {};
  if (method !== undefined) init.method = method;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(json);
  } else if (form !== undefined) {
    init.body = form;
  }
  const native = nativeTransport;
  const token = native?.token();
  if (native) init.credentials = 'omit';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (Object.keys(headers).length > 0) init.headers = headers;
  // Looked up per call, not at import: tests stub the global fetch.
  const response = await (options.fetch ?? fetch)(native ? native.baseUrl + path : path, init);
  if (native) {
    const issued = response.headers.get(SESSION_TOKEN_HEADER);
    if (issued) native.tokenChanged(issued);
    else if (response.status === 401 || (response.ok && path === '/api/logout')) native.tokenChanged(null);
  }
  if (!response.ok) {
    // A body cut off on the way is still an error answer, with what little arrived.
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, text, response.statusText);
  }
  return response;
}
