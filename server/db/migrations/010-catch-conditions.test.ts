import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { CONDITIONS_NOT_WORKED_OUT } from '#core/catch.ts';
import { CatchRepository } from '../../catches/catch.repository.ts';
import { blankDatabase } from '../../test-support/blank-database.ts';
import { insertTestUsers, TEST_ENGINES } from '../../test-support/test-app.ts';
import { migrateToLatest } from '../migrations.ts';

describe.each(TEST_ENGINES)('migration 010 on an existing %s database', (engine) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  /** A database at migration 009 with catches as the code before 010 wrote them, then migrated. */
  async function migratedFrom009() {
    const blank = await blankDatabase(engine);
    drop = blank.drop;
    const { db } = blank;
    await blank.migrateTo('009-photo-tombstones');
    // biome-ignore lint/suspicious/noExplicitAny: rows as the code before 010 wrote them.
    const old = db as Kysely<any>;
    const [anna] = (await insertTestUsers(db, ['anna'])) as [number];
    await old
      .insertInto('catches')
      .values([
        // On Lake Vänern (Europe/Stockholm, CET in January), 07:30 local.
        {
          user_id: anna,
          fish_type: 'Pike',
          created_at: '2026-01-10T12:00:00.000Z',
          catch_date: '2026-01-10',
          time_of_day: '07:30',
          latitude: 58.9,
          longitude: 13.5,
          search_text: 'pike',
        },
        // No position and no date: its moment is when it was saved.
        { user_id: anna, fish_type: 'Perch', created_at: '2026-01-09T08:00:00.000Z', search_text: 'perch' },
      ])
      .execute();
    await migrateToLatest(db as Kysely<unknown>, engine);
    return { db, anna };
  }

  it('leaves every catch from before it pending, read with its moment on the clocks of its place, for the job', async () => {
    const { db, anna } = await migratedFrom009();
    const [pike, perch] = await new CatchRepository(db).list(anna);
    expect([pike?.caughtAt, pike?.conditions]).toEqual([
      '2026-01-10T06:30:00.000Z',
      CONDITIONS_NOT_WORKED_OUT,
    ]);
    expect([perch?.caughtAt, perch?.conditions]).toEqual([
      '2026-01-09T08:00:00.000Z',
      CONDITIONS_NOT_WORKED_OUT,
    ]);
    // What the conditions job asks for: pending, never worked out (no moment stored yet).
    const rows = await db
      .selectFrom('catches')
      .select(['conditions_status', 'caught_at', 'conditions', 'conditions_attempts'])
      .execute();
    expect(
      rows.map((row) => [
        row.conditions_status,
        row.caught_at,
        row.conditions,
        Number(row.conditions_attempts),
      ]),
    ).toEqual([
      ['pending', null, null, 0],
      ['pending', null, null, 0],
    ]);
  });
});
