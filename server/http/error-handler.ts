import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../../core/api-error.ts';
import { AppError } from './app-error.ts';
import { outageOf } from './outage-errors.ts';

/** Fastify's own client errors, with the message we show instead of Fastify's developer wording. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'Photo is too large (20 MB at most)' },
  FST_FILES_LIMIT: { status: 413, message: 'Only one photo can be uploaded at a time' },
  FST_PARTS_LIMIT: { status: 413, message: 'Too many form fields' },
  FST_FIELDS_LIMIT: { status: 413, message: 'Too many form fields' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Send JSON (application/json) or a multipart form',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'Send the photo as a multipart form' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Request body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Content-Length does not match the body' },
  FST_ERR_VALIDATION: { status: 400, message: 'Invalid input' },
};

/**
 * One place decides what an error looks like on the wire: `{ message, errors? }`. A 5xx never carries
 * the real message or a stack; it is logged instead.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { message: error.message };
      if (error.fieldErrors) body.errors = error.fieldErrors;
      if (error.options.exposeCode) body.code = error.code;
      if (error.options.retryAfterSeconds !== undefined) {
        reply.header('Retry-After', String(error.options.retryAfterSeconds));
      }
      return reply.status(error.status).send(body);
    }
    // A database that is down or locked, or a full disk: the client may try again later (not our bug, not theirs).
    const outage = outageOf(error);
    if (outage) {
      request.log.warn({ err: error, code: outage.code }, 'storage or database unavailable');
      if (outage.retryAfterSeconds !== undefined)
        reply.header('Retry-After', String(outage.retryAfterSeconds));
      const body: ApiErrorBody = { message: outage.message, code: outage.code };
      return reply.status(outage.status).send(body);
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    if (error instanceof SyntaxError && error.message.includes('JSON')) {
      return reply.status(400).send({ message: 'Request body is not valid JSON' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's and plugins' client errors (429 from the global limiter, malformed multipart...).
      request.log.info({ err: error }, 'client error');
      return reply.status(status).send({ message: error.message || 'Bad request' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
