import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config/config.ts';
import { BackupError, type BackupSubject } from '../server/maintenance/backup.ts';
import { PhotoStoreUnavailableError } from '../server/photos/photo-store.ts';
import { openPhotoStore } from '../server/production-app.ts';

interface MaintenanceCommand {
  /** The usage line printed when the folder argument is missing. */
  usage: string;
  /** 'Backup' or 'Restore': starts the one-line failure message. */
  name: string;
  /** What to do with the configured stores and the folder, given as an absolute path. */
  run: (stores: BackupSubject, folder: string, log: (line: string) => void) => Promise<unknown>;
}

/**
 * Runs `npm run backup` or `npm run restore`: one folder argument, the server's own settings, and a failure the
 * operator can act on said in one line with exit code 1 (2 for a wrong command line); anything else is a bug and
 * keeps its stack trace.
 */
export async function runMaintenanceCommand({ usage, name, run }: MaintenanceCommand): Promise<never> {
  const [folder, ...rest] = process.argv.slice(2);
  if (!folder || rest.length > 0) {
    console.error(usage);
    process.exit(2);
  }
  try {
    const config = loadConfig();
    const photoStore = await openPhotoStore(config.photoStore);
    await run({ database: config.database, photoStore }, path.resolve(folder), (line) => console.log(line));
    process.exit(0);
  } catch (error) {
    if (
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof PhotoStoreUnavailableError
    ) {
      console.error(`${name} failed: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
