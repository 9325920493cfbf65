/**
 * Every code an API error body may carry, grouped by the status that goes with it (docs/product.md#api-rules, decision 015).
 * Clients branch on these, never on the message text, which is for people and may be reworded at any time.
 * Adding a code here is the whole contract change: the server can only send codes from this list.
 */
export const API_ERROR_CODES = [
  // 400: the request itself is wrong.
  'INVALID_INPUT', // a field or query value fails validation (`errors` names each bad field)
  'MALFORMED_REQUEST', // not valid JSON, an empty JSON body, a wrong Content-Length, a request Node cannot parse
  'MALFORMED_UPLOAD', // a multipart body a parser cannot follow
  'NO_FILE', // an upload without its `photo` file, or an empty one
  'BAD_IMAGE', // the file is not an image we can read
  'UNKNOWN_PHOTO', // a catch points at a photo that is not (or no longer) stored: upload it again
  'COMMON_PASSWORD',
  'WRONG_PASSWORD', // the account's own password, asked again before changing it or deleting the account, is wrong
  // 401
  'NOT_SIGNED_IN',
  'BAD_CREDENTIALS',
  // 403
  'CROSS_SITE',
  'PHOTO_QUOTA_EXCEEDED',
  // 404: missing, or someone else's.
  'NOT_FOUND',
  'SHUTTING_DOWN', // GET /api/ready while the server drains before it stops (HAProxy's disable-on-404: no new requests)
  // 408
  'REQUEST_TIMEOUT',
  // 409
  'USERNAME_TAKEN',
  'ACCOUNT_FULL',
  'IMPORT_IN_PROGRESS', // POST /api/import while another import of the same account runs: wait for it to end
  // 413
  'PAYLOAD_TOO_LARGE',
  // 415
  'UNSUPPORTED_MEDIA_TYPE',
  // 429: try again later.
  'RATE_LIMITED',
  // 431
  'HEADERS_TOO_LARGE',
  // 500: our bug; the details are in the server log only.
  'INTERNAL_ERROR',
  // 502
  'WEATHER_UNAVAILABLE',
  'MAP_UNAVAILABLE', // the map tile provider is unreachable or answered something that is not a tile
  'BAD_GATEWAY', // from the balancer (deploy/haproxy.cfg): the instance that had the request stopped answering
  // 503: try again soon (see Retry-After).
  'SERVER_BUSY',
  'DATABASE_UNAVAILABLE',
  'DATABASE_BUSY',
  'PHOTO_STORE_UNAVAILABLE',
  'NOT_READY', // GET /api/ready: the database does not answer (for the balancer)
  'SERVICE_UNAVAILABLE', // from the balancer: no instance can take requests right now
  // 504
  'MAP_TIMEOUT', // the map tile provider did not answer in time
  'GATEWAY_TIMEOUT', // from the balancer: an instance took too long to answer
  // 507
  'STORAGE_FULL',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Every API error body (docs/product.md#api-rules): a message for people, a code for programs, per-field messages for bad input. */
export interface ApiErrorBody {
  message: string;
  code: ApiErrorCode;
  errors?: Record<string, string>;
}

/** True for a value that is one of the codes above (a client reading a body of unknown origin). */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && (API_ERROR_CODES as readonly string[]).includes(value);
}
