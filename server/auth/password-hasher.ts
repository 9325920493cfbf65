import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);

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
  return argon2Async('argon2id', { message: password, nonce: salt, ...params });
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
