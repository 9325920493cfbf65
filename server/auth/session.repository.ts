import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '#core/user.ts';
import { compiledOnce } from '../db/compiled-query.ts';
import type { Database, SessionTransport } from '../db/schema.ts';

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
 * Server-side sessions. The client holds a 256-bit random token; the database holds only its SHA-256, so every app
 * instance can check it and a leaked table opens nothing. Each session is for one transport, the cookie or the
 * bearer header (docs/decisions/017-native-apps.md): its token is no session when it comes the other way.
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
            'sessions.transport',
          ])
          .where('sessions.token_hash', '=', tokenHash),
      ['\0token-hash'],
    );
  }

  /** Starts a session whose token travels by `transport`, and returns the token. */
  async create(userId: number, transport: SessionTransport, now: Date): Promise<string> {
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
        transport,
      })
      .execute();
    return token;
  }

  /**
   * The user of a live session whose token came by `transport`, or null (unknown, handed out for the other
   * transport, idle too long or past its absolute expiry). A session from before transports were kept is bound to
   * the first one it comes with.
   */
  async findUser(token: string, transport: SessionTransport, now: Date): Promise<User | null> {
    const tokenHash = hashToken(token);
    const [row] = await this.sessionByHash(tokenHash);
    if (!row) return null;
    // Refused, not deleted: whoever holds it the right way keeps their session.
    if (row.transport !== null && row.transport !== transport) return null;
    if (row.transport === null) {
      const bound = await this.db
        .updateTable('sessions')
        .set({ transport })
        .where('token_hash', '=', tokenHash)
        .where('transport', 'is', null)
        .executeTakeFirst();
      // Bound the other way by a request in between: read it again.
      if (Number(bound.numUpdatedRows) === 0) return this.findUser(token, transport, now);
    }
    const nowMs = now.getTime();
    const lastSeenMs = Date.parse(row.last_seen_at);
    if (nowMs >= Date.parse(row.expires_at) || nowMs - lastSeenMs >= SESSION_IDLE_MS) {
      await this.delete(token, transport);
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

  /** Ends the session of this token, if it is one for `transport` (a token sent the other way ends nothing). */
  async delete(token: string, transport: SessionTransport): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where('token_hash', '=', hashToken(token))
      .where((eb) => eb.or([eb('transport', '=', transport), eb('transport', 'is', null)]))
      .execute();
  }
}
