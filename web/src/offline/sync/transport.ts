import { getUser } from '../../api/endpoints.ts';
import { ApiError, type Transport } from '../../api/http.ts';

/**
 * The sync engine's side of the wire: every request goes through one endpoint function (api/endpoints.ts) with
 * the engine's transport (fetch injected, for tests and the service worker), and comes back as an Answer instead
 * of a throw; verdictOf says what an answer means for the entry that asked.
 *
 * Answers: 2xx done; 401 stops the whole flush (everything kept; resumes after sign-in); 408, 429, 5xx and
 * network errors back off; any other 4xx will never succeed (the entry is marked 'failed').
 */

/** How one request ended: answered OK, refused (a non-OK answer), or the server was not reached. */
export type Answer<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; error: ApiError; message: string }
  | { kind: 'network'; message: string };

type Verdict = 'ok' | 'signed-out' | 'transient' | 'permanent';

/** One endpoint call through the engine's transport, as an Answer. */
export type Call = <T>(request: (transport: Transport) => Promise<T>) => Promise<Answer<T>>;

export function verdictOf(answer: Answer<unknown>): Verdict {
  if (answer.kind === 'ok') return 'ok';
  if (answer.kind === 'network') return 'transient';
  const { status } = answer.error;
  if (status === 401) return 'signed-out';
  if (status === 408 || status === 429 || status >= 500) return 'transient';
  return 'permanent';
}

/** The server refused the catch because the uploaded photo is unknown (expired, or never stored): re-upload. */
export function isPhotoNotFound(answer: Answer<unknown>): boolean {
  if (answer.kind !== 'refused' || answer.error.status !== 400) return false;
  // A photo URL the server refuses as input (errors.photo) is also cured by a fresh upload.
  return answer.error.code === 'UNKNOWN_PHOTO' || typeof answer.error.fieldErrors.photo === 'string';
}

/** What an entry records of a refusal: our body's message, else the body's text, else the status line. */
function refusalMessage(error: ApiError): string {
  return error.bodyMessage ?? (error.bodyText.trim() || `${error.status} ${error.statusText}`.trim());
}

export function createCall(transport: Transport): Call {
  return async (request) => {
    try {
      return { kind: 'ok', value: await request(transport) };
    } catch (error) {
      if (error instanceof ApiError) return { kind: 'refused', error, message: refusalMessage(error) };
      return { kind: 'network', message: error instanceof Error ? error.message : 'Network error' };
    }
  };
}

/** Who the server says is signed in: a user id, 'signed-out' or 'unreachable'. */
export async function signedInUser(call: Call): Promise<number | 'signed-out' | 'unreachable'> {
  const answer = await call(getUser);
  if (answer.kind !== 'ok') return 'unreachable';
  // getUser answers a 401 with null.
  if (answer.value === null) return 'signed-out';
  const id = (answer.value as { id?: unknown }).id;
  return typeof id === 'number' ? id : 'unreachable';
}
