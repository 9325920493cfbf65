import { DatabaseSync } from 'node:sqlite';
import { type Generated, Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adaptNodeSqlite, createNodeSqliteDialect } from './node-sqlite-dialect.ts';

interface TestTables {
  fish: { id: Generated<number>; name: string; weight: number | null; released: number };
}

describe('node:sqlite dialect adapter', () => {
  let sqlite: DatabaseSync;
  let db: Kysely<TestTables>;

  beforeEach(async () => {
    sqlite = new DatabaseSync(':memory:');
    db = new Kysely<TestTables>({ dialect: createNodeSqliteDialect(sqlite) });
    await db.schema
      .createTable('fish')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('weight', 'double precision')
      .addColumn('released', 'integer', (col) => col.notNull())
      .execute();
  });

  afterEach(async () => {
    await db.destroy();
  });

  it('inserts with parameters and reads rows back with numbers intact', async () => {
    const result = await db
      .insertInto('fish')
      .values({ name: 'Bass', weight: 2.5, released: 0 })
      .executeTakeFirst();
    expect(Number(result.insertId)).toBe(1);
    expect(await db.selectFrom('fish').selectAll().execute()).toEqual([
      { id: 1, name: 'Bass', weight: 2.5, released: 0 },
    ]);
  });

  it('binds booleans as 0/1 and undefined as NULL', async () => {
    await sql`insert into fish (name, weight, released) values (${'Pike'}, ${undefined}, ${true})`.execute(
      db,
    );
    expect(await db.selectFrom('fish').select(['weight', 'released']).executeTakeFirst()).toEqual({
      weight: null,
      released: 1,
    });
  });

  it('reports affected rows for updates and deletes, and supports RETURNING', async () => {
    await db
      .insertInto('fish')
      .values([
        { name: 'A', weight: 1, released: 0 },
        { name: 'B', weight: 2, released: 0 },
      ])
      .execute();
    const updated = await db.updateTable('fish').set({ released: 1 }).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(2);
    const returned = await db.deleteFrom('fish').where('name', '=', 'A').returning(['id', 'name']).execute();
    expect(returned).toEqual([{ id: 1, name: 'A' }]);
  });

  it('rolls back a failed transaction', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('fish').values({ name: 'Ghost', weight: null, released: 0 }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.selectFrom('fish').selectAll().execute()).toEqual([]);
  });

  it('a transaction SQLite rolled back by itself (a full disk) fails with that error, not with the rollback after it', async () => {
    const { page_count: pages } = sqlite.prepare('PRAGMA page_count').get() as { page_count: number };
    sqlite.exec(`PRAGMA max_page_count = ${pages + 1}`);
    // SQLITE_FULL ends the whole transaction inside SQLite; Kysely's ROLLBACK then failed with "cannot rollback - no
    // transaction is active", which hid the full disk (507 STORAGE_FULL) behind a 500 (an import on a full disk).
    const error = await db
      .transaction()
      .execute(async (trx) => {
        for (let i = 0; i < 20; i++) {
          await trx
            .insertInto('fish')
            .values({ name: 'x'.repeat(3000), weight: i, released: 0 })
            .execute();
        }
      })
      .then(
        () => null,
        (caught: unknown) => caught as { errcode?: number; message: string },
      );
    expect(error?.message).toBe('database or disk is full');
    expect(error?.errcode).toBe(13);
    expect(sqlite.isTransaction).toBe(false);
    expect(await db.selectFrom('fish').selectAll().execute()).toEqual([]);
  });

  it('streams rows', async () => {
    await db
      .insertInto('fish')
      .values([
        { name: 'A', weight: 1, released: 0 },
        { name: 'B', weight: 2, released: 0 },
      ])
      .execute();
    const names: string[] = [];
    for await (const row of db.selectFrom('fish').select('name').orderBy('id').stream()) names.push(row.name);
    expect(names).toEqual(['A', 'B']);
  });

  it('reuses one prepared statement per SQL text', () => {
    const adapted = adaptNodeSqlite(sqlite);
    expect(adapted.prepare('select 1 as one')).toBe(adapted.prepare('select 1 as one'));
    expect(adapted.prepare('select 1 as one').reader).toBe(true);
    expect(adapted.prepare("insert into fish (name, released) values ('x', 0)").reader).toBe(false);
  });
});
