import { backup } from '../server/maintenance/backup.ts';
import { runMaintenanceCommand } from './maintenance-command.ts';

/**
 * `npm run backup -- DEST`: backs up the configured database and photos (the same settings as the server: DATA_DIR,
 * DATABASE_URL, PHOTO_STORE, S3_*) into the new folder DEST, while the server runs. With PostgreSQL it runs pg_dump.
 * Exits 0 once DEST/backup.json is written (docs/deploy.md, "Backups and restores").
 */
await runMaintenanceCommand({
  usage: 'usage: npm run backup -- DEST   (DEST: a new folder for this backup)',
  name: 'Backup',
  run: (stores, dest, log) => {
    log(`Backing up to ${dest}`);
    return backup(stores, dest, log);
  },
});
