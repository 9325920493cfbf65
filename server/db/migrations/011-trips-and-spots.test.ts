import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { CatchRepository } from '../../catches/catch.repository.ts';
import { blankDatabase } from '../../test-support/blank-database.ts';
import { insertTestUsers, TEST_ENGINES } from '../../test-support/test-app.ts';
import { migrateToLatest } from '../migrations.ts';

describe.each(TEST_ENGINES)('migration 011 on an existing %s database', (engine) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it('reads every catch from before it as one fish, release not said, with no spot or trip', async () => {
    const blank = await blankDatabase(engine);
    drop = blank.drop;
    const { db } = blank;
    await blank.migrateTo('010-catch-conditions');
    // biome-ignore lint/suspicious/noExplicitAny: a row as the code before 011 wrote it.
    const old = db as Kysely<any>;
    const [anna] = (await insertTestUsers(db, ['anna'])) as [number];
    await old
      .insertInto('catches')
      .values({
        user_id: anna,
        fish_type: 'Perch',
        created_at: '2026-01-09T08:00:00.000Z',
        search_text: 'perch',
      })
      .execute();
    await migrateToLatest(db as Kysely<unknown>, engine);

    const [perch] = await new CatchRepository(db).list(anna);
    expect(perch).toMatchObject({
      fishType: 'Perch',
      released: null,
      quantity: 1,
      spotId: null,
      tripId: null,
    });
    // The new tables are there and empty.
    expect(await db.selectFrom('spots').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('trips').selectAll().execute()).toEqual([]);
  });
});
