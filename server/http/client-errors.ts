import type { Socket } from 'node:net';
import type { ApiErrorBody } from '#core/api-error.ts';

// Not `import { STATUS_CODES } from 'node:http'`: an ES import of node:http reads every one of its exports, and
// its WebSocket getter loads Node's whole fetch implementation (undici), ~50 ms of every start (decision 022).
const { STATUS_CODES } = process.getBuiltinModule('node:http');

/** Node's own refusals, before any request exists for Fastify to route, in our words. */
function describe(error: NodeJS.ErrnoException): { status: number } & ApiErrorBody {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        message: 'The request took too long to arrive. Please try again.',
        code: 'REQUEST_TIMEOUT',
      };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'Request headers are too large', code: 'HEADERS_TOO_LARGE' };
    default:
      return { status: 400, message: 'Malformed HTTP request', code: 'MALFORMED_REQUEST' };
  }
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (a malformed request line, headers over the size
 * limit, a request that never finished arriving) is answered like every other error, with a `{ message, code }` JSON
 * body, no caching, and `Connection: close`, because the rest of the stream cannot be trusted to be a request.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, ...answer } = describe(error);
  const body = JSON.stringify(answer satisfies ApiErrorBody);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
