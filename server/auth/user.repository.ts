import type { Kysely } from 'kysely';
import type { UnitSystem } from '#core/units.ts';
import type { User } from '#core/user.ts';
import type { Database, UsersTable } from '../db/schema.ts';

/** A user with the stored password hash: only the auth routes ever see this. */
export interface UserWithPasswordHash extends User {
  passwordHash: string;
}

type UserRow = Pick<UsersTable, 'username' | 'created_at'> & { id: number; units: UnitSystem };

/** The columns the API's User is made of. */
const USER_COLUMNS = ['id', 'username', 'created_at', 'units'] as const;

function toUser(row: UserRow): User {
  return { id: row.id, username: row.username, createdAt: row.created_at, units: row.units };
}

/**
 * The one identity of a username: NFKC (so 'ｎ' and 'n' are the same letter) and lower case. Uniqueness, the
 * account lookup and the per-username login limit all key on it, so no spelling reaches an account under a
 * counter of its own.
 */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}

export class UserRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Creates the user, or returns null when the name is taken (case-insensitively). */
  async create(username: string, passwordHash: string, createdAt: Date): Promise<User | null> {
    const row = await this.db
      .insertInto('users')
      .values({
        username,
        username_key: usernameKey(username),
        password_hash: passwordHash,
        created_at: createdAt.toISOString(),
      })
      .onConflict((conflict) => conflict.column('username_key').doNothing())
      .returning(USER_COLUMNS)
      .executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async findByUsername(username: string): Promise<UserWithPasswordHash | null> {
    const row = await this.db
      .selectFrom('users')
      .select([...USER_COLUMNS, 'password_hash'])
      .where('username_key', '=', usernameKey(username))
      .executeTakeFirst();
    return row ? { ...toUser(row), passwordHash: row.password_hash } : null;
  }

  /** Changes the account's units; returns the updated user, or null when the account is gone. */
  async setUnits(userId: number, units: UnitSystem): Promise<User | null> {
    const row = await this.db
      .updateTable('users')
      .set({ units })
      .where('id', '=', userId)
      .returning(USER_COLUMNS)
      .executeTakeFirst();
    return row ? toUser(row) : null;
  }

  /** The stored password hash of the account, or null when the account is gone. */
  async findPasswordHash(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.password_hash ?? null;
  }

  /** Replaces the account's password hash; false when the account is gone. */
  async setPasswordHash(userId: number, passwordHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
