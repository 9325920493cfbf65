// Benchmark data, written straight into a fresh database through the repositories (before the server
// starts): a user with 100 catches for the API benchmark, one with 10,000 for the history benchmark (one
// transaction, not 10,000 HTTP posts), and empty users for the write benchmarks.
import type { Kysely } from 'kysely';
import { generateDemoCatches } from '../../scripts/demo-catches.ts';
import { argon2idHasher } from '../../server/auth/password-hasher.ts';
import { UserRepository } from '../../server/auth/user.repository.ts';
import { CatchRepository } from '../../server/catches/catch.repository.ts';
import { type DatabaseLocation, openDatabase } from '../../server/db/database.ts';
import type { Database } from '../../server/db/schema.ts';

export const BENCH_PASSWORD = 'bench-marks-the-spot-2026';

export const BENCH_USERS = {
  /** 100 catches: GET /api/catches and the bare ceiling serve the same list. */
  reader: { username: 'bench_reader', catches: 100 },
  /** The login scenario signs in as this user over and over. */
  login: { username: 'bench_login', catches: 0 },
  /** POST /api/mobile-catch adds to this user's log. */
  writer: { username: 'bench_writer', catches: 0 },
  /** Photo uploads. */
  photos: { username: 'bench_photos', catches: 0 },
  /** The history benchmark: 10,000 catches (exported by the export part too). */
  history: { username: 'bench_history', catches: 10_000 },
  /** GET /api/insights: 10,000 catches in 1,000 trips, written by bench/lib/insights.ts when that part runs. */
  insights: { username: 'bench_insights', catches: 0 },
  /** Lighthouse's signed-in screens: a modest log in trips (LIGHTHOUSE_LOG), written by bench/lib/insights.ts. */
  lighthouse: { username: 'bench_lighthouse', catches: 0 },
  /** The export part imports that export's CSV and JSON into these empty accounts. */
  importCsv: { username: 'bench_import_csv', catches: 0 },
  importJson: { username: 'bench_import_json', catches: 0 },
} as const;

/**
 * A server that has run for a while has worked out its catches' conditions long ago: the 10,000 catches are left
 * as the catch weather job leaves a catch it has finished without weather, so the measured servers' job is not
 * backfilling them underneath every figure (the backfill has its own part, bench/lib/backfill.ts). The reader's
 * 100 stay pending: the job's first pass at start is real work, and reads the tide index.
 */
async function settleConditions(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('catches')
    .set({ conditions_status: 'partial' })
    .where('user_id', '=', userId)
    .where('conditions_status', '=', 'pending')
    .execute();
}

/** Seeds a fresh database: the SQLite file of a DATA_DIR, or a PostgreSQL database (the workers part). */
export async function seedBenchDatabase(
  location: DatabaseLocation,
  now = new Date(),
): Promise<{ seedMs: number }> {
  const started = performance.now();
  const database = await openDatabase(location);
  try {
    const users = new UserRepository(database.db);
    const passwordHash = await argon2idHasher.hash(BENCH_PASSWORD);
    for (const [index, { username, catches }] of Object.values(BENCH_USERS).entries()) {
      const user = await users.create(username, passwordHash, now);
      if (!user) throw new Error(`could not create ${username}`);
      if (catches === 0) continue;
      const demo = generateDemoCatches(catches, now, 42 + index);
      await new CatchRepository(database.db).createMany(user.id, demo);
      if (username === BENCH_USERS.history.username) await settleConditions(database.db, user.id);
    }
  } finally {
    await database.close();
  }
  return { seedMs: performance.now() - started };
}
