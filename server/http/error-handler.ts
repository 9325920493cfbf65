import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, ApiErrorCode } from '#core/api-error.ts';
import { AppError, notSignedIn } from './app-error.ts';
import { outageOf } from './outage-errors.ts';

/** Fastify's own client errors, with the message we show instead of Fastify's developer wording. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: ApiErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Request body is too large',
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Photo is too large (20 MB at most)',
  },
  FST_FILES_LIMIT: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Only one photo can be uploaded at a time',
  },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too many form fields' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too many form fields' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send JSON (application/json) or a multipart form',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the photo as a multipart form',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'MALFORMED_REQUEST', message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'MALFORMED_REQUEST',
    message: 'Request body is not valid JSON',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'MALFORMED_REQUEST',
    message: 'Content-Length does not match the body',
  },
  FST_ERR_VALIDATION: { status: 400, code: 'INVALID_INPUT', message: 'Invalid input' },
};

/** The code of a client error that only brings its status (the global rate limiter's 429, a plugin's 4xx). */
function clientErrorCode(status: number): ApiErrorCode {
  switch (status) {
    case 404:
      return 'NOT_FOUND';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 431:
      return 'HEADERS_TOO_LARGE';
    default:
      return 'MALFORMED_REQUEST';
  }
}

/**
 * One place decides what an error looks like on the wire: `{ message, code, errors? }` (core/api-error.ts). A 5xx
 * never carries the real message or a stack; it is logged instead. Fastify's error handler, and its
 * `frameworkErrors` handler (a URL it cannot decode, refused before routing).
 */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const send = (status: number, body: ApiErrorBody) => reply.status(status).send(body);
  if (error instanceof AppError) {
    const body: ApiErrorBody = { message: error.message, code: error.code };
    if (error.fieldErrors) body.errors = error.fieldErrors;
    if (error.options.retryAfterSeconds !== undefined) {
      reply.header('Retry-After', String(error.options.retryAfterSeconds));
    }
    return send(error.status, body);
  }
  // A database that is down or locked, or a full disk: the client may try again later (not our bug, not theirs).
  const outage = outageOf(error);
  if (outage) {
    request.log.warn({ err: error, code: outage.code }, 'storage or database unavailable');
    if (outage.retryAfterSeconds !== undefined) reply.header('Retry-After', String(outage.retryAfterSeconds));
    return send(outage.status, { message: outage.message, code: outage.code });
  }
  // Every foreign key points at an account (or at a photo of one): a row refused for a missing parent means the
  // account was deleted while this request ran (DELETE /api/account racing an upload or a sync). Its session ended
  // with it, so the answer is the one any request of an ended session gets.
  if (isForeignKeyViolation(error)) {
    request.log.info({ err: error }, 'account deleted during the request');
    const signedOut = notSignedIn();
    return send(signedOut.status, { message: signedOut.message, code: signedOut.code });
  }
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return send(known.status, { message: known.message, code: known.code });
  if (error instanceof SyntaxError && error.message.includes('JSON')) {
    return send(400, { message: 'Request body is not valid JSON', code: 'MALFORMED_REQUEST' });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's and plugins' client errors (429 from the global limiter, malformed multipart...).
    request.log.info({ err: error }, 'client error');
    return send(status, { message: error.message || 'Bad request', code: clientErrorCode(status) });
  }
  request.log.error({ err: error }, 'request failed');
  return send(500, {
    message: 'Something went wrong on our side. Please try again.',
    code: 'INTERNAL_ERROR',
  });
}

/** PostgreSQL's foreign_key_violation, or SQLite's SQLITE_CONSTRAINT_FOREIGNKEY (extended code 787). */
function isForeignKeyViolation(error: unknown): boolean {
  const fields = error as { code?: unknown; errcode?: unknown };
  return fields.code === '23503' || (fields.code === 'ERR_SQLITE_ERROR' && fields.errcode === 787);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}
