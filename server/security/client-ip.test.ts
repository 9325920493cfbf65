import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig, type RateLimits } from '../config/config.ts';
import { createTestApp, RELAXED_RATE_LIMITS, TEST_ENGINES } from '../test-support/test-app.ts';

/**
 * Per-IP limits key on request.ip: only a balancer named in TRUST_PROXY (or the hops it counts) may say who the
 * client is. A client talking to the server directly cannot pick a new IP for each attempt with X-Forwarded-For.
 */
const LIMIT = 3;
const BALANCER = '10.0.0.5';
const DIRECT_CLIENT = '203.0.113.9';

/** Each per-IP limit, with a request that counts against it (cheap ones: no password is hashed). */
const LIMITS: [string, Partial<RateLimits>, (i: number) => InjectOptions][] = [
  // Counted before the body is read: an empty one is refused with 400 after it counted.
  [
    'registrations',
    { registrationsPerIp: LIMIT },
    () => ({ method: 'POST', url: '/api/register', payload: {} }),
  ],
  [
    'login attempts',
    { loginFailuresPerIp: LIMIT },
    (i) => ({
      method: 'POST',
      url: '/api/login',
      payload: { username: `nobody_${i}`, password: 'wrong-guess-1' },
    }),
  ],
  ['API requests (global)', { globalPerMinute: LIMIT }, () => ({ method: 'GET', url: '/api/user' })],
];

/** The statuses of `count` requests, each from `from` with the X-Forwarded-For `forwardedFor(i)` gives. */
async function statuses(
  engine: (typeof TEST_ENGINES)[number],
  trustProxySetting: string | undefined,
  limits: Partial<RateLimits>,
  request: (i: number) => InjectOptions,
  sends: { from: string; forwardedFor: (i: number) => string }[],
): Promise<number[]> {
  const t = await createTestApp(engine, {
    rateLimits: { ...RELAXED_RATE_LIMITS, ...limits },
    trustProxy: loadConfig({ TRUST_PROXY: trustProxySetting }).trustProxy,
  });
  try {
    const result: number[] = [];
    for (const [i, { from, forwardedFor }] of sends.entries()) {
      const options = request(i);
      const response = await t.app.inject({
        ...options,
        remoteAddress: from,
        headers: { ...options.headers, 'x-forwarded-for': forwardedFor(i) },
      });
      result.push(response.statusCode);
    }
    return result;
  } finally {
    await t.close();
  }
}

const times = <T>(count: number, item: T): T[] => Array.from({ length: count }, () => item);
const forged = (i: number) => `198.18.0.${i + 1}`;

describe.each(TEST_ENGINES)('client IPs for the per-IP limits on %s', (engine) => {
  describe.each(LIMITS)('%s', (_name, limits, request) => {
    it.each([
      ['unset (no proxy trusted)', undefined],
      ['a balancer’s address', BALANCER],
      ['a balancer’s range', '10.0.0.0/24'],
    ])(
      'a direct client forging X-Forwarded-For is limited all the same, TRUST_PROXY %s',
      async (_how, setting) => {
        const sends = times(LIMIT + 2, { from: DIRECT_CLIENT, forwardedFor: forged });
        const answered = await statuses(engine, setting, limits, request, sends);
        expect(answered.slice(0, LIMIT)).not.toContain(429);
        expect(answered.slice(LIMIT)).toEqual([429, 429]);
      },
    );

    it.each([
      ['its address', BALANCER],
      ['one hop', '1'],
    ])(
      'through a balancer trusted by %s, the client IP it appended counts, whatever the client sent',
      async (_how, setting) => {
        // The client's own (forged) header comes first; the balancer appends the address it saw.
        const viaBalancer = (client: string) => ({
          from: BALANCER,
          forwardedFor: (i: number) => `${forged(i)}, ${client}`,
        });
        const sends = [...times(LIMIT + 1, viaBalancer('198.51.100.1')), viaBalancer('198.51.100.2')];
        const answered = await statuses(engine, setting, limits, request, sends);
        expect(answered.slice(0, LIMIT)).not.toContain(429);
        expect(answered[LIMIT]).toBe(429);
        // Another client behind the same balancer has its own allowance: the balancer's IP is not the key.
        expect(answered[LIMIT + 1]).not.toBe(429);
      },
    );
  });
});
