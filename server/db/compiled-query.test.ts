import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-query.ts';
import { type AppDatabase, openDatabase } from './database.ts';

let database: AppDatabase;

beforeAll(async () => {
  database = await openDatabase({ engine: 'sqlite', file: ':memory:' });
  const now = new Date(0).toISOString();
  await database.db
    .insertInto('users')
    .values(
      ['ann', 'bob', 'cy'].map((username) => ({
        username,
        username_key: username,
        password_hash: 'x',
        created_at: now,
      })),
    )
    .execute();
});
afterAll(() => database.close());

describe('compiledOnce', () => {
  it('answers what the query built anew each time answers, for any arguments', async () => {
    const { db } = database;
    const build = (minId: number, name: string) =>
      db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('id', '>=', minId)
        .where('username', '!=', name);
    const run = compiledOnce(db as never, build, [-1, '\0name']);
    for (const [minId, name] of [
      [1, 'ann'],
      [2, 'cy'],
      [9, 'bob'],
      [0, ''],
    ] as const) {
      expect(await run(minId, name)).toEqual(await build(minId, name).execute());
    }
  });

  it('refuses placeholders that are not exactly one parameter each', () => {
    const { db } = database;
    expect(() =>
      compiledOnce(
        db as never,
        (id: number) =>
          db
            .selectFrom('users')
            .selectAll()
            .where('id', '=', 1 + id * 0),
        [7],
      ),
    ).toThrow(/is 0 parameters/);
    expect(() =>
      compiledOnce(
        db as never,
        (name: string) =>
          db.selectFrom('users').selectAll().where('username', '=', name).where('password_hash', '=', name),
        ['\0twice'],
      ),
    ).toThrow(/is 2 parameters/);
  });
});
