import type { ApiErrorCode } from '#core/api-error.ts';

export interface AppErrorOptions {
  /** Sent as the Retry-After header (seconds). */
  retryAfterSeconds?: number;
}

/**
 * The one error type routes and repositories throw. The error handler turns it into
 * `{ message, code, errors? }` with its status; anything else becomes a 500 with a generic message.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fieldErrors: Record<string, string> | undefined;
  readonly options: AppErrorOptions;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    fieldErrors?: Record<string, string>,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.options = options;
  }
}

export const notSignedIn = () => new AppError(401, 'NOT_SIGNED_IN', 'You must be logged in');
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const tooManyRequests = (message = 'Too many requests. Please wait a moment and try again.') =>
  new AppError(429, 'RATE_LIMITED', message);
