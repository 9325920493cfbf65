import { rmSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

const PREFIX = 'tightlines-import-';
/** A spool folder this old belongs to no running import: its server died (a crash, kill -9) before removing it. */
const STALE_SPOOL_MS = 24 * 60 * 60 * 1000;

/**
 * The temporary folders imports spool their upload to (up to 512 MB each). An import removes its own when it ends;
 * those of imports cut off by a shutdown are removed when the app closes (the process exits before the import's own
 * clean-up runs), and those of a server that died are swept when the next one starts.
 */
export class ImportSpool {
  private readonly parent: string;
  private readonly live = new Set<string>();

  constructor(parent: string) {
    this.parent = parent;
  }

  async create(): Promise<string> {
    const directory = await mkdtemp(path.join(this.parent, PREFIX));
    this.live.add(directory);
    return directory;
  }

  async remove(directory: string): Promise<void> {
    this.live.delete(directory);
    await rm(directory, { recursive: true, force: true });
  }

  /** Every folder of an import still running (the app is closing: those imports will not finish). */
  removeAll(): void {
    for (const directory of this.live) rmSync(directory, { recursive: true, force: true });
    this.live.clear();
  }

  /** Removes the folders left by a server that died: older than STALE_SPOOL_MS, so never one in use. */
  async sweepStale(now: Date): Promise<string[]> {
    const removed: string[] = [];
    for (const name of await readdir(this.parent).catch(() => [])) {
      if (!name.startsWith(PREFIX)) continue;
      const directory = path.join(this.parent, name);
      const modified = await stat(directory).then(
        (info) => info.mtimeMs,
        () => null,
      );
      if (modified === null || now.getTime() - modified < STALE_SPOOL_MS) continue;
      await rm(directory, { recursive: true, force: true });
      removed.push(directory);
    }
    return removed;
  }
}
