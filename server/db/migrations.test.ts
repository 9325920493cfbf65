import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/test-app.ts';
import { migrations } from './migrations.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('migrations on PostgreSQL', () => {
  // Kysely's migrator looks for its bookkeeping tables by scanning every schema of the database; a schema dropped
  // by someone else during that scan (a parallel test, another app sharing the database) made our start fail with
  // `schema "<theirs>" does not exist` (seen in CI).
  it('succeed while other schemas of the same database are created and dropped', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    let churning = true;
    let dropped = 0;
    const churn = (async () => {
      while (churning) {
        const name = `churn_${randomBytes(6).toString('hex')}`;
        await admin.query(`CREATE SCHEMA ${name}`);
        await admin.query(`CREATE TABLE ${name}.t (id int)`);
        await admin.query(`DROP SCHEMA ${name} CASCADE`);
        dropped += 1;
      }
    })();
    try {
      for (let i = 0; i < 15; i++) {
        const test = await createTestDatabase('postgres');
        await test.drop();
      }
      // The race needs schemas dropped while ours were being migrated.
      expect(dropped).toBeGreaterThan(15);
    } finally {
      churning = false;
      await churn;
      await admin.end();
    }
  }, 120_000);
});

describe('the list of migrations', () => {
  it('names every file of server/db/migrations/ under its file name, in order, and nothing else', () => {
    const folder = path.join(import.meta.dirname, 'migrations');
    const files = readdirSync(folder)
      .filter((name) => /^\d{3}-[a-z0-9-]+\.ts$/.test(name) && !name.endsWith('.test.ts'))
      .map((name) => name.slice(0, -'.ts'.length))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(Object.keys(migrations('sqlite'))).toEqual(files);
    expect(Object.keys(migrations('postgres'))).toEqual(files);
    // Each name is given the migration its own file holds.
    const list = readFileSync(path.join(import.meta.dirname, 'migrations.ts'), 'utf8');
    for (const name of files) expect(list).toContain(`from './migrations/${name}.ts'`);
  });
});
