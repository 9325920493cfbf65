/**
 * The serialized history list of a user, kept in memory until that user's next catch write.
 *
 * Why: turning 100 rows into objects and JSON costs several times the rest of the request (DESIGN §7's
 * GET /api/catches budget). Why it is safe with several app instances: the key holds the user's
 * `catches_version`, which every write bumps in the database in the same transaction as the write. A
 * request reads the version first, so it can only ever be answered with a list at least that new.
 */
export class CatchListCache {
  private readonly maxBytes: number;
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(maxBytes = 32 * 1024 * 1024) {
    this.maxBytes = maxBytes;
  }

  private static key(userId: number, version: number, search: string): string {
    return `${userId}:${version}:${search}`;
  }

  get(userId: number, version: number, search: string): string | undefined {
    const key = CatchListCache.key(userId, version, search);
    const json = this.entries.get(key);
    if (json !== undefined) {
      // Map order is the eviction order: a hit moves the entry to the young end.
      this.entries.delete(key);
      this.entries.set(key, json);
    }
    return json;
  }

  set(userId: number, version: number, search: string, json: string): void {
    const key = CatchListCache.key(userId, version, search);
    const size = json.length * 2;
    if (size > this.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.bytes -= previous.length * 2;
    }
    this.entries.set(key, json);
    this.bytes += size;
    for (const [oldKey, oldJson] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= oldJson.length * 2;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
