import { isIP } from 'node:net';

/**
 * Which proxies' X-Forwarded-For (and -Proto, -Host) the server believes, in the forms Fastify's trustProxy takes:
 * nothing (false), a number of hops in front of the server, or the balancers' addresses and CIDR ranges. Never
 * "everyone": a client that can reach the server directly would pick its own IP for every per-IP limit
 * (docs/decisions/013-trusted-proxies.md).
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's (Fastify's) names for the private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const REFUSE_TRUE =
  "'true' would believe any client's X-Forwarded-For; give the balancer's addresses or CIDRs " +
  '(e.g. 10.0.0.2,10.0.0.3 or 10.0.0.0/24), or the number of proxies in front of the server (e.g. 1) if ' +
  'nothing else can reach it';

/** Whether `entry` is an IP address or a CIDR range narrower than "every address". */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  // A /0 trusts every address: the very mistake TRUST_PROXY=true was.
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

/** The TRUST_PROXY setting, or the reason it is refused. */
export function parseTrustProxy(text: string | undefined): { value: TrustProxy } | { error: string } {
  const setting = text?.trim() ?? '';
  if (setting === '' || setting === 'false' || setting === '0') return { value: false };
  if (setting === 'true') return { error: REFUSE_TRUE };
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return hops <= 10 ? { value: hops } : { error: 'a hop count must be between 0 and 10' };
  }
  const entries = setting.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !RANGE_NAMES.has(entry) && !isAddressOrRange(entry));
  if (wrong.length > 0) {
    return {
      error:
        `'${wrong.join("', '")}' is not an IP address, a CIDR range (one narrower than /0) or one of ` +
        'loopback, linklocal, uniquelocal',
    };
  }
  return { value: entries };
}

/**
 * The setting as Fastify's trustProxy option. A hop count becomes a function because Fastify now ignores a plain
 * number (it trusts nothing, failing closed); `hop` counts from the socket's own peer (0) towards the client.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
