import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);

/**
 * Runs at most `limit` tasks at once, the others wait their turn in arrival order (nothing is refused).
 */
class Slots {
  readonly limit: number;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(limit: number) {
    this.limit = limit;
  }

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    // A finishing task hands its slot straight to the first waiter (`running` stays as it is).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/**
 * argon2id derivations that may run at once: one per core, and never the whole of libuv's thread pool (4 threads
 * unless UV_THREADPOOL_SIZE says otherwise), which also reads and writes every file (photos, static files, fsync).
 * Each one takes 19 MiB and ~30 ms of a core: a burst of logins used to run 4 at once on 2 cores, no faster than 2,
 * with 76 MiB instead of 38 and no thread left for the disk (decision 022: login peak RSS 231-246 -> 193-194 MB, the
 * same logins per second).
 */
const ARGON2_CONCURRENCY = Math.max(
  1,
  Math.min(os.availableParallelism(), (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 1),
);
export const argon2Slots = new Slots(ARGON2_CONCURRENCY);

interface Argon2Params {
  /** KiB */
  memory: number;
  passes: number;
  parallelism: number;
  tagLength: number;
}

/** OWASP's minimum argon2id profile: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_PARAMS: Argon2Params = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

async function derive(password: string, salt: Buffer, params: Argon2Params): Promise<Buffer> {
  return argon2Slots.run(() => argon2Async('argon2id', { message: password, nonce: salt, ...params }));
}

/**
 * argon2id through Node 24's built-in `crypto.argon2` (no native addon). Hashes are stored in the
 * PHC string format, so the parameters travel with each hash and can be raised later.
 */
export const argon2idHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16);
    const tag = await derive(password, salt, ARGON2_PARAMS);
    const { memory, passes, parallelism } = ARGON2_PARAMS;
    return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${salt.toString('base64url')}$${tag.toString('base64url')}`;
  },

  async verify(password, stored) {
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
    if (!match) return false;
    const [, memory, passes, parallelism, salt, tag] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const expected = Buffer.from(tag, 'base64url');
    const actual = await derive(password, Buffer.from(salt, 'base64url'), {
      memory: Number(memory),
      passes: Number(passes),
      parallelism: Number(parallelism),
      tagLength: expected.length,
    });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};
