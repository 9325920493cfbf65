import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionRepository } from '../../auth/session.repository.ts';
import { CatchRepository } from '../../catches/catch.repository.ts';
import { blankDatabase } from '../../test-support/blank-database.ts';
import { insertTestUsers, TEST_ENGINES } from '../../test-support/test-app.ts';
import { migrateToLatest } from '../migrations.ts';

const SESSION_TOKEN = 'a-session-token-from-before-007';

describe.each(TEST_ENGINES)('migration 007 on an existing %s database', (engine) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  /** A database at migration 006 with a catch and a live session as the code before 007 wrote them, then migrated. */
  async function migratedFrom006() {
    const blank = await blankDatabase(engine);
    drop = blank.drop;
    const { db } = blank;
    await blank.migrateTo('006-user-units');
    // biome-ignore lint/suspicious/noExplicitAny: rows as the code before 007 wrote them.
    const old = db as Kysely<any>;
    const [anna] = (await insertTestUsers(db, ['anna'])) as [number];
    const at = '2026-01-01T00:00:00.000Z';
    await old
      .insertInto('catches')
      .values({ user_id: anna, fish_type: 'Pike', created_at: at, search_text: 'pike' })
      .execute();
    await old
      .insertInto('sessions')
      .values({
        // The table keeps the token's SHA-256 (hex), never the token.
        token_hash: createHash('sha256').update(SESSION_TOKEN).digest('hex'),
        user_id: anna,
        created_at: at,
        last_seen_at: at,
        expires_at: '2026-03-01T00:00:00.000Z',
      })
      .execute();
    await migrateToLatest(db as Kysely<unknown>, engine);
    return { db, anna };
  }

  it('binds each session that was live to the transport it is next used with', async () => {
    const { db } = await migratedFrom006();
    const sessions = new SessionRepository(db);
    const now = new Date('2026-01-02T00:00:00.000Z');
    expect((await sessions.findUser(SESSION_TOKEN, 'bearer', now))?.username).toBe('anna');
    expect(await sessions.findUser(SESSION_TOKEN, 'cookie', now)).toBeNull();
    expect((await sessions.findUser(SESSION_TOKEN, 'bearer', now))?.username).toBe('anna');
  });

  it('keeps every catch logged before it a real one', async () => {
    const { db, anna } = await migratedFrom006();
    const [pike] = await new CatchRepository(db).list(anna);
    expect(pike?.isTestCatch).toBe(false);
  });
});
