/**
 * The serialized history list of a user, kept in memory until that user's next catch write.
 *
 * Why: turning 100 rows into objects and JSON costs several times the rest of the request (decision 005's
 * GET /api/catches budget). Why it is safe with several app instances: the key holds the user's
 * `catches_version`, which every write bumps in the database in the same transaction as the write. A
 * request reads the version first, so it can only ever be answered with a list at least that new.
 *
 * What it costs is bounded: every entry is counted with its key and a fixed overhead for the map entry and the
 * Buffer object, not only its JSON (decision 005), the number of entries is capped, and one list bigger than
 * a quarter of the budget is never kept (catch-lists.ts streams those instead).
 */

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The stamp of the user's catches: every catch write, and every write that moves a catch's links, bumps it. What
 * every answer kept per log (this list, insights, stats) is keyed by, read before the catches: never older.
 */
export async function readCatchesVersion(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('catches_version')
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(row?.catches_version ?? 0);
}

/** Map entry, key string header and Buffer object, beyond the key's characters and the JSON bytes. */
export const ENTRY_OVERHEAD_BYTES = 160;

interface Entry {
  json: Buffer;
  bytes: number;
}

export class CatchListCache {
  readonly maxBytes: number;
  readonly maxEntries: number;
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(maxBytes = 32 * 1024 * 1024, maxEntries = 4096) {
    this.maxBytes = maxBytes;
    this.maxEntries = maxEntries;
  }

  /** The largest list kept; bigger ones are not worth evicting everyone else for. */
  get maxEntryBytes(): number {
    return Math.floor(this.maxBytes / 4);
  }

  private static key(userId: number, version: number, search: string): string {
    return `${userId}:${version}:${search}`;
  }

  get(userId: number, version: number, search: string): Buffer | undefined {
    const key = CatchListCache.key(userId, version, search);
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      // Map order is the eviction order: a hit moves the entry to the young end.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry?.json;
  }

  /** Keeps `json` as the list for this key, unless it is too big, or a search that matched nothing. */
  set(userId: number, version: number, search: string, json: Buffer): void {
    // An empty search result is cheap to compute again, and caching them would let random searches evict lists.
    if (search !== '' && json.length <= 2) return;
    const key = CatchListCache.key(userId, version, search);
    // JavaScript strings may hold two bytes a character.
    const bytes = json.length + key.length * 2 + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxEntryBytes) return;
    this.delete(key);
    this.entries.set(key, { json, bytes });
    this.bytes += bytes;
    for (const oldKey of this.entries.keys()) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.delete(oldKey);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes counted for every entry: JSON, key and overhead. */
  get usedBytes(): number {
    return this.bytes;
  }
}
