import { restore } from '../server/maintenance/backup.ts';
import { runMaintenanceCommand } from './maintenance-command.ts';

/**
 * `npm run restore -- SRC`: restores the backup in SRC (made by npm run backup) into the configured database and
 * photo store, which must be empty: a new DATA_DIR, or a new PostgreSQL database and a new bucket. With PostgreSQL
 * it runs pg_restore. Start the server afterwards (docs/deploy.md, "Backups and restores").
 */
await runMaintenanceCommand({
  usage: 'usage: npm run restore -- SRC   (SRC: a folder made by npm run backup)',
  name: 'Restore',
  run: (stores, src, log) => {
    log(`Restoring from ${src}`);
    return restore(src, stores, log);
  },
});
