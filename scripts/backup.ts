import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config/config.ts';
import { BackupError, backup } from '../server/maintenance/backup.ts';
import { PhotoStoreUnavailableError } from '../server/photos/photo-store.ts';
import { openPhotoStore } from '../server/production-app.ts';

/**
 * `npm run backup -- DEST`: backs up the configured database and photos (the same settings as the server: DATA_DIR,
 * DATABASE_URL, PHOTO_STORE, S3_*) into the new folder DEST, while the server runs. With PostgreSQL it runs pg_dump.
 * Exits 0 once DEST/backup.json is written (docs/deploy.md, "Backups and restores").
 */
const [dest, ...rest] = process.argv.slice(2);
if (!dest || rest.length > 0) {
  console.error('usage: npm run backup -- DEST   (DEST: a new folder for this backup)');
  process.exit(2);
}
try {
  const config = loadConfig();
  const photoStore = await openPhotoStore(config.photoStore);
  console.log(`Backing up to ${path.resolve(dest)}`);
  await backup({ database: config.database, photoStore }, path.resolve(dest), (line) => console.log(line));
  process.exit(0);
} catch (error) {
  if (
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof PhotoStoreUnavailableError
  ) {
    console.error(`Backup failed: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
