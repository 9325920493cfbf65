import { ApiClient } from '../server/test-support/api-client.ts';
import { createTestApp, type TestApp } from '../server/test-support/test-app.ts';

/**
 * Wiring that spans both tiers, for the client's tests: the REAL server app (app.inject, SQLite, a clock the test
 * moves) and a browser-like fetch that reaches it. web/ talks to the server over HTTP only, in its tests too: it
 * imports this folder, never server/ (checked by web/src/module-boundaries.test.ts).
 */

export type { ApiClient };

type Fault =
  /** The request never reaches the server (no signal, DNS, connection refused). */
  | { mode: 'drop-before' }
  /** The server handles (commits) the request, then the answer is lost. */
  | { mode: 'drop-after' }
  /** An answer made up without asking the server. */
  | { mode: 'answer'; status: number; body?: unknown }
  /** The server handles the request and the answer never arrives: the tab crashed mid-request. */
  | { mode: 'hang-after' };

interface FaultRule {
  method: string;
  path: string | RegExp;
  fault: Fault;
  /** How many requests it hits (default: every one until removed). */
  times?: number;
}

export interface RealServer {
  app: TestApp['app'];
  clock: TestApp['clock'];
  /** A new angler, signed up and signed in (their cookie, their requests). */
  register(username: string): Promise<ApiClient>;
  close(): Promise<void>;
}

/** The server's test app on a fresh SQLite database. */
export async function startRealServer(): Promise<RealServer> {
  const testApp = await createTestApp('sqlite');
  return {
    app: testApp.app,
    clock: testApp.clock,
    register: (username) => ApiClient.register(testApp.app, username),
    close: () => testApp.close(),
  };
}

/** A browser-like fetch that talks to the app through inject(), with one cookie jar and fault injection. */
export class FakeNetwork {
  readonly calls: string[] = [];
  rules: FaultRule[] = [];
  offline = false;
  cookie: string;
  private readonly app: RealServer['app'];

  constructor(app: RealServer['app'], cookie: string) {
    this.app = app;
    this.cookie = cookie;
  }

  count(method: string, path: string): number {
    return this.calls.filter((call) => call === `${method} ${path}`).length;
  }

  fetch: typeof fetch = async (input, init) => {
    const request = new Request(new URL(String(input), 'http://tightlines.test'), init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    this.calls.push(key);
    if (this.offline) throw new TypeError('Failed to fetch');
    const rule = this.rules.find(
      (r) =>
        r.method === request.method &&
        (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname)) &&
        (r.times === undefined || r.times > 0),
    );
    if (rule?.times !== undefined) rule.times--;
    if (rule?.fault.mode === 'drop-before') throw new TypeError('Failed to fetch');
    if (rule?.fault.mode === 'answer') {
      return new Response(JSON.stringify(rule.fault.body ?? { message: `Made-up ${rule.fault.status}` }), {
        status: rule.fault.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }

    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (this.cookie) headers.cookie = this.cookie;
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await this.app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      payload: body,
    });
    if (rule?.fault.mode === 'drop-after') throw new TypeError('Failed to fetch');
    if (rule?.fault.mode === 'hang-after') return new Promise<Response>(() => {});
    const status = answer.statusCode;
    return new Response(status === 204 || status === 304 ? null : new Uint8Array(answer.rawPayload), {
      status,
      headers: { 'Content-Type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}
