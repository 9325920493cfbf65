import type { Catch } from '../../../../core/catch.ts';
import { buildCatchPayload, type CatchFormValues, type CatchPayload } from './catch-payload.ts';

/**
 * The log form's save sequence (SPEC §7), kept apart from React so the offline outbox can replace it:
 *   1. a chosen photo goes to POST /api/upload (multipart field `photo`) → { url };
 *      any upload failure is ignored and the catch is saved without a photo;
 *   2. the payload goes to POST /api/mobile-catch; when that request cannot be made at all
 *      (network error, not an HTTP error) the same payload goes to POST /api/catches.
 * A non-OK answer throws SaveCatchError ('Failed to save catch: …', with the status, so 401 can send
 * the angler to sign in).
 */

export class SaveCatchError extends Error {
  readonly status: number;

  constructor(status: number, responseText: string) {
    super(`Failed to save catch: ${readableText(responseText)}`);
    this.name = 'SaveCatchError';
    this.status = status;
  }
}

/** Our API answers errors as { message }; show that message rather than the raw JSON. */
function readableText(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // Plain text (or empty): show it as it is.
  }
  return text;
}

export interface SaveCatchOptions {
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** The moment of saving (createdAt, default date and time). */
  now?: Date;
  /** Idempotency key; a new UUID when not given. */
  clientId?: string;
}

/** Uploads a photo; returns its URL, or null on any failure (SPEC §7: the main form ignores upload failures). */
export async function uploadCatchPhoto(photo: File, fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const form = new FormData();
    form.append('photo', photo);
    const response = await fetchImpl('/api/upload', { method: 'POST', credentials: 'include', body: form });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'url' in body && typeof body.url === 'string') return body.url;
    return null;
  } catch {
    return null;
  }
}

function postCatch(fetchImpl: typeof fetch, url: string, payload: CatchPayload): Promise<Response> {
  return fetchImpl(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
}

/** Saves one catch from the log form's values and optional photo. Resolves with the saved catch. */
export async function saveCatch(
  values: CatchFormValues,
  photo: File | null,
  options: SaveCatchOptions = {},
): Promise<Catch> {
  const fetchImpl = options.fetch ?? fetch;
  const photoUrl = photo ? await uploadCatchPhoto(photo, fetchImpl) : null;
  const payload = buildCatchPayload(values, {
    photo: photoUrl,
    clientId: options.clientId ?? crypto.randomUUID(),
    now: options.now ?? new Date(),
  });

  let response: Response;
  try {
    response = await postCatch(fetchImpl, '/api/mobile-catch', payload);
  } catch {
    // The request itself failed: try the plain route once with the same payload (same clientId).
    response = await postCatch(fetchImpl, '/api/catches', payload);
  }
  if (!response.ok) throw new SaveCatchError(response.status, await response.text());
  return (await response.json()) as Catch;
}
