import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrations.ts';
import { blankDatabase } from '../test-support/blank-database.ts';
import { insertTestUsers, TEST_ENGINES } from '../test-support/test-app.ts';
import { CatchRepository } from './catch.repository.ts';

describe.each(TEST_ENGINES)('migrations 004 to 006 on an existing %s database', (engine) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it('backfill each account’s catch count and text bytes, and each catch’s folded search text', async () => {
    const blank = await blankDatabase(engine);
    drop = blank.drop;
    const { db } = blank;
    // The schema as it was before this change, with rows written by the old code.
    await blank.migrateTo('002-catches-version');
    // biome-ignore lint/suspicious/noExplicitAny: the old schema has no search_text or usage columns.
    const old = db as Kysely<any>;
    const [anna, ben] = (await insertTestUsers(db, ['anna', 'ben'])) as [number, number];
    const row = (userId: number, fishType: string, notes: string | null) => ({
      user_id: userId,
      fish_type: fishType,
      notes,
      location_name: 'Große Mühl',
      created_at: '2026-01-01T00:00:00.000Z',
    });
    await old
      .insertInto('catches')
      .values([row(anna, 'Äsche', 'ÖRING too'), row(anna, 'Pike', null), row(ben, 'Perch', 'ok')])
      .execute();

    await migrateToLatest(db as Kysely<unknown>, engine);

    const usage = await db
      .selectFrom('users')
      .select(['username', 'catch_count', 'catch_text_bytes'])
      .orderBy('username')
      .execute();
    // 'Große Mühl' is 12 UTF-8 bytes, 'Äsche' 6, 'ÖRING too' 10, 'Pike' 4, 'Perch' 5, 'ok' 2.
    expect(usage.map((u) => [u.username, Number(u.catch_count), Number(u.catch_text_bytes)])).toEqual([
      ['anna', 2, 12 + 6 + 10 + 12 + 4],
      ['ben', 1, 12 + 5 + 2],
    ]);
    const repository = new CatchRepository(db);
    expect((await repository.list(anna, 'äsche')).map((c) => c.fishType)).toEqual(['Äsche']);
    expect((await repository.list(anna, 'öring')).map((c) => c.fishType)).toEqual(['Äsche']);
    expect((await repository.list(anna, 'GROSSE')).map((c) => c.fishType)).toEqual([]);
    expect((await repository.list(anna, 'große')).map((c) => c.fishType)).toEqual(['Pike', 'Äsche']);
  });

  it('006 gives every existing account imperial units until the angler chooses', async () => {
    const blank = await blankDatabase(engine);
    drop = blank.drop;
    const { db } = blank;
    await blank.migrateTo('005-catch-search-text');
    await insertTestUsers(db, ['anna', 'ben']);

    await migrateToLatest(db as Kysely<unknown>, engine);

    const rows = await db.selectFrom('users').select(['username', 'units']).orderBy('username').execute();
    expect(rows).toEqual([
      { username: 'anna', units: 'imperial' },
      { username: 'ben', units: 'imperial' },
    ]);
  });
});
