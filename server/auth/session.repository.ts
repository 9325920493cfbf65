import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '#core/user.ts';
import { compiledOnce } from '../db/compiled-query.ts';
import type { Database } from '../db/schema.ts';

/** A session ends after this long without use... */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** ...and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
/** Last-seen is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Server-side sessions. The cookie holds a 256-bit random token; the database holds only its SHA-256, so
 * every app instance can check it and a leaked table opens nothing.
 */
export class SessionRepository {
  private readonly db: Kysely<Database>;
  /** The lookup every signed-in request makes, compiled once (compiled-query.ts). */
  private readonly sessionByHash;

  constructor(db: Kysely<Database>) {
    this.db = db;
    this.sessionByHash = compiledOnce(
      db as Kysely<unknown>,
      (tokenHash: string) =>
        db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .select([
            'users.id',
            'users.username',
            'users.created_at',
            'users.units',
            'sessions.last_seen_at',
            'sessions.expires_at',
          ])
          .where('sessions.token_hash', '=', tokenHash),
      ['\0token-hash'],
    );
  }

  /** Starts a session and returns the token for the cookie. */
  async create(userId: number, now: Date): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const iso = now.toISOString();
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: iso,
        last_seen_at: iso,
        expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
      })
      .execute();
    return token;
  }

  /** The user of a live session, or null (unknown, idle too long or past its absolute expiry). */
  async findUser(token: string, now: Date): Promise<User | null> {
    const tokenHash = hashToken(token);
    const [row] = await this.sessionByHash(tokenHash);
    if (!row) return null;
    const nowMs = now.getTime();
    const lastSeenMs = Date.parse(row.last_seen_at);
    if (nowMs >= Date.parse(row.expires_at) || nowMs - lastSeenMs >= SESSION_IDLE_MS) {
      await this.delete(token);
      return null;
    }
    if (nowMs - lastSeenMs >= TOUCH_INTERVAL_MS) {
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: now.toISOString() })
        .where('token_hash', '=', tokenHash)
        .execute();
    }
    return { id: row.id, username: row.username, createdAt: row.created_at, units: row.units };
  }

  /** Deletes every session past its absolute expiry or idle for too long (the periodic sweep); returns how many. */
  async deleteExpired(now: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', now.toISOString()),
          eb('last_seen_at', '<=', new Date(now.getTime() - SESSION_IDLE_MS).toISOString()),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Ends every session of the user (sign out everywhere, a password change); returns how many. */
  async deleteAllOf(userId: number): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async delete(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
  }
}
