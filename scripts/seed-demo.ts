import { parseArgs } from 'node:util';
import { argon2idHasher } from '../server/auth/password-hasher.ts';
import { UserRepository } from '../server/auth/user.repository.ts';
import { CatchRepository } from '../server/catches/catch.repository.ts';
import { loadConfig } from '../server/config/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { generateDemoCatches } from './demo-catches.ts';

/**
 * `npm run seed:demo [-- --username NAME --password PASS --catches N]`
 * Creates a demo account with realistic catches in the configured database (DATA_DIR / DATABASE_URL),
 * for trying the app and for benchmarks. An existing account of that name is left as it is.
 */
const { values } = parseArgs({
  options: {
    username: { type: 'string', default: 'demo_angler' },
    password: { type: 'string', default: 'tight-lines-2026' },
    catches: { type: 'string', default: '36' },
  },
});
const count = Number(values.catches);
if (!Number.isInteger(count) || count < 0 || count > 100_000) {
  console.error('--catches must be a whole number from 0 to 100000');
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const users = new UserRepository(database.db);
  const user = await users.create(values.username, await argon2idHasher.hash(values.password), new Date());
  if (!user) {
    console.log(`The account '${values.username}' already exists; nothing changed.`);
  } else {
    await new CatchRepository(database.db).createMany(user.id, generateDemoCatches(count, new Date()));
    console.log(`Created '${values.username}' (password '${values.password}') with ${count} catches.`);
  }
} finally {
  await database.close();
}
