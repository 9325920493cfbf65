import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Catch } from '#core/catch.ts';
import type { User } from '#core/user.ts';
import { SESSION_COOKIE } from '../auth/session.ts';

/** The session cookie a response set, as a Cookie header value (or '' when it set none). */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie?.value ? `${SESSION_COOKIE}=${cookie.value}` : '';
}

/** A signed-in angler talking to the app through app.inject(), like the browser would. */
export class ApiClient {
  readonly app: FastifyInstance;
  cookie: string;
  user: User | null = null;

  constructor(app: FastifyInstance, cookie = '') {
    this.app = app;
    this.cookie = cookie;
  }

  request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers = { ...(options.headers ?? {}) } as Record<string, string>;
    if (this.cookie) headers.cookie = this.cookie;
    return this.app.inject({ ...options, headers });
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }

  patch(url: string, payload?: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  }

  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }

  /** Registers a new account and keeps its session. */
  static async register(
    app: FastifyInstance,
    username: string,
    password = 'river-trout-42',
  ): Promise<ApiClient> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username, password },
    });
    if (response.statusCode !== 201)
      throw new Error(`register failed: ${response.statusCode} ${response.body}`);
    const client = new ApiClient(app, sessionCookieFrom(response));
    client.user = response.json() as User;
    return client;
  }

  /** POST /api/import of a file's bytes, as the Import button sends it. */
  importFile(data: Buffer | string, fileName: string): Promise<LightMyRequestResponse> {
    const boundary = '----tightlines-import-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.from(data),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return this.request({
      method: 'POST',
      url: '/api/import',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }

  async createCatch(fields: Record<string, unknown> = {}): Promise<Catch> {
    const response = await this.post('/api/mobile-catch', { fishType: 'Largemouth Bass', ...fields });
    if (response.statusCode !== 201)
      throw new Error(`create catch failed: ${response.statusCode} ${response.body}`);
    return response.json() as Catch;
  }
}
