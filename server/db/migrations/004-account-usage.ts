import type { Kysely, Migration } from 'kysely';

/**
 * Each account's catch count and free-text bytes, kept beside `catches_version` and changed in the same transaction
 * as every catch write, so the per-account quota is checked without reading the catches; backfilled here.
 *
 * Self-contained on purpose: the byte count below is a frozen copy of the rule as it was when this migration
 * shipped (today's lives in server/catches/catch-text.ts). A migration must keep doing what it did, whatever the
 * feature code becomes; a changed rule needs a new migration that recomputes the column.
 */
export const accountUsage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('catch_count', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('catch_text_bytes', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    const usage = new Map<number, { count: number; bytes: number }>();
    for await (const rows of catchTextBatches(db)) {
      for (const row of rows) {
        const userId = Number(row.user_id);
        const account = usage.get(userId) ?? { count: 0, bytes: 0 };
        account.count++;
        account.bytes += catchTextBytes(row);
        usage.set(userId, account);
      }
    }
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its time, not today's types.
    const table = db as Kysely<any>;
    for (const [userId, account] of usage) {
      await table
        .updateTable('users')
        .set({ catch_count: account.count, catch_text_bytes: account.bytes })
        .where('id', '=', userId)
        .execute();
    }
  },
};

/** Rows read at a time, so a big database is not read into memory at once. */
const BATCH = 1000;

interface CatchTextRow {
  id: number;
  user_id: number;
  fish_type: string;
  location_name: string | null;
  notes: string | null;
  line_size: string | null;
  bait_used: string | null;
}

/** Every catch's free text, a batch at a time in id order. */
async function* catchTextBatches(db: Kysely<unknown>): AsyncGenerator<CatchTextRow[]> {
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its time, not today's types.
  const table = db as Kysely<any>;
  let afterId = 0;
  for (;;) {
    const rows: CatchTextRow[] = await table
      .selectFrom('catches')
      .select(['id', 'user_id', 'fish_type', 'location_name', 'notes', 'line_size', 'bait_used'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    afterId = Number(rows.at(-1)?.id);
  }
}

/** UTF-8 bytes of a catch's free-text fields (fish type, place, notes, line, bait): what the quota counted. */
function catchTextBytes(row: CatchTextRow): number {
  let bytes = 0;
  for (const value of [row.fish_type, row.location_name, row.notes, row.line_size, row.bait_used]) {
    if (value) bytes += Buffer.byteLength(value, 'utf8');
  }
  return bytes;
}
