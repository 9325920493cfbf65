import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config/config.ts';
import { BackupError, restore } from '../server/maintenance/backup.ts';
import { PhotoStoreUnavailableError } from '../server/photos/photo-store.ts';
import { openPhotoStore } from '../server/production-app.ts';

/**
 * `npm run restore -- SRC`: restores the backup in SRC (made by npm run backup) into the configured database and
 * photo store, which must be empty: a new DATA_DIR, or a new PostgreSQL database and a new bucket. With PostgreSQL
 * it runs pg_restore. Start the server afterwards (docs/deploy.md, "Backups and restores").
 */
const [src, ...rest] = process.argv.slice(2);
if (!src || rest.length > 0) {
  console.error('usage: npm run restore -- SRC   (SRC: a folder made by npm run backup)');
  process.exit(2);
}
try {
  const config = loadConfig();
  const photoStore = await openPhotoStore(config.photoStore);
  console.log(`Restoring from ${path.resolve(src)}`);
  await restore(path.resolve(src), { database: config.database, photoStore }, (line) => console.log(line));
  process.exit(0);
} catch (error) {
  if (
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof PhotoStoreUnavailableError
  ) {
    console.error(`Restore failed: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
