import type { Kysely, Migration } from 'kysely';

/**
 * `catches.search_text`: SQLite's lower() folds ASCII only ('Äsche' was not found by 'äsche'); PostgreSQL's depends
 * on the database's locale. The search text is folded once, in JavaScript, when a catch is written; backfilled here.
 *
 * Self-contained on purpose: the folding below is a frozen copy of the rule as it was when this migration shipped
 * (today's lives in server/catches/catch-text.ts). A changed rule needs a new migration that recomputes the column.
 */
export const catchSearchText: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('catches')
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its time, not today's types.
    const table = db as Kysely<any>;
    for await (const rows of catchTextBatches(db)) {
      for (const row of rows) {
        await table
          .updateTable('catches')
          .set({ search_text: searchTextOf(row) })
          .where('id', '=', row.id)
          .execute();
      }
    }
  },
};

/** Rows read at a time, so a big database is not read into memory at once. */
const BATCH = 1000;

interface CatchTextRow {
  id: number;
  fish_type: string;
  location_name: string | null;
  notes: string | null;
  bait_used: string | null;
}

/** Every catch's searched text, a batch at a time in id order. */
async function* catchTextBatches(db: Kysely<unknown>): AsyncGenerator<CatchTextRow[]> {
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its time, not today's types.
  const table = db as Kysely<any>;
  let afterId = 0;
  for (;;) {
    const rows: CatchTextRow[] = await table
      .selectFrom('catches')
      .select(['id', 'fish_type', 'location_name', 'notes', 'bait_used'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    afterId = Number(rows.at(-1)?.id);
  }
}

/** Fish type, place, bait and notes, joined by U+001F and lower-cased by JavaScript (every alphabet). */
function searchTextOf(row: CatchTextRow): string {
  return [row.fish_type, row.location_name, row.bait_used, row.notes]
    .filter((part) => part)
    .join('\u001f')
    .toLowerCase();
}
