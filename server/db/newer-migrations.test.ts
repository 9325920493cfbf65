import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, createTestSchema, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';
import { type DatabaseLocation, openDatabase } from './database.ts';
import type { DatabaseEngine } from './engine.ts';
import { migrateToLatest, migrations } from './migrations.ts';

/**
 * What a next release may add (docs/decisions/030-migrations-policy.md): a nullable column, a column with a default,
 * a table, an index. Named to sort after every real migration.
 */
const NEXT_RELEASE: Record<string, Migration> = {
  '900-next-release-catch-columns': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('catches').addColumn('next_release_note', 'text').execute();
      await db.schema
        .alterTable('catches')
        .addColumn('next_release_flag', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
  },
  '901-next-release-table': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('next_release_things')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
        .execute();
      await db.schema
        .createIndex('catches_next_release_flag')
        .on('catches')
        .column('next_release_flag')
        .execute();
    },
  },
};

async function migrationTableSchema(
  db: Kysely<unknown>,
  engine: DatabaseEngine,
): Promise<string | undefined> {
  if (engine === 'sqlite') return undefined;
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
}

/** Runs this release's migrations plus `more` on `db`, as a release that has them would at its start. */
async function migrateWith(db: Kysely<unknown>, engine: DatabaseEngine, more: Record<string, Migration>) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations(engine), ...more }) },
    migrationTableSchema: await migrationTableSchema(db, engine),
    // A migration of another line of history sorts among ours: that release ran it after them.
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  expect(error).toBeUndefined();
}

/** Where a new database of `engine` can be opened: a temporary SQLite file, or a new PostgreSQL schema. */
async function freshLocation(
  engine: DatabaseEngine,
): Promise<{ location: DatabaseLocation; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'tightlines-newer-'));
    return {
      location: { engine, file: path.join(dir, 'tightlines.db') },
      drop: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const { url, schema, dropSchema } = await createTestSchema();
  return { location: { engine, url, schema }, drop: dropSchema };
}

describe.each(TEST_ENGINES)('a %s database migrated by another release', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('by the next one: this release starts on it, names the newer migrations and serves on their schema', async () => {
    t = await createTestApp(engine);
    const db = t.database.db as Kysely<unknown>;
    const angler = await ApiClient.register(t.app, 'before_upgrade');
    const before = await angler.createCatch({ fishType: 'Pike' });

    await migrateWith(db, engine, NEXT_RELEASE);
    // What this release does at its start (the old code refused: "previously executed migration … is missing").
    expect(await migrateToLatest(db, engine)).toEqual({ newerMigrations: Object.keys(NEXT_RELEASE) });
    // Twice: the newer migrations are recognised, never run.
    expect(await migrateToLatest(db, engine)).toEqual({ newerMigrations: Object.keys(NEXT_RELEASE) });

    const fresh = await ApiClient.register(t.app, 'after_upgrade');
    const made = await fresh.createCatch({ fishType: 'Walleye', notes: 'on the new schema' });
    expect((await fresh.patch(`/api/catches/${made.id}`, { weight: 2.5 })).statusCode).toBe(200);
    const listed = (await fresh.get('/api/catches')).json() as { fishType: string; weight: number | null }[];
    expect(listed.map((c) => [c.fishType, c.weight])).toEqual([['Walleye', 2.5]]);
    expect((await angler.delete(`/api/catches/${before.id}`)).statusCode).toBe(204);
    expect((await angler.get('/api/catches')).json()).toEqual([]);
    // The next release's columns took their defaults for the rows this one wrote.
    // biome-ignore lint/suspicious/noExplicitAny: a column this release's types do not know.
    const row = await (db as Kysely<any>)
      .selectFrom('catches')
      .select(['next_release_note', 'next_release_flag'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect([row.next_release_note, Number(row.next_release_flag)]).toEqual([null, 0]);
  });

  it('opening it names the newer migrations (the server logs them at start)', async () => {
    const location = await freshLocation(engine);
    try {
      const first = await openDatabase(location.location);
      await migrateWith(first.db as Kysely<unknown>, engine, NEXT_RELEASE);
      expect(first.newerMigrations).toEqual([]);
      await first.close();
      const second = await openDatabase(location.location);
      expect(second.newerMigrations).toEqual(Object.keys(NEXT_RELEASE));
      await second.close();
    } finally {
      await location.drop();
    }
  });

  it('on another line of history: refused, with the unknown migration named', async () => {
    t = await createTestApp(engine);
    const db = t.database.db as Kysely<unknown>;
    // A migration this release does not know, sorting among its own: not a newer release but a different one.
    await migrateWith(db, engine, { '003a-another-branch': { up: async () => {} } });
    await expect(migrateToLatest(db, engine)).rejects.toThrow(
      /previously executed migration 003a-another-branch is missing/,
    );
  });
});
