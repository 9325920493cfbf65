import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Where the global per-IP limit (@fastify/rate-limit) keeps its counters when REDIS_URL is set: one Redis that
 * every instance shares, so three instances let through the limit in total, not three times it, and a restart does
 * not reset anyone's window (the counters expire in Redis, not with the process). Without REDIS_URL the counters
 * stay in the process: right for the one-instance default (docs/decisions/014-shared-limits-and-the-balancer.md).
 *
 * The login, registration and upload limits do not need this: they already live in the database (rate-limit.repository.ts).
 */
export type SharedLimitStore = Redis;

/** A Redis command the limit waits for no longer than this: past it the request goes through unlimited. */
const COMMAND_TIMEOUT_MS = 500;

export interface SharedLimitStoreOptions {
  url: string;
  /** Put before every key, so several deployments (or parallel tests) can share one Redis. */
  keyPrefix: string;
}

/**
 * A Redis client for the limit counters. It fails fast rather than queueing while Redis is away: the limit is a
 * flood guard, so an API request must not wait on it, and the app lets requests through while Redis is down
 * (skipOnError in app.ts); the database-backed limits on logins, registrations and uploads still hold meanwhile.
 */
export function openSharedLimitStore({ url, keyPrefix }: SharedLimitStoreOptions): SharedLimitStore {
  // Loaded only when there is a Redis to talk to (decision 022: most servers never need ioredis).
  const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const client = new RedisClient(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    // Reconnect for ever, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  // Until logLimitStoreState attaches the app's logger, connection errors must not go unhandled.
  client.on('error', () => {});
  return client;
}

/** Logs the store's connection state changes, once each, not on every reconnect attempt. */
export function logLimitStoreState(client: SharedLimitStore, log: FastifyBaseLogger): void {
  let down = false;
  client.on('ready', () => {
    down = false;
    log.info('rate-limit store (Redis) connected');
  });
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: error },
      'rate-limit store (Redis) unavailable: the global limit is off until it answers',
    );
  });
}

/**
 * Resolves true once the client is connected, false after `timeoutMs`: the server waits this long at start so its
 * first requests are counted, but starts anyway when Redis is away (it keeps reconnecting).
 */
export function waitUntilConnected(client: SharedLimitStore, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.once('ready', onReady);
  });
}

/** Closes the client; a Redis that is down at that moment must not hold up the shutdown. */
export async function closeSharedLimitStore(client: SharedLimitStore): Promise<void> {
  await client.quit().catch(() => client.disconnect());
}
