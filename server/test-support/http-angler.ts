// An angler talking to a real server process over HTTP (fetch), as the app does: for tests that run
// `node server/main.ts` (an older release, a restored backup) rather than the app in this process.
import type { Catch } from '#core/catch.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { multipart } from './hostile-inputs.ts';

const TEST_PASSWORD = 'river-trout-42';

export class HttpAngler {
  readonly baseUrl: string;
  readonly username: string;
  private cookie: string;

  private constructor(baseUrl: string, username: string, cookie: string) {
    this.baseUrl = baseUrl;
    this.username = username;
    this.cookie = cookie;
  }

  /** Registers `username` on the server at `baseUrl` and keeps its session. */
  static async register(baseUrl: string, username: string): Promise<HttpAngler> {
    return HttpAngler.signIn(baseUrl, username, '/api/register');
  }

  /** Logs `username` in (an account made earlier, perhaps on another server) and keeps its session. */
  static async login(baseUrl: string, username: string): Promise<HttpAngler> {
    return HttpAngler.signIn(baseUrl, username, '/api/login');
  }

  private static async signIn(baseUrl: string, username: string, path: string): Promise<HttpAngler> {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: TEST_PASSWORD }),
    });
    const cookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
      ?.split(';', 1)[0];
    if (!response.ok || !cookie) {
      throw new Error(`${path} as ${username} answered ${response.status}: ${await response.text()}`);
    }
    return new HttpAngler(baseUrl, username, cookie);
  }

  /** The same session, on another server of the same data (another instance, a restored copy). */
  on(baseUrl: string): HttpAngler {
    return new HttpAngler(baseUrl, this.username, this.cookie);
  }

  /** Sends a request with the session; a body is sent as JSON. */
  request(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** Sends a request and returns its JSON answer; throws unless it answered `status`. */
  async expectJson<T>(method: string, path: string, body: unknown, status: number): Promise<T> {
    const response = await this.request(method, path, body);
    const text = await response.text();
    if (response.status !== status) {
      throw new Error(`${method} ${path} answered ${response.status} (expected ${status}): ${text}`);
    }
    return JSON.parse(text) as T;
  }

  createCatch(fields: Record<string, unknown>): Promise<Catch> {
    return this.expectJson<Catch>('POST', '/api/catches', fields, 201);
  }

  listCatches(): Promise<Catch[]> {
    return this.expectJson<Catch[]>('GET', '/api/catches', undefined, 200);
  }

  /** Uploads an image; returns the photo's URL (`/api/photos/<id>`). */
  async upload(image: Buffer): Promise<string> {
    const form = multipart({ fileName: 'catch.jpg', contentType: 'image/jpeg', data: image });
    const response = await fetch(`${this.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { ...form.headers, cookie: this.cookie },
      body: new Uint8Array(form.payload),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${text}`);
    return (JSON.parse(text) as { url: string }).url;
  }

  /** The bytes of a photo (`?size=thumb` for its thumbnail), or the status when it is not 200. */
  async photoBytes(url: string): Promise<Buffer | number> {
    const response = await this.request('GET', url);
    if (response.status !== 200) {
      await response.body?.cancel();
      return response.status;
    }
    return Buffer.from(await response.arrayBuffer());
  }
}
