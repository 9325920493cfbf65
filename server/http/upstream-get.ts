import http from 'node:http';
import https from 'node:https';

// The server's GET of an upstream service (the weather provider, the tile provider), on node:http and node:https
// rather than the global fetch: fetch's HTTP client (undici, with its WebAssembly HTTP parser) kept 25 MB more of
// the server resident after the conditions job's first 100 calls and 42 MB more after 2,000, and was slower per
// call (docs/decisions/057-upstream-calls-on-node-http.md). No Accept-Encoding is sent, so answers come
// uncompressed and are read as they are.

/** The upstream answered, in full. */
export interface UpstreamAnswer {
  status: number;
  /** The Content-Type header ('' when none). */
  contentType: string;
  /** The Cache-Control header, when sent. */
  cacheControl: string | null;
  body: Buffer;
}

export interface UpstreamGetOptions {
  headers: Record<string, string>;
  /** The whole exchange (redirects, headers and body) must be over within this; else UpstreamTimeoutError. */
  timeoutMs: number;
  /** A body longer than this is not read on: UpstreamTooLargeError. */
  maxBytes: number;
  /** Redirects followed (3xx with a Location); beyond them, the redirect itself is the answer. */
  maxRedirects?: number;
}

/** The upstream did not finish within the time given. Named as fetch's, so callers read either the same way. */
export class UpstreamTimeoutError extends Error {
  override name = 'TimeoutError';
}

/** The upstream's body was longer than the caller takes. */
export class UpstreamTooLargeError extends Error {}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** GETs `url` (http: or https:) and reads its whole body. Rejects on a network failure, the deadline or the cap. */
export async function upstreamGet(url: string, options: UpstreamGetOptions): Promise<UpstreamAnswer> {
  const deadline = Date.now() + options.timeoutMs;
  let target = new URL(url);
  for (let redirects = options.maxRedirects ?? 0; ; redirects--) {
    const answer = await getOnce(target, options, deadline);
    const location = answer.location;
    if (!REDIRECT_STATUSES.has(answer.status) || location === null || redirects <= 0) return answer;
    target = new URL(location, target);
  }
}

function getOnce(
  target: URL,
  options: UpstreamGetOptions,
  deadline: number,
): Promise<UpstreamAnswer & { location: string | null }> {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.reject(new Error(`cannot GET ${target.protocol} addresses`));
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(target, { headers: options.headers });
    const timer = setTimeout(
      () => request.destroy(new UpstreamTimeoutError(`no full answer within ${options.timeoutMs} ms`)),
      Math.max(0, deadline - Date.now()),
    );
    const settle = () => clearTimeout(timer);
    // `on`, not `once`: a second 'error' with no listener would be thrown and end the server; rejecting twice is a
    // no-op.
    request.on('error', (error) => {
      settle();
      reject(error);
    });
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      let length = 0;
      response.on('data', (chunk: Buffer) => {
        length += chunk.length;
        if (length > options.maxBytes) {
          request.destroy(new UpstreamTooLargeError(`answered more than ${options.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      // A connection cut mid-body, the deadline or the cap: whichever of the two reports it first rejects.
      response.on('error', (error) => {
        settle();
        reject(error);
      });
      response.once('end', () => {
        settle();
        const header = (name: string) => {
          const value = response.headers[name];
          return typeof value === 'string' ? value : null;
        };
        resolve({
          status: response.statusCode ?? 0,
          contentType: header('content-type') ?? '',
          cacheControl: header('cache-control'),
          location: header('location'),
          body: Buffer.concat(chunks, length),
        });
      });
    });
  });
}
